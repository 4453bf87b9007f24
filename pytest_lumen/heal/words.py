"""How the words of two names compare: what an element says, its words, and the changes that keep a name.

A count or an amount that joined a name is the app's data (``counted``), a name that gained the words
of the text around it is the same name more precisely said (``named_by_context``), and a name that was
already said beside the element is a sibling (``was_beside``). ``likeness.py`` weighs these.
"""

from __future__ import annotations

from ..cache.fingerprints import name_or_text as name_or_text  # what an element name_or_text: defined with the fingerprint
from ..cache.model import Fingerprint
from ..page.purpose import WORD as _WORD
from ..page.quality import stable_name

SMALL_WORDS = frozenset({"a", "an", "the", "for", "of", "to", "in", "on", "at", "and", "or", "with", "your", "my", "from",
                         "by", "into", "this", "it"})


def normalized(text: str | None) -> str:
    """Lower case, whitespace collapsed."""
    return " ".join((text or "").lower().split())


def words(text: str | None) -> set[str]:
    """The words of a text, lower case (prices like 12.00 stay one word)."""
    return set(_WORD.findall((text or "").lower()))


def stem(word: str) -> str:
    """A word without its plural's ending, roughly ("cookies" -> "cookie", "boxes" -> "box"; "class" stays): what a
    name gained is compared with the words around it so, in any number."""
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def stems(text_words: set[str] | list[str]) -> set[str]:
    """The stems of some words (``stem``)."""
    return {stem(w) for w in text_words}


def counted(before: str | None, after: str | None) -> bool:
    """True when ``after`` says what ``before`` said plus a count or an amount ("Red Mug" -> "Red Mug $11.00",
    "Cart" -> "Cart (2)"): the app's data shown in a label. Not when ``before`` had numbers of its own ("Page 2")."""
    if not before or not after or stable_name(before) is not None:
        return False
    rest = stable_name(after)
    return rest is not None and word_list(rest) == word_list(before)


def named_by_context(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when the name kept its words and gained only words of the recorded context: "Remove" in the Red Mug's
    row is now "Remove Red Mug", "Add to cart" under "Blue Mug" is "Add Blue Mug to cart" (the same control, named
    more precisely, as accessibility reviews ask). Not when the new name was already in that context: a sibling
    ("Reply all" beside "Reply") was there all along."""
    before, after = words(name_or_text(recorded)), words(name_or_text(current))
    gained = after - before - SMALL_WORDS
    return bool(before) and before <= after and bool(gained) and gained <= words(recorded.context) \
        and not was_beside(recorded, current)


def kept_whole(before: str | None, after: str | None) -> bool:
    """True when ``after`` holds all of ``before``'s words, in a run, and more ("Confirm" -> "Confirm order")."""
    if not before or not after:
        return False
    old, new = word_list(before), word_list(after)
    return len(new) > len(old) and holds_run(new, old)


def word_list(text: str) -> list[str]:
    """The words of a text in order, lower case."""
    return _WORD.findall(text.lower())


def holds_run(longer: list[str], shorter: list[str]) -> bool:
    """True when ``shorter`` is a non-empty run of consecutive words of ``longer``."""
    n = len(shorter)
    return n > 0 and any(longer[i:i + n] == shorter for i in range(len(longer) - n + 1))


def was_beside(recorded: Fingerprint, current: Fingerprint) -> bool:
    """True when what the element says now was already said around the recorded one: a sibling, not a rename."""
    now = word_list(name_or_text(current) or "")
    return bool(now) and holds_run(word_list(recorded.context or ""), now)
