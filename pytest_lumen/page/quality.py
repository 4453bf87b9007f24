"""Which locator to cache for an element: the one a reviewer accepts, the same rules for recording and heals.

* A name that holds a count or a price ("Cart (2)", "Pay $20.00") changes with the app's data:
  the element's test id, else the name's stable part matched in part (``get_by_role("link",
  name="Cart")``), when either finds the element alone.
* A text check must not find its element by the text it asserts: its test id, its role and a
  name of its own (not its text), its label or placeholder, a class that reads as a word
  (``p.sums__total``) come first; a CSS path only when none finds it alone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..cache.model import Fingerprint, LocatorSpec
from .locators import in_frame_of

if TYPE_CHECKING:
    from playwright.sync_api import ElementHandle, Locator, Page

# A count or an amount in a name: "(2)", "(2 items)", "$20.00", "20,00 €", "x2", "· 3 items". A bracket that
# holds a number of its own goes whole ("(1.5k)", "(1.2M)", "(5m ago)", "(x2)" too), not one whose digits are a word's
# ("(IPv4)", "(v10)", "(2FA)", "(us-east-1)", "(sdb12)": a name, which another bracket makes another name); a count's
# unit word only after a separator ("Cart · 3 items"), never the next
# word of a name ("Top 10 Products" keeps "Products", and is then no steadier name). A hyphen is a separator only after
# a space: "UTC-5" and "Terminal-2" are names.
UNIT = r"(?:min|hr|mo|[kKmMhdwsy])"  # what a count may have glued to it: thousands, millions, a time ago ("5m", "2h")
_COUNT = (r"[(\[][^()\[\]]*?(?:(?<![\w.,])(?<!\w-)|(?<=[(\[\s][x×]))\d+(?:[.,]\d+)*" + UNIT + r"?(?![.,]?\w)"
          r"[^()\[\]]*[)\]]"
          r"|(?:[·•|–—:,]|(?<=\s)-)\s*[$€£¥]?\s*\d[\d.,]*(?:\s*[$€£¥%])?(?:\s+[^\W\d_]+)?\s*$")
_VOLATILE = re.compile(_COUNT + r"|[$€£¥]?\s*\d[\d.,]*(?:\s*[$€£¥%])?")
# A count set apart from a name (bracketed, or after a separator: "Your cart (2 items)", "Inbox · 3"); a number of the
# name itself ("Passenger 2", "Order #1042", "March 2026") is not one.
_SET_APART = re.compile(_COUNT)
# A number as pages write it: digits, with thousands or decimal separators between them ("1,204", "37.50").
NUMBER = r"\d+(?:[.,]\d+)*"
_SEPARATORS = " ·•|-–—:,"


def stable_name(name: str) -> str | None:
    """The name without its counts and amounts ("Cart (2)" -> "Cart"), None when it has none or nothing is left."""
    if not _VOLATILE.search(name):
        return None
    rest = " ".join(_VOLATILE.sub(" ", name).split()).strip(_SEPARATORS)
    return rest if re.search(r"[^\W\d_]{2,}", rest) else None


def counts_aside(name: str) -> str:
    """The name without the counts set apart from it ("Your cart (2 items)" -> "Your cart"); its own numbers kept."""
    return " ".join(_SET_APART.sub(" ", name).split()).strip(_SEPARATORS)


def same_element(page: Page, spec: LocatorSpec, element: Locator) -> bool:
    """Whether ``spec`` finds exactly one element on the page, and it is ``element``."""
    live = spec.build(page)
    try:
        return live.count() == 1 and is_element(live, element.element_handle())
    except Exception:  # an element that went away: not this one
        return False


def is_element(live: Locator, handle: ElementHandle) -> bool:
    """Whether the element ``live`` finds (one) is ``handle``'s."""
    return bool(live.evaluate("(found, wanted) => found === wanted", handle))


def without_counts(page: Page, spec: LocatorSpec, fp: Fingerprint, element: Locator) -> LocatorSpec:
    """``spec``, unless its name holds a count or an amount and a steadier locator finds the same element alone."""
    stable = stable_name(spec.name) if spec.kind == "role" and spec.name else None
    if stable is None:
        return spec
    options = [LocatorSpec(kind="test_id", value=fp.test_id)] if fp.test_id else []
    options.append(LocatorSpec(kind="role", value=spec.value, name=stable, exact=False))
    for option in options:
        option = in_frame_of(option, spec)
        if same_element(page, option, element):
            return option
    return spec


def for_text_check(fp: Fingerprint, primary: LocatorSpec) -> list[LocatorSpec]:
    """Locators for a checked text's element that do not hold that text, best first (the CSS path last)."""
    out = []
    if fp.test_id:
        out.append(LocatorSpec(kind="test_id", value=fp.test_id))
    if fp.role and fp.name and " ".join(fp.name.split()) != " ".join((fp.text or "").split()):
        out.append(LocatorSpec(kind="role", value=fp.role, name=fp.name, exact=True))
    if fp.label:
        out.append(LocatorSpec(kind="label", value=fp.label, exact=True))
    if fp.placeholder:
        out.append(LocatorSpec(kind="placeholder", value=fp.placeholder, exact=True))
    for word in (fp.classes or "").split():  # "p.sums__total": what the element is, in the app's own words
        out.append(LocatorSpec(kind="selector", value=f"{fp.tag}.{word}"))
    if fp.css:
        out.append(LocatorSpec(kind="selector", value=fp.css))
    return [in_frame_of(spec, primary) for spec in out]
