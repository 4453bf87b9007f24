"""The zero-token heal cascade: recorded fallbacks, then similarity over the page's interactive elements."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from .actions import Target
from .fingerprint import INTERACTIVE, Fingerprint, capture, scan
from .locators import LocatorSpec, spec_from_locator
from .similarity import ACCEPT_THRESHOLD, choose, similarity

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

DISMISS_NAMES = re.compile(r"^(accept( all)?( cookies)?|ok(ay)?|got it|close|dismiss|no,? thanks|not now|reject( all)?|continue|×|x)$", re.I)


@dataclass(frozen=True)
class Relocated:
    """Where the cascade found the element, and at which level."""

    level: str
    spec: LocatorSpec
    locator: Locator
    fingerprint: Fingerprint
    score: float


def _unique_visible(loc: Locator) -> Optional[Fingerprint]:
    try:
        if loc.count() != 1:
            return None
        fp = capture(loc)
    except Exception:  # noqa: BLE001 - a candidate that cannot be read is no candidate
        return None
    if fp.box is None or fp.box.width == 0 or fp.box.height == 0:
        return None
    return fp


def stable_spec(page: Page, element: Locator) -> tuple[LocatorSpec, Locator]:
    """A normalized locator for an element found by scanning, checked to be unique."""
    spec = spec_from_locator(element.normalize())
    live = spec.build(page)
    if live.count() != 1:
        fp = capture(element)
        if fp.css:
            spec = LocatorSpec(kind="selector", value=fp.css)
            live = spec.build(page)
    return spec, live


class Relocator:
    """Finds a cached target again without a model. Each level is a small named matcher."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.last_reason = ""

    def find(self, target: Target) -> Optional[Relocated]:
        """The element, or None (``last_reason`` says why)."""
        return self.by_fallbacks(target) or self.by_similarity(target)

    def by_fallbacks(self, target: Target) -> Optional[Relocated]:
        """Level 1: the recorded fallback locators, in order, each checked against the fingerprint."""
        for spec in target.fallbacks:
            loc = spec.build(self.page)
            fp = _unique_visible(loc)
            if fp is None:
                continue
            score = similarity(target.fingerprint, fp) if target.fingerprint else 1.0
            if score >= ACCEPT_THRESHOLD:
                return Relocated(f"fallback:{spec.kind}", spec, loc, fp, score)
        self.last_reason = "no recorded fallback locator found a matching element"
        return None

    def by_similarity(self, target: Target) -> Optional[Relocated]:
        """Level 2: score every visible interactive element; accept only a clear winner."""
        if target.fingerprint is None:
            self.last_reason = "no fingerprint was recorded to compare with"
            return None
        candidates = scan(self.page)
        choice = choose([similarity(target.fingerprint, fp) for _, fp in candidates])
        if choice.index is None:
            self.last_reason = f"similarity: {choice.reason}"
            return None
        index, fp = candidates[choice.index]
        spec, live = stable_spec(self.page, self.page.locator(INTERACTIVE).nth(index))
        return Relocated("similarity", spec, live, fp, choice.best)


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
