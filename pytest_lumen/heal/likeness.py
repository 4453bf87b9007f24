"""How alike two fingerprints are, and the rule that accepts a candidate only with a clear margin.

``similarity(recorded, current)`` is the weighted share of the recorded element's attributes
that the current element still has (0..1). These rules shape it:

* identifiers (test id, id, name attribute) count fully when they still match, and only a
  quarter of their weight (as a miss) when they differ: ids get renamed, but a match is strong;
* the context (the text around the element, e.g. its product's name and price) is compared
  by the share of its words that are still there, so that wrappers and moves do not matter;
* an element that had look-alikes when it was recorded (the same tag, role and name, like the
  "Add to cart" button of every product) is known by where it is: its score cannot exceed its
  context's similarity, unless an identifier still matches;
* an element whose name changed (other words) is the recorded one only when something stable
  confirms it (test id, id, name attribute, href or placeholder unchanged, or an identifier's
  value now in another identifier): otherwise its score is capped below the threshold ("Place
  order by phone" is not "Place order"). A field or region whose name only gained or lost
  whole words ("Email" -> "Email address") is confirmed when it is the only such element of
  the page (``similarities``; among several, the one with the words its name lost around it:
  "Quantity for Blue Mug" -> "Quantity" on every line); an action's name (a button, a link) never is;
* an element without text of its own (an icon button) is compared by its name in place of its text;
* a count or an amount that joined a name or a text ("Red Mug" -> "Red Mug $11.00", "Cart" -> "Cart
  (2)") is the app's data, not other words (``counted``), and a name that gained only words of the
  recorded context ("Remove" in the Red Mug's row -> "Remove Red Mug") is the same name, more precise
  (``named_by_context``);
* a changed tag is held against an element only when it has no role: with one, the role says what
  it is and the tag is how it is built (a ``ul`` listbox rebuilt as a ``div`` listbox; a message's ``p``
  rebuilt as a ``span``: roles that only lay text out are one kind, ``STRUCTURAL``);
* what an element is (its role, words, identifiers, target) outweighs where it is (``PLACE``: the
  text around it, its landmark, heading, rank, position, classes): a redesign moves and restyles
  everything at once, so when the place attributes disagree they count together for at most
  ``PLACE_SHARE`` of the score (when they agree, in full), provided something of the place still holds
  (``anchored``: a word around it, its heading, its position, alone of its kind in its landmark).
  They still anchor look-alikes (the cap above), tell a relabelled control's shape (``relabel.py``),
  and count in full for an element whose words are left out of the comparison (a list whose items
  are counted).

``margin.undecided`` says when likeness decides: above a threshold and with a clear margin over the
runner-up; anything else is ambiguous and rejected (``judge.py``).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Collection, Sequence

from ..cache.model import Fingerprint
from ..page.icons import compared
from ..page.purpose import ACTION_ROLES as ACTION_ROLES
from ..page.purpose import FIELD_ROLES as FIELD_ROLES
from .words import SMALL_WORDS, counted, holds_run, name_or_text, named_by_context, normalized, was_beside, word_list, words

# Weight of each attribute (a ``Fingerprint`` field, as a unit test checks); an attribute the
# recorded fingerprint lacks does not count.
WEIGHTS: dict[str, float] = {
    "role": 2.0,
    "name": 3.0,
    "text": 1.5,
    "label": 1.5,
    "context": 2.0,
    "placeholder": 1.0,
    "href": 1.5,
    "tag": 1.0,
    "type": 0.5,
    "box": 0.5,
    "autocomplete": 1.0,
    "classes": 1.0,
    "landmark": 1.0,
    "heading": 0.5,
    "rank": 0.5,
    "icon": 3.0,  # a control without words: what it shows is its name (only then weighed: ``icons.compared``)
}
IDENTIFIERS: dict[str, float] = {"test_id": 3.0, "id": 2.0, "name_attr": 1.5}
# Where an element is, not what it is: together they weigh at most PLACE_SHARE of the score.
PLACE = frozenset({"context", "box", "classes", "landmark", "heading", "rank"})
PLACE_SHARE = 0.25
MISMATCHED_IDENTIFIER = 0.25  # share of an identifier's weight that counts (as a miss) when it changed
# unchanged, they vouch for a renamed element
CORROBORATING = ("test_id", "id", "name_attr", "href", "placeholder", "autocomplete")
RENAMED_CAP = 0.5  # the most a renamed element scores without corroboration
# Roles that stand in for each other in a redesign (a link styled as a button) count as partly alike.
ROLE_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"button", "link", "menuitem", "tab"}),
    frozenset({"textbox", "searchbox", "combobox", "spinbutton"}),
    frozenset({"checkbox", "switch", "radio", "menuitemcheckbox"}),
)
SAME_FAMILY = 0.6
# Fields one types a line of text into: a search box that gains autocomplete becomes a combobox.
TEXT_ENTRY = frozenset({"textbox", "searchbox", "combobox"})
SAME_TEXT_ENTRY = 0.8
# Roles that say how text is laid out, not what an element does: a message in a <p>, a <span> or a <div>.
STRUCTURAL = frozenset({None, "generic", "paragraph", "none", "presentation"})
BOX_RANGE = 600.0  # CSS pixels at which a position no longer resembles the recorded one

SURE = 0.97  # the primary locator's element is this alike: it is the recorded one, no page scan needed
VERIFY_THRESHOLD = 0.65  # below this, the primary locator's element is another element
ACCEPT_THRESHOLD = 0.65  # a relocated candidate must score at least this ...
MARGIN = 0.1  # ... and beat every other candidate by this much



def text_similarity(a: str | None, b: str | None) -> float:
    """0..1 character-level likeness of two strings (case and whitespace ignored); 0 when either is missing."""
    if a is None or b is None:
        return 0.0
    a, b = normalized(a), normalized(b)
    if a == b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def context_similarity(recorded: str | None, current: str | None) -> float:
    """Mostly the share of the recorded context's words still around the element, partly the reverse."""
    rec, cur = words(recorded), words(current)
    if not rec:
        return 1.0 if not cur else 0.5
    if not cur:
        return 0.0
    common = len(rec & cur)
    return 0.75 * common / len(rec) + 0.25 * common / len(cur)


