"""The pictures of a heal, for the reviewer of ``lumen-heals.md`` and the reports: the page before the healed
action acts (the healed element highlighted when one was found) and after it was done.

Each is taken only when an action healed. A picture is withheld when any frame of the page
shows a value the test passed (its variables are secrets until proven otherwise: a password,
a card number typed into a payment iframe), so that an artifact never holds one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..secrets import MIN_SECRET_LENGTH
from . import scripts
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

HIGHLIGHT = "rgba(225, 29, 72, 0.45)"  # the translucent box drawn over the healed element
SHOWN_TEXT_JS = scripts.function("shownText", ("deep", "shown_text"))
BRING_INTO_VIEW_JS = scripts.function("bringIntoView", ("bring_into_view",))


SEPARATORS = re.compile(r"[\s\-./]+")  # what a field that formats its value puts in ("4242 4242 4242 4242")


def shows_secret(page: Page, redact: Callable[[str], str], secrets: Iterable[str] = ()) -> bool:
    """Whether any frame of the page shows (as text, or in a field) a value ``redact`` would hide, or one of
    ``secrets`` once the separators a formatting field adds (or the value had) are taken out of both."""
    compact_secrets = [c for c in (SEPARATORS.sub("", s) for s in secrets) if len(c) >= MIN_SECRET_LENGTH]
    for frame in page.frames:
        try:
            text = str(frame.evaluate(SHOWN_TEXT_JS))
        except PlaywrightError:
            continue  # a frame that went away shows nothing
        compact = SEPARATORS.sub("", text)
        if redact(text) != text or redact(compact) != compact or any(s in compact for s in compact_secrets):
            return True
    return False


def heal_picture(page: Page, element: Locator | None, path: Path, redact: Callable[[str], str],
                 secrets: Iterable[str] = ()) -> str | None:
    """Save the page (with ``element`` highlighted, if any) at ``path``; the file's name, or None when withheld or
    failed."""
    try:
        if shows_secret(page, redact, secrets):
            return None
        path.parent.mkdir(parents=True, exist_ok=True)
        if element is not None:  # scrolled to, as the action will
            try:
                element.scroll_into_view_if_needed(timeout=1000)
            except PlaywrightTimeoutError:  # it does not hold still (or the machine is too busy to paint it in time)
                evaluate(element, BRING_INTO_VIEW_JS, timeout=1000)
        page.screenshot(path=str(path), mask=[element] if element is not None else [], mask_color=HIGHLIGHT,
                        animations="disabled", timeout=5000)
    except PlaywrightError:
        return None
    return path.name
