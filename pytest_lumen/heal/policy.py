"""What identity means for one cached action: the attributes left out of the comparison, those pinned, and the
recorded effect that what a candidate declares must not contradict.

No Playwright here: an action, its recorded fingerprint and the page it was recorded on in, a ``Policy`` out.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

from ..cache.model import Action, Expect, Fingerprint
from ..templates import PLACEHOLDER
from ..urls import same_address
from .words import normalized


@dataclass(frozen=True)
class Policy:
    """What identity means for one action: attributes left out of the comparison, and pinned ones.

    ``pinned`` attributes must be unchanged in any element the judge accepts: a check that an element is
    visible is a check of its name, so it never heals into another name, except a same-scope synonym of it
    ("Sign in" shown as "Log in").
    """

    ignore: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    # A text check's recorded text, holding the asserted value: an element that shows exactly
    # this text is the checked one even when its container changed (``unchanged_text.py``).
    shown_text: str | None = None
    # A text check's asserted value: never evidence against its element (``asserted.asserted_value_aside``).
    asserted: str | None = None
    # A look-alike (one of several lists) is anchored by its context or its place, whichever holds.
    by_place: bool = False
    # The action's recorded effect that can confirm a relabelled element ("URL /login.html"), if any.
    effect: str | None = None
    # The URL of that effect (normalized): what a candidate declares must not contradict it (``destinations.py``);
    # ``new_page``: the URL of the page (a tab, a popup) the action opened.
    effect_url: str | None = None
    new_page: bool = False
    # The address of the page the recorded submit button was on, when its form posted there, written out
    # (starlette-admin's create page; normalized): a form that posts to the address of the page it is on now, that
    # address with only return addresses added, declares the same (``destinations.py``; a form with ``action=""``
    # declares nothing, and its landmark tells it).
    posted_to_its_page: str | None = None
    # The action acts on its element (a click, a fill: not a check): its name says what it does, whatever its role.
    acts: bool = False


def policy_for(action: Action, fingerprint: Fingerprint | None, recorded_page: str | None = None) -> Policy:
    """The identity policy of a cached action (``recorded_page``: the normalized URL of the page it was recorded on).

    For a text check, the text is what is asserted, so the element is known by everything
    else (a wrong total must fail the check, not send the heal to another element); for a
    count check, the list is known by everything but its content and the text around it.
    """
    if not isinstance(action, Expect) or fingerprint is None:
        url = _effect_url(action)
        opened = _opened_url(action)
        return Policy(effect=f"URL {url}" if url is not None else None, effect_url=url or opened,
                      new_page=url is None and opened is not None, acts=not isinstance(action, Expect),
                      posted_to_its_page=recorded_page if _posts_to(fingerprint, recorded_page) else None)
    if action.check == "text":
        derived = fingerprint.name is not None and normalized(fingerprint.name) == normalized(fingerprint.text)
        expected = normalized(action.expected) if isinstance(action.expected, str) else ""
        shown = fingerprint.text if expected and expected in normalized(fingerprint.text) else None
        return Policy(ignore=frozenset({"text", "name"} if derived else {"text"}), shown_text=shown,
                      asserted=action.expected if isinstance(action.expected, str) else None)
    if action.check == "visible":
        return Policy(pinned=frozenset({"name"} if fingerprint.name else {"text"}))
    if action.check == "count" and action.items is not None:
        # a list is the same list whatever it holds (what it holds is what is counted), where it was
        return Policy(ignore=frozenset({"text", "name"}), by_place=True)
    return Policy()


def _effect_url(action: Action) -> str | None:
    """Where the action was recorded to lead, that tells a control by its job and is checked exactly: its URL.

    (A page it opens is checked to open, not for where: no evidence.)"""
    after = action.after
    return after.url if after is not None and after.url is not None else None


def _posts_to(fingerprint: Fingerprint | None, page: str | None) -> bool:
    """Whether the recorded element is a submit button whose form posted to the address of ``page`` (the page it was
    recorded on; its fragment aside)."""
    action = fingerprint.action if fingerprint is not None else None
    if not action or page is None or PLACEHOLDER.search(action) or PLACEHOLDER.search(page):
        return False
    return same_address(urljoin(page, action.strip()), page)


def _opened_url(action: Action) -> str | None:
    """The URL of the page (a tab, a popup) the action was recorded to open, if any: what a link to it declares."""
    after = action.after
    return after.popup if after is not None and after.popup is not None else None
