"""Which Chromium a run launches (pytest_lumen.browser): Playwright's own, else a system one, its headless shell for
headless runs."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pytest_lumen import browser


def _fake_bin(folder: Path, *names: str) -> None:
    folder.mkdir(exist_ok=True)
    for name in names:
        path = folder / name
        path.write_text("#!/bin/sh\n", encoding="utf-8")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def no_bundled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No Playwright browser installed, an empty PATH folder to put system browsers in."""
    monkeypatch.setattr(browser, "bundled_chromium", lambda: None)
    monkeypatch.delenv("LUMEN_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return tmp_path / "bin"


def test_a_headless_run_launches_the_system_headless_shell_and_a_headed_run_the_browser(no_bundled: Path) -> None:
    _fake_bin(no_bundled, "chromium", "chromium-headless-shell")
    choice = browser.choose_browser()
    assert choice is not None
    assert choice.for_run(headless=True) == str(no_bundled / "chromium-headless-shell")
    assert choice.for_run(headless=False) == str(no_bundled / "chromium")
    assert choice.label == f"system Chromium {no_bundled / 'chromium'} (headless: {no_bundled / 'chromium-headless-shell'})"
    assert browser.main(["--missing-headless-shell"]) == 1


def test_without_a_headless_shell_both_launch_the_browser_and_the_makefile_is_told_to_install_one(no_bundled: Path) -> None:
    _fake_bin(no_bundled, "chromium")
    choice = browser.choose_browser()
    assert choice is not None
    assert choice.for_run(headless=True) == choice.for_run(headless=False) == str(no_bundled / "chromium")
    assert browser.main(["--missing-headless-shell"]) == 0


def test_lumen_chromium_is_launched_as_named_even_headless(no_bundled: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_bin(no_bundled, "chromium", "chromium-headless-shell", "my-chrome")
    monkeypatch.setenv("LUMEN_CHROMIUM", "my-chrome")
    choice = browser.choose_browser()
    assert choice is not None and choice.for_run(headless=True) == str(no_bundled / "my-chrome")
    assert browser.main(["--missing-headless-shell"]) == 1


def test_playwrights_own_browser_needs_no_executable(no_bundled: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_bin(no_bundled, "chromium")
    monkeypatch.setattr(browser, "bundled_chromium", lambda: Path("chromium_headless_shell-1200"))
    choice = browser.choose_browser()
    assert choice is not None and choice.for_run(headless=True) is None
    assert browser.main(["--missing-headless-shell"]) == 1


def test_no_browser_at_all_exits_1(no_bundled: Path) -> None:
    assert browser.choose_browser() is None
    assert browser.main([]) == 1
    assert os.environ["PATH"] == str(no_bundled)
