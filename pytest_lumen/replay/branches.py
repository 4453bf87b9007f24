"""Conditional steps ("close the cookie banner if it shows"): which recorded branch the page calls for.

A branch is known by its first sign on the page: the text it first waited for ("We use cookies."), else its first
element (the banner's "Accept" button), in the section it was recorded in (a Terms of Service dialog's own "Accept"
is no sign of the cookie banner's: ``page/enclosing.other_section``). When that shows, the branch is taken, and an
action of it that no longer fits fails (or heals) as any action does: a banner that shows is never taken for one that
does not. The branch of "nothing to do" (recorded when the condition did not hold) is taken when no other branch's
element shows within ``CONDITION_WAIT_MS``: a banner that renders a moment late is still seen. Without such a branch,
the step waits as long as any action for one of its elements, and a page that shows none of them is a miss: replay
never guesses a branch.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Action, Target, WaitFor
from ..page.changes import LOOK_AGAIN_MS, now_ms, wait_for_change
from ..page.enclosing import enclosing_names, other_section
from ..page.targets import bind_target
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Page

CONDITION_WAIT_MS = 1000.0  # how long a branch's element may take to show before "nothing to do" is taken


Sign = Target | str  # an element, or a text the branch waited for


def guard(branch: Sequence[Action]) -> Sign | None:
    """What tells a branch apart: the text it waits for first, else its first element (None: nothing to do)."""
    for action in branch:
        if isinstance(action, WaitFor) and action.text:
            return action.text
        target: Target | None = action.target_or_none
        if target is not None:
            return target
    return None


def shows(page: Page, sign: Sign) -> bool:
    """Whether the text is visible, or the target's primary locator or a recorded fallback finds a visible element
    in the section the recorded one was in (one more round trip, for a target recorded in a named section)."""
    if isinstance(sign, str):
        try:
            return page.get_by_text(sign).first.is_visible()
        except PlaywrightError:
            return False
    recorded = sign.fingerprint
    for spec in (sign.locator, *sign.fallbacks):
        try:
            found = spec.build(page).first
            if found.is_visible() and (recorded is None or not recorded.within
                                       or other_section(recorded, enclosing_names(found)) is None):
                return True
        except PlaywrightError:  # a page in navigation: not shown yet
            continue
    return False


def choose_branch(page: Page, branches: Sequence[Sequence[Action]], values: dict[str, str],
                  timeout_ms: float) -> int | None:
    """The index of the branch the page calls for, or None when it calls for none that was recorded; raises
    ``changes.PageClosed`` when the page closed or crashed before one showed (no branch is taken on a page gone)."""
    guards = [guard(b) for b in branches]
    idle = next((i for i, g in enumerate(guards) if g is None), None)  # the branch of nothing to do
    wait_ms = CONDITION_WAIT_MS if idle is not None else timeout_ms
    deadline = time.monotonic() + wait_ms / 1000
    bound = [None if g is None else substitute(g, values) if isinstance(g, str) else bind_target(g, values)
             for g in guards]
    while True:
        looked_at = now_ms()
        found = next((i for i, g in enumerate(bound) if g is not None and shows(page, g)), None)
        if found is not None:
            return found
        if time.monotonic() >= deadline:
            return idle
        wait_for_change(page, min(LOOK_AGAIN_MS, (deadline - time.monotonic()) * 1000), since_ms=looked_at)


def describe_branches(branches: Sequence[Sequence[Action]]) -> str:
    """``(1) click on get_by_role("button", name="Accept"); (2) nothing to do``, for a miss."""
    return "; ".join(f"({n}) " + ("; ".join(a.describe() for a in b) if b else "nothing to do")
                     for n, b in enumerate(branches, 1))
