"""Strategy: an element in a row found again by the row's identifying text, never by its position or its values.

Caches written before items were known by their key (``page/items.py``) hold a row locator named by all its
cells (``get_by_role("row", name="3 Desk lamp office 24.0").get_by_role("checkbox")``), which a column added
or a date reformatted breaks. The row is the same when the text recording would now key it by (its best
identifying text, ``items.ranked``) is in the recorded row's text, and no other row's is: the element is then
found in that row by its own locator, and healed into the keyed locator recording now writes. Any other of its
unique texts (a price that only it has) is a value, not evidence. Zero or several such rows: not found here.

A text check on a row keyed by the very text it asserts (the row's name, checked after an edit) loses its row when
that value changes, which is what the check is there to catch. The value is never evidence against its element
(``asserted.py``): such a row is found again as the one row whose text is the recorded one but for the asserted
value (``checked_row``), keyed by one of its other identifying texts, and the check then says "expected X, got Y".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cache.model import LocatorSpec, Target
from ..outcome.heal import HealLevel
from ..page.asserted import around
from ..page.fingerprint import capture_with_look_alikes, index_of
from ..page.items import CELL_ROLES, CELLS, ITEM_ROLES, columns_of, holds_text, item_of, key_locators, key_of, ranked
from ..page.quality import same_element
from .likeness import similarity
from .proposal import Offer, Proposal, Scene

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

MAX_ITEMS = 200  # rows holding an element like the recorded one that are looked at (a page's list, not a database)


def named_item(spec: LocatorSpec) -> tuple[LocatorSpec, str] | None:
    """The element's own locator and the recorded item's text, for a locator chained on an item named by its text."""
    parent = spec.parent
    if parent is None or parent.kind != "role" or parent.value not in ITEM_ROLES or not parent.name or parent.has:
        return None
    return spec.model_copy(update={"parent": parent.parent, "nth": None}), parent.name


def in_named_row(page: Page, target: Target) -> tuple[LocatorSpec, Locator, str] | str:
    """The keyed locator of the element in the one row whose identifying text the recorded row's text holds, the
    live locator and that text; else why not ("" when the target was not found in a named row)."""
    found = named_item(target.locator)
    if found is None:
        return ""
    own, recorded = found
    role = target.locator.parent.value if target.locator.parent is not None else ""
    rows = LocatorSpec(kind="role", value=role, has=own.model_copy(update={"parent": None}), parent=own.parent).build(page)
    matches: list[tuple[Locator, str]] = []
    keyed = 0  # rows with an identifying text at all
    for i in range(min(rows.count(), MAX_ITEMS)):
        item = item_of(rows.nth(i))
        keys = [k.text for k in ranked(item.keys)] if item is not None and item.self else []
        keyed += bool(keys)
        if keys and holds_text(recorded, keys[0]):  # the text recording would key the row by, not any of its values
            matches.append((rows.nth(i), keys[0]))
    if not keyed:
        return ""  # no row is known by a text of its own: nothing to say here
    if len(matches) != 1:
        return f"rows: {len(matches)} rows hold an identifying text of the recorded row {recorded!r}"
    row, key = matches[0]
    element = own.model_copy(update={"parent": None}).build(row)
    if element.count() != 1:
        return f"rows: the row of {key!r} holds {element.count()} elements like the recorded one"
    item = item_of(row)
    for has in key_locators(next(k for k in (item.keys if item else ()) if k.text == key)):
        spec = own.model_copy(update={"parent": LocatorSpec(kind="role", value=role, has=has, parent=own.parent)})
        if same_element(page, spec, element):
            return spec, spec.build(page), key
    return f"rows: no locator finds the row of {key!r} alone"


def checked_row(page: Page, target: Target, asserted: str | None) -> tuple[LocatorSpec, Locator, str] | str:
    """A text check's row keyed by a text its asserted value holds: the keyed locator of the one row whose text is
    the recorded row's but for the asserted value, the live locator and the key now used; else why not ("" when the
    check is not on such a row)."""
    spec, fp = target.locator, target.fingerprint
    key = key_of(spec)
    if not asserted or key is None or fp is None or not fp.text or spec.kind != "role" or spec.value not in ITEM_ROLES \
            or spec.has is None or not holds_text(asserted, key):
        return ""
    rows = LocatorSpec(kind="role", value=spec.value, parent=spec.parent).build(page)
    matches = [rows.nth(i) for i in range(min(rows.count(), MAX_ITEMS))
               if around(fp.text, rows.nth(i).inner_text(), asserted) is not None]
    if len(matches) != 1:
        return f"rows: {len(matches)} rows hold the recorded row's text but for the asserted value {asserted!r}"
    row = matches[0]
    item = item_of(row)
    for other in ranked(item.keys) if item is not None and item.self else []:
        if holds_text(asserted, other.text) or holds_text(other.text, asserted):
            continue  # a text the check asserts is never what finds its element
        for has in key_locators(other):
            keyed = spec.model_copy(update={"has": has, "nth": None})
            if same_element(page, keyed, row):
                return keyed, keyed.build(page), other.text
    return "rows: the checked row has no identifying text besides the asserted value"


def checked_cell(page: Page, target: Target, asserted: str | None) -> tuple[LocatorSpec, Locator, str] | str:
    """A text check's cell recorded by its row's key and its column (``items.keyed_cell``), whose value (its name)
    changed: the cell under the recorded column's header in the one row its key finds, the locator that finds it now,
    the live locator and the key; else why not ("" when the check is not on such a cell). Its value is not compared:
    the check says "expected X, got Y"."""
    spec, fp = target.locator, target.fingerprint
    if not asserted or fp is None or not fp.column or not fp.item or spec.kind != "role" \
            or spec.value not in CELL_ROLES or spec.parent is None or key_of(spec) is None:
        return ""
    row = spec.parent.build(page)
    if row.count() != 1:
        return f"rows: {row.count()} rows hold the checked cell's row key {fp.item!r}"
    cells = row.locator(CELLS)
    under = [i for i, column in enumerate(columns_of(cells)) if column == fp.column]
    if len(under) != 1:
        return f"rows: the row of {fp.item!r} has {len(under)} cells under the column {fp.column!r}"
    element = cells.nth(under[0])
    name = " ".join(element.inner_text().split())
    found = (spec.model_copy(update={"name": name, "exact": True}) if name  # a value cleared: the cell by its place
             else LocatorSpec(kind="selector", value=CELLS, nth=under[0], parent=spec.parent))
    if same_element(page, found, element):
        return found, found.build(page), fp.item
    return f"rows: no locator finds the cell under {fp.column!r} in the row of {fp.item!r} alone"


class RowKey:
    """An element in a row named by all its cells, a checked row, or a checked cell, found by the row's key."""

    name = "row_key"
    kind = "row_key"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """The element in the one row its identifying text finds; why none ("" when the target is in no such row)."""
        page, target, policy = scene.page, scene.target, scene.policy
        found = in_named_row(page, target) or checked_row(page, target, policy.asserted) \
            or checked_cell(page, target, policy.asserted)
        if isinstance(found, str):
            return Offer(note=found)
        spec, loc, key = found
        index = index_of(loc, scene.survey.selector)
        against = scene.survey.contradicts(index)
        if against is not None:
            return Offer(note=f"rows: {against}")
        current = capture_with_look_alikes(loc).model_copy(update={"item": key, "column": scene.recorded.column})
        score = similarity(scene.recorded, current, policy.ignore, by_place=policy.by_place)
        return Offer((Proposal(HealLevel(kind=self.kind), current, index, score, lambda: (spec, loc),
                               evidence=f"in the one row that {key!r} identifies"),))
