"""Which reports a run writes for (pytest_lumen.reports): the plugins are looked up, never imported, until used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pytest_lumen.config import Mode, Settings
from pytest_lumen.reports import Reports
from pytest_lumen.run.session import LumenSession


def test_loading_the_plugin_imports_neither_allure_nor_pytest_html() -> None:
    code = ("import sys, pytest_lumen.plugin, pytest_lumen.run.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('allure_commons', 'allure_pytest', 'pytest_html')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_without_a_config_no_report_is_written_and_no_listener_is_added(tmp_path: Path) -> None:
    reports = Reports()
    assert not reports.allure_on() and not reports.html_on()
    lumen = LumenSession(Settings(mode=Mode.REPLAY, rootdir=tmp_path, cache_dir=tmp_path / "c", model="m"))
    ctx = lumen.new_context("t.py::t", tmp_path / "c/t.json", tmp_path / "out")
    assert ctx.events.listeners == []
