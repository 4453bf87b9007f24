"""The package as users get it: the sdist and the wheel build, ``twine check`` passes, the metadata is
right, and the wheel installed into a fresh virtual environment records and replays the quickstart's test.

The build is ``make dist``, as a user runs it, on a copy of the sources (nothing is written into the work
tree): no build isolation, the pinned build and setuptools of this run's environment. The fresh environment
gets the wheel from pip and only its declared dependencies (and theirs), at the versions of
``requirements.lock`` this run uses: a plugin that needs a dev-only package, such as pytest-xdist, fails
there. The pages and the model are on 127.0.0.1.
"""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement

from example_suite.conftest import DEFAULT_PASSWORD
from example_suite.shop import serve_shop
from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support.inner import once_per_run

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pytest_lumen"
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "Makefile", "requirements.lock")
NAME, VERSION = "pytest_lumen", "0.1.0"
QUICKSTART_URL = "http://127.0.0.1:8000/"

# The fake model's answers to the quickstart's sentences on the demo shop (version 1).
QUICKSTART_SCRIPT = [
    {"match": "Step: open the sign-in page", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Sign in"}}, {"tool": "done"}]},
    {"match": "Step: log in as %user% with password %password%", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%password%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}}, {"tool": "done"}]},
    {"match": "Check: the header says Signed in as %user%", "actions": [
        {"tool": "expect_text", "target": {"role": "generic", "nth": 2}, "input": {"text": "Signed in as %user%"}},
        {"tool": "done"}]},
    {"match": "Step: add the Blue Mug to the cart", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Add to cart", "nth": 0}}, {"tool": "done"}]},
    {"match": "Check: the cart link shows 1 item", "actions": [
        {"tool": "expect_text", "target": {"role": "link", "name": "Cart (1)"}, "input": {"text": "Cart (1)"}},
        {"tool": "done"}]},
]


def run(*command: Any, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 240) -> str:
    """Run a command; its output, or a failure that shows it."""
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(map(str, command))} exited {done.returncode}:\n{output[-4000:]}"
    return output


def build(root: Path) -> Path:
    """``make dist`` on a copy of the sources: the sdist and the wheel, in ``root/source/dist``.

    The copy's ``make`` uses this run's environment (``VENV``), taken as set up (``-o``: its stamp is not remade).
    """
    source = root / "source"
    shutil.copytree(PACKAGE, source / NAME, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in SOURCES:
        shutil.copy2(ROOT / name, source / name)
    venv_dir = Path(sys.prefix)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}  # not `make test`'s
    run("make", "-o", venv_dir / ".installed-stamp", "dist", f"VENV={venv_dir}", cwd=source, env=env)
    return source / "dist"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built sdist and wheel (built once per run, shared by xdist workers)."""
    return once_per_run(tmp_path_factory, "package-dist", build)


def wheel_of(dist: Path) -> Path:
    [wheel] = dist.glob(f"{NAME}-{VERSION}-py3-none-any.whl")
    return wheel


def metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as zf:
        return Parser().parsestr(zf.read(f"{NAME}-{VERSION}.dist-info/METADATA").decode("utf-8"))


def third_party_imports() -> set[str]:
    """The top-level names of what the package imports from outside the standard library and itself."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n not in ("__future__", NAME)}


def test_make_dist_builds_one_sdist_and_one_wheel_with_the_page_scripts_and_py_typed(dist: Path) -> None:
    assert sorted(p.name for p in dist.iterdir()) == [f"{NAME}-{VERSION}-py3-none-any.whl", f"{NAME}-{VERSION}.tar.gz"]
    assert [p.name for p in dist.glob(f"{NAME}-*.whl")] == [wheel_of(dist).name]  # the quickstart's install line finds it
    package_data = sorted(p.relative_to(ROOT).as_posix() for p in (PACKAGE / "page" / "js").glob("*.js"))
    assert package_data and (PACKAGE / "py.typed").exists()
    package_data.append(f"{NAME}/py.typed")
    with zipfile.ZipFile(wheel_of(dist)) as zf:
        assert [n for n in package_data if n not in zf.namelist()] == []
    with tarfile.open(dist / f"{NAME}-{VERSION}.tar.gz") as tf:
        assert [n for n in package_data if f"{NAME}-{VERSION}/{n}" not in tf.getnames()] == []


def test_twine_check_passes_on_the_sdist_and_the_wheel(dist: Path) -> None:
    output = run(sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir()))
    assert output.count("PASSED") == 2


def test_the_wheel_holds_the_package_its_types_and_license_and_no_tests(dist: Path) -> None:
    with zipfile.ZipFile(wheel_of(dist)) as zf:
        names = set(zf.namelist())
        entry_points = zf.read(f"{NAME}-{VERSION}.dist-info/entry_points.txt").decode("utf-8")
    shipped = {n for n in names if not n.startswith(f"{NAME}-{VERSION}.dist-info/")}
    source = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*") if p.is_file()
              and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert shipped == source  # every module, page script and py.typed; nothing else
    assert f"{NAME}/py.typed" in shipped and any(n.startswith(f"{NAME}/page/js/") for n in shipped)
    assert not [n for n in names if re.search(r"(^|/)(tests?/|conftest\.py$|test_[^/]*\.py$)", n)]
    assert f"{NAME}-{VERSION}.dist-info/licenses/LICENSE" in names
    assert re.search(r"^\[pytest11\]\nlumen = pytest_lumen\.plugin$", entry_points, re.MULTILINE)


