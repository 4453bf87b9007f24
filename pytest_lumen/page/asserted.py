"""The value an assertion checks is never evidence against the element it checks.

A text check records its element's name and text, which hold the asserted value ("Grace Hopper
Sept. 1, 1965" for a check of "Sept. 1, 1965"). On a release where only that value changed (a
save that ignored a field), the element is still the recorded one: its words around the value
are what identify it, and the value is what the check then finds wrong ("expected X, got Y"),
never a reason to call it another element. ``asserted_value_aside`` compares a current fingerprint with the
asserted value cut out of the recorded one; ``around`` says what stands in its place now.
"""

from __future__ import annotations

import re

from ..cache.fingerprints import name_or_text
from ..cache.model import Action, Expect, Fingerprint
from ..templates import substitute

_SPACE = re.compile(r"\s+")


def _collapsed(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def bound_check(action: Action, values: dict[str, str]) -> Action:
    """A check with the placeholders of its expected value filled (what the page is asserted to show now)."""
    if isinstance(action, Expect) and isinstance(action.expected, str) and values:
        return action.model_copy(update={"expected": substitute(action.expected, values)})
    return action


def around(recorded: str, current: str, asserted: str) -> str | None:
    """What ``current`` holds where ``recorded`` held ``asserted`` (whitespace collapsed), when everything around it
    is unchanged; None when ``recorded`` does not hold the value, holds nothing else, or the words around it changed."""
    rec, cur, value = _collapsed(recorded), _collapsed(current), _collapsed(asserted)
    at = rec.find(value) if value else -1
    if at < 0:
        return None
    before, after = rec[:at], rec[at + len(value):]
    if not (before.strip() or after.strip()):
        return None  # the value is all it held: nothing around it tells that this is the element
    if len(cur) < len(before) + len(after) or not (cur.startswith(before) and cur.endswith(after)):
        return None
    return cur[len(before):len(cur) - len(after)].strip()


def asserted_value_aside(recorded: Fingerprint | None, current: Fingerprint, asserted: str | None) -> Fingerprint:
    """``current`` with its name, text and context read as the recorded ones where they differ from them only in
    place of the ``asserted`` value (the same element, whose checked value changed); else ``current`` as it is."""
    if recorded is None or not asserted:
        return current
    update: dict[str, str | None] = {}
    for attr in ("text", "context"):
        was, now = getattr(recorded, attr), getattr(current, attr)
        if was and now and was != now and around(was, now, asserted) is not None:
            update[attr] = was
    said = name_or_text(recorded)  # what the element says: its name, else its text (``similarity`` compares these)
    if said and current.name and said != current.name and around(said, current.name, asserted) is not None:
        update["name"] = said
    return current.model_copy(update=update) if update else current
