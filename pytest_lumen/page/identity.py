"""The identity gate: Playwright acts on the primary locator's element only if it is exactly the recorded one.

Replay checks an element's identity before acting on it. Done as a separate look at the page
that costs a browser round trip per action, as much as the action itself. The gate folds the
check into the action: a selector engine (``lumen-identity``) chained after the primary locator
keeps the element only when its fingerprint, computed in the page, hashes to the recorded one.
Playwright's own click or fill then waits for it, checks it is visible, enabled and the only
match, and acts, in one round trip.

The gate only ever speeds replay up: it passes when every identifying attribute is unchanged
(position and CSS path aside, and the text around the element and its heading unless it had look-alikes, its heading
kept for a control that destroys, the page's only one or in an item, ``headings.held``; the icon of a control
without words, ``icons.py``), and the element is in the named section it was recorded in
(``enclosing.section_key``), in a dialog as it was or not, under the title its dialog showed
(``enclosing.held_to_title``), and, for a control whose words have consequences, with the description its dialog
showed (``enclosing.held_to_question``), where the full check would pass too. When the locator's element is not the recorded
one, the gated action fails at once (the engine throws); when no element shows up within 0.5 s and the page
holds none of the recorded role and name (``replay/gate.py`` asks), it gives up. Either way replay then
takes the full path (look, compare, heal), which accepts what the gate accepts (``holds``).

Only a hash goes into the selector, never the attributes, and no gate is used for a target
whose fingerprint holds a variable's value: selectors show up in traces and error messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cache.fingerprints import DECLARED_VERSION
from ..cache.model import Fingerprint
from . import headings, icons, keyed, scripts
from .enclosing import (
    SECTIONS_JOIN,
    elsewhere,
    held_to_question,
    held_to_section,
    held_to_title,
    section_key,
    sections,
)
from .fingerprint import CONFIG, FINGERPRINTER, page_fields
from .hashing import SEPARATOR, cyrb53
from .holds import FILLED, KEPT
from .items import ITEM_ROLES, names_item
from .settling import OPENING_MS

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ENGINE = "lumen-identity"
# The identifying attributes, in hash order. Role and name come first: they are left out when the
# primary locator is a role locator, whose own role and name then stand in for them (the cache keeps
# the locator's role and name in the fingerprint, which the page's approximation may word otherwise).
FIELDS = page_fields("role", "name", "tag", "text", "id", "name_attr", "type", "placeholder", "href", "label", "test_id",
                     "context", "heading", "action", "method", "within", "in_dialog", "icon", "dialog_title",
                     "dialog_description")
ROLE_AND_NAME = ("role", "name")
# What a fill may change: its own text (a contenteditable) and the text around it (a line total, a
# validation message, suggestions); and what the answer to a check's click may (a status line beside a switch). The
# gate that finds a filled field again to read it back, or a checked control to read its state, skips them.
LIVE = ("text", "context")
# The text around an element changes with the page's state (a count, a total, a message next to it).
# It tells look-alikes apart (an "Add to cart" per product), and so does the heading above them (the "Street address"
# of the "Shipping address" card and of the "Billing address" card), so they are in their gate only: for any
# other element, a changed context would only send replay down the full path, a round trip later, every run.
CONTEXT = ("context", "heading")
# A control held to the heading it sat under (``headings.held``: it destroys, and it was the page's only one of its
# name or sits in an item): its heading is in its gate, the text around it still not ("h" instead of "c" or "i").
PLACE = ("context",)
# An element its locator finds in a repeated item by the item's identifying text (``Fingerprint.item``,
# ``items.py``): the item's other text around it is evidence, not identity (a column added, a date
# reformatted); the item itself (a row checked): its name and text too, which are all its cells.
IN_ITEM = ("context", "heading")
# What the page reads from an element's rendering (its text, its label's, the text around it): a hidden element shows
# none of it, and its identity is checked without it (``holds(..., hidden=True)``).
RENDERED = ("text", "label", "context")
THE_ITEM = ("name", "text", "context", "heading")
# Where a submit button sends its form: recorded from fingerprint version 4 on (``DECLARED_VERSION``); an older
# fingerprint does not know it, and its identity leaves it out.
DECLARED = ("action", "method")
# The named section an element is in (``within``): an "Accept" is the cookie banner's, not a terms dialog's. The gate
# hashes its innermost name (``enclosing.section_key``); the full path's rule is wider (``enclosing.other_section``:
# counts aside, a name that only gained or lost words, a section gone). An element recorded in no named
# section, or in a file from before sections were read, is held to none (scope letter "w").
SECTION = ("within",)
# Whether a dialog held it (``in_dialog``): unknown of a file recorded before it, whose identity leaves it out ("m").
DIALOG = ("in_dialog",)
# What a control without words shows (``icons.py``): its identity, which a named element's leaves out, and so does a
# fingerprint from before icons were read ("n").
ICON = ("icon",)
# The title of the dialog it is in (``dialog_title``): hashed for an element held to it (``enclosing.held_to_title``:
# in a dialog that showed a title; ``enclosing.held_to_question``, numbers and all); for any other it is left out
# ("u"). The full path's rule is wider (``enclosing.other_title``: the title's words, counts aside).
TITLE = ("dialog_title",)
# The description of the dialog it is in (``dialog_description``): hashed for a control held to what its dialog
# says (``enclosing.held_to_question``: its words have consequences); for any other it is left out ("q"). The full
# path's rule compares the title's and the description's words and numbers (``enclosing.other_question``).
QUESTION = ("dialog_description",)
# Which attributes each scope letter of the selector leaves out; Python and the page read the same table.
SKIPS: dict[str, tuple[str, ...]] = {"r": ROLE_AND_NAME, "v": LIVE, "c": CONTEXT, "h": PLACE, "i": IN_ITEM, "s": THE_ITEM,
                                     "d": DECLARED, "w": SECTION, "m": DIALOG, "n": ICON, "u": TITLE,
                                     "q": QUESTION}
# With scope letter "t" the engine throws this when the locator's element is not the recorded one:
# Playwright then fails at once instead of waiting for an element that will not come.
MISMATCH = "lumen-identity: not the recorded element"
MISSING = "\u001e"

# What ``js/identity_engine.js`` is told: the fingerprint config, the hash order, the scope table, and where a
# gated fill keeps the field it acted on (``holds.py``).
ENGINE_CONFIG: dict[str, object] = {
    # the page reads only what a scope hashes (a fingerprint's costly fields, its rank, heading or context, are not)
    "fingerprint": {**CONFIG, "fields": list(FIELDS)}, "fields": list(FIELDS),
    "skips": {letter: list(names) for letter, names in SKIPS.items()},
    "missing": MISSING, "separator": SEPARATOR, "mismatch": MISMATCH, "filled": FILLED, "kept": KEPT,
    "section": SECTION[0], "sectionsJoin": SECTIONS_JOIN, "openingMs": OPENING_MS,
}
ENGINE_JS = scripts.engine("identityEngine", (*FINGERPRINTER, "settling", "identity_engine"),
                           ENGINE_CONFIG)

def identity_selector(fp: Fingerprint, after_fill: bool = False, fail_fast: bool = False, keep: str | None = None,
                      answered: bool = False) -> str:
    """The ``lumen-identity=…`` selector that keeps only an element with this fingerprint's identity.

    Role and name are always left to Playwright's role engine (``gated``); ``after_fill``: the
    attributes a fill may change (``LIVE``) are left out; the context counts only for an element
    that had look-alikes when it was recorded, its heading for one too and for a control held to it
    (``context_scope``), the innermost named section's name only for one recorded in a section.
    ``fail_fast``: an element that is not the recorded one makes the query fail (``MISMATCH``) instead of matching
    nothing. ``keep``: a gated fill's or select's token (``holds.token``), under which the page
    keeps the element matched, for ``holds.provided`` and ``holds.stayed``. ``answered``: its icon left out too.
    """
    icon = "n" if answered else icon_scope(fp)
    scope = "".join(dict.fromkeys(  # each letter once ("h" of a held control in an item, with no look-alikes)
        "r" + ("v" if after_fill else "") + context_scope(fp) + item_scope(fp) + declared_scope(fp) + section_scope(fp)
        + dialog_scope(fp) + icon + title_scope(fp) + question_scope(fp)))
    skip = {name for letter in scope for name in SKIPS.get(letter, ())}
    values = [_identifying(fp, name) for name in FIELDS if name not in skip]
    key = SEPARATOR.join(MISSING if v is None else str(v) for v in values)
    kept = f":{keep}" if keep else ""
    return f"{ENGINE}={(scope + ('t' if fail_fast else '')) or 'x'}:{cyrb53(key)}{kept}"


def holds(recorded: Fingerprint, current: Fingerprint, hidden: bool = False) -> bool:
    """Whether ``current`` has the recorded element's identity as the gate checks it: the same role and name,
    exactly (as Playwright's role engine compares names: whitespace collapsed), and every other identifying
    attribute (``FIELDS``, the context only for an element that had look-alikes, the heading for one held to it too)
    unchanged (in a dialog as it was or not), in no other named section (``enclosing.other_section``: wider than the
    gate's key); ``hidden``: ``current`` is of a hidden element, whose
    rendered text (``RENDERED``) is not compared.

    The full path accepts such an element as the gate does, whatever its similarity to its neighbours: one rule,
    whichever path an action takes (a busy machine sends an action the gate would pass down the full path)."""
    if not same_role_and_name(recorded, current, named=not is_item(recorded)):
        return False
    letters = ("r", context_scope(recorded), item_scope(recorded), declared_scope(recorded), "w", "m",
               icon_scope(recorded), "u", "q")
    skip = {name for letter in letters for name in SKIPS.get(letter, ())} | (set(RENDERED) if hidden else set())
    return (all(getattr(recorded, name) == getattr(current, name) for name in FIELDS if name not in skip)
            and elsewhere(recorded, current, sections(current.within)) is None)


def context_scope(fp: Fingerprint) -> str:
    """The scope letter of what the text around an element and its heading are to its identity: "" (both in it) for an
    element recorded with look-alikes, which they told apart; "h" (its heading in it) for a control held to its heading
    (``headings.held``); else "c" (neither)."""
    return "" if fp.look_alikes else "h" if headings.held(fp) else "c"


def question_scope(fp: Fingerprint) -> str:
    """The scope letter of an element whose identity leaves its dialog's description out (any not
    ``held_to_question``): "q"."""
    return "" if held_to_question(fp) else "q"


def section_scope(fp: Fingerprint) -> str:
    """The scope letter of an element not held to a named section (``enclosing.held_to_section``: recorded in none, or
    before sections were read, or a link that declares where it leads): "w"."""
    return "" if held_to_section(fp) else "w"


def dialog_scope(fp: Fingerprint) -> str:
    """The scope letter of a fingerprint from a file recorded before ``in_dialog`` was: "m"."""
    return "m" if fp.in_dialog is None else ""


def title_scope(fp: Fingerprint) -> str:
    """The scope letter of an element whose identity leaves its dialog's title out (any held neither to its title nor
    to what its dialog says: ``held_to_title``, ``held_to_question``): "u"."""
    return "" if held_to_title(fp) or held_to_question(fp) else "u"


def icon_scope(fp: Fingerprint) -> str:
    """The scope letter of an element whose identity leaves its icon out (``icons.compared``: one with words, or
    recorded before icons were read): "n"."""
    return "" if icons.compared(fp) else "n"


def _identifying(fp: Fingerprint, name: str) -> object:
    """The attribute ``name`` of ``fp`` as its identity hashes it (a truth value as the page writes it: true)."""
    value = section_key(fp.within) if name == "within" else getattr(fp, name)
    return ("true" if value else "false") if isinstance(value, bool) else value


def item_scope(fp: Fingerprint) -> str:
    """The scope letter of an element its locator finds in a repeated item by the item's identifying text: "s" for
    the item itself, "i" for an element in it ("h", its heading kept, for a control held to the heading over its item:
    ``headings.held``); "" for any other element, and for one whose item's text is no name
    (an id, a figure: a re-seed gives it to another record, so the text around the element stays its identity)."""
    if not fp.item or not names_item(fp.item):
        return ""
    return "s" if is_item(fp) else "h" if headings.held(fp) else "i"


def declares_alike(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether the element sends its form where and how the recorded one did (unknown of an older fingerprint)."""
    return bool(declared_scope(recorded)) or all(getattr(recorded, a) == getattr(current, a) for a in DECLARED)


