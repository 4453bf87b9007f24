"""The zero-token heal cascade: recorded fallbacks, then similarity over the page's elements.

Every level answers the same question: which element on the page is the recorded one,
beyond doubt? A candidate is accepted only when it scores above the threshold, keeps the
attributes its check pins (an ``expect`` never heals into another content), and beats
every other element of the page by a clear margin. Anything else is rejected as missing
or ambiguous, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from . import actions as A
from .fingerprint import Candidate, Fingerprint, capture, capture_with_look_alikes, index_of, scan, scan_selector
from .locators import LocatorSpec, spec_from_locator
from .similarity import ACCEPT_THRESHOLD, MARGIN, choose, differences, normalized, pins_hold, similarity

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

DISMISS_NAMES = re.compile(r"^(accept( all)?( cookies)?|ok(ay)?|got it|close|dismiss|no,? thanks|not now|reject( all)?|continue|×|x)$", re.I)


@dataclass(frozen=True)
class Policy:
    """What identity means for one action: attributes left out of the comparison, and pinned ones.

    ``pinned`` attributes must be unchanged in any element the cascade accepts: a check that
    an element is visible is a check of its name, so it never heals into another name.
    """

    ignore: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()


def policy_for(action: Any, fingerprint: Optional[Fingerprint]) -> Policy:
    """The identity policy of a cached action.

    For a text check, the text is what is asserted, so the element is known by everything
    else (a wrong total must fail the check, not send the cascade to another element).
    """
    if not isinstance(action, A.Expect) or fingerprint is None:
        return Policy()
    if action.check == "text":
        derived = fingerprint.name is not None and normalized(fingerprint.name) == normalized(fingerprint.text)
        return Policy(ignore=frozenset({"text", "name"} if derived else {"text"}))
    if action.check == "visible":
        return Policy(pinned=frozenset({"name"} if fingerprint.name else {"text"}))
    return Policy()


@dataclass(frozen=True)
class Relocated:
    """Where the cascade found the element, and at which level."""

    level: str
    spec: LocatorSpec
    locator: Locator
    fingerprint: Fingerprint
    score: float


@dataclass
class Survey:
    """The page's candidates for one recorded element, each with its similarity to it."""

    selector: str
    candidates: list[Candidate] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    def position(self, index: int) -> Optional[int]:
        """Where the element with this scan index is in ``candidates`` (None: not a visible candidate)."""
        return next((i for i, c in enumerate(self.candidates) if c.index == index), None)

    def best_other(self, index: int) -> float:
        """The best score of any candidate but the one with this scan index."""
        return max((s for c, s in zip(self.candidates, self.scores) if c.index != index), default=0.0)


def verdict(recorded: Fingerprint, current: Fingerprint, score: float, rival: float, policy: Policy,
            threshold: float = ACCEPT_THRESHOLD) -> Optional[str]:
    """Why ``current`` is not beyond doubt the recorded element, or None when it is."""
    if score < threshold:
        changed = differences(recorded, current, policy.ignore)
        return f"similarity {score:.2f} is below {threshold:.2f}" + (f": {changed}" if changed else "")
    if not pins_hold(recorded, current, policy.pinned):
        return f"its {', '.join(sorted(policy.pinned))} changed, and this check asserts it"
    if score - rival < MARGIN:
        return f"ambiguous: another element scores {rival:.2f} against its {score:.2f}"
    return None


def _visible_unique(loc: Locator) -> bool:
    try:
        return loc.count() == 1 and loc.is_visible()
    except Exception:  # noqa: BLE001 - a candidate that cannot be read is no candidate
        return False


