"""A changed name is a changed purpose: when a new name still means what the recorded one meant, with its scope.

A control's accessible name says what activating it does. A release that renames "Remove" (from the
playlist) to "Delete" (from the library), or "Accept" to "Accept all", gives the control another purpose,
however alike the rest of it is. A new name is taken for the recorded one only on evidence that it means
the same with the same scope (``same_scope``):

* a **same-scope synonym** (``synonyms.py``): "Sign in" and "Log in";
* **words gained or lost that only name what the control is about**: the text of its item, dialog or form
  around it, its heading, its landmark ("Confirm" in the "Confirm your order" dialog became "Confirm order";
  "Remove" in the Red Mug's row became "Remove Red Mug");
* never a word that widens, lengthens or narrows what it does (``SCOPE``): "all", "permanently", "selected",
  "and publish" (an action joined to it).

Controls whose words have consequences (``page/purpose.CONSEQUENCES``: they destroy, pay, consent, share, discard, send or
confirm) take no other evidence. Any other action (``ACTION_ROLES``) may also be known by what it declares
(its href, its form's action: the recorded destination), and a field (``FIELD_ROLES``) by its declared
purpose or its place (the judge weighs those, ``judge.py``). Elements that do not act (a heading, a cell)
are content: their words are compared by likeness, not here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..cache.model import Fingerprint
from ..page.icons import same_icon
from .likeness import ACTION_ROLES, FIELD_ROLES
from .policy import Policy
from .synonyms import Synonyms
from .words import SMALL_WORDS, counted, name_or_text, stems, word_list, words

# Words that change a control's scope: how much it acts on, for how long, or another action joined to it.
SCOPE = frozenset({"all", "every", "everything", "each", "entire", "whole", "both", "any", "selected", "multiple",
                   "bulk", "others", "permanently", "forever", "irreversibly", "completely", "and", "then", "plus",
                   "also", "too", "only", "just", "except"})


@dataclass(frozen=True)
class Meaning:
    """What a candidate's name says against the recorded one: ``evidence`` that it means the same with the same
    scope ("" when the name is unchanged), else None, and ``why`` not (for the failure)."""

    evidence: str | None
    why: str = ""
    final: bool = False  # a refusal no other evidence overturns (its scope changed)


def acts(fp: Fingerprint) -> bool:
    """Whether the element is a control whose name says what it does or is for (an action or a field)."""
    return fp.role in ACTION_ROLES or fp.role in FIELD_ROLES


def controls(fp: Fingerprint, policy: Policy) -> bool:
    """Whether the element is a control for this action: by its role, or because the action acts on it (a click on a
    ``div`` that says "Archive" says what it does, whatever role it declares)."""
    return policy.acts or acts(fp)


def renamed(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether the element says other words now (case, spacing and punctuation aside; a count or an amount that
    joined its name, "Cart" -> "Cart (2)", is the app's data, not other words)."""
    before, after = name_or_text(recorded), name_or_text(current)
    if counted(before, after) or counted(after, before):
        return False  # the app's data: what the test did so far ("Place order (2 items)"); "all" is a scope word
    return words(before) != words(after)


def about(fp: Fingerprint) -> set[str]:
    """The words of what an element is about: the text of its item, dialog or form around it, its heading, the name
    of its landmark ("form: Checkout") and of the named containers around it (``within``: "Playlist: Road trip")."""
    landmark = (fp.landmark or "").partition(":")[2]
    return words(fp.context) | words(fp.heading) | words(landmark) | words(fp.within)


def same_scope(recorded: Fingerprint, current: Fingerprint, synonyms: Synonyms, around: Collection[str] = (),
               own: bool = False) -> Meaning:
    """Whether ``current``'s name means what ``recorded``'s meant, with the same scope; on what evidence (``around``:
    more words of what it is about, the names of the containers that hold it now, ``page/enclosing.py``; ``own``: only
    what the recorded control was about counts, for a control whose words have consequences)."""
    before, after = name_or_text(recorded) or "", name_or_text(current) or ""
    if not renamed(recorded, current):
        return Meaning("")
    if synonyms.same(before, after):
        return Meaning(f"same-scope synonyms: {before!r} -> {after!r}")
    was, now = word_list(before), word_list(after)
    gained, lost = set(now) - set(was), set(was) - set(now)
    scope = sorted((gained | lost) & SCOPE)
    if scope:
        return Meaning(None, f"its name {before!r} became {after!r}: {', '.join(map(repr, scope))} changes its scope",
                       final=True)
    # what the element is about now, but its own words: a field's wrapper holds its label ("Company name"), which
    # cannot vouch for the name it is ("Name" gone, "Company name" added)
    named = stems(about(recorded) if own else about(recorded) | ((about(current) | set(around)) - set(now)))
    if not was and now and stems(now) <= named:
        return Meaning(f"a control without words took the words of what it is about ({after!r})")
    if not was or not now:
        return Meaning(None, f"its name {before!r} became {after!r}")
    if gained - SMALL_WORDS and not lost and stems(gained - SMALL_WORDS) <= named and set(was) <= set(now):
        return Meaning(f"{after!r} only adds words of what it is about to {before!r}")
    if lost - SMALL_WORDS and not gained and stems(lost - SMALL_WORDS) <= named and set(now) <= set(was):
        return Meaning(f"{after!r} only drops words of what it is about from {before!r}")
    return Meaning(None, f"its name {before!r} became {after!r}, which is not known to mean the same")


def iconic(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether one of the two names has no words (an icon's "×", "+", "…"): a new label, not another purpose, for a
    control whose words have no consequence; for an action, only when both show one icon (``page/icons.py``): a "Help"
    whose place a log-out icon took showed no icon of its own."""
    if words(name_or_text(recorded)) and words(name_or_text(current)):
        return False
    return same_icon(recorded, current) if ACTION_ROLES & {recorded.role, current.role} else True
