"""Element fingerprints: what an element was, to check its identity before acting and to find it again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cache.model import Fingerprint
from . import aria, scripts
from .declared import Declared
from .enclosing import SECTIONS_JOIN
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


# How many look-alikes an element has is counted apart (``count_look_alikes``), not read from it; the
# version is how the fingerprint was captured (the model's default), not something of the element; its
# item's identifying text and the header of its column are chosen with its locator (``items.scoped``), and a checked
# cell's column with its row (``items.keyed_cell``).
COUNTED_APART = ("look_alikes", "version", "item", "item_column", "column")
# The fields the page reads from an element (``js/fingerprint.js``), in the model's order.
PAGE_FIELDS: tuple[str, ...] = tuple(name for name in Fingerprint.model_fields if name not in COUNTED_APART)
# The roles whose accessible name, short of an aria-label or a label, is the element's text (as is
# an element's without a role): ARIA's "name from content", approximately.
NAME_FROM_CONTENT_ROLES = ("button", "link", "heading", "option", "tab", "menuitem", "cell", "listitem", "checkbox", "radio")
# The scripts a fingerprinter needs (``js/fingerprint.js`` and what it calls), in load order.
FINGERPRINTER = ("deep", "composed", "enclosing", "hash", "icon", "fingerprint")
CAPTURE_JS = scripts.function("capture", (*FINGERPRINTER, "capture"))
CAPTURE_ONLY_JS = scripts.function("captureOnly", (*FINGERPRINTER, "capture_only"))
SCAN_JS = scripts.function("scan", (*FINGERPRINTER, "declared", "scan"))
INDEX_JS = scripts.function("indexIn", ("deep", "index"))
LOOK_ALIKES_JS = scripts.function("lookAlikes", (*FINGERPRINTER, "look_alikes"))

INTERACTIVE = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], "
    "[role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], "
    "[role=combobox], [role=textbox], [role=searchbox], [role=spinbutton], [onclick], [tabindex]:not([tabindex='-1'])"
)
# The roles of the containers a fingerprint names as its element's landmark (and counts its peers in).
LANDMARKS = ("form", "search", "navigation", "main", "banner", "contentinfo", "complementary", "region", "dialog",
             "alertdialog", "toolbar", "menu", "menubar", "tablist", "listbox", "grid", "table")
# The characters of the text around an element and of its heading that a fingerprint keeps (``js/fingerprint.js``
# cuts them there, mid-word; ``js/headings.js`` cuts a heading so too).
TEXT_CUT = 80
# What ``js/fingerprint.js`` is told: the evaluate() argument of every script that fingerprints elements.
# ``stamped``: role and name are Playwright's, handed over by ``aria.stamp`` (a scan); otherwise the page
# approximates them and ``capture`` replaces them with Playwright's.
CONFIG: dict[str, Any] = {
    "fields": list(PAGE_FIELDS), "nameFromContent": list(NAME_FROM_CONTENT_ROLES), "landmarks": list(LANDMARKS),
    "interactive": INTERACTIVE, "store": aria.STORE, "separator": aria.SEPARATOR, "roleless": list(aria.ROLELESS),
    "stamped": False, "sectionsJoin": SECTIONS_JOIN, "textCut": TEXT_CUT,
}
STAMPED: dict[str, Any] = {**CONFIG, "stamped": True}
# A scan reads every candidate of a page: what it is about (``within``) is read of the one a heal weighs instead.
SCANNED: dict[str, Any] = {**STAMPED, "fields": [f for f in PAGE_FIELDS if f != "within"]}
GENERIC_TAGS = {"div", "span"}  # too common to add to a scan: an element of these is found by its role or fallbacks
# The tags whose implicit role (in ``js/fingerprint.js``) is one of these: a scan for a role includes them.
ROLE_TAGS: dict[str, str] = {
    "dialog": "dialog", "navigation": "nav", "main": "main", "complementary": "aside",
    "banner": "header", "contentinfo": "footer", "form": "form", "region": "section",
}


def page_fields(*names: str) -> tuple[str, ...]:
    """``names``, checked to be fingerprint fields the page reads: a table of them cannot drift from the model."""
    unknown = [name for name in names if name not in PAGE_FIELDS]
    if unknown:
        raise ValueError(f"not fingerprint fields the page reads: {', '.join(unknown)}")
    return names


@dataclass(frozen=True)
class Candidate:
    """A visible element of the page as a scan saw it: its index in the scan's selector list, its fingerprint."""

    index: int
    fingerprint: Fingerprint
    declared: Declared = Declared()  # what it declares it does when activated (its href, its form's action)


