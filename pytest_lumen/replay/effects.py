"""After a replayed action: its recorded effect (the URL after a navigation, the value after a fill) must hold.

A check's new state needs no read-back: Playwright's ``set_checked`` fails when the state did not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from playwright.sync_api import Error as PlaywrightError

from ..errors import first_line
from ..templates import substitute
from ..urls import normalize_url
from .failure import ActionFailed

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def verify_effect(page: Page, i: int, action: Any, loc: Optional[Locator], values: dict[str, str],
                  timeout_ms: float) -> None:
    """Raise ``ActionFailed`` (``performed``) unless the action's recorded effect holds now."""
    effect = action.after
    if effect is None:
        return
    if effect.url is not None:
        expected = substitute(effect.url, values)
        try:
            # domcontentloaded, not commit: the new page's own scripts have run, so its handlers are there
            # when the next action comes (recording observed the page only after that point too)
            page.wait_for_url(lambda url: normalize_url(url) == expected, timeout=timeout_ms, wait_until="domcontentloaded")
        except PlaywrightError:
            raise ActionFailed(i, action, f"after the action the page should be at {expected}, "
                                          f"but it is at {normalize_url(page.url)}", performed=True) from None
    if effect.value is not None and loc is not None:
        want = substitute(effect.value, values)
        try:
            got = loc.input_value(timeout=timeout_ms)
        except PlaywrightError as exc:
            raise ActionFailed(i, action, f"could not read the field's value: {first_line(exc)}", performed=True) from None
        if got != want:
            raise ActionFailed(i, action, "after the fill the field does not hold the value that was typed", performed=True)
