"""Whether a row is the recorded one by where its identifying text is: in the column it was recorded in.

A row is found by the text that only it held when recorded (``items.py``): ``get_by_role("row").filter(has=
page.get_by_role("link", name="Grace Hopper", exact=True))``. Playwright's filter finds that text in any cell. After
a re-seed, Grace Hopper's row may be on another page, and Alan Turing's row, whose manager she is, holds her name in
its Manager column: the filter finds his row, and "delete Grace Hopper" would delete him. So the text is also kept
with the header of its column (``Fingerprint.item_column``), and a row holds it only in that column: a column added,
the rows re-sorted (an arrow in the header: its words are compared), leave the row the same; the name under another
header is another row, and so is the name under a renamed header (red, never a wrong row). A row whose table lost its
headers holds it in any cell. The header is read as ``js/columns.js`` reads it: a thead's, else the header cells before
the data (a group's spanning title is none), else a grid library's header table before the body's.

The identity gate chains the ``lumen-keyed`` selector engine after its own (``identity.gated``): a hash of the text and
the header goes into the selector, never the text. The full path asks the page the same (``held``), the judge refuses
any heal's element whose row does not hold it (``heal/proposal.Scene.keyed_apart``, an order number as a name), and a
heal counts a text as its item's only in that column (``Scene.item_texts``); a healed target keeps the column.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..cache.model import Fingerprint
from . import scripts
from .evaluate import evaluate
from .hashing import SEPARATOR, cyrb53
from .items import CONFIG as ITEMS
from .items import holds_text

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ENGINE = "lumen-keyed"
_WORDS = re.compile(r"[^\W_]+")
MISMATCH = "lumen-keyed: the row does not hold its identifying text in the recorded column"
DEPTH = ITEMS["depth"]  # how far up from the element its row is looked for, as items.js looks
ENGINE_JS = scripts.engine("keyedEngine", ("deep", "hash", "columns", "keyed"),
                           {"separator": SEPARATOR, "mismatch": MISMATCH, "depth": DEPTH})
HELD_JS = scripts.function("keyHeld", ("deep", "hash", "columns", "keyed"))


def digests(fp: Fingerprint) -> tuple[str, str] | None:
    """The hashes of the recorded row's identifying text with its column's header, and of the text alone (for a row
    whose table has lost its headers); None when the element was recorded in no row keyed by a text under a header (a
    list item, a card, a table without headers, an older file)."""
    if not fp.item or not header_words(fp.item_column):
        return None
    text = " ".join(fp.item.split())
    return cyrb53(text + SEPARATOR + header_words(fp.item_column)), cyrb53(text)


def applies(fp: Fingerprint, asserted: str | None) -> bool:
    """Whether the row is held to its column: it was recorded with one, and its text is not the value a check asserts
    (a changed value must fail the check, not the search for its row)."""
    return bool(digests(fp)) and not (asserted and fp.item and holds_text(asserted, fp.item))


def same_header(header: str | None, recorded: str | None) -> bool:
    """Whether two column headers are one as the row's check compares them (``header_words``)."""
    return header_words(header) == header_words(recorded)


def header_words(header: str | None) -> str:
    """A column header as the row's check compares it: its words, lower-cased (a sort arrow, "Name ▲", is no word)."""
    return " ".join(_WORDS.findall((header or "").lower()))


def selector(fp: Fingerprint, fail_fast: bool = False) -> str | None:
    """The ``lumen-keyed=…`` selector that keeps the element only when its row holds the recorded text in the recorded
    column; None when there is nothing to check (``digests``)."""
    wanted = digests(fp)
    return None if wanted is None else f"{ENGINE}={'t' if fail_fast else 'x'}:{wanted[0]}:{wanted[1]}"


def held(element: Locator, fp: Fingerprint) -> bool:
    """Whether the element's row holds the recorded text in the recorded column (True when there is nothing to
    check); one browser round trip."""
    wanted = digests(fp)
    return wanted is None or bool(evaluate(element, HELD_JS, [*wanted, SEPARATOR, DEPTH]))