class Relocator:
    """Finds a cached target again without a model. Each level is a small named matcher."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.last_reason = ""

    def survey(self, recorded: Fingerprint, policy: Policy) -> Survey:
        """Scan the page once and score every visible candidate against the recorded element."""
        selector = scan_selector(recorded)
        candidates = scan(self.page, selector)
        scores = [similarity(recorded, c.fingerprint, policy.ignore) for c in candidates]
        return Survey(selector, candidates, scores)

    def doubt(self, recorded: Fingerprint, loc: Locator, current: Fingerprint, score: float, policy: Policy,
              threshold: float) -> Optional[str]:
        """Why the element at ``loc`` is not clearly the recorded one (comparing it with the whole page), or None."""
        survey = self.survey(recorded, policy)
        return verdict(recorded, current, score, survey.best_other(index_of(loc, survey.selector)), policy, threshold)

    def find(self, target: A.Target, policy: Policy) -> Optional[Relocated]:
        """The element, or None (``last_reason`` says why)."""
        if target.fingerprint is None:
            self.last_reason = "no fingerprint was recorded to compare with"
            return None
        survey = self.survey(target.fingerprint, policy)
        return self.by_fallbacks(target, survey, policy) or self.by_similarity(target, survey, policy)

    def by_fallbacks(self, target: A.Target, survey: Survey, policy: Policy) -> Optional[Relocated]:
        """Level 1: the recorded fallback locators in order; the element one finds must pass the verdict."""
        assert target.fingerprint is not None
        reasons = []
        for spec in target.fallbacks:
            if spec.kind == "text" and "text" in policy.ignore:
                continue  # a check of the text must not find its element by that text
            loc = spec.build(self.page)
            if not _visible_unique(loc):
                continue
            index = index_of(loc, survey.selector)
            pos = survey.position(index)
            current = survey.candidates[pos].fingerprint if pos is not None else capture(loc)
            score = survey.scores[pos] if pos is not None else similarity(target.fingerprint, current, policy.ignore)
            why = verdict(target.fingerprint, current, score, survey.best_other(index), policy)
            if why is None:
                return Relocated(f"fallback:{spec.kind}", spec, loc, capture_with_look_alikes(loc), score)
            reasons.append(f"{spec.describe()}: {why}")
        self.last_reason = "; ".join(reasons[:3]) or "no recorded fallback locator finds exactly one visible element"
        return None

    def by_similarity(self, target: A.Target, survey: Survey, policy: Policy) -> Optional[Relocated]:
        """Level 2: the page's best candidate, when it clears the threshold and the margin and keeps its pins."""
        assert target.fingerprint is not None
        choice = choose(survey.scores)
        if choice.index is None:
            self.last_reason = f"{self.last_reason}; similarity: {choice.reason}"
            return None
        best = survey.candidates[choice.index]
        if not pins_hold(target.fingerprint, best.fingerprint, policy.pinned):
            self.last_reason = f"{self.last_reason}; similarity: the best candidate's {', '.join(sorted(policy.pinned))} changed"
            return None
        element = self.page.locator(survey.selector).nth(best.index)
        spec, live = self.stable_spec(element, survey.selector, best.index, by_text="text" not in policy.ignore)
        return Relocated("similarity", spec, live, capture_with_look_alikes(live), choice.best)

    def stable_spec(self, element: Locator, selector: str, index: int, by_text: bool = True) -> tuple[LocatorSpec, Locator]:
        """A locator to cache for an element found by scanning: the normalized one, else its CSS path.

        ``by_text=False`` (a check of the element's text) puts the CSS path first: the
        locator of a checked text must not depend on that text.
        """
        options = [spec_from_locator(element.normalize())]
        css = capture(element).css
        if css:
            options.append(LocatorSpec(kind="selector", value=css))
        if not by_text:
            options.reverse()
        for spec in options:
            live = spec.build(self.page)
            if _visible_unique(live) and index_of(live, selector) == index:
                return spec, live
        return options[-1], element


def dismiss_overlay(page: Page) -> Optional[str]:
    """Close a banner or dialog that covers the page: a visible button named like Accept/Close/Dismiss.

    Returns what was clicked, or None. Used when an action fails because another
    element intercepts the pointer.
    """
    for scope in (page.get_by_role("dialog"), page.get_by_role("alertdialog"), page.locator("[class*=cookie], [id*=cookie], [class*=banner], [class*=overlay], [class*=modal], [class*=popup]")):
        buttons = scope.get_by_role("button")
        for i in range(min(buttons.count(), 10)):
            button = buttons.nth(i)
            try:
                name = (button.get_attribute("aria-label") or button.inner_text(timeout=500) or "").strip()
                if DISMISS_NAMES.match(name) and button.is_visible():
                    button.click(timeout=1000)
                    return name
            except Exception:  # noqa: BLE001 - try the next one
                continue
    return None
