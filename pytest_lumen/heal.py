"""The zero-token heal cascade: recorded fallbacks, a text check's unchanged text, then similarity.

Every level answers the same question: which element on the page is the recorded one,
beyond doubt? A candidate is accepted only when it scores above the threshold, keeps the
attributes its check pins (an ``expect`` never heals into another content), and beats
every other element of the page by a clear margin (or, for a text check, is the only
element showing exactly the recorded text). Anything else is rejected as missing or
ambiguous, never guessed.

Overlays are handled here too, without changing the cache: a banner or dialog in the way
is dismissed (``dismiss_overlay``), and an open modal ``<dialog>`` that does not hold the
target is closed before acting (``close_blocking_modal``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from playwright.sync_api import Error as PlaywrightError

from . import actions as A
from .fingerprint import Candidate, Fingerprint, capture, capture_with_look_alikes, index_of, scan, scan_selector
from .locators import LocatorSpec, spec_from_locator
from .similarity import ACCEPT_THRESHOLD, MARGIN, choose, differences, normalized, pins_hold, similarities, similarity

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
    # A text check's recorded text, holding the asserted value: an element that shows exactly
    # this text is the checked one even when its container changed (``Relocator.by_unchanged_text``).
    shown_text: Optional[str] = None


def policy_for(action: Any, fingerprint: Optional[Fingerprint]) -> Policy:
    """The identity policy of a cached action.

    For a text check, the text is what is asserted, so the element is known by everything
    else (a wrong total must fail the check, not send the cascade to another element).
    """
    if not isinstance(action, A.Expect) or fingerprint is None:
        return Policy()
    if action.check == "text":
        derived = fingerprint.name is not None and normalized(fingerprint.name) == normalized(fingerprint.text)
        expected = normalized(action.expected) if isinstance(action.expected, str) else ""
        shown = fingerprint.text if expected and expected in normalized(fingerprint.text) else None
        return Policy(ignore=frozenset({"text", "name"} if derived else {"text"}), shown_text=shown)
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
        scores = similarities(recorded, [c.fingerprint for c in candidates], policy.ignore)
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
        return (self.by_fallbacks(target, survey, policy) or self.by_unchanged_text(target, survey, policy)
                or self.by_similarity(target, survey, policy))

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
        """Level 3: the page's best candidate, when it clears the threshold and the margin and keeps its pins."""
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

    def by_unchanged_text(self, target: A.Target, survey: Survey, policy: Policy) -> Optional[Relocated]:
        """Level 2, for a text check only: the one visible element that shows exactly the recorded text.

        The asserted value is then still shown, whole, as it was: the element is recognised by its
        text and by everything else (the threshold applies), wherever its container went. A text
        that changed (a wrong total) is never found this way, so the check still fails.
        """
        assert target.fingerprint is not None
        if not policy.shown_text:
            return None
        loc = LocatorSpec(kind="text", value=policy.shown_text, exact=True).build(self.page)
        if not _visible_unique(loc):
            self.last_reason = f"{self.last_reason}; no single element shows {policy.shown_text!r}"
            return None
        current = capture(loc)
        ignore = policy.ignore - {"text", "name"}
        score = similarity(target.fingerprint, current, ignore)
        why = verdict(target.fingerprint, current, score, 0.0, Policy(ignore=ignore, pinned=policy.pinned))
        if why is not None:
            self.last_reason = f"{self.last_reason}; the element showing {policy.shown_text!r}: {why}"
            return None
        spec, live = self.stable_spec(loc, survey.selector, index_of(loc, survey.selector), by_text=False)
        return Relocated("unchanged_text", spec, live, capture_with_look_alikes(live), score)

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


MODAL = "dialog:modal"  # a native <dialog> opened with showModal(): everything outside it is inert
OVERLAYS = "[class*=cookie], [id*=cookie], [class*=banner], [class*=overlay], [class*=modal], [class*=popup]"
# Whether a modal dialog is open that does not hold the element: acting on the element would do nothing.
BLOCKED_JS = f"(el) => {{ const d = document.querySelector('{MODAL}'); return !!d && !d.contains(el); }}"


def dismiss_overlay(page: Page) -> Optional[str]:
    """Close a banner or dialog that covers the page: a visible button named like Accept/Close/Dismiss.

    An open modal dialog goes first (nothing behind it can be used until it is closed), then
    dialogs, alert dialogs and banners. Returns what was clicked, or None. Used when an action
    fails because another element intercepts the pointer, and by ``close_blocking_modal``.
    """
    for scope in (page.locator(MODAL), page.get_by_role("dialog"), page.get_by_role("alertdialog"), page.locator(OVERLAYS)):
        name = _click_dismiss(scope.get_by_role("button"))
        if name is not None:
            return name
    return None


def close_blocking_modal(page: Page, target: Locator) -> Optional[str]:
    """Close an open modal dialog that does not hold ``target`` (a sale pop-up over the page).

    Behind a modal ``<dialog>`` the page is inert: a click is intercepted and a fill types
    nothing. Only the modal dialog's own dismiss button is clicked, and only when the target
    is outside it (a button of the dialog itself is acted on as it is). Returns what was
    clicked, or None. This is not a heal: the cached action is unchanged.
    """
    try:
        if not target.evaluate(BLOCKED_JS, timeout=1000):
            return None
    except PlaywrightError:  # no element to ask about: the action reports what is wrong
        return None
    return _click_dismiss(page.locator(MODAL).get_by_role("button"))


def _click_dismiss(buttons: Locator) -> Optional[str]:
    """Click the first visible button named like a dismissal among ``buttons`` (the first ten)."""
    for i in range(min(buttons.count(), 10)):
        button = buttons.nth(i)
        try:
            name = (button.get_attribute("aria-label") or button.inner_text(timeout=1500) or "").strip()
            if DISMISS_NAMES.match(name) and button.is_visible():
                button.click(timeout=3000)  # generous: a busy machine must not make it try another button
                return name
        except Exception:  # noqa: BLE001 - try the next one
            continue
    return None
