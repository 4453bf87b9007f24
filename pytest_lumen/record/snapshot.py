"""Observing the page for the model: URL, title, a kind, and the AI aria snapshot within a size bound.

The snapshot is planned by ``page/outline.py``: a large page is shown as its viewport, its landmarks and
its long lists summarised (their count, their first items, the ones in view). The model asks for other
items of a list with the ``show_items`` tool (``show_items`` here); what it asked for is shown until the
page's URL changes.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import LumenError
from ..page import outline
from ..page.outline import Refs, View

if TYPE_CHECKING:
    from playwright.sync_api import Page

REF = re.compile(r"\[ref=([A-Za-z0-9_-]+)\]")
SHOW_ITEMS = "show_items"  # the tool that asks for other items of a summarised list (record/tools.py)
_VIEWS: weakref.WeakKeyDictionary[Any, View] = weakref.WeakKeyDictionary()  # per page: the items asked for


@dataclass(frozen=True)
class Observation:
    """What the model sees of the page at one moment."""

    url: str
    title: str
    kind: str
    snapshot: str
    refs: frozenset[str]
    truncated: bool
    full_chars: int
    lists: Mapping[str, str] = field(default_factory=dict)  # the summarised lists shown: id (L1) -> path in the page
    elements: int = 0  # the elements of the page


def bound(snapshot: str, max_chars: int) -> tuple[str, bool]:
    """Cut a snapshot at a line boundary so that it fits ``max_chars``."""
    if len(snapshot) <= max_chars:
        return snapshot, False
    note = "\n- (snapshot cut: {} more lines not shown; scroll or use more specific steps)"
    room = max(0, max_chars - len(note.format(snapshot.count("\n") + 1)))
    cut = snapshot.rfind("\n", 0, room)
    cut = cut if cut > 0 else room
    dropped = snapshot[cut:].lstrip("\n").count("\n") + 1
    return snapshot[:cut] + note.format(dropped), True


def page_kind(snapshot: str) -> str:
    """A coarse page type, a hint for the model."""
    s = snapshot.lower()
    if 'textbox "password"' in s or ("password" in s and "sign in" in s):
        return "login"
    if "dialog" in s and "[ref=" in s and "- dialog" in s:
        return "dialog open"
    if "searchbox" in s or ("combobox" in s and "search" in s):
        return "search"
    if s.count("- textbox") >= 3:
        return "form"
    if s.count("- listitem") + s.count("- row") + s.count("- article") >= 5:
        return "list"
    return "page"


QUIET_MS = 1500.0  # at most this long, a step's first look waits for the page's requests to go quiet


def observe(page: Page, max_chars: int, quiet: bool = False) -> Observation:
    """Take the AI snapshot of the page (refs valid until the next snapshot).

    ``quiet`` (a step's first look, often right after ``page.goto``): first wait, at most ``QUIET_MS``, until
    the page has had no request in flight for 500 ms, so that what it fetches to render (a product
    list) is there; a page that keeps polling is observed as it is.
    """
    try:
        page.wait_for_load_state("domcontentloaded", timeout=10_000)
        if quiet:
            page.wait_for_load_state("networkidle", timeout=QUIET_MS)
    except Exception:  # a page that never settles is still observed as it is
        pass
    last: Exception | None = None
    view = _VIEWS.get(page)
    if view is not None and view.url != page.url:
        view = None
        _VIEWS.pop(page, None)
    for _ in range(3):
        try:
            taken = outline.take(page, view)
            break
        except Exception as exc:  # navigation in flight destroys the context; try again
            last = exc
            page.wait_for_timeout(200)
    else:
        raise LumenError(f"could not take a snapshot of {page.url} for the model: {last}",
                         remedy="the page is very large or still loading: wait for it in the test, or split the step")
    text, truncated = bound(taken.text, max_chars)
    shown = REF.findall(text)
    return Observation(
        url=page.url,
        title=taken.title,
        kind=page_kind(text),
        snapshot=text,
        refs=Refs(shown, {ref: taken.refs.pieces[ref] for ref in shown if ref in taken.refs.pieces}),
        truncated=truncated,
        full_chars=len(taken.text),
        lists={name: path for name, path in taken.lists.items() if f"[list={name}]" in text},
        elements=taken.elements,
    )


def show_items(page: Page, obs: Observation, args: Mapping[str, Any]) -> tuple[str, bool]:
    """Ask for other items of a list the model saw summarised, for the next observation to show them:
    the status for the model, and whether the call was unusable (no such list in ``obs``)."""
    name = str(args.get("list", ""))
    if name not in obs.lists:
        shown = ", ".join(obs.lists) or "none on this page"
        return f"invalid call: no list {name!r} in the latest snapshot (lists: {shown})", True
    start = max(1, int(args.get("start") or 1))
    containing = str(args.get("containing") or "")
    _VIEWS[page] = View(page.url, obs.lists[name], start, containing)
    what = f" containing {containing!r}" if containing else ""
    return f"ok: the page below shows the items of {name}{what} from item {start:,}", False
