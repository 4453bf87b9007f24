"""Strategy: the recorded control with new words, found by its kind and its shape; the judge weighs the new name.

A redesign renames "Sign in" to "Log in" and "Coupon code" to "Discount code": same role, same place, same job.
Only a control (an action or a field, ``meaning.acts``) is relabelled: a heading's or a cell's words are what it is.
Likeness cannot find them (an action's other words may be another action: "Place order by phone"), so this
strategy looks among the elements of the recorded one's kind (its role or one of its family, its input type) with
something around them as it was (a word of the recorded context still in theirs), and proposes one:

* the only one named like a **same-scope synonym** of the recorded name (``synonyms.py``);
* else the only field with the recorded **declared purpose** (``autocomplete``: ``name``, ``email``...);
* else the only one whose name **kept the recorded words** and gained others ("Confirm" -> "Confirm order"), when
  no other is clearly closer in shape;
* else the one whose **shape** (everything but its words) is closest, with the runner-up's shape: the judge's margin
  rule decides.

What it proposes is only a candidate: the judge (``judge.py``) accepts a new name only on evidence that it means the
same with the same scope, never on the shape, and what the candidate declares (``destinations.py``) must agree
with the recording. Each accepted relabel carries its evidence and the runner-up's shape score, for the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cache.model import Fingerprint
from ..outcome.heal import HealLevel
from ..page.deep import nth_of
from .likeness import ACTION_ROLES, MARGIN, context_similarity, role_similarity, similarity
from .meaning import acts
from .proposal import Offer, Proposal, Scene
from .synonyms import Synonyms
from .words import kept_whole, name_or_text

WORDS = frozenset({"name", "text", "label"})  # what a relabel changes: left out of the shape


@dataclass(frozen=True)
class Relabel:
    """A relabelled candidate: its position among the candidates, why it is proposed, its shape score, the
    runner-up's, and whether the margin rule decides it (``by_shape``) or what it is named (the rest)."""

    position: int
    evidence: str
    score: float
    runner_up: float
    by_shape: bool = False


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


def find_relabel(recorded: Fingerprint, currents: Sequence[Fingerprint], ignore: frozenset[str],
                 synonyms: Synonyms) -> Relabel | str:
    """The relabelled candidate among ``currents``, or why there is none ("" when it does not apply)."""
    name = name_or_text(recorded)
    if not name or not acts(recorded) or "name" in ignore:
        return ""  # only a control is relabelled: content's words are what it is, a list counted has none
    kind = [i for i, c in enumerate(currents) if same_kind(recorded, c) and name_or_text(c) != name and _near(recorded, c)]
    shapes = {i: similarity(recorded, currents[i], ignore | WORDS, place_share=1.0) for i in kind}  # a shape is its place
    if not kind:
        return "relabel: no other element of its kind"
    return _on_words(recorded, currents, kind, shapes, synonyms) or _on_shape(recorded, currents, kind, shapes)


def _on_words(recorded: Fingerprint, currents: Sequence[Fingerprint], kind: list[int], shapes: dict[int, float],
              synonyms: Synonyms) -> Relabel | str | None:
    """The only element of its ``kind`` named like a synonym, or the only field with the recorded declared purpose;
    why not (several), or None when neither applies."""
    name = name_or_text(recorded)
    named = [i for i in kind if synonyms.same(name, name_or_text(currents[i]))]
    if len(named) > 1:
        return f"relabel: {len(named)} elements are named like a synonym of {name!r}"
    purpose = recorded.autocomplete if recorded.autocomplete not in (None, "", "on", "off") else None
    same_purpose = [i for i in kind if purpose and currents[i].autocomplete == purpose]
    chosen = named or (same_purpose if len(same_purpose) == 1 else [])
    if not chosen:
        return None
    i = chosen[0]  # a synonym speaks for itself (the judge names it); a declared purpose is this strategy's finding
    why = "" if named else f"the only field whose declared purpose is {purpose!r}"
    return Relabel(i, why, shapes[i], max((shapes[j] for j in kind if j != i), default=0.0))


def _on_shape(recorded: Fingerprint, currents: Sequence[Fingerprint], kind: list[int],
              shapes: dict[int, float]) -> Relabel | str:
    """The one element of its ``kind`` whose name kept the recorded words and gained others, when no other is clearly
    closer to its place; else, for an action (which may be known by what it declares), the closest shape, which the
    margin rule decides."""
    name = name_or_text(recorded) or ""
    kept = [i for i in kind if kept_whole(name, name_or_text(currents[i]))]
    runner = max((shapes[j] for j in kind if j not in kept), default=0.0)
    if len(kept) == 1 and shapes[kept[0]] >= runner - MARGIN:
        i = kept[0]
        return Relabel(i, "", shapes[i], runner)  # the judge says what the words it gained or lost mean
    if recorded.role not in ACTION_ROLES:
        return "relabel: no synonym, declared purpose or kept words name another field like it"
    order = sorted(kind, key=lambda i: shapes[i], reverse=True)
    best, runner = order[0], (shapes[order[1]] if len(order) > 1 else 0.0)
    return Relabel(best, "its shape is the recorded one's", shapes[best], runner, by_shape=True)


class Relabels:
    """A control with new words, proposed for the judge to weigh its name."""

    name = "relabel"
    kind = "relabel"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """The relabelled candidate, with what it declares; why none ("" when the recorded element has no name)."""
        survey, policy = scene.survey, scene.policy
        found = find_relabel(scene.recorded, [c.fingerprint for c in survey.candidates], policy.ignore, scene.synonyms)
        if isinstance(found, str):
            return Offer(note=found)
        best = survey.candidates[found.position]
        by_text = "text" not in policy.ignore
        return Offer((Proposal(HealLevel(kind=self.kind), best.fingerprint, best.index, found.score,
                               lambda: scene.steady(nth_of(scene.page, survey.selector, best.index), best.index,
                                                    by_text=by_text),
                               rival=found.runner_up if found.by_shape else None, evidence=found.evidence or None,
                               reading=survey.reading(found.position), runner_up=found.runner_up),))
