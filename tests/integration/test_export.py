"""The way out: the example suite exported to plain Playwright passes on shop v1 with the plugin disabled."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import inner

pytestmark = pytest.mark.slow  # an inner pytest session with a browser

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "example_suite"

# The exported suite's environment, not part of the export: where this machine's Chromium is.
BROWSER_CONFTEST = '''

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    from pytest_lumen.browser import choose_browser

    choice = choose_browser()
    if choice is None or choice.for_run(headless=True) is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": choice.for_run(headless=True)}
'''


def digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*.json"))}


def test_the_exported_example_suite_passes_on_v1_without_the_plugin(tmp_path: Path) -> None:
    out = tmp_path / "exported"
    committed = digest(SUITE / ".lumen-cache")
    export = subprocess.run([sys.executable, "-m", "pytest_lumen.export", "--rootdir", str(SUITE), "--out", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert export.returncode == 0, export.stdout + export.stderr
    assert digest(SUITE / ".lumen-cache") == committed  # the export only reads the cache

    modules = sorted(p.name for p in out.glob("test_*.py"))
    assert modules == ["test_checkout.py", "test_shop.py"]
    for name in modules:
        text = (out / name).read_text(encoding="utf-8")
        compile(text, name, "exec")
        assert "agent" not in re.sub(r"#.*", "", text).replace("agent.page", "")  # no agent left, only in comments
        assert "pytest_lumen" not in re.sub(r"#.*", "", text)
        assert "wonderland-42" not in text  # the password comes from the fixture, never as its value
    # formatted as a linter wants it: imports sorted and used, no undefined name, no stray whitespace
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "E,F,I,W",
                           "--line-length", "200", *(str(out / m) for m in modules)], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    # the suite's own support files, as a project that adopts the export keeps them
    shutil.copy(SUITE / "pytest.ini", out / "pytest.ini")
    shutil.copytree(SUITE / "data", out / "data")
    (out / "conftest.py").write_text((SUITE / "conftest.py").read_text(encoding="utf-8") + BROWSER_CONFTEST, encoding="utf-8")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER", "ANTHROPIC_API_KEY")}
    env["PYTHONPATH"] = str(ROOT)  # the conftest serves the shop from example_suite.shop (in this process: on sys.path)
    run = inner.run_session(("-p", "no:lumen", "--shop-version=1", "-rA", "--tb=short", str(out)), out, env, timeout=300)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    passed = re.findall(r"^PASSED (\S+)", output, re.MULTILINE)
    assert len(passed) == 14, output
    assert "lumen: mode=" not in output  # the plugin was off
