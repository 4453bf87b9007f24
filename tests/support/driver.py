"""One Playwright per test process: the outer session and every in-process inner session share its driver.

Each ``sync_playwright().start()`` spawns a Node.js driver that loads 7 MB of JavaScript: about 0.7 CPU-seconds,
more than the Chromium it then launches. The outer session's ``playwright`` fixture (``tests/conftest.py``) and
each in-process inner session's (this module, passed as a plugin by ``tests.support.inner``) return the same
instance, started on first use and stopped when the outer session ends (``stop``). Each session still launches
its own browser (``browser``, pytest-playwright's), as a user's run does.

Sync Playwright is bound to the thread that started it, so inner sessions that share it run on the outer
session's thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

_started: list[Playwright] = []


def shared() -> Playwright:
    """This process's Playwright, started on first use."""
    if not _started:
        from playwright.sync_api import sync_playwright

        _started.append(sync_playwright().start())
    return _started[0]


def stop() -> None:
    """Stop this process's Playwright, if it was started (the outer session's end)."""
    while _started:
        _started.pop().stop()


class Fixture:
    """The ``playwright`` fixture an in-process inner session gets in place of pytest-playwright's."""

    @pytest.fixture(scope="session")
    @staticmethod
    def playwright() -> Playwright:
        """The process's shared Playwright."""
        return shared()


class Share:
    """A plugin for an in-process inner session: its ``playwright`` fixture is the process's shared one.

    Registered when the session is configured, after the plugins that setuptools entry points load (a fixture
    registered later overrides one of the same name), so it wins over pytest-playwright's; a conftest's own
    ``playwright`` fixture still wins over it, as it would over pytest-playwright's.
    """

    def pytest_configure(self, config: pytest.Config) -> None:
        config.pluginmanager.register(Fixture(), "lumen-tests-shared-playwright")
