"""What tells an element from the recorded one's look-alikes, or a field from another part's: the heading it sits
under, the group of choices it is in, the part of the form its keys declare. The identity gate (``identity.py``)
hashes what an element is; these rules say which of several alike elements is the recorded one, on the full path and
for the judge (``heal/judge.py``).
"""

from __future__ import annotations

import re

from ..cache.fingerprints import QUESTION_VERSION
from ..cache.model import Fingerprint
from .enclosing import one_part, section_key, section_words
from .identity import item_scope
from .purpose import CHOICE_ROLES
from .quality import counts_aside

_WORD = re.compile(r"[^\W\d_]{2,}")
# The words of an identifier, whatever its convention (``shippingStreet``, ``shipping_street``, ``shipping[street]``):
# its runs of letters, a capital after a small letter starting a word; those of three letters or more.
_LETTERS = re.compile(r"[^\W\d_]+")
KEY_WORD_MIN = 3
# The elements whose keys say where the app keeps what they hold.
FIELD_TAGS = ("input", "select", "textarea")
# A field's keys: the name attribute a form submits, and its id.
KEYS = (("name_attr", "name attribute"), ("id", "id"))
# The part of a form a field declares it belongs to, in its ``autocomplete`` (HTML's autofill detail tokens: a
# ``section-*`` token, then an address type, before the field's own name: ``shipping postal-code``).
ADDRESS_TYPES = ("shipping", "billing")
SECTION_TOKEN = "section-"


def under_another_heading(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why the element is not the recorded one by what told it from its look-alikes: the heading it sits under (the
    "Billing address" card's "Street address" for the "Shipping address" card's, a card the release removed), or
    None. Only for an element recorded with look-alikes and no item of its own to key it (``items.py``)."""
    if not recorded.look_alikes or not recorded.heading or not current.heading or item_scope(recorded):
        return None  # none read (wrappers, a shadow root between them): no evidence either way
    if counts_aside(current.heading).lower() == counts_aside(recorded.heading).lower():
        return None  # "Your cart (2 items)" and "Your cart (3 items)": one heading
    return (f"it is under the heading {current.heading!r}; the recorded element, one of look-alikes, was under "
            f"{recorded.heading!r}")


def in_another_group(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why a choice recorded with look-alikes and no item of its own (the "Yes" of one question of several) is not the
    recorded one: it is in another group (``_groups``: "surgery" for "smoker", the surgery question for the smoking
    one the release removed), and no named section says it is the same group; else None."""
    if recorded.role not in CHOICE_ROLES or not recorded.look_alikes or item_scope(recorded):
        return None
    was, now = _groups(recorded, current)
    if was is None or now is None or was == now:
        return None
    if recorded.within and section_key(recorded.within) == section_key(current.within):
        return None  # its named group says it is the same (a name attribute renamed in the same fieldset)
    return f"its group is {now!r}; the recorded element's, one of look-alikes, was {was!r}"


def _groups(recorded: Fingerprint, current: Fingerprint) -> tuple[str | None, str | None]:
    """What names the recorded choice's group and the element's: their name attributes, when both are written in words;
    else, for a radio recorded since its context is the text around its group (``QUESTION_VERSION``), that text,
    the question it answers. A name attribute with a figure in it names no group (``:r1:``, ``mat-radio-group-0``,
    ``q2``: generated, or a place that a removal renumbers); (None, None): nothing names them."""
    if _in_words(recorded.name_attr) and _in_words(current.name_attr):
        return recorded.name_attr, current.name_attr
    if recorded.role == "radio" and recorded.version >= QUESTION_VERSION:
        return recorded.context, current.context
    return None, None


def key_words(identifier: str | None) -> frozenset[str]:
    """An identifier's words, lower case: ``billing[street]``, ``billingStreet``, ``billing-street``: billing, street."""
    words = []
    for run in _LETTERS.findall(identifier or ""):
        start = 0
        for i in range(1, len(run)):
            if run[i].isupper() and (run[i - 1].islower() or (i + 1 < len(run) and run[i + 1].islower())):
                words.append(run[start:i])
                start = i
        words.append(run[start:])
    return frozenset(word.lower() for word in words if len(word) >= KEY_WORD_MIN)


def autofill_part(autocomplete: str | None) -> tuple[str, ...]:
    """The part of a form a field's ``autocomplete`` declares (its ``section-*`` and address-type tokens), or ()."""
    return tuple(token for token in (autocomplete or "").lower().split()
                 if token.startswith(SECTION_TOKEN) or token in ADDRESS_TYPES)


def another_field(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why a form field is another part's field than the recorded one, whatever else they share (its label, its
    role), or None: where a release moved the shipping step to the next page, the billing step's "Street address" is
    what the shipping one's locator finds.

    What says so: the part each declares (``autocomplete``'s ``billing`` for ``shipping``); else a key of it (its name
    attribute, its id, by their words) that swapped a word of its recorded heading for a word of its heading now,
    the heading being another part's (``billing_address_1`` under "Billing details" for ``shipping_address_1``
    under "Shipping address"). A rewritten key under a reworded heading ("Delivery", ``postalCode``), a key that
    only lost or gained words, or a heading that did, is no such swap."""
    if recorded.tag not in FIELD_TAGS or current.tag not in FIELD_TAGS:
        return None
    was, now = autofill_part(recorded.autocomplete), autofill_part(current.autocomplete)
    if was and now and was != now:
        return f"its autocomplete declares it {' '.join(now)!r}, and the recorded one's {' '.join(was)!r}"
    if not recorded.heading or not current.heading or one_part(recorded.heading, current.heading):
        return None
    heading_was, heading_now = section_words(recorded.heading), section_words(current.heading)
    for attribute, said in KEYS:
        old, new = key_words(getattr(recorded, attribute)), key_words(getattr(current, attribute))
        if (old - new) & heading_was and (new - old) & heading_now:
            return (f"its {said} is {getattr(current, attribute)!r} under the heading {current.heading!r}; the recorded "
                    f"one's was {getattr(recorded, attribute)!r} under {recorded.heading!r}")
    return None


def told_apart(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why what told the recorded element from its look-alikes says the element is another (its heading, its group),
    or what keeps a field apart (``another_field``); or None."""
    return under_another_heading(recorded, current) or in_another_group(recorded, current) or another_field(recorded, current)


def kept_apart(recorded: Fingerprint, own: Fingerprint, other: Fingerprint) -> bool:
    """Whether what told the recorded element from its look-alikes keeps ``other`` apart while ``own`` has it: ``other``
    is under another heading or in another group (``told_apart``), and ``own`` under the recorded heading or in the
    recorded group. Then ``other`` is no rival of ``own`` (the surgery question's "Yes" of a reworded smoking one's)."""
    if in_another_group(recorded, other) is not None:
        was, now = _groups(recorded, own)
        if was is not None and was == now:
            return True
    return under_another_heading(recorded, other) is not None and under_another_heading(recorded, own) is None \
        and own.heading is not None


def _in_words(identifier: str | None) -> bool:
    """Whether an identifier is written in words, with no figure in it (``user[smoker]``, ``is_smoker``)."""
    return identifier is not None and _WORD.search(identifier) is not None and not any(c.isdigit() for c in identifier)
