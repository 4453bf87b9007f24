"""How a wait for a change reads the error that ended Playwright's wait, without a browser: a timeout is no change,
a navigation that destroyed the document's execution context is one, a page that closed or crashed ends the wait as
closed. The real errors are produced in tests/browser/test_playwright_internals.py (``target_closed``)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright._impl._errors import TargetClosedError
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pytest_lumen.page.changes import PageClosed, wait_for_change


@dataclass
class Waiting:
    """A page whose every wait ends with ``error`` (None: the engine answered)."""

    error: PlaywrightError | None

    def locator(self, selector: str) -> Waiting:
        assert selector.startswith("lumen-changes=") and selector.endswith("+")
        return self

    def wait_for(self, state: str, timeout: float) -> None:
        if self.error is not None:
            raise self.error


@pytest.mark.parametrize(("error", "changed"), [
    (None, True),
    (PlaywrightTimeoutError("Locator.wait_for: Timeout 1000ms exceeded."), False),
    (PlaywrightError("Locator.wait_for: Execution context was destroyed, most likely because of a navigation"), True),
])
def test_a_navigation_under_the_wait_is_a_change_and_a_timeout_is_none(error: PlaywrightError | None,
                                                                       changed: bool) -> None:
    assert wait_for_change(Waiting(error), 1000, since_ms=0) is changed  # type: ignore[arg-type]


@pytest.mark.parametrize("error", [
    TargetClosedError("Locator.wait_for: Target page, context or browser has been closed"),
    TargetClosedError("Locator.wait_for: Page crashed"),
    PlaywrightError("Locator.wait_for: Target crashed "),
])
def test_a_page_closed_or_crashed_ends_the_wait_as_closed_not_as_a_change(error: PlaywrightError) -> None:
    with pytest.raises(PageClosed, match=r"^Locator.wait_for: (Target|Page)"):
        wait_for_change(Waiting(error), 1000, since_ms=0)  # type: ignore[arg-type]
