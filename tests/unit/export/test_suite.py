"""Exporting a suite (pytest_lumen.export.suite and its command): modules mirrored, secrets refused, problems named."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_lumen.cache import dumps
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import CacheFile, Step
from pytest_lumen.errors import ExportError, SecretLeakError
from pytest_lumen.export.__main__ import main
from pytest_lumen.export.suite import export_suite

TEST = '''from pytest_lumen.agent import Agent


def test_login(agent: Agent, page, password: str) -> None:
    agent.run("log in with %password%", variables={"password": password})
'''


def project(root: Path, source: str = TEST) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_app.py").write_text(source, encoding="utf-8")
    step = Step.model_validate({"key": step_key("log in with %password%", ["password"]), "instruction": "log in with %password%",
                                "url": "/", "variables": ["password"], "actions": [
                                    {"kind": "fill", "value": "%password%",
                                     "target": {"locator": {"kind": "label", "value": "Password"}}}]})
    folder = root / ".lumen-cache" / "tests" / "test_app.py"
    folder.mkdir(parents=True)
    (folder / "test_login.json").write_text(dumps(CacheFile(test="tests/test_app.py::test_login", steps=[step])))
    return root


def test_each_module_is_written_at_its_path_under_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "p")
    assert main(["--rootdir", str(root), "--out", str(tmp_path / "out")]) == 0
    text = (tmp_path / "out" / "tests" / "test_app.py").read_text(encoding="utf-8")
    assert 'page.get_by_label("Password").fill(password)' in text and "agent" not in text.split("\n", 2)[2]
    assert "wrote" in capsys.readouterr().out


def test_a_test_that_cannot_be_exported_is_written_skipped_and_the_command_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "p", TEST + '\n\ndef test_other(agent, page):\n    agent.run("never recorded")\n')
    assert main(["--rootdir", str(root), "--out", str(tmp_path / "out")]) == 1
    assert "not exported (written skipped): test_app.py::test_other: test_other: no cache file" in capsys.readouterr().err


def test_a_secret_environment_value_in_the_output_is_refused_and_nothing_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path / "p", TEST.replace('variables={"password": password}', 'variables={"password": "hunter2-secret"}'))
    monkeypatch.setenv("APP_PASSWORD", "hunter2-secret")
    with pytest.raises(SecretLeakError, match="environment variable APP_PASSWORD"):
        export_suite(root, tmp_path / "out")
    assert not (tmp_path / "out" / "tests" / "test_app.py").exists()


def test_a_cache_folder_whose_module_is_gone_is_named(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    (root / "tests" / "test_app.py").unlink()
    with pytest.raises(ExportError, match="names a test module that does not exist"):
        export_suite(root, tmp_path / "out")
    assert main(["--rootdir", str(root), "--out", str(tmp_path / "out")]) == 2


def test_the_output_folder_is_not_the_rootdir(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    with pytest.raises(ExportError, match="would overwrite the suite's own test modules"):
        export_suite(root, root)
    assert (root / "tests" / "test_app.py").read_text(encoding="utf-8") == TEST


CONFTEST = '''"""The suite's fixtures."""

from __future__ import annotations

import pytest

from helpers.accounts import PASSWORD


@pytest.fixture
def password() -> str:
    return PASSWORD
'''

PYPROJECT = '''[project]
name = "shop-tests"

