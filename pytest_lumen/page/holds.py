"""Whether a filled field still holds its value, checked inside the next action's own round trip.

A replayed fill's value is read back (Playwright's ``fill`` on a field behind a modal ``<dialog>``
types nothing, and succeeds). Read on its own, that costs a browser round trip per fill, which a
hand-written test does not pay. The ``lumen-holds`` selector engine folds the read into the next
gated action: that action's locator starts with it (``provided``), so Playwright checks the value
in the query it makes anyway. The field is the very element the gated fill acted on: the fill's own
query (``identity.gated(..., keep=token)``) kept it in the page under a token, and the condition
names that token. A field the page has replaced since, or another value, fails the query at once.

The kept field's document address is kept too: when a fill's value is read back and gone, ``stayed`` asks the page
whether it is still at that address (a router may have moved on to another record, whose form is just like it).

A condition is a selector engine at the head of the locator, not a ``filter(has=...)``: Playwright's
``internal:has`` costs some milliseconds the first time a document uses it, on every page a test opens.

The selector carries a keyed SHA-256 digest of the value, never the value: selectors show up in
traces and error messages. The key is random per process and lives only in the engine's source,
which runs in Playwright's utility world (out of the page's reach) and is in no trace.
"""

from __future__ import annotations

import hashlib
import itertools
import secrets
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ENGINE = "lumen-holds"
KEY = secrets.token_hex(16)
SEPARATOR = "\u001f"
DIGITS = 32  # hex digits of the digest kept in the selector: 128 bits
MISMATCH = "lumen-holds: the field does not hold the value that was filled"
FILLED = "__lumenFilled"  # the utility world's map of the fields gated fills acted on, by token (identity_engine.js)
KEPT = 16  # the most fields a document keeps (the newest): a condition names the last fill's
ENGINE_CONFIG: dict[str, object] = {"key": KEY, "separator": SEPARATOR, "digits": DIGITS, "mismatch": MISMATCH,
                                    "filled": FILLED}
_TOKENS = itertools.count(1)
ENGINE_JS = scripts.engine("holdsEngine", ("sha256", "holds_engine"), ENGINE_CONFIG)


def digest(value: str, key: str = KEY) -> str:
    """What ``js/holds_engine.js`` computes for a field holding ``value`` (a lone surrogate reads as U+FFFD, as in the page)."""
    text = (key + SEPARATOR + value).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


def token() -> str:
    """A new token for a gated fill or select to keep its element under (unique in the process)."""
    return f"f{next(_TOKENS)}"


def kept_only(token: str) -> str:
    """The token of a second attempt after a first that may have acted: its query matches only in the document and at
    the address where the first found its element (``js/identity_engine.js``), never on a page loaded since."""
    return f"{token}:again"


def provided(page: Page | Locator, token: str, value: str) -> Locator:
    """The page's document (``page``: or a frame's, entered by a locator), on condition that the field the gated fill
    ``token`` acted on still holds ``value`` (its query throws ``MISMATCH`` otherwise): a root for the next action's
    locator."""
    return page.locator(f"{ENGINE}={token}:{digest(value)}")


def stayed(page: Page | Locator, token: str) -> bool:
    """Whether the page (or the frame a locator enters) is still at the address where the gated fill or select
    ``token`` was done, as the page tells it (one round trip; the client hears of a router's route change later): a
    route change, a new document or a page gone says no."""
    try:
        return page.locator(f"{ENGINE}={token}").count() == 1
    except PlaywrightError:
        return False
