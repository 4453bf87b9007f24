"""The headings above an element: what a control whose words have consequences, the page's only one of its name, is
held to. What it acts on is what the part of the page it sits in is about: the only "Delete" under "Danger zone"
deletes the project; when a release moved that one to another page, the only "Delete" left, under "Deploy keys",
deletes a key. Its name, its role and its being the only one all hold; its heading does not.

The identity gate hashes such a control's nearest heading (``identity.py``, scope letter "h"); when it is another, the
full path and the judge ask ``apart``, which reads the outline above the element (``js/headings.js``) before it
refuses: a heading added between them, or one reworded beside the same text, is no move.
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
from .enclosing import one_part, section_words, words_in_order
from .evaluate import evaluate
from .items import ITEM_ROLES
from .purpose import consequence

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ABOVE_JS = scripts.function("headingsAbove", ("deep", "composed", "hash", "enclosing", "headings"))


def held(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to the heading it sat under: a control whose words have consequences
    (``purpose.consequence``: "Delete", "Pay"), outside any dialog (whose title and description hold it:
    ``enclosing.held_to_question``), no link that declares where it leads, under a heading with words that shows no
    value of the test's (a placeholder: the test's data, not a part of the page), and either the page's only one of
    its name (look-alikes have their heading in their identity already) or in an item of its own under a heading that
    is not the item's ("Pending invitations" over the invitations' table, not a card's own title)."""
    heading = recorded.heading or ""
    if (consequence(name_or_text(recorded)) is None or recorded.in_dialog or an_address(recorded.href)
            or not words_in_order(heading) or placeholders(heading)):
        return False
    if recorded.item:
        return recorded.role not in ITEM_ROLES and not one_part(recorded.item, heading)
    return not recorded.look_alikes


def above(element: Locator) -> list[str]:
    """The headings above the element, nearest first (``js/headings.js``); none when it is gone. One round trip."""
    try:
        return [str(h) for h in evaluate(element, ABOVE_JS)]
    except PlaywrightError:
        return []


def apart(recorded: Fingerprint, current: Fingerprint, read: Callable[[], list[str]]) -> str | None:
    """Why ``current`` is not where the recorded element, held to its heading (``held``), was; else None.

    Its nearest heading is the recorded one by its words (counts aside, one holding the other's: ``one_part``); or the
    text around it is (``_around``: a heading reworded over the same text), unless it is an item's, which moves with
    the item (Grace Hopper's row, in Members now); or the recorded heading is one of the headings above it (``read``:
    the page's outline around it, nearest first, read only now: a heading added between them, "Delete this project"
    under "Danger zone"). An element under no heading now is read as in place: nothing
    tells either way, and so does one that shows a value of the test's."""
    if not held(recorded) or current.heading is None or placeholders(current.heading) or \
            one_part(recorded.heading or "", current.heading):
        return None
    was, now = _around(recorded), _around(current)
    if was and now and (was <= now or now <= was) and not recorded.item:  # an item's text moves with the item
        return None
    if any(one_part(recorded.heading or "", heading) for heading in read()):
        return None
    return (f"it is under the heading {current.heading!r}; the recorded {name_or_text(recorded)!r}, which would "
            f"{consequence(name_or_text(recorded))}, was under {recorded.heading!r}")


def _around(fp: Fingerprint) -> frozenset[str]:
    """The words of the text around an element (its ``context``) that its heading does not say, counts aside: a card's
    text holds its heading's, which is compared apart."""
    return section_words(fp.context or "") - section_words(fp.heading or "")
