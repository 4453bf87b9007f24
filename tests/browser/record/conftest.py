"""Fixtures of the recording tests: a test context built as the plugin builds it, and a small site."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.context import TestContext
from pytest_lumen.run.session import LumenSession

LOGIN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body><main>
<h1>Sign in</h1>
<label>Username <input name="user"></label>
<button type="button" onclick="location.href='/welcome.html'">Sign in</button>
<button type="button" onclick="this.dataset.n = +(this.dataset.n || 0) + 1">Count</button>
</main></body></html>"""

WELCOME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Welcome</title></head><body><main>
<h1>Welcome</h1><p>You are signed in.</p></main></body></html>"""

PAGES = {"index.html": LOGIN, "welcome.html": WELCOME}


@pytest.fixture
def make_ctx(tmp_path: Path) -> Callable[..., TestContext]:
    """A test's context in record mode, as the plugin builds it; keyword arguments override settings."""
    def make(**overrides: Any) -> TestContext:
        settings = Settings(mode=Mode.RECORD, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache",
                            model=DEFAULT_MODEL, **overrides)
        session = LumenSession(settings)
        return session.new_context("tests/test_x.py::test_x", session.store.path_for("tests/test_x.py", "test_x"),
                                   tmp_path / "test-results")
    return make


@pytest.fixture
def login_page(page: Any, site_factory: Callable[[dict[str, str]], Any]) -> Any:
    """pytest-playwright's page, on a sign-in form served on 127.0.0.1."""
    site = site_factory(PAGES)
    page.goto(site.url + "/index.html")
    return page
