"""The system-Chromium fallback, as a fixture override registered after pytest-playwright.

It is registered from ``pytest_configure`` (after every entry-point plugin), so its
``browser_type_launch_args`` wraps pytest-playwright's. A user's own override in a
conftest still wins, as it should.
"""

from __future__ import annotations

from typing import Any

import pytest

from .session import SESSION


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_type: Any,
                             pytestconfig: pytest.Config) -> dict[str, Any]:
    """pytest-playwright's launch arguments, plus ``executable_path`` of a system Chromium if Playwright has none
    (its headless shell for a headless run, when there is one)."""
    choice = pytestconfig.stash[SESSION].browser
    user_chose = "executable_path" in browser_type_launch_args or "channel" in browser_type_launch_args
    executable = choice.for_run(browser_type_launch_args.get("headless", True)) if choice is not None else None
    if user_chose or executable is None or browser_type.name != "chromium":
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": executable}
