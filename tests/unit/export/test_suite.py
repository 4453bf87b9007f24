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
