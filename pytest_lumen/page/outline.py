"""The page as the model sees it, at a cost bounded by the work, not by the page's size.

Playwright's ``aria_snapshot(mode="ai")`` walks every element it covers: on a page of thousands of
rows most of that work is cut away by the character bound. So one in-page script (``js/outline.js``)
first plans the observation over the composed tree (open shadow roots and slots as Playwright walks
them): a page of at most ``BUDGET`` elements is snapshotted whole, as before; on a larger one each
subtree within the budget is a *piece*, snapshotted on its own with Playwright's own
``locator.aria_snapshot(mode="ai")`` (found by the ``lumen-path`` engine); a larger element with more
children than ``SHOWN`` is a *list*, of which only the first items, the ones in the viewport or holding
the focus (or the ones the model asked for, a ``View``) are snapshotted, and the others counted; any
other larger element is a container whose line (role and ``aria-label`` only, with no ref: nothing to
act on) and text are written here. When the pieces hold more than ``TOTAL`` elements, the largest ones
out of view are left out, each as one line the model can ask to see like a list.

Refs stay Playwright's: the same element keeps its ref from one snapshot to the next, but only the
newest snapshot of a frame resolves ``aria-ref=``. ``Refs`` remembers which piece showed each ref, and
``locate`` snapshots that piece again before resolving one from another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

BUDGET = 2000  # elements: a page (or a piece) of at most this many is snapshotted whole (~50 ms in Chromium)
TOTAL = 2 * BUDGET  # elements: most in all the pieces of one observation; the largest out of view are left out
SHOWN = 20  # most items shown of one list; a larger element with more children than this is a list
FIRST = 3  # a list's first items are always shown
SKIP = ("SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "LINK", "META")  # never rendered, never counted
# The roles of a container's line (an explicit role attribute comes first); a container without one has no line.
ROLES = {"MAIN": "main", "NAV": "navigation", "ASIDE": "complementary", "HEADER": "banner", "FOOTER": "contentinfo",
         "FORM": "form", "SECTION": "region", "ARTICLE": "article", "DIALOG": "dialog", "FIELDSET": "group",
         "TABLE": "table", "THEAD": "rowgroup", "TBODY": "rowgroup", "TFOOT": "rowgroup", "TR": "row",
         "UL": "list", "OL": "list", "MENU": "list", "LI": "listitem", "SELECT": "listbox", "OPTION": "option"}
NAMED_ONLY = ("region", "form")  # roles a container has only with a name, as in ARIA
ROLELESS = ("generic", "none", "presentation")
PLURALS = {"row": "rows", "listitem": "items", "option": "options", "article": "articles", "menuitem": "menu items",
           "treeitem": "tree items", "tab": "tabs", "gridcell": "cells", "cell": "cells", "link": "links"}

ENGINE = "lumen-path"
ENGINE_JS = scripts.engine("pathEngine", ("composed", "path_engine"), {})
PLAN_CONFIG: dict[str, Any] = {"budget": BUDGET, "total": TOTAL, "shown": SHOWN, "first": FIRST, "skip": list(SKIP),
                               "roles": ROLES, "namedOnly": list(NAMED_ONLY), "roleless": list(ROLELESS),
                               "plurals": PLURALS}
OUTLINE_JS = scripts.configured("outline", ("composed", "page_size", "outline"), PLAN_CONFIG)
_REF = re.compile(r"\[ref=([A-Za-z0-9_-]+)\]")


@dataclass(frozen=True)
class View:
    """What the model asked to see of one list: its items from ``start`` (1-based), those ``containing`` a text."""

    url: str
    list_path: str
    start: int = 1
    containing: str = ""


class Refs(frozenset[str]):
    """The refs of an observation, and for each ref of a planned page the piece that showed it."""

    pieces: dict[str, str]

    def __new__(cls, refs: Iterable[str], pieces: dict[str, str] | None = None) -> Refs:
        made = super().__new__(cls, refs)
        made.pieces = dict(pieces or {})
        return made


@dataclass(frozen=True)
class Outline:
    """One observation's snapshot text, its refs, and the lists it summarised (their id -> path)."""

    title: str
    text: str
    refs: Refs
    lists: dict[str, str]
    elements: int
    planned: bool


def piece(page: Page, path: str) -> Locator:
    """The element of a piece, by its path in the composed tree."""
    return page.locator(f"{ENGINE}={path}")


def take(page: Page, view: View | None = None, timeout_ms: float = 10_000) -> Outline:
    """Plan the observation in the page and take it: the whole page's snapshot, or its pieces put together."""
    asked = None if view is None else {"path": view.list_path, "start": view.start, "containing": view.containing}
    plan: dict[str, Any] = page.evaluate(OUTLINE_JS, {"view": asked})  # a page within the budget: its size and title
    if plan["whole"]:
        text = page.aria_snapshot(mode="ai", timeout=timeout_ms)
        return Outline(plan["title"], text, Refs(_REF.findall(text)), {}, plan["total"], False)
    lines: list[str] = []
    pieces: dict[str, str] = {}
    lists: dict[str, str] = {}
    for entry in plan["entries"]:
        pad = "  " * entry["depth"]
        kind = entry["t"]
        if kind == "piece":
            text = piece(page, entry["path"]).aria_snapshot(mode="ai", timeout=timeout_ms)
            pieces.update((ref, entry["path"]) for ref in _REF.findall(text))
            lines.extend(pad + line for line in text.splitlines() if line.strip())
        elif kind == "text":
            lines.append(f"{pad}- text: {entry['text']}")
        elif kind == "open":
            lines.append(f"{pad}- {entry['line']}:")
        elif kind == "list":
            name = f"L{len(lists) + 1}"
            lists[name] = entry["path"]
            lines.append(f"{pad}- {entry['line']} [list={name}]: {_summary(entry)}")
        elif kind == "hidden":
            name = f"L{len(lists) + 1}"
            lists[name] = entry["path"]
            lines.append(f"{pad}- {entry['line']} [list={name}]: out of view, {entry['size']:,} elements not shown "
                         f"(show_items list={name} to see it)")
        elif kind == "gap":
            name = next(k for k, v in lists.items() if v == entry["path"])
            span = f"{entry['from']:,}" if entry["from"] == entry["to"] else f"{entry['from']:,}-{entry['to']:,}"
            lines.append(f"{pad}- ({entry['kind']} {span} not shown: show_items list={name} to see them)")
    return Outline(plan["title"], "\n".join(lines), Refs(pieces, pieces), lists, plan["total"], True)


def _summary(entry: dict[str, Any]) -> str:
    total, shown, kind = entry["total"], entry["shown"], entry["kind"]
    matched = entry.get("matched")
    if matched is not None:
        return f"{total:,} {kind}; {matched:,} asked for, {shown:,} shown"
    return f"{total:,} {kind}, {shown:,} shown"


def locate(page: Page, ref: str, refs: Iterable[str]) -> Locator:
    """A locator of the element a ref names: Playwright's ``aria-ref=``, after snapshotting again the piece
    that showed it, if any (only a frame's newest snapshot resolves refs; the element keeps its own). When the
    page changed since and the piece no longer holds it, the whole page is snapshotted, as a small page is."""
    path = getattr(refs, "pieces", {}).get(ref)
    if path is not None:
        try:
            found = ref in _REF.findall(piece(page, path).aria_snapshot(mode="ai"))
        except PlaywrightError:  # no element at that path any more
            found = False
        if not found:
            page.aria_snapshot(mode="ai")
    return page.get_by_ref(ref)