def test_the_metadata_says_what_the_package_is_and_needs(dist: Path) -> None:
    meta = metadata(wheel_of(dist))
    assert (meta["Name"], meta["Version"], meta["License-Expression"]) == ("pytest-lumen", VERSION, "MIT")
    assert meta.get_all("License-File") == ["LICENSE"]
    classifiers = set(meta.get_all("Classifier") or [])
    assert {"Framework :: Pytest", "Typing :: Typed", "Topic :: Software Development :: Testing"} <= classifiers
    python = {c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert min(python, key=lambda v: tuple(map(int, v.split(".")))) == meta["Requires-Python"].removeprefix(">=")
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Repository", "Documentation", "Changelog", "Issues"} <= set(urls)
    assert all(u.startswith(urls["Repository"]) for u in urls.values())
    assert "record once with Claude" in meta["Summary"] and meta.get_payload().startswith("# pytest-lumen")
    # Every import is a declared dependency (or one of a user's extra: allure, html), and the pinned versions the
    # tests run with satisfy each one.
    every = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    requires = [r for r in every if r.marker is None]
    optional = [r for r in every if r.marker is not None and not r.marker.evaluate({"extra": "dev"})
                and r.name != meta["Name"]]
    provided = importlib.metadata.packages_distributions()
    declared = {r.name.lower().replace("_", "-") for r in requires + optional}
    for module in third_party_imports():
        assert {d.lower().replace("_", "-") for d in provided.get(module, [])} & declared, f"{module} is not a dependency"
    for req in requires + optional:
        assert req.specifier.contains(importlib.metadata.version(req.name)), str(req)


def test_the_sdist_holds_the_sources_and_license_and_no_tests(dist: Path) -> None:
    [sdist] = dist.glob(f"{NAME}-{VERSION}.tar.gz")
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE", "PKG-INFO", f"{NAME}/plugin.py", f"{NAME}/py.typed"} <= names
    assert not [n for n in names if n.startswith("tests/") or n.endswith("conftest.py")]


def fresh_venv(root: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel, installed by pip, and only its declared dependencies.

    The dependencies are the ones this run uses (the versions of ``requirements.lock``), linked into a
    folder of their own that the environment reads through a ``.pth`` file (unpacking Playwright's driver
    and the SDK again costs more than the rest of the test): the wheel's ``Requires-Dist`` and what they
    require in turn, nothing else, and ``pip check`` confirms them against the wheel's metadata.
    """
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python]
    run(*pip, "install", "--quiet", "--no-compile", "--no-deps", wheel)
    deps = root / "deps"
    deps.mkdir()
    for dist in required_distributions(metadata(wheel).get_all("Requires-Dist") or []):
        for top in {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}:
            if not (deps / top).exists():
                (deps / top).symlink_to(Path(str(dist.locate_file(top))))
    [site_packages] = (env_dir / "lib").glob("python3*/site-packages")
    (site_packages / "_dependencies.pth").write_text(f"{deps}\n", encoding="utf-8")
    run(*pip, "check")
    return python


def required_distributions(requires: list[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions ``requires`` needs (no extra), and what they need in turn."""
    found: dict[str, importlib.metadata.Distribution] = {}
    todo = [Requirement(r) for r in requires]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = req.name.lower().replace("_", "-")
        if name not in found:
            found[name] = importlib.metadata.distribution(req.name)
            todo.extend(Requirement(r) for r in found[name].requires or [])
    return list(found.values())


def quickstart_test(shop_url: str) -> str:
    """The test of docs/quickstart.md, as written there, against the demo shop's address."""
    text = (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8")
    [block] = [b for b in re.findall(r"```python\n(.*?)```", text, re.DOTALL) if "def test_" in b]
    assert QUICKSTART_URL in block
    return block.replace(QUICKSTART_URL, shop_url + "/")


@pytest.mark.slow
def test_the_wheel_in_a_fresh_venv_records_and_replays_the_quickstart(dist: Path, tmp_path: Path) -> None:
    python = fresh_venv(tmp_path, wheel_of(dist))
    project = tmp_path / "project"
    (project / "tests").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "ANTHROPIC_")) and k not in ("CI", "GITHUB_STEP_SUMMARY", "PYTHONPATH")}
    where = run(python, "-c", "import pytest_lumen, pathlib; print(pathlib.Path(pytest_lumen.__file__).parent)",
                cwd=project, env=env).strip()
    assert where.startswith(str(tmp_path / "venv")) and (Path(where) / "py.typed").exists()  # the wheel's copy
    dev_only = run(python, "-c", "import importlib.util as u; print([m for m in ('xdist', 'hypothesis', 'pytest_html') "
                   "if u.find_spec(m)])", cwd=project, env=env).strip()
    assert dev_only == "[]"  # only the declared dependencies are there
    env["SHOP_PASSWORD"] = DEFAULT_PASSWORD
    pytest_cmd = [python, "-m", "pytest", "-p", "no:cacheprovider", "tests/test_shop.py"]
    with serve_shop(1) as shop, FakeAnthropic() as fake:
        (project / "tests" / "test_shop.py").write_text(quickstart_test(shop.url), encoding="utf-8")
        fake.script(QUICKSTART_SCRIPT)
        recorded = run(*pytest_cmd, "--lumen-record", cwd=project,
                       env={**env, "ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
        calls = fake.request_count
        replayed = run(*pytest_cmd, cwd=project, env={**env, "CI": "1"})
        assert fake.request_count == calls  # replay: zero model calls
    assert "1 passed" in recorded and "steps recorded: 5" in recorded and calls >= 5
    assert "lumen: mode=replay" in replayed and "1 passed" in replayed
    assert "steps replayed: 5" in replayed and "model calls: 0" in replayed
    cache = project / ".lumen-cache" / "tests" / "test_shop.py" / "test_sign_in_and_add_to_cart.json"
    assert cache.exists() and DEFAULT_PASSWORD not in cache.read_text(encoding="utf-8")
