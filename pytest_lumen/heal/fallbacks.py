"""Strategy: the recorded fallback locators (test id, role and name, label, placeholder, text, CSS path), in order.

Each that finds exactly one visible element proposes it, with its likeness to the recorded element and the best
other element's (the judge's margin rule). A fallback that finds an element declaring another destination proposes
nothing; a text fallback is not used for a check of the element's text (it must not find its element by that text).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..outcome.heal import HealLevel
from ..page.fingerprint import capture, index_of
from ..page.quality import without_counts
from .likeness import similarity
from .proposal import Offer, Proposal, Scene, visible_unique

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from ..cache.model import Fingerprint, LocatorSpec

MAX_NOTES = 3  # fallbacks named in a note


class Fallbacks:
    """The recorded fallback locators, each proposing the one visible element it finds."""

    name = "fallback"
    kind = "fallback"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """A proposal per fallback locator that finds exactly one visible element; why none otherwise."""
        survey, policy, recorded = scene.survey, scene.policy, scene.recorded
        proposals: list[Proposal] = []
        notes: list[str] = []
        for spec in scene.target.fallbacks:
            if spec.kind == "text" and "text" in policy.ignore:
                continue
            loc = spec.build(scene.page)
            if not visible_unique(loc):
                continue
            index = index_of(loc, survey.selector)
            against = survey.contradicts(index)
            if against is not None:
                notes.append(f"{spec.describe()}: {against}")
                continue
            pos = survey.position(index)
            current = survey.candidates[pos].fingerprint if pos is not None else capture(loc)
            score = (survey.scores[pos] if pos is not None
                     else similarity(recorded, current, policy.ignore, by_place=policy.by_place))
            settle = functools.partial(_settle, scene, spec, loc, index, current)
            proposals.append(Proposal(HealLevel(kind=self.kind, locator=spec.kind), current, index, score, settle,
                                      rival=scene.rival(index),
                                      reading=survey.reading(pos) if pos is not None else None))
        note = "" if proposals else ("; ".join(notes[:MAX_NOTES])
                                     or "no recorded fallback locator finds exactly one visible element")
        return Offer(tuple(proposals), note)


def _settle(scene: Scene, spec: LocatorSpec, loc: Locator, index: int, current: Fingerprint) -> tuple[LocatorSpec, Locator]:
    """The locator to write for the element a fallback found: a CSS path finds it by place, so what Playwright would
    generate; another kind as it is, without a count or an amount in its name ("Cart (2)": its test id or "Cart")."""
    if spec.kind == "selector":
        return scene.steady(loc, index, by_text="text" not in scene.policy.ignore)
    return without_counts(scene.page, spec, current, loc), loc