def declared_scope(fp: Fingerprint) -> str:
    """The scope letter of a fingerprint recorded before a submit button's form action was (``DECLARED_VERSION``)."""
    return "d" if fp.version < DECLARED_VERSION else ""


def is_item(fp: Fingerprint) -> bool:
    """Whether the element is itself an item its locator finds by its identifying text (a row, not a cell of it)."""
    return bool(fp.item) and fp.role in ITEM_ROLES


def same_role_and_name(recorded: Fingerprint | None, current: Fingerprint | None, named: bool = True) -> bool:
    """Whether both are known and have one role and, whitespace collapsed, one name (the gate's exact role locator);
    ``named=False``: the role only (an item's name is all its text: its locator checks what identifies it)."""
    if recorded is None or current is None or recorded.role is None:
        return False
    def plain(name: str | None) -> str | None:
        return " ".join(name.split()) if name is not None else None
    return recorded.role == current.role and (not named or plain(recorded.name) == plain(current.name))


def gated(primary: Locator, fp: Fingerprint | None, after_fill: bool = False,
          fail_fast: bool = False, named_exactly: bool = False, keep: str | None = None) -> Locator | None:
    """The primary locator narrowed to the recorded element; None when there is no fingerprint to gate on.

    Role and name are checked by Playwright's own role engine, exactly: by the primary locator itself
    when it is a role locator with the recorded name, exact (``named_exactly``), else by
    ``and_(get_by_role(role, name=..., exact=True))`` (a role locator that matches a part of a name,
    "Place order", also finds "Place order by phone"). The other attributes: the ``lumen-identity`` hash.
    ``keep``: see ``identity_selector``. An element found in a table row by its identifying text: in a row that holds
    that text in the recorded column (``keyed``).
    """
    if fp is None:
        return None
    return _keyed(_by_role(primary, fp, named_exactly).locator(identity_selector(fp, after_fill, fail_fast, keep)), fp,
                  fail_fast)


