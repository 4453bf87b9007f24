"""Relabelled controls: the recorded element with new words, found by its shape and accepted only on evidence.

A redesign renames "Sign in" to "Log in" and "Coupon code" to "Discount code": same role, same place,
same job. Similarity alone cannot accept them (an action's other words may be another action:
"Place order by phone"), so this last zero-token level asks for evidence beyond the shape:

* **known equivalent names** (``equivalents.py``): the element is the only one of its kind (its role,
  or one of its family, and its input type) whose name is an equivalent of the recorded one: the
  page holds no other control of that kind that could be meant;
* **an unchanged declared purpose**: a field's ``autocomplete`` token (``name``, ``email``,
  ``cc-number``: HTML's standard words for what a field is for) is the recorded one, and no other
  field of its kind has it;
* else **the recorded effect**: the action recorded where it led (a URL), and the element is the only one
  of its kind whose name kept the recorded words and gained others ("Confirm" -> "Confirm order"), or
  the one of its kind whose shape (everything but its words) is closest to the recorded one, clearly
  ahead of the runner-up; and what it declares, read before acting (``destinations.py``: its href, its
  form's action, the form it submits), confirms that effect. A candidate that declares nothing is not
  acted on to find out ("Clear completed", which kept a word of a removed "Completed" filter, is a
  script's button): the step fails. The replayer still requires the effect, exactly, after acting.

Only candidates with something around them as it was count (a word of the recorded context still
in theirs, when both have one). A second candidate of the same shape, a check that asserts the name
(unless the new name is an equivalent), or a missing effect keeps the step red. Each accepted relabel carries its evidence and
the runner-up's shape score, for the heals report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cache.model import Fingerprint
from .choice import score_text
from .destinations import Reading
from .equivalents import Equivalents
from .names import kept_whole, says
from .similarity import ACCEPT_THRESHOLD, MARGIN, context_similarity, role_similarity, similarity

WORDS = frozenset({"name", "text", "label"})  # what a relabel changes: left out of the shape


@dataclass(frozen=True)
class Relabel:
    """A relabelled element: its position among the candidates, its evidence, and the shape scores."""

    position: int
    evidence: str
    score: float
    runner_up: float


def same_kind(recorded: Fingerprint, current: Fingerprint) -> bool:
    """The same kind of control: its role (or a role of its family: a link that became a button), its input type.

    Where it is (landmark, heading, neighbours) is the shape's part: a redesign moves a cookie banner
    from a region into a dialog, and the coupon field into the summary's sidebar.
    """
    return role_similarity(recorded.role, current.role) > 0.0 and (recorded.type or None) == (current.type or None)


def _near(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether something around it is as it was: a word of the recorded context is still in its context (or either
    has none). The checkout's "Email" renamed "Contact" is not the footer's newsletter "Email address"."""
    if not recorded.context or not current.context:
        return True
    return context_similarity(recorded.context, current.context) > 0.0


def find_relabel(recorded: Fingerprint, currents: Sequence[Fingerprint], ignore: frozenset[str], name_pinned: bool,
                 effect: str | None, equivalents: Equivalents,
                 readings: Sequence[Reading | None] = ()) -> Relabel | str:
    """The relabelled element among ``currents`` with its evidence, or why there is none ("" when it does not apply).

    ``readings``: how what each current element declares reads against the recorded destination (by position);
    a relabel on the effect needs its element's to confirm it."""
    name = says(recorded)
    if not recorded.role or not name:
        return ""
    kind = [i for i, c in enumerate(currents) if same_kind(recorded, c) and says(c) != name and _near(recorded, c)]
    shapes = {i: similarity(recorded, currents[i], ignore | WORDS, place_share=1.0) for i in kind}  # a shape is its place
    on_words = _by_name_or_purpose(recorded, currents, kind, shapes, name_pinned, equivalents)
    if on_words is not None:
        return on_words
    if name_pinned:
        return f"relabel: this check asserts the name {name!r}, and no element has it or a known equivalent"
    if effect is None:
        return "relabel: no known equivalent name, and no recorded effect (a URL, a new page) to confirm one"
    return _by_effect(name, currents, kind, shapes, readings)