def token_similarity(recorded: str | None, current: str | None) -> float:
    """The share of space-separated tokens two strings have in common (Jaccard); 0 when either has none."""
    a, b = set((recorded or "").split()), set((current or "").split())
    return len(a & b) / len(a | b) if a and b else 0.0


def box_similarity(recorded: Fingerprint, current: Fingerprint) -> float:
    """1 at the recorded position, falling to 0 at ``BOX_RANGE`` pixels away."""
    if recorded.box is None or current.box is None:
        return 0.0
    dist = math.hypot(recorded.box.x - current.box.x, recorded.box.y - current.box.y)
    return max(0.0, 1.0 - dist / BOX_RANGE)


def role_similarity(a: str | None, b: str | None) -> float:
    """1 for the same role or two structural ones (a message in a ``p`` or a ``span``), ``SAME_FAMILY`` for roles of
    one family (button and link), else 0."""
    if a in STRUCTURAL and b in STRUCTURAL and (a or b):
        return 1.0
    if a is None or b is None:
        return 0.0
    if a == b:
        return 1.0
    if a in TEXT_ENTRY and b in TEXT_ENTRY:
        return SAME_TEXT_ENTRY
    return SAME_FAMILY if any(a in family and b in family for family in ROLE_FAMILIES) else 0.0


def _attribute(attr: str, recorded: Fingerprint, current: Fingerprint) -> float:
    if attr == "role":
        return role_similarity(recorded.role, current.role)
    if attr == "box":
        return box_similarity(recorded, current)
    if attr == "context":
        return context_similarity(recorded.context, current.context)
    if attr == "classes":
        return token_similarity(recorded.classes, current.classes)
    if attr in ("rank", "icon"):
        return 1.0 if getattr(recorded, attr) == getattr(current, attr) else 0.0
    if attr == "name":
        return 1.0 if named_by_context(recorded, current) else _words_similarity(name_or_text(recorded), name_or_text(current))
    if attr == "text" and not current.text:
        return _words_similarity(recorded.text, current.name)  # an icon button labelled with the old text
    if attr == "text":
        return _words_similarity(recorded.text, current.text)
    return text_similarity(getattr(recorded, attr), getattr(current, attr))


def _words_similarity(before: str | None, after: str | None) -> float:
    """Like ``text_similarity``, but a count or an amount that joined the words is no change (``counted``)."""
    return 1.0 if counted(before, after) else text_similarity(before, after)