def scan_selector(fp: Fingerprint | None = None) -> str:
    """The elements a relocation considers: the interactive ones, plus those of the recorded element's tag and role."""
    parts = [INTERACTIVE]
    if fp is not None:
        if fp.tag and fp.tag not in GENERIC_TAGS and fp.tag.isalnum():
            parts.append(fp.tag)
        if fp.role and fp.role.isalpha():
            parts.append(f"[role={fp.role}]")
            if fp.role in ROLE_TAGS and ROLE_TAGS[fp.role] != fp.tag:
                parts.append(ROLE_TAGS[fp.role])
    return ", ".join(parts)


RoleName = tuple[str | None, str | None]


def capture(target: Locator, role_name: RoleName | None = None) -> Fingerprint:
    """The fingerprint of one element (the locator must match exactly one), with Playwright's role and name.

    ``role_name``: known already (the element was found by a role locator), no need to ask Playwright.
    """
    data: dict[str, Any] = evaluate(target, CAPTURE_JS, CONFIG)
    return _with_aria(Fingerprint.model_validate(data), target, role_name)


def _with_aria(fp: Fingerprint, target: Locator, role_name: RoleName | None) -> Fingerprint:
    role, name = role_name if role_name is not None else aria.of_element(target)
    return fp.model_copy(update={"role": role, "name": name})


@dataclass(frozen=True)
class Look:
    """What one look at a locator saw: how many elements match, and the only one's fingerprint and state."""

    count: int = 0
    fingerprint: Fingerprint | None = None
    enabled: bool = False


def capture_only(target: Locator, role_name: RoleName | None = None) -> Look:
    """How many elements the locator matches now (no waiting); the fingerprint when it is exactly one.

    ``role_name``: as for ``capture``; otherwise Playwright is asked, two more round trips.
    """
    data: dict[str, Any] = target.evaluate_all(CAPTURE_ONLY_JS, CONFIG)
    fp = _with_aria(Fingerprint.model_validate(data["fp"]), target, role_name) if data["fp"] is not None else None
    return Look(int(data["count"]), fp, bool(data["enabled"]))


def count_look_alikes(target: Locator, fp: Fingerprint) -> int:
    """How many other visible elements share the element's tag, role and what it says (its name, else its text)."""
    aria.stamp(target.page)
    arg = {"config": SCANNED, "selector": scan_selector(fp), "role": fp.role, "name": fp.name, "text": fp.text}
    return int(evaluate(target, LOOK_ALIKES_JS, arg))


def capture_with_look_alikes(target: Locator) -> Fingerprint:
    """The fingerprint of one element, with its look-alike count (for what is written to the cache)."""
    fp = capture(target)
    return fp.model_copy(update={"look_alikes": count_look_alikes(target, fp)})


def scan(page: Page, selector: str = INTERACTIVE) -> list[Candidate]:
    """The page's visible elements matching ``selector`` (open shadow roots included), with their fingerprints."""
    aria.stamp(page)
    rows: list[dict[str, Any]] = page.evaluate(SCAN_JS, {"config": SCANNED, "selector": selector})
    return [Candidate(row.pop("index"), declared=Declared.from_page(row.pop("declared", None)),
                      fingerprint=Fingerprint.model_validate(row)) for row in rows]


def index_of(target: Locator, selector: str) -> int:
    """The element's index in a scan of ``selector`` (-1 when it is not one of them)."""
    return int(evaluate(target, INDEX_JS, selector))

