"""A swipe on a touch screen, as the browser's own input: touch points pressed, moved and lifted through the
DevTools protocol (``Input.dispatchTouchEvent``), so the page gets trusted touch and pointer events, as a carousel or
a bottom sheet listens for them. Playwright offers a tap (``locator.tap``), not a swipe; Chromium only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from playwright.sync_api import Error as PlaywrightError

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

Direction = Literal["left", "right", "up", "down"]
SPAN = 0.6  # how far across the element a swipe moves, as a share of its width (or height)
MOVES = 8  # touch moves between press and lift: enough for a page to see a gesture, not a jump
UNIT = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def swipe(page: Page, element: Locator, direction: Direction, timeout_ms: float) -> None:
    """Swipe across ``element`` from its centre in ``direction`` (awaited visible and stable, scrolled into view)."""
    element.scroll_into_view_if_needed(timeout=timeout_ms)
    box = element.bounding_box(timeout=timeout_ms)
    if box is None:
        raise PlaywrightError(f"{element} has no box to swipe across: it is not visible")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dx, dy = (u * SPAN * size for u, size in zip(UNIT[direction], (box["width"], box["height"]), strict=True))
    try:
        session = page.context.new_cdp_session(page)
    except PlaywrightError as exc:
        raise PlaywrightError(f"a swipe needs Chromium (its DevTools protocol): {exc}") from None
    try:
        session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, MOVES + 1):
            point = {"x": x + dx * i / MOVES, "y": y + dy * i / MOVES}
            session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        session.detach()
