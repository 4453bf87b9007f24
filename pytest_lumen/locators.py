"""Structured Playwright locators: parsed from ``locator.normalize()``, rebuilt with ``get_by_*``."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

LocatorKind = Literal["role", "test_id", "label", "placeholder", "text", "alt_text", "title", "selector"]


class LocatorSpec(BaseModel):
    """A Playwright locator as data: ``kind`` picks the ``get_by_*`` call.

    ``selector`` is the escape hatch: a raw Playwright selector for what the other
    kinds cannot say (it is still what ``normalize()`` chose, never a snapshot ref).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: LocatorKind
    value: str = Field(min_length=1)
    name: Optional[str] = None
    exact: bool = False
    nth: Optional[int] = None
    parent: Optional[LocatorSpec] = None

    def build(self, root: Union[Page, Locator]) -> Locator:
        """The live locator on ``root`` (a page or a locator)."""
        base = self.parent.build(root) if self.parent is not None else root
        kind, value = self.kind, self.value
        if kind == "role":
            loc = base.get_by_role(value, name=self.name, exact=self.exact or None)  # type: ignore[arg-type]
        elif kind == "test_id":
            loc = base.get_by_test_id(value)
        elif kind == "label":
            loc = base.get_by_label(value, exact=self.exact)
        elif kind == "placeholder":
            loc = base.get_by_placeholder(value, exact=self.exact)
        elif kind == "text":
            loc = base.get_by_text(value, exact=self.exact)
        elif kind == "alt_text":
            loc = base.get_by_alt_text(value, exact=self.exact)
        elif kind == "title":
            loc = base.get_by_title(value, exact=self.exact)
        else:
            loc = base.locator(value)
        if self.nth is not None:
            loc = loc.nth(self.nth)
        return loc

    def without_nth(self) -> LocatorSpec:
        """The same locator matching every element (for counts)."""
        return self.model_copy(update={"nth": None})

    def describe(self) -> str:
        """Python-like code for messages and reports: ``get_by_role("button", name="Add")``."""
        own = _describe_own(self)
        prefix = self.parent.describe() + "." if self.parent is not None else ""
        suffix = f".nth({self.nth})" if self.nth is not None else ""
        return prefix + own + suffix


def _describe_own(spec: LocatorSpec) -> str:
    q = json.dumps
    if spec.kind == "role":
        args = q(spec.value)
        if spec.name is not None:
            args += f", name={q(spec.name)}"
        if spec.exact:
            args += ", exact=True"
        return f"get_by_role({args})"
    if spec.kind == "selector":
        return f"locator({q(spec.value)})"
    exact = ", exact=True" if spec.exact else ""
    return f"get_by_{spec.kind}({q(spec.value)}{exact})"


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
    before it. Anything this parser does not know stays a raw ``selector`` spec.
    """
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


def selector_of(locator: Locator) -> str:
    """The selector string behind a Playwright locator."""
    return locator._impl_obj._selector  # noqa: SLF001 - Playwright exposes it only via str()/repr


def spec_from_locator(locator: Locator) -> LocatorSpec:
    """The structured form of a (normalized) locator."""
    return parse_selector(selector_of(locator))
