"""Whether a filled field still holds its value, checked inside the next action's own round trip.

A replayed fill's value is read back (Playwright's ``fill`` on a field behind a modal ``<dialog>``
types nothing, and succeeds). Read on its own, that costs a browser round trip per fill, which a
hand-written test does not pay. The ``lumen-holds`` selector engine folds the read into the next
gated action: that action's locator searches the page's ``html`` on condition that the filled
field holds the value (``filter(has=...)``), so Playwright checks both in the query it makes anyway.

The selector carries a keyed SHA-256 digest of the value, never the value: selectors show up in
traces and error messages. The key is random per process and lives only in the engine's source,
which runs in Playwright's utility world (out of the page's reach) and is in no trace.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ENGINE = "lumen-holds"
KEY = secrets.token_hex(16)
SEPARATOR = "\u001f"
DIGITS = 32  # hex digits of the digest kept in the selector: 128 bits
MISMATCH = "lumen-holds: the field does not hold the value that was filled"
ENGINE_CONFIG: dict[str, object] = {"key": KEY, "separator": SEPARATOR, "digits": DIGITS, "mismatch": MISMATCH}
ENGINE_JS = scripts.engine("holdsEngine", ("sha256", "holds_engine"), ENGINE_CONFIG)


def digest(value: str, key: str = KEY) -> str:
    """What ``js/holds_engine.js`` computes for a field holding ``value`` (a lone surrogate reads as U+FFFD, as in the page)."""
    text = (key + SEPARATOR + value).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


def holding(field: Locator, value: str) -> Locator:
    """``field``, kept only while it holds ``value`` (its query throws ``MISMATCH`` when it holds another)."""
    return field.locator(f"{ENGINE}={digest(value)}")


def provided(page: Page, condition: Locator) -> Locator:
    """The page's document, on condition that ``condition`` matches: a root for the next action's locator."""
    return page.locator("html").filter(has=condition)
