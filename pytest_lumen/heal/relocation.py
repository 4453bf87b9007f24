"""Relocation: the recorded element found again without a model, by proposals the judge weighs.

``Relocator.find`` surveys the page once (``survey.py``), asks every strategy (``strategy.STRATEGIES``) for its
proposals, and lets the judge (``judge.py``) accept at most one. ``Relocator.doubt`` asks the judge about the element
the primary locator found when it is not plainly the recorded one. Elements already found for other recorded
elements of the step (``claims``) are no candidates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..page.declared import declared_by
from ..page.fingerprint import index_of
from ..page.identity import same_role_and_name
from ..page.purpose import consequence
from .claims import Claims
from .judge import judge, verdict
from .proposal import Missed, Relocated, Scene, shows
from .strategy import STRATEGIES
from .survey import survey
from .synonyms import Synonyms
from .words import name_or_text

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..cache.model import Fingerprint, Target
    from .policy import Policy

__all__ = ["Missed", "Relocated", "Relocator"]


class Relocator:
    """Finds a cached target again without a model, on one page, for the actions of one step."""

    def __init__(self, page: Page, synonyms: Synonyms = Synonyms()) -> None:
        self.page = page
        self.synonyms = synonyms
        self.claims = Claims()

    def scene(self, target: Target, policy: Policy, named: str = "") -> Scene:
        """The page as the strategies read it for this target (surveyed now)."""
        assert target.fingerprint is not None
        return Scene(self.page, target, policy, self.synonyms, self.claims,
                     survey(self.page, target.fingerprint, policy, self.claims), named)

    def find(self, target: Target, policy: Policy, named: str = "") -> Relocated | Missed:
        """The element the judge accepts among every strategy's proposals, or why none (``named``: the words the step
        names its element's item by)."""
        if target.fingerprint is None:
            return Missed("no fingerprint was recorded to compare with")
        scene = self.scene(target, policy, named)
        return judge(scene, [strategy.propose(scene) for strategy in STRATEGIES])

    def doubt(self, target: Target, loc: Locator, current: Fingerprint, score: float, policy: Policy,
              threshold: float) -> str | None:
        """Why the element at ``loc`` (the primary locator's) is not clearly the recorded one, comparing it with the
        whole page by the judge's contract, or None."""
        scene = self.scene(target, policy)
        index = index_of(loc, scene.survey.selector)
        against = scene.survey.contradicts(index)
        if against is not None and same_role_and_name(scene.recorded, current) and consequence(name_or_text(current)) is None:
            declared = declared_by(loc)  # the very link to a renamed route, neither it nor the route saying a consequence
            route = " ".join(urlsplit(declared.url or "").path.replace("-", " ").replace("_", " ").split("/"))
            if not declared.submits and consequence(route) is None:
                against = None  # the effect decides, after
        return against or verdict(scene, current, score, scene.rival(index), threshold, index)

    def shows(self, text: str) -> bool:
        """Whether exactly one visible element of the page shows exactly ``text``."""
        return shows(self.page, text)
