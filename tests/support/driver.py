"""One Playwright and one browser per test process, shared by the outer session and its in-process inner sessions.

Each ``sync_playwright().start()`` spawns a Node.js driver that loads 7 MB of JavaScript: about 0.7 CPU-seconds.
Each launch of Chromium is about 0.4 more (its browser, zygote, GPU and utility processes). The outer session's
``playwright`` and ``browser`` fixtures (``tests/conftest.py``) and each in-process inner session's (``Share``,
passed as a plugin by ``tests.support.inner``) return the same instances, started on first use and stopped when the
outer session ends (``stop``). A browser is shared by the launch options it was launched with (the plugin's
choice of executable, ``--headed``...): a session that asks for other options gets a browser of its own. Each test
still gets a fresh context, as pytest-playwright gives one; when an inner session ends, the contexts it left open
are closed, as closing its browser would have (not those the outer test had open). An inner test must not close a
browser the process shares (``check_kept`` fails it), but may close one launched with its own options; the next
session gets a new one. A session that connects to a remote browser (``connect_options``) connects as
pytest-playwright does. ``playwright.request`` contexts are not traced by ``--tracing`` (pytest-playwright
instruments them in the ``playwright`` fixture replaced here; no test here uses them).

Sync Playwright is bound to the thread that started it, so inner sessions that share it run on the outer
session's thread.
"""

from __future__ import annotations

import atexit
import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserType, Playwright

_started: list[Playwright] = []
_browsers: dict[str, Browser] = {}


def shared() -> Playwright:
    """This process's Playwright, started on first use."""
    if not _started:
        from playwright.sync_api import sync_playwright

        _started.append(sync_playwright().start())
        atexit.register(stop)  # a process that is no pytest session (a benchmark) stops it as it exits
    return _started[0]


def shared_browser(browser_type: BrowserType, launch_args: dict[str, Any]) -> Browser:
    """This process's browser of this type launched with these options, launched on first use (again if it was
    closed or crashed)."""
    key = json.dumps([browser_type.name, launch_args], sort_keys=True, default=str)
    browser = _browsers.get(key)
    if browser is None or not browser.is_connected():
        browser = _browsers[key] = browser_type.launch(**launch_args)
    return browser


def session_browser(launch_browser: Callable[[], Browser], browser_type: BrowserType,
                    launch_args: dict[str, Any], connect_options: dict[str, Any] | None) -> Iterator[Browser]:
    """A session's ``browser`` fixture: the shared one, the contexts the session opened closed after it; a remote one
    (``connect_options``) connected to and closed as pytest-playwright does."""
    if connect_options:
        remote = launch_browser()
        yield remote
        remote.close()
        return
    browser = shared_browser(browser_type, launch_args)
    before = set(browser.contexts)  # the outer test's own, when an inner session runs inside a test with a page
    yield browser
    if browser.is_connected():
        for context in browser.contexts:
            if context not in before:
                context.close()


def connected() -> list[Browser]:
    """The shared browsers connected now."""
    return [b for b in _browsers.values() if b.is_connected()]


def check_kept(before: list[Browser]) -> None:
    """Fail if a shared browser connected ``before`` an inner session is gone after it: the outer session's tests
    that share it would fail one after another, far from the cause."""
    if any(not b.is_connected() for b in before):
        raise AssertionError("an inner session closed (or crashed) a browser this process shares with the outer "
                             "session and earlier sessions: close only a browser the inner test launched itself, or "
                             "give its session other launch options (a browser of their own)")


def stop() -> None:
    """Close the shared browsers and stop this process's Playwright, if they were started (the outer session's end)."""
    while _browsers:
        _, browser = _browsers.popitem()
        if browser.is_connected():
            browser.close()
    while _started:
        _started.pop().stop()


@pytest.fixture(scope="session")
def playwright() -> Playwright:
    """This process's one Playwright, shared by the outer session and its in-process inner sessions."""
    return shared()


@pytest.fixture(scope="session")
def browser(launch_browser: Callable[[], Browser], browser_type: BrowserType,
            browser_type_launch_args: dict[str, Any], connect_options: dict[str, Any] | None) -> Iterator[Browser]:
    """This process's browser for the session's launch options (``session_browser``)."""
    yield from session_browser(launch_browser, browser_type, browser_type_launch_args, connect_options)


class Share:
    """A plugin for an in-process inner session: its ``playwright`` and ``browser`` fixtures are this module's.

    Registered when the session is configured, after the plugins that setuptools entry points load (a fixture
    registered later overrides one of the same name), so they win over pytest-playwright's; a conftest's own
    fixture of the same name still wins over them, as it would over pytest-playwright's. (The outer session's
    conftest imports them.)
    """

    def pytest_configure(self, config: pytest.Config) -> None:
        config.pluginmanager.register(sys.modules[__name__], "lumen-tests-shared-playwright")
