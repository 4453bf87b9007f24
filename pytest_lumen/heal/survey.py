"""The page surveyed once for a recorded element: every visible candidate, what it declares, and its likeness.

With a recorded destination, what each element declares is read first (``destinations.py``): one that declares
another destination is no candidate, and one whose form declares the recorded link's address is compared as
having that address (a "Log out" link become a button that posts to the same URL). Elements already found for
another recorded element of the step (``claims.py``) are no candidates either.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..cache.model import Fingerprint
from ..page.asserted import asserted_value_aside
from ..page.fingerprint import Candidate, scan, scan_selector
from .destinations import Reading, reading
from .likeness import similarities
from .words import name_or_text

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .claims import Claims
    from .policy import Policy


@dataclass
class Survey:
    """The page's candidates for one recorded element, each with its similarity to it."""

    selector: str
    candidates: list[Candidate] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    # How what each candidate declares reads against the recorded destination (None: no recorded URL to read it by).
    readings: list[Reading | None] = field(default_factory=list)
    # The elements left out because what they declare contradicts where the step led: (scan index, why).
    contradicting: list[tuple[int, str]] = field(default_factory=list)

    def contradicts(self, index: int) -> str | None:
        """Why the element with this scan index is no candidate (it declares another destination), or None."""
        return next((why for i, why in self.contradicting if i == index), None)

    def reading(self, position: int) -> Reading | None:
        """The reading of the candidate at this position (None: nothing recorded to read it by)."""
        return self.readings[position] if position < len(self.readings) else None

    def position(self, index: int) -> int | None:
        """Where the element with this scan index is in ``candidates`` (None: not a visible candidate)."""
        return next((i for i, c in enumerate(self.candidates) if c.index == index), None)


def survey(page: Page, recorded: Fingerprint, policy: Policy, claims: Claims) -> Survey:
    """Scan the page once and score every visible candidate against the recorded element."""
    selector = scan_selector(recorded)
    candidates = [replace(c, fingerprint=asserted_value_aside(recorded, c.fingerprint, policy.asserted))
                  for c in scan(page, selector) if not claims.taken(recorded, c.fingerprint)]
    readings: list[Reading | None] = []
    contradicting: list[tuple[int, str]] = []
    if policy.effect_url is not None or recorded.action is not None:
        kept: list[Candidate] = []
        for c in candidates:
            read = reading(c.declared, recorded, c.fingerprint, page.url, policy)
            if read.agreement == "contradicts":
                contradicting.append((c.index, f"{name_or_text(c.fingerprint)!r}: {read.why}"))
                continue
            kept.append(_as_declared(c, recorded, read))
            readings.append(read)
        candidates = kept
    scores = similarities(recorded, [c.fingerprint for c in candidates], policy.ignore, policy.by_place)
    return Survey(selector, candidates, scores, readings, contradicting)


def _as_declared(candidate: Candidate, recorded: Fingerprint, read: Reading) -> Candidate:
    """The candidate as compared with the recorded link: a control without an ``href`` whose declared destination
    confirms the recorded one is compared as having the recorded ``href`` (one command, a link or a form's button)."""
    if read.agreement != "confirms" or candidate.fingerprint.href or not recorded.href or candidate.declared.url is None:
        return candidate
    return replace(candidate, fingerprint=candidate.fingerprint.model_copy(update={"href": recorded.href}))
