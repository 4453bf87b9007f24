"""Items of repeated structures (table rows, list items, cards) are known by what identifies them, as a person writes it.

An element inside a row ("the checkbox of the Invoice 1042 row") or a row itself is recorded as its item
found by the text that only that item holds, then the element inside it:
``get_by_role("row").filter(has=page.get_by_role("cell", name="Invoice 1042", exact=True)).get_by_role("checkbox")``,
never by its position on the page (``nth``) nor by the text of every cell; by its place among its item's like
elements only when nothing of its own tells it from them (a row's unnamed icon buttons, whose icon is then their
identity: ``icons.py``). The identifying text is chosen among those no
sibling item holds, in the order a person names a record by: a link (the record's own link, a primary key
cell), a heading (a card's title), then a cell or text in words, then words with one number (a name with
a number), then words with several numbers (a date, a time: values the app formats), then figures alone (a
quantity or a price changes more often than a name); the leftmost first. The other cells are evidence
(the fingerprint's context), not identity: a new column or a reformatted date leaves the row the same.

An item no role names (a CSS grid of ``div`` cards, as Bootstrap and Tailwind render them) is known by its
structure: one of at least three shown siblings of one tag and one class signature, each holding exactly one
heading (or each exactly one link), its title. It is found as a child of its parent by the parent's classes that
read as words, ``locator("div.row > div").filter(has=page.get_by_role("heading", name="Desk lamp", exact=True))``,
else with its own such classes; generated class names are never written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cache.model import Fingerprint, LocatorSpec, Target
from . import scripts
from .evaluate import evaluate
from .quality import NUMBER, same_element

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

# The roles of items of repeated structures, and the tags that have them without a role attribute.
ITEM_ROLES = ("row", "listitem", "article")
IMPLICIT = {"tr": "row", "li": "listitem", "article": "article"}
# ``least``: an item no role names (a grid of div cards) is one of at least so many siblings alike, each with one
# title: two panels side by side are a layout, three records make a list (``js/items.js``, ``structural``).
CONFIG: dict[str, Any] = {"roles": list(ITEM_ROLES), "implicit": IMPLICIT, "depth": 8, "longest": 80, "siblings": 1000,
                          "least": 3}
ITEMS_JS = scripts.function("itemKeys", ("deep", "columns", "items"))
COLUMNS_JS = scripts.function("columnsOf", ("deep", "columns"))
PLACES = 8  # the most like elements of an item an element is found among by its place
# The roles of a row's cells, which a text check may be on (a cell checked, not its row).
CELL_ROLES = ("cell", "gridcell", "rowheader")
# What finds a row's cells, whatever their markup (``js/columns.js`` reads the same).
CELLS = "td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]"
# The kinds of identifying texts, in the order a person names a record by them.
KINDS = ("link", "heading", "cell", "text")
_LETTERS = re.compile(r"[^\W\d_]{2,}")
_NUMBERS = re.compile(NUMBER)


@dataclass(frozen=True)
class Key:
    """A text in an item: what holds it (``kind``), its role, its place, and whether no sibling item holds it."""

    kind: str
    text: str
    unique: bool
    role: str | None = None
    column: int = 0
    header: str | None = None  # a row's cell: the header of its column (None: none, or not a row)


@dataclass(frozen=True)
class Item:
    """The repeated item an element is in (or is, ``self``): its role, and the texts that could identify it."""

    role: str | None  # None: an item no role names, found by ``selectors`` (a CSS grid of div cards)
    self: bool
    keys: tuple[Key, ...]
    selectors: tuple[str, ...] = ()

    def holders(self, has: LocatorSpec, frame: LocatorSpec | None) -> list[LocatorSpec]:
        """Ways to find the item by what identifies it (``has``): by its role, else by its place among its siblings."""
        if self.role in ITEM_ROLES:
            return [LocatorSpec(kind="role", value=self.role, has=has, parent=frame)]
        return [LocatorSpec(kind="selector", value=css, has=has, parent=frame) for css in self.selectors]


def _wording(text: str) -> int:
    """0: words without figures ("Desk lamp"); 1: words and one number, a name with a number ("Invoice 1042");
    2: words and several numbers, a value the app composes and formats (a date "Sept. 1, 1965", a time, a range);
    3: no word ("3", "19.50", "2026-11-01")."""
    if not _LETTERS.search(text):
        return 3
    return min(len(_NUMBERS.findall(text)), 2)


def names_item(text: str) -> bool:
    """Whether an item's text names it (it has words: "Green plate", "Invoice 1042"), rather than numbering it (an id,
    a figure: "2", "19.50"), which a re-seed gives to another record: never identity on its own."""
    return _wording(text) < 3


def ranked(keys: tuple[Key, ...] | list[Key], named: str = "") -> list[Key]:
    """The texts that identify their item (no sibling holds them), best first: one the step names (``named``: its
    sentence, values filled in: "delete the Green plate"), then those that name the item before those that number it
    (an id link "2" is another record after a re-seed), then as a person names a record (``KINDS``)."""
    unique = [k for k in keys if k.unique and k.kind in KINDS]
    said = " ".join(named.casefold().split())
    def rank(k: Key) -> tuple[int, int, int, int, int]:
        kind = KINDS.index(k.kind)
        by_step = 0 if said and holds_text(said, k.text.casefold()) else 1
        return (by_step, 0 if names_item(k.text) else 1, 0 if kind < 2 else 1,
                _wording(k.text) if kind >= 2 else kind, k.column)
    return sorted(unique, key=rank)


def item_of(element: Locator) -> Item | None:
    """The repeated item the element is in or is, with the texts in it; None when it is in none."""
    data: dict[str, Any] | None = evaluate(element, ITEMS_JS, CONFIG)
    if not data or (data.get("role") not in ITEM_ROLES and not data.get("selectors")):
        return None
    keys = tuple(Key(k["kind"], k["text"], bool(k["unique"]), k.get("role"), int(k["column"]), k.get("header"))
                 for k in data["keys"])
    role = str(data["role"]) if data.get("role") in ITEM_ROLES else None
    return Item(role, bool(data["self"]), keys, tuple(map(str, data.get("selectors") or ())))


def holds_text(text: str, part: str) -> bool:
    """Whether ``part`` is in ``text`` as a whole, whitespace collapsed ("3" is not in "13" nor in "3.25")."""
    pattern = rf"(?<![\w.,]){re.escape(' '.join(part.split()))}(?![\w]|[.,]\w)"
    return re.search(pattern, " ".join(text.split())) is not None


def apart(keys: list[Key], asserted: str) -> list[Key]:
    """The keys that neither hold the asserted value nor are held by it: a text a check asserts is never what
    finds the element it checks (a changed value must fail the check, not the search for its row)."""
    return [k for k in keys if not holds_text(k.text, asserted) and not holds_text(asserted, k.text)]


def columns_of(cells: Locator) -> list[str | None]:
    """The header of the table column each cell is in (``js/columns.js``): None when it has none of its own."""
    return [None if c is None else str(c) for c in cells.evaluate_all(COLUMNS_JS)]


def keyed_cell(page: Page, element: Locator, target: Target, asserted: str) -> tuple[Target, Locator] | None:
    """A text check's cell found by its row and its column, as a person reads a table ("Grace Hopper's email"):
    its row by the row's identifying text (never one that holds the asserted value), the cell in it by its role and
    name, the column's header in the fingerprint (``column``), which finds the cell again when its value changed;
    None when the element is no cell of a row among rows under a header of its own."""
    fp = target.fingerprint
    if fp is None or fp.role not in CELL_ROLES or not fp.name:
        return None
    item = item_of(element)
    if item is None or item.self or item.role != "row":
        return None
    column = columns_of(element)[0]
    if column is None:
        return None
    own = LocatorSpec(kind="role", value=fp.role, name=fp.name, exact=True)
    frame = target.locator.frame()
    for key in apart(ranked(item.keys), asserted):
        for holder in (h for has in key_locators(key) for h in item.holders(has, frame)):
            spec = own.model_copy(update={"parent": holder})
            if same_element(page, spec, element):
                keyed = fp.model_copy(update={"item": key.text, "column": column})
                return Target(locator=spec, fallbacks=[], fingerprint=keyed), spec.build(page)
    return None


def key_locators(key: Key) -> list[LocatorSpec]:
    """Ways to find the element that holds an identifying text, exactly (a key "3" must not find "13")."""
    out = []
    if key.kind == "link":
        out.append(LocatorSpec(kind="role", value="link", name=key.text, exact=True))
    elif key.kind == "heading":
        out.append(LocatorSpec(kind="role", value="heading", name=key.text, exact=True))
    elif key.kind == "cell" and key.role:
        out.append(LocatorSpec(kind="role", value=key.role, name=key.text, exact=True))
    out.append(LocatorSpec(kind="text", value=key.text, exact=True))
    return out


def needs_item(spec: LocatorSpec, fp: Fingerprint) -> bool:
    """Whether the element's own locator does not tell it from its siblings' like elements: a position, a parent
    that is not an iframe (a row named by all its cells), or look-alikes (each row's "Edit"). A test id on it
    or on what it is found in is the app's own name for it (``get_by_test_id("product-3").get_by_role("button")``):
    it needs no item."""
    if spec.nth is None and any(part.kind == "test_id" for part in (spec, *_ancestors(spec))):
        return False
    in_frame = spec.parent is not None and spec.parent.kind == "frame"
    return spec.nth is not None or (spec.parent is not None and not in_frame) or bool(fp.look_alikes)


def key_of(spec: LocatorSpec) -> str | None:
    """The identifying text of the item a locator finds its element in (or finds), None when it is not so scoped."""
    for part in (spec, *_ancestors(spec)):
        if part.has is not None and (part.kind == "selector" or (part.kind == "role" and part.value in ITEM_ROLES)):
            return part.has.name if part.has.kind == "role" else part.has.value
    return None


def _ancestors(spec: LocatorSpec) -> list[LocatorSpec]:
    out = []
    while spec.parent is not None:
        spec = spec.parent
        out.append(spec)
    return out


def scoped(page: Page, element: Locator, spec: LocatorSpec, ways: list[LocatorSpec],
           fp: Fingerprint, named: str = "") -> tuple[LocatorSpec, list[LocatorSpec], Fingerprint] | None:
    """The element found in its item by the item's identifying text (one the step names first: ``named``, its
    sentence): the primary locator, the fallbacks scoped the same way (``ways``: its own, page-wide), and the
    fingerprint that names the text; None when it is in no repeated item, needs none, or no identifying text finds it
    alone."""
    item = item_of(element)
    if item is None or (not needs_item(spec, fp) and not (item.self and spec.kind != "test_id")):
        return None
    frame = spec.frame()
    inner = [] if item.self else [_own(spec), *ways, *_by_role(fp)]
    for key in ranked(item.keys, named):
        for holder in (h for has in key_locators(key) for h in item.holders(has, frame)):
            if item.self:
                if same_element(page, holder, element):
                    return holder, [], keyed_by(fp, key)
                continue
            found = [way.model_copy(update={"parent": holder}) for way in inner if way.kind != "selector"]
            found = [way for i, way in enumerate(found) if way not in found[:i]]
            alone = [way for way in found if same_element(page, way, element)] or _placed(page, found[:1], element)
            if alone:
                return alone[0], alone[1:], keyed_by(fp, key)
    return None


def _placed(page: Page, ways: list[LocatorSpec], element: Locator) -> list[LocatorSpec]:
    """The element by its place among its item's like elements, when nothing of its own tells it from them (a row's
    unnamed icon buttons: ``...get_by_role("button").nth(1)``; its icon is its identity, ``icons.py``): a place in
    its row, not on the page, which another row's sorting or removal leaves alone."""
    for way in ways:
        if way.parent is None or way.parent.build(page).count() != 1:
            continue  # an item the page holds twice (a "Comments" row in two lists): a place in it is no place
        for nth in range(min(way.build(page).count(), PLACES)):
            placed = way.model_copy(update={"nth": nth})
            if same_element(page, placed, element):
                return [placed]
    return []


def header_of(element: Locator, key: str | None) -> str | None:
    """The header of the column whose cell holds ``key`` in the row the element is in (None: no key, no such cell, no
    header); one browser round trip."""
    item = item_of(element) if key else None
    return next((k.header for k in item.keys if k.text == key), None) if item is not None else None


def keyed_by(fp: Fingerprint, key: Key) -> Fingerprint:
    """The fingerprint of an element found in its item by ``key``: the key's text, and the header of its column
    (a row's cell under a header: ``page/keyed.py`` holds the row to it)."""
    return fp.model_copy(update={"item": key.text, "item_column": key.header})


def _by_role(fp: Fingerprint) -> list[LocatorSpec]:
    """A control without words by its role alone, for its place in its item: Playwright writes it as a raw selector
    (``internal:role=link >> internal:has-text=/^$/ >> nth=4``, a place on the page), and its fallback is a CSS path."""
    return [LocatorSpec(kind="role", value=fp.role)] if fp.role and not fp.name else []


def _own(spec: LocatorSpec) -> LocatorSpec:
    """The element's own part of a locator: no position, no parent (what finds it inside its item)."""
    return spec.model_copy(update={"nth": None, "parent": None})