def answered(primary: Locator, fp: Fingerprint | None, named_exactly: bool = False) -> Locator | None:
    """``gated``, fail-fast, for the control as the answer to its click may leave it (a check's, whose state is read
    then): its identity without what that answer may change, the text around it (``LIVE``: a status line) and, for a
    control without words, its icon (a theme switch's sun became a moon). None without a fingerprint."""
    if fp is None:
        return None
    return _keyed(_by_role(primary, fp, named_exactly).locator(identity_selector(fp, after_fill=True, fail_fast=True,
                                                                                 answered=True)), fp, True)


def _keyed(loc: Locator, fp: Fingerprint, fail_fast: bool) -> Locator:
    """``loc`` kept to an element whose row holds its identifying text in the recorded column (``keyed.selector``)."""
    held = keyed.selector(fp, fail_fast)
    return loc if held is None else loc.locator(held)


def _by_role(primary: Locator, fp: Fingerprint, named_exactly: bool) -> Locator:
    """The primary locator, with the recorded role and name checked by Playwright's role engine (see ``gated``)."""
    if fp.role is None or named_exactly:
        return primary
    return primary.and_(primary.page.get_by_role(fp.role, name=fp.name, exact=True)  # type: ignore[arg-type]
                        if fp.name is not None and not is_item(fp)
                        else primary.page.get_by_role(fp.role))  # type: ignore[arg-type]
