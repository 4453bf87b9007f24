"""Strategy, for a text check only: the one visible element that shows exactly the recorded text.

The asserted value is then still shown, whole, as it was: the element is recognised by its text and by
everything else (the threshold applies), wherever its container went. A text that changed (a wrong total) is
never found this way, so the check still fails.
"""

from __future__ import annotations

from ..cache.model import LocatorSpec
from ..outcome.heal import HealLevel
from ..page.fingerprint import capture, index_of
from .likeness import similarity
from .proposal import Offer, Proposal, Scene


class UnchangedText:
    """A text check's element found by the text it showed, whole."""

    name = "unchanged_text"
    kind = "unchanged_text"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """The element showing exactly the recorded text, with its likeness (its text and name compared too)."""
        shown = scene.policy.shown_text
        if not shown:
            return Offer()
        if not scene.shows(shown):
            return Offer(note=f"no single element shows {shown!r}")
        loc = LocatorSpec(kind="text", value=shown, exact=True).build(scene.page)
        current = capture(loc)
        score = similarity(scene.recorded, current, scene.policy.ignore - {"text", "name"})
        index = index_of(loc, scene.survey.selector)
        return Offer((Proposal(HealLevel(kind=self.kind), current, index, score,
                               lambda: scene.steady(loc, index, by_text=False), rival=0.0,
                               evidence=f"the only element that shows {shown!r}"),))
