"""The zero-token heal cascade: recorded fallbacks, a text check's unchanged text, similarity, then a relabel.

Every level answers the same question: which element on the page is the recorded one,
beyond doubt? A candidate is accepted only when it scores above the threshold, keeps the
attributes its check pins (an ``expect`` never heals into another content), and beats
every other element of the page by a clear margin (or, for a text check, is the only
element showing exactly the recorded text). Anything else is rejected as missing or
ambiguous, never guessed. The last level, a relabelled control (``relabel.py``), needs evidence
beyond likeness: known equivalent names, or the recorded effect, required after the act.
Overlays in the way are another matter (``overlays.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..cache.model import Action, Expect, Fingerprint, LocatorSpec, Target
from ..page import items
from ..page.fingerprint import Candidate, capture, capture_with_look_alikes, index_of, nth_of, scan, scan_selector
from ..page.locators import spec_from_locator
from ..page.quality import for_text_check, without_counts
from ..run.heals import HealLevel
from .asserted import holed
from .choice import choose, differences, score_text
from .claims import Claims
from .destinations import Reading, reading
from .equivalents import Equivalents
from .names import normalized, says
from .relabel import find_relabel
from .rows import checked_cell, checked_row, in_named_row
from .similarity import ACCEPT_THRESHOLD, MARGIN, pins_hold, similarities, similarity
from .successors import find as find_successor
from .widgets import LEVEL

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


MAX_SHOWN = 4  # the elements left out for what they declare, named in a failure


@dataclass(frozen=True)
class Policy:
    """What identity means for one action: attributes left out of the comparison, and pinned ones.

    ``pinned`` attributes must be unchanged in any element the cascade accepts: a check that
    an element is visible is a check of its name, so it never heals into another name, except a
    known equivalent of it (the ``relabel`` level: "Accept" shown as "Accept all").
    """

    ignore: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    # A text check's recorded text, holding the asserted value: an element that shows exactly
    # this text is the checked one even when its container changed (``Relocator.by_unchanged_text``).
    shown_text: str | None = None
    # A text check's asserted value: never evidence against its element (``asserted.holed``).
    asserted: str | None = None
    # A look-alike (one of several lists) is anchored by its context or its place, whichever holds.
    by_place: bool = False
    # The action's recorded effect that can confirm a relabelled element ("URL /login.html"), if any.
    effect: str | None = None
    # The URL of that effect (normalized): what a candidate declares must not contradict it (``destinations.py``);
    # ``new_page``: the URL of the page (a tab, a popup) the action opened.
    effect_url: str | None = None
    new_page: bool = False


def policy_for(action: Action, fingerprint: Fingerprint | None) -> Policy:
    """The identity policy of a cached action.

    For a text check, the text is what is asserted, so the element is known by everything
    else (a wrong total must fail the check, not send the cascade to another element); for a
    count check, the list is known by everything but its content and the text around it.
    """
    if not isinstance(action, Expect) or fingerprint is None:
        url = _effect_url(action)
        opened = _opened_url(action)
        return Policy(effect=f"URL {url}" if url is not None else None, effect_url=url or opened,
                      new_page=url is None and opened is not None)
    if action.check == "text":
        derived = fingerprint.name is not None and normalized(fingerprint.name) == normalized(fingerprint.text)
        expected = normalized(action.expected) if isinstance(action.expected, str) else ""
        shown = fingerprint.text if expected and expected in normalized(fingerprint.text) else None
        return Policy(ignore=frozenset({"text", "name"} if derived else {"text"}), shown_text=shown,
                      asserted=action.expected if isinstance(action.expected, str) else None)
    if action.check == "visible":
        return Policy(pinned=frozenset({"name"} if fingerprint.name else {"text"}))
    if action.check == "count" and action.items is not None:
        # a list is the same list whatever it holds (what it holds is what is counted), where it was
        return Policy(ignore=frozenset({"text", "name"}), by_place=True)
    return Policy()


def _effect_url(action: Action) -> str | None:
    """Where the action was recorded to lead, that tells a control by its job and is checked exactly: its URL.

    (A page it opens is checked to open, not for where: no evidence.)"""
    after = action.after
    return after.url if after is not None and after.url is not None else None


def _opened_url(action: Action) -> str | None:
    """The URL of the page (a tab, a popup) the action was recorded to open, if any: what a link to it declares."""
    after = action.after
    return after.popup if after is not None and after.popup is not None else None


@dataclass(frozen=True)
class Relocated:
    """Where the cascade found the element, at which level, and (a relabel) on what evidence."""

    level: HealLevel
    spec: LocatorSpec
    locator: Locator
    fingerprint: Fingerprint
    score: float
    evidence: str | None = None
    runner_up: float | None = None


@dataclass(frozen=True)
class Missed:
    """Why the cascade found no element beyond doubt, level by level."""

    reason: str


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

    def best_other(self, index: int) -> float:
        """The best score of any candidate but the one with this scan index."""
        return max((s for c, s in zip(self.candidates, self.scores, strict=True) if c.index != index), default=0.0)


def verdict(recorded: Fingerprint, current: Fingerprint, score: float, rival: float, policy: Policy,
            threshold: float = ACCEPT_THRESHOLD) -> str | None:
    """Why ``current`` is not beyond doubt the recorded element, or None when it is."""
    if score < threshold:
        changed = differences(recorded, current, policy.ignore)
        return f"similarity {score_text(score, threshold)} is below {threshold:.2f}" + (f": {changed}" if changed else "")
    if not pins_hold(recorded, current, policy.pinned):
        return f"its {', '.join(sorted(policy.pinned))} changed, and this check asserts it"
    if score - rival < MARGIN:
        return f"ambiguous: another element scores {score_text(rival, score)} against its {score_text(score, rival)}"
    return None


def _as_declared(candidate: Candidate, recorded: Fingerprint, read: Reading) -> Candidate:
    """The candidate as compared with the recorded link: a control without an ``href`` whose declared destination
    confirms the recorded one is compared as having the recorded ``href`` (one command, a link or a form's button)."""
    if read.agreement != "confirms" or candidate.fingerprint.href or not recorded.href or candidate.declared.url is None:
        return candidate
    return replace(candidate, fingerprint=candidate.fingerprint.model_copy(update={"href": recorded.href}))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _visible_unique(loc: Locator) -> bool:
    try:
        return loc.count() == 1 and loc.is_visible()
    except Exception:  # a candidate that cannot be read is no candidate
        return False


class Relocator:
    """Finds a cached target again without a model. Each level is a small named matcher; elements already
    found for other recorded elements of the step (``claims``) are no candidates."""

    def __init__(self, page: Page, equivalents: Equivalents = Equivalents()) -> None:
        self.page = page
        self.equivalents = equivalents
        self.claims = Claims()

    def survey(self, recorded: Fingerprint, policy: Policy) -> Survey:
        """Scan the page once and score every visible candidate against the recorded element.

        With a recorded URL, what each element declares is read first (``destinations.py``): one that declares
        another destination is no candidate, and one whose form declares the recorded link's address is
        compared as having that address (a "Log out" link become a button that posts to the same URL).
        """
        selector = scan_selector(recorded)
        candidates = [replace(c, fingerprint=holed(recorded, c.fingerprint, policy.asserted))
                      for c in scan(self.page, selector) if not self.claims.taken(recorded, c.fingerprint)]
        readings: list[Reading | None] = []
        contradicting: list[tuple[int, str]] = []
        if policy.effect_url is not None:
            kept: list[Candidate] = []
            for c in candidates:
                read = reading(c.declared, recorded, c.fingerprint, policy.effect_url, self.page.url, policy.new_page)
                if read.agreement == "contradicts":
                    contradicting.append((c.index, f"{says(c.fingerprint)!r}: {read.why}"))
                    continue
                kept.append(_as_declared(c, recorded, read))
                readings.append(read)
            candidates = kept
        scores = similarities(recorded, [c.fingerprint for c in candidates], policy.ignore, policy.by_place)
        return Survey(selector, candidates, scores, readings, contradicting)

    def doubt(self, recorded: Fingerprint, loc: Locator, current: Fingerprint, score: float, policy: Policy,
              threshold: float) -> str | None:
        """Why the element at ``loc`` is not clearly the recorded one (comparing it with the whole page), or None."""
        survey = self.survey(recorded, policy)
        return verdict(recorded, current, score, survey.best_other(index_of(loc, survey.selector)), policy, threshold)

    def find(self, target: Target, policy: Policy) -> Relocated | Missed:
        """The element, or why no level found it beyond doubt.

        Each level answers with the element, or with why it found none ("" when it does not apply).
        """
        if target.fingerprint is None:
            return Missed("no fingerprint was recorded to compare with")
        survey = self.survey(target.fingerprint, policy)
        reasons = []
        if survey.contradicting:
            shown = "; ".join(why for _, why in survey.contradicting[:MAX_SHOWN])
            more = "; ..." if len(survey.contradicting) > MAX_SHOWN else ""
            reasons.append(f"left out {_count(len(survey.contradicting), 'element')} that declare another destination "
                           f"({shown}{more})")
        for level in (self.by_fallbacks, self.by_row_key, self.by_unchanged_text, self.by_similarity, self.by_successor,
                      self.by_relabel):
            found = level(target, survey, policy)
            if isinstance(found, Relocated):
                return found
            if found:
                reasons.append(found)
        return Missed("; ".join(reasons))

    def by_fallbacks(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
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
            against = survey.contradicts(index)
            if against is not None:
                reasons.append(f"{spec.describe()}: {against}")
                continue
            pos = survey.position(index)
            current = survey.candidates[pos].fingerprint if pos is not None else capture(loc)
            score = (survey.scores[pos] if pos is not None
                     else similarity(target.fingerprint, current, policy.ignore, by_place=policy.by_place))
            why = verdict(target.fingerprint, current, score, survey.best_other(index), policy)
            if why is None:
                if spec.kind == "selector":  # a CSS path finds it by place: cache what Playwright would generate
                    steady, loc = self.stable_spec(loc, survey.selector, index, by_text="text" not in policy.ignore)
                else:
                    steady = without_counts(self.page, spec, current, loc)  # "Cart (2)": its test id or "Cart"
                return Relocated(HealLevel(kind="fallback", locator=spec.kind), steady, loc, capture_with_look_alikes(loc), score)
            reasons.append(f"{spec.describe()}: {why}")
        return "; ".join(reasons[:3]) or "no recorded fallback locator finds exactly one visible element"

    def by_row_key(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
        """Level 1b: an element a cache found in a row named by all its cells, in the one row whose identifying text the
        recorded row's text holds; a checked row keyed by its asserted value, by its other text; a checked cell by its
        row's key and its column (``rows.py``)."""
        assert target.fingerprint is not None
        found = in_named_row(self.page, target) or checked_row(self.page, target, policy.asserted) \
            or checked_cell(self.page, target, policy.asserted)
        if isinstance(found, str):
            return found
        spec, loc, key = found
        against = survey.contradicts(index_of(loc, survey.selector))
        if against is not None:
            return f"rows: {against}"
        current = capture_with_look_alikes(loc).model_copy(update={"item": key, "column": target.fingerprint.column})
        return Relocated(HealLevel(kind="row_key"), spec, loc, current,
                         similarity(target.fingerprint, current, policy.ignore, by_place=policy.by_place))

    def by_similarity(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
        """Level 3: the page's best candidate, when it clears the threshold and the margin and keeps its pins."""
        assert target.fingerprint is not None
        choice = choose(survey.scores)
        if choice.index is None:
            return f"similarity: {choice.reason}"
        best = survey.candidates[choice.index]
        if not pins_hold(target.fingerprint, best.fingerprint, policy.pinned):
            return f"similarity: the best candidate's {', '.join(sorted(policy.pinned))} changed"
        element = nth_of(self.page, survey.selector, best.index)
        spec, live = self.stable_spec(element, survey.selector, best.index, by_text="text" not in policy.ignore)
        return Relocated(HealLevel(kind="similarity"), spec, live, capture_with_look_alikes(live), choice.best)

    def by_successor(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
        """Level 3b: a select or combobox rebuilt as the one control popping up a listbox with its label
        (``successors.py``)."""
        assert target.fingerprint is not None
        found = find_successor(self.page, target.fingerprint, survey.selector, survey.candidates)
        if isinstance(found, str):
            return found
        spec, live = (found.spec, found.spec.build(self.page)) if found.spec is not None else \
            self.stable_spec(found.locator, survey.selector, found.index)
        current = capture_with_look_alikes(live)
        return Relocated(LEVEL, spec, live, current, similarity(target.fingerprint, current, policy.ignore),
                         found.evidence(target.fingerprint))

    def by_relabel(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
        """Level 4: a relabelled control, on evidence: known equivalent names, or its recorded effect (``relabel.py``)."""
        assert target.fingerprint is not None
        found = find_relabel(target.fingerprint, [c.fingerprint for c in survey.candidates], policy.ignore,
                             "name" in policy.pinned, policy.effect, self.equivalents,
                             [survey.reading(i) for i in range(len(survey.candidates))])
        if isinstance(found, str):
            return found
        best = survey.candidates[found.position]
        element = nth_of(self.page, survey.selector, best.index)
        spec, live = self.stable_spec(element, survey.selector, best.index, by_text="text" not in policy.ignore)
        return Relocated(HealLevel(kind="relabel"), spec, live, capture_with_look_alikes(live), found.score, found.evidence,
                         found.runner_up)

    def shows(self, text: str) -> bool:
        """Whether exactly one visible element of the page shows exactly ``text``."""
        return _visible_unique(LocatorSpec(kind="text", value=text, exact=True).build(self.page))

    def by_unchanged_text(self, target: Target, survey: Survey, policy: Policy) -> Relocated | str:
        """Level 2, for a text check only: the one visible element that shows exactly the recorded text.

        The asserted value is then still shown, whole, as it was: the element is recognised by its
        text and by everything else (the threshold applies), wherever its container went. A text
        that changed (a wrong total) is never found this way, so the check still fails.
        """
        assert target.fingerprint is not None
        if not policy.shown_text:
            return ""
        loc = LocatorSpec(kind="text", value=policy.shown_text, exact=True).build(self.page)
        if not self.shows(policy.shown_text):
            return f"no single element shows {policy.shown_text!r}"
        current = capture(loc)
        ignore = policy.ignore - {"text", "name"}
        score = similarity(target.fingerprint, current, ignore)
        why = verdict(target.fingerprint, current, score, 0.0, Policy(ignore=ignore, pinned=policy.pinned))
        if why is not None:
            return f"the element showing {policy.shown_text!r}: {why}"
        spec, live = self.stable_spec(loc, survey.selector, index_of(loc, survey.selector), by_text=False)
        return Relocated(HealLevel(kind="unchanged_text"), spec, live, capture_with_look_alikes(live), score)

    def stable_spec(self, element: Locator, selector: str, index: int, by_text: bool = True) -> tuple[LocatorSpec, Locator]:
        """A locator to cache for an element found by scanning, as recording would pick it (``page/quality.py``):
        the normalized one (without a count or an amount in its name), else its CSS path.

        ``by_text=False`` (a check of the element's text): locators that do not hold that text come first
        (test id, role and a name of its own, label, placeholder), then the CSS path.
        """
        normalized = spec_from_locator(element.normalize())
        fp = capture(element)
        if by_text:
            options = [without_counts(self.page, normalized, fp, element)]
            in_item = items.scoped(self.page, element, options[0], [], fp)  # a row's element: in the row its key finds
            options[:0] = [in_item[0]] if in_item is not None else []
            if fp.css:
                options.append(LocatorSpec(kind="selector", value=fp.css))
        else:
            options = [*for_text_check(fp, normalized), normalized]
        for spec in options:
            live = spec.build(self.page)
            if _visible_unique(live) and index_of(live, selector) == index:
                return spec, live
        return options[-1], element

