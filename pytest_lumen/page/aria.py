"""Playwright's own roles and accessible names, so that what is recorded and what is checked agree.

A fingerprint's ``role`` and ``name`` are the ones Playwright's role engine computes (the names of
``get_by_role``, of ``aria_snapshot()``, of what the model was shown), never an approximation:

* one element: the first line of its own ``aria_snapshot(mode="ai", depth=0)``;
* a whole page (a relocation scan): one ``aria_snapshot(mode="ai")``, after which the
  ``lumen-aria`` engine hands every snapshot element's role and name to the page's world
  (``js/aria_stamp.js`` and ``js/aria_listen.js``), where ``js/fingerprint.js`` reads them.

An element that is not a node of the accessibility tree (a ``<span>`` of text), or whose role
names nothing (``generic``), has no role here, and an element Playwright gives no name has none:
what such an element says is its text (``cache/fingerprints.name_or_text``). A control that a
scan's snapshot shows with no ref (one that takes no pointer events: a disabled button) is not
stamped, and a scan leaves it out (``js/scan.js``): no recorded element was one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ENGINE = "lumen-aria"
EVENT = "lumen-aria"
STORE = "__lumenAria"  # the page-world WeakMap of element -> "role<separator>name"
SEPARATOR = "\u001f"
# Playwright roles that say nothing about what an element is: a fingerprint records no role for them.
ROLELESS = ("generic", "none", "presentation")
ENGINE_JS = scripts.engine("ariaStampEngine", ("aria_stamp",), {"event": EVENT, "separator": SEPARATOR})
LISTEN_JS = scripts.function("ariaListen", ("aria_listen",))

_LINE = re.compile(r'^- (?P<role>[A-Za-z][\w-]*)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[^\]]*\])*)')
_REF = re.compile(r"\[ref=([A-Za-z0-9_-]+)\]")


@dataclass(frozen=True)
class AriaNode:
    """One element of an AI snapshot: its Playwright role, accessible name and ref."""

    role: str
    name: str | None
    ref: str


def parse_line(line: str) -> AriaNode | None:
    """The element of one snapshot line (``- button "Add" [ref=e3]``); None for text and lines without a ref."""
    text = line.strip()
    if text.startswith("- '") and text.endswith(("'", "':")):  # YAML single-quoted key
        text = "- " + text[3:].rstrip(":").rstrip("'").replace("''", "'")
    match = _LINE.match(text)
    if match is None:
        return None
    ref = _REF.search(match.group("attrs") or "")
    if ref is None:
        return None
    raw = match.group("name")
    return AriaNode(match.group("role"), None if raw is None else _unescape(raw), ref.group(1))


def parse(snapshot: str) -> list[AriaNode]:
    """Every element with a ref in an AI snapshot, in order."""
    return [node for node in map(parse_line, snapshot.splitlines()) if node is not None]


def _unescape(raw: str) -> str:
    try:
        value = json.loads(f'"{raw}"')
    except ValueError:
        return re.sub(r"\\(.)", r"\1", raw)
    return value if isinstance(value, str) else raw


def role_and_name(role: str | None, name: str | None) -> tuple[str | None, str | None]:
    """A Playwright role and name as a fingerprint keeps them: no role for ``ROLELESS`` ones, no empty name."""
    if role is None or role in ROLELESS:
        return None, None
    return role, (name or None)


def of_element(loc: Locator) -> tuple[str | None, str | None]:
    """Playwright's role and name of one element (``(None, None)`` when it is no node of the tree).

    The element's own snapshot starts with its own line, unless it is no node of the tree (a
    ``<section>`` without a name): then with a child's, which the ``self`` query tells apart.
    """
    try:
        node = parse_line(loc.aria_snapshot(mode="ai", depth=0).split("\n", 1)[0])
        if node is None or loc.locator(f"{ENGINE}=self {node.ref}").count() != 1:
            return None, None
    except PlaywrightError:
        return None, None
    return role_and_name(node.role, node.name)


def stamp(page: Page) -> None:
    """Take an AI snapshot and hand every element's Playwright role and name to the page's world."""
    refs = [node.ref for node in parse(page.aria_snapshot(mode="ai"))]
    page.evaluate(LISTEN_JS, {"event": EVENT, "store": STORE})
    if refs:
        page.locator(f"{ENGINE}={' '.join(refs)}").count()  # the query runs the engine in the utility world