[tool.pytest.ini_options]
addopts = "-ra --lumen-mode replay --lumen-strict --lumen-cache-dir=.c -p no:randomly"
lumen_mode = "replay"
markers = ["smoke: the quick ones", "slow: the others"]
pythonpath = ["src"]
required_plugins = "pytest-playwright pytest-lumen>=0.1"
xfail_strict = true
'''


def test_beside_the_modules_go_the_conftest_files_packages_and_options_without_the_plugins(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    (root / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (root / "__init__.py").write_text("", encoding="utf-8")  # the rootdir's own package: not copied
    (root / "tests" / "__init__.py").write_text('"""The tests."""\n', encoding="utf-8")
    (root / "tests" / "conftest.py").write_text("import pytest\n", encoding="utf-8")
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    out = tmp_path / "out"
    result = export_suite(root, out)
    assert sorted(p.relative_to(out).as_posix() for p in result.support) == [
        "conftest.py", "pytest.ini", "tests/__init__.py", "tests/conftest.py"]
    assert not (out / "__init__.py").exists()
    conftest = (out / "conftest.py").read_text(encoding="utf-8")
    assert conftest.startswith("# Copied by pytest-lumen's export (python -m pytest_lumen.export) from p/conftest.py.\n")
    assert CONFTEST in conftest and conftest.count("def browser_type_launch_args(") == 1
    assert "from pytest_lumen.browser import choose_browser" in conftest
    compile(conftest, "conftest.py", "exec")
    assert "def browser_type_launch_args" not in (out / "tests" / "conftest.py").read_text(encoding="utf-8")
    ini = (out / "pytest.ini").read_text(encoding="utf-8")
    assert "the pytest options of the suite's pyproject.toml" in ini
    assert ini.split("[pytest]\n")[1] == (
        "addopts = -ra -p no:randomly\n"
        "markers = smoke: the quick ones\n    slow: the others\n"
        f"pythonpath = {root / 'src'}\n    {tmp_path}\n"  # the suite's own entry, then where the copies import from
        "required_plugins = pytest-playwright\n"
        "xfail_strict = true\n")


def test_a_suite_without_a_conftest_gets_one_with_the_browser_fixture_and_its_own_choice_is_kept(tmp_path: Path) -> None:
    root = project(tmp_path / "p")
    (root / "pytest.ini").write_text("[pytest]\nlumen_mode = replay\n", encoding="utf-8")
    export_suite(root, tmp_path / "out")
    conftest = (tmp_path / "out" / "conftest.py").read_text(encoding="utf-8")
    assert "\nimport pytest\n" in conftest and "def browser_type_launch_args(" in conftest
    compile(conftest, "conftest.py", "exec")
    assert "lumen_mode" not in (tmp_path / "out" / "pytest.ini").read_text(encoding="utf-8")

    own = ('import pytest\n\n\n@pytest.fixture(scope="session")\ndef browser_type_launch_args():\n'
           '    return {"channel": "chrome"}\n')
    (root / "conftest.py").write_text(own, encoding="utf-8")
    export_suite(root, tmp_path / "out2")
    assert (tmp_path / "out2" / "conftest.py").read_text(encoding="utf-8").endswith(own)  # the suite chose its browser


def test_the_files_an_exported_module_names_beside_it_are_copied_and_none_outside_the_rootdir(tmp_path: Path) -> None:
    source = TEST + '''

def test_upload(page) -> None:
    page.set_input_files("input", [Path(__file__).parent / "data/photo.png", Path(__file__).parent / "../notes.txt",
                                   Path(__file__).parent / "../../outside.txt"])
'''
    root = project(tmp_path / "p", "from pathlib import Path\n" + source)
    (root / "tests" / "data").mkdir()
    (root / "tests" / "data" / "photo.png").write_bytes(b"\x89PNG")
    (root / "notes.txt").write_text("the suite's own, beside its tests folder", encoding="utf-8")
    (tmp_path / "outside.txt").write_text("not the suite's", encoding="utf-8")
    out = tmp_path / "exports" / "out"
    result = export_suite(root, out)
    assert (out / "tests" / "data" / "photo.png").read_bytes() == b"\x89PNG"
    assert (out / "notes.txt").read_text(encoding="utf-8") == "the suite's own, beside its tests folder"
    assert not (tmp_path / "exports" / "outside.txt").exists()
    assert sorted(p.relative_to(out).as_posix() for p in result.support) == [
        "conftest.py", "notes.txt", "pytest.ini", "tests/data/photo.png"]
    (root / "tests" / "data" / "photo.png").write_bytes(b"\x89PNG, taken again")
    export_suite(root, out)  # exported again: the day's files
    assert (out / "tests" / "data" / "photo.png").read_bytes() == b"\x89PNG, taken again"