def identifier_matches(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when a recorded test id, id or name attribute is exactly the current one."""
    return any(getattr(recorded, a) and getattr(recorded, a) == getattr(current, a) for a in IDENTIFIERS)


def corroborated(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when something stable vouches for an element whose name changed.

    A stable attribute is unchanged (test id, id, name attribute, href, placeholder, autocomplete),
    an identifier's value moved to another identifier (``id="cookie-accept"`` became
    ``data-testid="cookie-accept"``), or the element is the lone one of its kind where it was
    (``lone_of_kind``).
    """
    if any(getattr(recorded, a) and getattr(recorded, a) == getattr(current, a) for a in CORROBORATING):
        return True
    before = {getattr(recorded, a) for a in IDENTIFIERS} - {None, ""}
    return bool(before & {getattr(current, a) for a in IDENTIFIERS}) or lone_of_kind(recorded, current)


def lone_of_kind(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when both were the only visible element of their kind in the same landmark (or page).

    The only text field of a header, the only checkbox of a form: a person finds it again whatever
    its words became. Two of a kind (``peers`` above 1) are never told apart this way, and an action
    (a button, a link) never: "Place order by phone" is not "Place order", however alone it is.
    """
    if recorded.peers != 1 or current.peers != 1 or recorded.role is None or recorded.role in ACTION_ROLES:
        return False  # an action's words say what it does: the only button left may be another action
    same_kind = recorded.role == current.role or (recorded.role in TEXT_ENTRY and current.role in TEXT_ENTRY)
    return same_kind and _landmark_role(recorded.landmark) == _landmark_role(current.landmark)


def _landmark_role(landmark: str | None) -> str | None:
    """The role part of a landmark ("form: Checkout" -> "form"): its name may be reworded too."""
    return landmark.split(":", 1)[0] if landmark else None


def name_extended(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when a field's or a region's name only gained or lost whole words ("Email" -> "Email address").

    Never for an action's name (a button, a link, an option...): "Place order by phone" is another action.
    """
    before, after = name_or_text(recorded), name_or_text(current)
    if not before or not after or recorded.role in ACTION_ROLES or current.role in ACTION_ROLES:
        return False
    words_before, words_after = word_list(before), word_list(after)
    return words_before != words_after and (holds_run(words_after, words_before) or holds_run(words_before, words_after))


def renamed(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when what the element says now has other words (case, spaces and punctuation aside).

    A name without words (an icon's "×", "+", "…") that gained words, or words that became such an
    icon, is a label, not another action: the rest of the evidence decides.
    """
    if counted(name_or_text(recorded), name_or_text(current)) or named_by_context(recorded, current):
        return False
    before, after = words(name_or_text(recorded)), words(name_or_text(current))
    return bool(before) and bool(after) and before != after


def _anchor(recorded: Fingerprint, current: Fingerprint, ignore: Collection[str] = (), by_place: bool = False) -> float:
    """How much a look-alike is where the recorded one was: its context (unless left out), else its position.

    ``by_place``: its context or its position, whichever holds (a list is where it was, whatever surrounds it).
    """
    place = box_similarity(recorded, current) if recorded.box is not None else 0.0
    if recorded.context and "context" not in ignore:
        around = context_similarity(recorded.context, current.context)
        return max(around, place) if by_place else around
    if recorded.box is not None:
        return box_similarity(recorded, current)
    return 1.0  # nothing tells look-alikes apart: the margin rule will find them ambiguous


def similarity(recorded: Fingerprint, current: Fingerprint, ignore: Collection[str] = (), extended_ok: bool = False,
               by_place: bool = False, place_share: float = PLACE_SHARE) -> float:
    """0..1: how much the current element still is the recorded one (``ignore``: attributes left out).

    ``extended_ok``: a name that only gained or lost words (``name_extended``) counts as the same
    name; only for the one element of a page whose name is so (``similarities``).
    ``place_share``: the most the place attributes weigh together (1.0: as much as their weights say; a
    relabel's shape, which is all place, ``relabel.py``).
    """
    what = [0.0, 0.0]  # score, total weight: what it is
    where = [0.0, 0.0]  # where it is
    extended = extended_ok and name_extended(recorded, current)
    for attr, weight in WEIGHTS.items():
        present = recorded.box is not None if attr == "box" else compared(recorded) if attr == "icon" else \
            getattr(recorded, attr) not in (None, "")
        if attr in ignore or not present or _rebuilt(attr, recorded, current):
            continue
        part = where if attr in PLACE else what
        part[0] += weight * (1.0 if attr == "name" and extended else _attribute(attr, recorded, current))
        part[1] += weight
    for attr, weight in IDENTIFIERS.items():
        value = getattr(recorded, attr)
        if attr in ignore or not value:
            continue
        what[1] += weight if value == getattr(current, attr) else weight * MISMATCHED_IDENTIFIER
        what[0] += weight if value == getattr(current, attr) else 0.0
    if {"name", "text"} <= set(ignore) or not anchored(recorded, current):
        place_share = 1.0  # its words left out (a list counted), or nothing of its place holds: place counts in full
    result = _combined(what, where, place_share)
    if recorded.look_alikes and not identifier_matches(recorded, current):
        result = min(result, _anchor(recorded, current, ignore, by_place))
    elif "name" not in ignore and renamed(recorded, current) and not corroborated(recorded, current) and not extended:
        result = min(result, RENAMED_CAP)
    if "name" not in ignore and renamed(recorded, current) and was_beside(recorded, current):
        result = min(result, RENAMED_CAP)  # "Reply" gone, "Reply all" beside it all along: another control
    return result


def anchored(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether something of where the element was still holds: a word of the text around it, its heading, its
    position (within half of ``BOX_RANGE``), or being the only one of its kind in a landmark of the same role.

    A redesign moves an element, but seldom everything about where it is; an element that kept nothing of its
    place (a dialog's "OK" gone, another "OK" in the cookie banner) is weighed as it always was.
    """
    if words(recorded.context) & words(current.context) - SMALL_WORDS:
        return True
    if recorded.heading and normalized(recorded.heading) == normalized(current.heading):
        return True
    if recorded.box is not None and box_similarity(recorded, current) >= 0.5:
        return True
    return recorded.peers == 1 and current.peers == 1 and _landmark_role(recorded.landmark) == _landmark_role(current.landmark)


def _rebuilt(attr: str, recorded: Fingerprint, current: Fingerprint) -> bool:
    """The tag changed under a role: not evidence either way (the role is compared)."""
    return (attr == "tag" and bool(recorded.role) and recorded.tag != current.tag
            and role_similarity(recorded.role, current.role) == 1.0)


def _combined(what: list[float], where: list[float], place_share: float) -> float:
    """The weighted mean of both parts; where the place part drags it down, its weight is capped at
    ``place_share`` of the whole (a place that agrees still counts in full: an icon relabelled in place)."""
    total = what[1] + where[1]
    plain = (what[0] + where[0]) / total if total else 0.0
    if not what[1] or not where[1] or place_share >= 1.0:
        return plain
    place_weight = min(where[1], what[1] * place_share / (1.0 - place_share))
    capped = (what[0] + where[0] / where[1] * place_weight) / (what[1] + place_weight)
    return max(plain, capped)


def similarities(recorded: Fingerprint, currents: Sequence[Fingerprint], ignore: Collection[str] = (),
                 by_place: bool = False) -> list[float]:
    """The similarity of each of a page's elements to the recorded one.

    A field whose name only gained or lost words ("Email" -> "Email address") is taken as
    renamed, not replaced, when it is the only element of the page whose name is so: with
    two ("Address" -> "Email address", "Delivery address"), neither is.
    """
    extended = [name_extended(recorded, c) for c in currents]
    if sum(extended) > 1:  # "Quantity for Blue Mug" -> "Quantity" on every line: the one with "Blue Mug" around it
        extended = [e and lost_words_around(recorded, c) for c, e in zip(currents, extended, strict=True)]
    unique = sum(extended) == 1
    return [similarity(recorded, c, ignore, extended_ok=unique and e, by_place=by_place)
            for c, e in zip(currents, extended, strict=True)]


def lost_words_around(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when the words the name lost (small words aside) are now in the text around the element."""
    lost = words(name_or_text(recorded)) - words(name_or_text(current)) - SMALL_WORDS
    return bool(lost) and lost <= words(current.context)


def pins_hold(recorded: Fingerprint, current: Fingerprint, pinned: Collection[str]) -> bool:
    """True when every pinned attribute the recorded element had is unchanged (case and spaces aside)."""
    for attr in pinned:
        value = getattr(recorded, attr)
        if value not in (None, "") and normalized(value) != normalized(getattr(current, attr)):
            return False
    return True
