"""Strategy: the page's element most like the recorded one (``likeness.py``), with the runner-up's likeness.

It proposes the best candidate of the survey whatever its score: the judge's margin rule (``margin.py``) accepts it
only above the threshold and clearly ahead of every other element.
"""

from __future__ import annotations

from ..outcome.heal import HealLevel
from ..page.deep import nth_of
from .proposal import Offer, Proposal, Scene


class Similar:
    """The survey's best candidate by likeness."""

    name = "similarity"
    kind = "similarity"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """The best-scored candidate and the runner-up's score; nothing on a page without candidates."""
        survey = scene.survey
        if not survey.scores:
            return Offer(note="similarity: no candidates on the page")
        order = sorted(range(len(survey.scores)), key=lambda i: survey.scores[i], reverse=True)
        best = survey.candidates[order[0]]
        runner = scene.rival(best.index)
        by_text = "text" not in scene.policy.ignore
        return Offer((Proposal(HealLevel(kind=self.kind), best.fingerprint, best.index, survey.scores[order[0]],
                               lambda: scene.steady(nth_of(scene.page, survey.selector, best.index), best.index,
                                                    by_text=by_text),
                               rival=runner, reading=survey.reading(order[0])),))
