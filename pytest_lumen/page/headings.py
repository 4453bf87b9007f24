"""The headings above an element: what a control that destroys is held to. What it acts on is what the part of the
page it sits in is about: the only "Delete" under "Danger zone" deletes the project; when a release moved that one to
another page, the only "Delete" left, under "Deploy keys", deletes a key. Its name, its role and its being the only
one all hold; its heading does not. So with a row's "Remove" under "Pending invitations": the same person's row in
"Members", under the same "Name" column, is not the recorded one.

The identity gate hashes such a control's nearest heading (``identity.py``, scope letter "h"); when it is another, the
full path and the judge ask ``apart``, which reads the outline above the element (``js/headings.js``) before it
refuses: a heading added between them, or one reworded over the same text, is no move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from playwright.sync_api import Error as PlaywrightError

from ..cache.fingerprints import name_or_text
from ..cache.model import Fingerprint
from ..templates import placeholders
from . import scripts
from .declared import an_address
from .enclosing import words_in_order
from .evaluate import evaluate
from .fingerprint import TEXT_CUT
from .items import ITEM_ROLES
from .purpose import consequence
from .quality import NUMBER, UNIT

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ABOVE_JS = scripts.function("headingsAbove", ("deep", "composed", "hash", "enclosing", "headings"))
HELD = "destroy"  # the consequence whose controls are held to their heading (``purpose.CONSEQUENCES``)


class Above(NamedTuple):
    """A heading above an element (``js/headings.js``): its text as a fingerprint reads it, whether it is the page's
    title, and its text as its name reads it, what ``aria-hidden`` hides left out (an icon font's ligature)."""

    text: str
    title: bool
    named: str


Outline = list[Above]  # the headings above an element, nearest first


def held(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to the heading it sat under: a control that destroys
    (``purpose.consequence``: "Delete", "Remove", "Revoke"), outside any dialog (whose title and description hold it:
    ``enclosing.held_to_question``), no link that declares where it leads, under a heading with words that shows no
    value of the test's (a placeholder: the test's data, not a part of the page), and either the page's only one of
    its name (look-alikes have their heading in their identity already) or in an item of its own under a heading that
    is not the item's ("Pending invitations" over the invitations' table, not a card's own title)."""
    heading = recorded.heading or ""
    if (consequence(name_or_text(recorded)) != HELD or recorded.in_dialog or an_address(recorded.href)
            or not _said(heading) or placeholders(heading)):
        return False
    if recorded.item:
        return recorded.role not in ITEM_ROLES and _said(recorded.item) != _said(heading)
    return not recorded.look_alikes


def above(element: Locator) -> Outline | None:
    """The headings above the element, nearest first (``js/headings.js``); None when it could not be read (it is
    gone). One round trip."""
    try:
        return [Above(str(text), bool(title), str(named)) for text, title, named in evaluate(element, ABOVE_JS, TEXT_CUT)]
    except PlaywrightError:
        return None


def apart(recorded: Fingerprint, current: Fingerprint, read: Callable[[], Outline | None]) -> str | None:
    """Why ``current`` is not where the recorded element, held to its heading (``held``), was; else None.

    It is where it was when its nearest heading says the recorded one's words (case, counts and numbers aside:
    ``_says_alike``); or, outside an item (whose text moves with the item: Grace Hopper's row, in Members now), the text
    around it after its heading is the recorded text, word for word (``_same_text``: a heading reworded over the same
    paragraph); or the recorded heading is one of the headings above it (``read``, read only
    now: a heading added between them, "Delete this project" under "Danger zone"; each as its text reads, or as its name
    does where that leaves an icon font's ligature aside: ``_named``), unless only as the page's title
    (its only first-rank heading), which is above every control of the page. An element under no heading tells
    nothing either way; one whose headings could not be read (``read`` gives None) is not taken."""
    if not held(recorded) or (current.heading is not None and _says_alike(current.heading, recorded.heading)):
        return None
    if not recorded.item and _same_text(recorded, current):
        return None
    outline = read()
    if outline is not None and (not outline or any(_says_alike(h.text, recorded.heading)
                                                   or _says_alike(_named(h), recorded.heading)
                                                   for h in outline if not h.title)):
        return None
    shown = f"under the heading {outline[0].text!r}" if outline else "where its headings could not be read"
    return (f"it is {shown}; the recorded {name_or_text(recorded)!r}, which would "
            f"{consequence(name_or_text(recorded))}, was under {recorded.heading!r}")


COUNT = re.compile(NUMBER + UNIT + "?")  # a number as a heading shows a count: 2, 1,024, 12.50, 1.5k, 2h
GLUED = re.compile(r"(.*[^\W\d_])\d+")  # a word whose letters a number follows with no space: "invitations2"


def _said(heading: str | None) -> tuple[str, ...]:
    """What a heading says: its words in order, case, counts and numbers aside ("Pending invitations 2", "Order 1042",
    "1.5k", "2h": a count or a record's number is the app's data, its words the part of the page)."""
    return tuple(word for word in words_in_order(heading) if not (word.isdigit() or COUNT.fullmatch(word)))


LIGATURE = r"[a-z][a-z0-9_]*"  # an icon font's ligature, as Material Symbols spell theirs: "mail", "delete_forever"


def _named(heading: Above) -> str | None:
    """The heading as its name reads it, when what its text holds beside that is an icon font's ligature alone ("mail"
    before "Pending invitations"); else None (what ``aria-hidden`` hid may be words: "PROD" before "Database")."""
    if heading.named == heading.text or re.fullmatch(rf"(?:{LIGATURE})?\s*{re.escape(heading.named)}\s*(?:{LIGATURE})?",
                                                     heading.text):
        return heading.named
    return None


def _says_alike(heading: str | None, recorded: str | None) -> bool:
    """Whether a heading says the recorded one's words (``_said``), or would but for a count glued to its last word on
    one side only: a badge a component renders right after the words, which the heading's text reads as "Pending
    invitations2", that a release added or took away. On both sides it is no count but the word ("IPv4", "IPv6")."""
    now, then = _said(heading), _said(recorded)
    if now == then:
        return True
    if not now or not then or now[:-1] != then[:-1]:
        return False
    (longer, shorter) = (now[-1], then[-1]) if len(now[-1]) > len(then[-1]) else (then[-1], now[-1])
    glued = GLUED.fullmatch(longer)
    return glued is not None and glued.group(1) == shorter


def _around(fp: Fingerprint) -> tuple[str, ...]:
    """The words of the text around an element (its ``context``, case and counts aside) after its heading's (a card's
    text begins with its heading, which is compared apart), but the last of a text the fingerprint cut (``TEXT_CUT``:
    mid-word, maybe)."""
    text = fp.context or ""
    words = words_in_order(text[len(fp.heading):] if fp.heading and text.startswith(fp.heading) else text)
    return words[:-1] if len(text) >= TEXT_CUT else words


def _same_text(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether the text around the element is the recorded text: word for word (``_around``), the shorter one
    beginning the longer one when either was cut; a text that gained a sentence after the recorded one is it too."""
    was, now = _around(recorded), _around(current)
    shorter, longer = sorted((was, now), key=len)
    return bool(shorter) and longer[:len(shorter)] == shorter
