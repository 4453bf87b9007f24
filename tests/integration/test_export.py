"""The way out: the example suite exported to plain Playwright passes on shop v1 where it was written, with the plugin
disabled (``python -m pytest -p no:lumen`` in the output folder, as the docs say)."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # an inner pytest session with a browser

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "example_suite"


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
    # what the tests need beside them, written by the export: the suite's conftest.py (with the browser fixture), its
    # pytest options and the photo the gift card uploads
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and "__pycache__" not in p.parts) == [
        "conftest.py", "data/gift-photo.png", "pytest.ini", "test_checkout.py", "test_shop.py"]
    assert (out / "data" / "gift-photo.png").read_bytes() == (SUITE / "data" / "gift-photo.png").read_bytes()
    conftest_lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "E,F,I,W",
                                    "--line-length", "200", str(out / "conftest.py")], capture_output=True, text=True)
    assert conftest_lint.returncode == 0, conftest_lint.stdout + conftest_lint.stderr
    assert "run them: cd " in export.stdout

    # run where it was written, as the docs say: no PYTHONPATH, the plugin off, the browser the plugin would pick
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER", "ANTHROPIC_API_KEY", "PYTHONPATH")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:lumen", "-p", "no:cacheprovider", "-rA", "--tb=short"],
                         cwd=out, env=env, capture_output=True, text=True, timeout=300)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    passed = re.findall(r"^PASSED (\S+)", output, re.MULTILINE)
    assert len(passed) == 14, output
    assert f"rootdir: {out}" in output and "configfile: pytest.ini" in output
    assert "lumen: mode=" not in output  # the plugin was off
