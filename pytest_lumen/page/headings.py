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

from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.fingerprints import name_or_text
from ..cache.model import Fingerprint
from ..templates import placeholders
from . import scripts
from .declared import an_address
from .enclosing import section_words, words_in_order
from .evaluate import evaluate
from .items import ITEM_ROLES
from .purpose import consequence

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ABOVE_JS = scripts.function("headingsAbove", ("deep", "composed", "hash", "enclosing", "headings"))
HELD = "destroy"  # the consequence whose controls are held to their heading (``purpose.CONSEQUENCES``)
TITLE_RANK = 1  # a heading of this rank is the page's title, above every control of the page: no part of it
Outline = list[tuple[str, int]]  # the headings above an element, nearest first: (text, rank)


def held(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to the heading it sat under: a control that destroys
    (``purpose.consequence``: "Delete", "Remove", "Revoke"), outside any dialog (whose title and description hold it:
    ``enclosing.held_to_question``), no link that declares where it leads, under a heading with words that shows no
    value of the test's (a placeholder: the test's data, not a part of the page), and either the page's only one of
    its name (look-alikes have their heading in their identity already) or in an item of its own under a heading that
    is not the item's ("Pending invitations" over the invitations' table, not a card's own title)."""
    heading = recorded.heading or ""
    if (consequence(name_or_text(recorded)) != HELD or recorded.in_dialog or an_address(recorded.href)
            or not words_in_order(heading) or placeholders(heading)):
        return False
    if recorded.item:
        return recorded.role not in ITEM_ROLES and _said(recorded.item) != _said(heading)
    return not recorded.look_alikes


def above(element: Locator) -> Outline:
    """The headings above the element, nearest first (``js/headings.js``); none when it is gone. One round trip."""
    try:
        return [(str(text), int(rank)) for text, rank in evaluate(element, ABOVE_JS)]
    except PlaywrightError:
        return []


def apart(recorded: Fingerprint, current: Fingerprint, read: Callable[[], Outline]) -> str | None:
    """Why ``current`` is not where the recorded element, held to its heading (``held``), was; else None.

    It is where it was when its nearest heading says the recorded one's words (case and counts aside); or, outside an
    item (whose text moves with the item: Grace Hopper's row, in Members now), the text around it still holds the
    recorded text (``_around``: a heading reworded over the same paragraph); or the recorded heading is one of the
    headings above it (``read``, read only now: a heading added between them, "Delete this project" under "Danger
    zone"), unless only as the page's title, which is above every control of the page. An element under no heading
    tells nothing either way."""
    if not held(recorded) or (current.heading is not None and _said(current.heading) == _said(recorded.heading)):
        return None
    said = section_words(recorded.heading or "") | section_words(current.heading or "")
    was, now = _around(recorded, said), _around(current, said)
    if not recorded.item and was and was <= now:
        return None
    outline = read()
    if not outline or any(_said(text) == _said(recorded.heading) for text, rank in outline if rank > TITLE_RANK):
        return None
    return (f"it is under the heading {outline[0][0]!r}; the recorded {name_or_text(recorded)!r}, which would "
            f"{consequence(name_or_text(recorded))}, was under {recorded.heading!r}")


def _said(heading: str | None) -> tuple[str, ...]:
    """What a heading says: its words in order, case and counts aside ("Pending invitations (2)")."""
    return words_in_order(heading)


def _around(fp: Fingerprint, headings_say: frozenset[str]) -> frozenset[str]:
    """The words of the text around an element (its ``context``), counts aside, but those its headings say (the
    recorded one's and the element's now): a card's text holds its heading's, which is compared apart."""
    return section_words(fp.context or "") - headings_say