def _by_name_or_purpose(recorded: Fingerprint, currents: Sequence[Fingerprint], kind: list[int],
                        shapes: dict[int, float], name_pinned: bool, equivalents: Equivalents) -> Relabel | str | None:
    """The relabel on words: the only element of its ``kind`` named like a known equivalent, or the only field with
    the recorded declared purpose (not when a check asserts the name); why not, or None when neither applies."""
    name = says(recorded)
    named = [i for i in kind if equivalents.same(name, says(currents[i]))]
    if len(named) > 1:
        return f"relabel: {len(named)} elements are named like an equivalent of {name!r}"
    if named:
        i = named[0]
        runner = max((shapes[j] for j in kind if j != i), default=0.0)
        return Relabel(i, f"known equivalent names: {name!r} -> {says(currents[i])!r}", shapes[i], runner)
    purpose = recorded.autocomplete if recorded.autocomplete not in (None, "", "on", "off") else None
    same_purpose = [i for i in kind if purpose and currents[i].autocomplete == purpose]
    if len(same_purpose) == 1 and not name_pinned:
        i = same_purpose[0]
        runner = max((shapes[j] for j in kind if j != i), default=0.0)
        return Relabel(i, f"its declared purpose is unchanged (autocomplete={purpose}), and no other field has it",
                       shapes[i], runner)
    return None


def _by_effect(name: str, currents: Sequence[Fingerprint], kind: list[int], shapes: dict[int, float],
               readings: Sequence[Reading | None]) -> Relabel | str:
    """The relabel on the recorded effect: the one element of its ``kind`` whose name kept the recorded words, or the
    one clearly closest in shape; what it declares must confirm the recorded destination."""
    longer = [i for i in kind if kept_whole(name, says(currents[i]))]
    runner = max((shapes[j] for j in kind if j not in longer), default=0.0)
    if len(longer) == 1 and shapes[longer[0]] >= runner - MARGIN:  # no other control clearly closer to its place
        i = longer[0]
        kept = f"its name kept its words ({name!r} -> {says(currents[i])!r})"
        confirmed = _confirmed(readings, i)
        if confirmed is None:
            return f"relabel: {kept}, but {_unconfirmed(readings, i)}: not acted on to find out"
        return Relabel(i, f"{kept}, and {confirmed}", shapes[i], runner)
    order = sorted(kind, key=lambda i: shapes[i], reverse=True)
    if not order:
        return "relabel: no other element of its kind"
    best, runner = shapes[order[0]], (shapes[order[1]] if len(order) > 1 else 0.0)
    if best < ACCEPT_THRESHOLD:
        return f"relabel: the closest shape scored {score_text(best, ACCEPT_THRESHOLD)}, below {ACCEPT_THRESHOLD:.2f}"
    if best - runner < MARGIN:
        return f"relabel: two elements have its shape ({score_text(best, runner)} and {score_text(runner, best)})"
    confirmed = _confirmed(readings, order[0])
    if confirmed is None:
        return (f"relabel: {says(currents[order[0]])!r} has its shape, but {_unconfirmed(readings, order[0])}: "
                f"not acted on to find out")
    return Relabel(order[0], f"its shape is the recorded one's, and {confirmed}", best, runner)


def _confirmed(readings: Sequence[Reading | None], i: int) -> str | None:
    """How what element ``i`` declares confirms the recorded destination, or None when it does not."""
    read = readings[i] if i < len(readings) else None
    return read.why if read is not None and read.agreement == "confirms" else None


def _unconfirmed(readings: Sequence[Reading | None], i: int) -> str:
    """Why element ``i``'s declaration does not confirm the recorded destination."""
    read = readings[i] if i < len(readings) else None
    return read.why if read is not None else "nothing it declares was read"
