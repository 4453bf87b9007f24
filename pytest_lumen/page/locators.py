"""Structured Playwright locators: parsed from ``locator.normalize()``, rebuilt with ``get_by_*``."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from ..cache.model import ENTER_FRAME, LocatorSpec
from ..playwright_internals import selector_of

if TYPE_CHECKING:
    from playwright.sync_api import Locator


# --- parsing Playwright's internal selector syntax -------------------------------------

_STR = r'"(?:[^"\\]|\\.)*"'
_ROLE = re.compile(rf"^internal:role=([a-z]+)(?:\[name=({_STR})([is])\])?$")
_TESTID = re.compile(rf"^internal:testid=\[data-testid=({_STR})[is]?\]$")
_ATTR = re.compile(rf"^internal:attr=\[(placeholder|alt|title)=({_STR})([is])\]$")
_SIMPLE = re.compile(rf"^internal:(label|text)=({_STR})([is])$")
_NTH = re.compile(r"^nth=(-?\d+)$")
_ATTR_KIND = {"placeholder": "placeholder", "alt": "alt_text", "title": "title"}


def split_selector(selector: str) -> list[str]:
    """Split a chained selector on ``>>`` outside quoted strings."""
    parts: list[str] = []
    buf: list[str] = []
    quote: str | None = None
    i = 0
    while i < len(selector):
        ch = selector[i]
        if quote:
            buf.append(ch)
            if ch == "\\" and i + 1 < len(selector):
                buf.append(selector[i + 1])
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            buf.append(ch)
        elif selector.startswith(">>", i):
            parts.append("".join(buf).strip())
            buf = []
            i += 1
        else:
            buf.append(ch)
        i += 1
    parts.append("".join(buf).strip())
    return [p for p in parts if p]


def _parse_part(part: str) -> LocatorSpec | None:
    if m := _ROLE.match(part):
        name = json.loads(m.group(2)) if m.group(2) else None
        return LocatorSpec(kind="role", value=m.group(1), name=name, exact=m.group(3) == "s")
    if m := _TESTID.match(part):
        return LocatorSpec(kind="test_id", value=json.loads(m.group(1)))
    if m := _ATTR.match(part):
        return LocatorSpec(kind=_ATTR_KIND[m.group(1)], value=json.loads(m.group(2)), exact=m.group(3) == "s")  # type: ignore[arg-type]
    if m := _SIMPLE.match(part):
        return LocatorSpec(kind=m.group(1), value=json.loads(m.group(2)), exact=m.group(3) == "s")  # type: ignore[arg-type]
    return None


def parse_selector(selector: str) -> LocatorSpec:
    """Turn the selector of a normalized locator into a ``LocatorSpec``.

    Each ``>>`` part becomes a parent of the next; ``nth=`` attaches to the part
    before it. What comes before an ``enter-frame`` part is the iframe (a ``frame``
    parent of the rest). Anything this parser does not know stays a raw ``selector`` spec.
    """
    parts = split_selector(selector)
    if ENTER_FRAME in parts:
        at = len(parts) - 1 - parts[::-1].index(ENTER_FRAME)  # the innermost frame
        outer = " >> ".join(parts[:at])
        if not outer or at == len(parts) - 1:
            return LocatorSpec(kind="selector", value=selector)
        frame = LocatorSpec(kind="frame", value=outer)
        inner = parse_selector(" >> ".join(parts[at + 1:]))
        return under(inner, frame)
    spec: LocatorSpec | None = None
    for part in split_selector(selector):
        if (m := _NTH.match(part)) and spec is not None:
            spec = spec.model_copy(update={"nth": int(m.group(1))})
            continue
        own = _parse_part(part)
        if own is None:
            return LocatorSpec(kind="selector", value=selector)
        spec = own.model_copy(update={"parent": spec}) if spec is not None else own
    if spec is None:
        return LocatorSpec(kind="selector", value=selector)
    return spec


def positional(selector: str) -> bool:
    """Whether a selector finds its element by its place (an ``nth=`` part): ``iframe >> nth=1``."""
    return any(_NTH.match(part) for part in split_selector(selector))


def under(spec: LocatorSpec, frame: LocatorSpec) -> LocatorSpec:
    """``spec`` searched inside ``frame``: the frame becomes the root of its parent chain."""
    if spec.parent is None:
        return spec.model_copy(update={"parent": frame})
    return spec.model_copy(update={"parent": under(spec.parent, frame)})


def in_frame_of(spec: LocatorSpec, primary: LocatorSpec) -> LocatorSpec:
    """``spec`` (a fallback, found on the element's own document) searched inside the primary locator's frame."""
    frame = primary.frame()
    return spec if frame is None or spec.frame() is not None else under(spec, frame)


def spec_from_locator(locator: Locator) -> LocatorSpec:
    """The structured form of a (normalized) locator."""
    return parse_selector(selector_of(locator))
