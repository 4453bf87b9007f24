"""Other ways to find an iframe than the selector ``normalize()`` gave: its title, its document's path, its name.

Payment providers and embeds generate their iframes' names (``__privateStripeFrame4821``: the number
changes from one load to the next) and serve them from another origin (whose port or host differs
between machines). A target inside an iframe therefore also keeps its locator under each other
selector that finds that same iframe alone when it is recorded, as fallbacks: when the frame's name
changes, the element is still found in the iframe with the same title or document, with zero tokens.

A position is no iframe's identity when it declares one: where ``normalize()`` finds an iframe by its place among the
page's iframes (``iframe >> nth=0``, two embeds alike), the first of those other selectors that finds it alone becomes
the primary (``declared``): when a release swaps two embedded invoices, "void invoice 1042" still voids 1042. The
element inside has no look-alike in its own document, so nothing else would tell the two iframes apart. An iframe that
declares nothing of its own (no title, name or document address that another has not too) keeps its place.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..cache.model import LocatorSpec
from .locators import positional

if TYPE_CHECKING:
    from playwright.sync_api import Page

MAX_ALTERNATIVES = 2  # enough to outlive a generated name; each one is a fallback per locator


def _attribute_selector(name: str, value: str, operator: str = "=") -> str:
    return f"iframe[{name}{operator}{json.dumps(value)}]"


def frame_alternatives(page: Page, frame: LocatorSpec) -> list[LocatorSpec]:
    """Other ``frame`` specs that find the same iframe alone now: by title, by its document's path (with its query,
    when the path alone is another iframe's too), by name."""
    element = LocatorSpec(kind="selector", value=frame.value, parent=frame.parent).build(page)
    try:
        if element.count() != 1:
            return []
        title, src, name = (element.get_attribute(a) for a in ("title", "src", "name"))
    except Exception:  # a frame that went away: no alternatives, the primary stays
        return []
    parts = urlsplit(src or "")
    path, query = parts.path, parts.query
    candidates: list[str | None] = [
        _attribute_selector("title", title) if title else None,
        _attribute_selector("src", path, "*=") if path and path != "/" else None,
        _attribute_selector("src", f"{path}?{query}", "*=") if query else None,  # one document per record: ?id=1042
        _attribute_selector("name", name) if name else None,
    ]
    out: list[LocatorSpec] = []
    for selector in candidates:
        if selector is None or selector == frame.value or len(out) >= MAX_ALTERNATIVES:
            continue
        spec = LocatorSpec(kind="frame", value=selector, parent=frame.parent)
        if LocatorSpec(kind="selector", value=selector, parent=frame.parent).build(page).count() == 1:
            out.append(spec)
    return out


def reframed(spec: LocatorSpec, old: LocatorSpec, new: LocatorSpec) -> LocatorSpec:
    """``spec`` searched in the iframe ``new`` instead of ``old`` (wherever ``old`` is in its parent chain)."""
    if spec == old:
        return new
    if spec.parent is None:
        return spec
    return spec.model_copy(update={"parent": reframed(spec.parent, old, new)})


def declared(page: Page, spec: LocatorSpec) -> LocatorSpec:
    """``spec`` with its iframe found by what the iframe declares (title, document path, name) where ``normalize()``
    found it by its position; as it is when it is in no iframe, or its iframe declares nothing that finds it alone.

    An iframe inside another iframe keeps the selector ``normalize()`` gave it (one selector through both), and its
    position with it."""
    frame = spec.frame()
    return spec if frame is None else reframed(spec, frame, declared_frame(page, frame))


def declared_frame(page: Page, frame: LocatorSpec) -> LocatorSpec:
    """An iframe's ``frame`` spec by what the iframe declares, where ``frame`` finds it by its position (``declared``);
    else ``frame``."""
    if not positional(frame.value):
        return frame
    alternatives = frame_alternatives(page, frame)
    return alternatives[0] if alternatives else frame
