"""The names of the containers that hold an element: what it is about, as the page names it around it.

A named region, dialog, form, fieldset, grid or table around a control says what the control acts on ("Playlist:
Road trip" around a track's "Remove from playlist"): words a new name gained that only repeat such a name change no
scope (``heal/meaning.py``). A fingerprint keeps them as ``within``, innermost first (``js/enclosing.js``).

They are also the section an element is in: an "Accept" in the cookie banner is not the "Accept" of a terms dialog,
whatever else they share. The identity gate keeps an element in its recorded section only (``section_key``, in the
gate's hash); the full path and the judge refuse one in a section named otherwise (``other_section``). One rule at two
strengths: what the gate lets through, the full path accepts too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ENCLOSING_JS = scripts.function("enclosingNames", ("enclosing",))
SECTIONS_JOIN = " / "  # between the names of ``within``
NUMBER = "#"  # what a section's numbers are read as in its key ("Your cart (#)")
DIGITS = re.compile("[0-9]+")  # ASCII digits, as ``js/identity_engine.js`` reads them
_WORD = re.compile(r"\w+")


def enclosing_names(element: Locator) -> list[str]:
    """The names of the named containers around ``element``, innermost first; none when it cannot be read."""
    try:
        return [str(name) for name in evaluate(element, ENCLOSING_JS)]
    except PlaywrightError:
        return []


def sections(within: str | None) -> list[str]:
    """The names of the named containers a fingerprint's ``within`` holds, innermost first."""
    return within.split(SECTIONS_JOIN) if within else []


def section_key(within: str | None) -> str | None:
    """What of the named sections around an element the identity gate compares: the innermost one's name, its
    numbers read as one sign ("Your cart (2 items)" and "Your cart (3 items)" are one key); None for no section."""
    return DIGITS.sub(NUMBER, sections(within)[0]) if within else None


def other_section(recorded: str | None, names: list[str]) -> str | None:
    """Why an element held by the named containers ``names`` (innermost first) is not in the section the recorded
    one was in (``recorded``: its ``within``), or None. None when one of them is named as its innermost one was (their
    words, numbers aside, one holding the other's); else, of those containers that were not around the recorded one
    too (its form, its page's regions), one must be so named, unless there are none (a form without its fieldsets),
    or none held the recorded one."""
    chain = sections(recorded)
    words_of = [section_words(name) for name in chain]
    if not words_of or not words_of[0] or any(_alike(section_words(name), words_of[0]) for name in names):
        return None
    own = [name for name in names if not any(_alike(section_words(name), outer) for outer in words_of[1:])]
    if not own:
        return None
    return f"it is in {own[0]!r}, and the recorded element was in {chain[0]!r}"


def section_words(name: str) -> frozenset[str]:
    """A section's name as words, lower case, its counts and numbers left out ("Your cart (2 items)": your, cart,
    items)."""
    return frozenset(w for w in _WORD.findall(name.lower()) if not any(c.isdigit() for c in w))


def _alike(one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether two sections' names are one name (their words, one holding the other's)."""
    return bool(one) and bool(other) and (one <= other or other <= one)
