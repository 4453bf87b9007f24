"""Conditional steps ("close the cookie banner if it shows"): which recorded branch the page calls for.

A branch is known by its first element: the banner's "Accept" button is on the page, so the branch
that clicks it is taken. The branch of "nothing to do" (recorded when the condition did not hold)
is taken when no other branch's element shows within ``CONDITION_WAIT_MS``: a banner that renders a
moment late is still seen. Without such a branch, the step waits as long as any action for one of
its elements, and a page that shows none of them is a miss: replay never guesses a branch.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Target
from ..page.targets import bind_target

if TYPE_CHECKING:
    from playwright.sync_api import Page

CONDITION_WAIT_MS = 1000.0  # how long a branch's element may take to show before "nothing to do" is taken
POLL_MS = 50.0


def guard(branch: Sequence[Any]) -> Optional[Target]:
    """The element that tells a branch apart: its first action's target (None: the branch of nothing to do)."""
    return next((a.target_or_none for a in branch if a.target_or_none is not None), None)


def shows(page: Page, target: Target) -> bool:
    """Whether the target's primary locator, or one of its recorded fallbacks, finds a visible element now."""
    for spec in (target.locator, *target.fallbacks):
        try:
            if spec.build(page).first.is_visible():
                return True
        except PlaywrightError:  # a page in navigation: not shown yet
            continue
    return False


def choose_branch(page: Page, branches: Sequence[Sequence[Any]], values: dict[str, str],
                  timeout_ms: float) -> Optional[int]:
    """The index of the branch the page calls for, or None when it calls for none that was recorded."""
    guards = [guard(b) for b in branches]
    idle = next((i for i, g in enumerate(guards) if g is None), None)  # the branch of nothing to do
    wait_ms = CONDITION_WAIT_MS if idle is not None else timeout_ms
    deadline = time.monotonic() + wait_ms / 1000
    bound = [bind_target(g, values) if g is not None else None for g in guards]
    while True:
        found = next((i for i, g in enumerate(bound) if g is not None and shows(page, g)), None)
        if found is not None:
            return found
        if time.monotonic() >= deadline:
            return idle
        page.wait_for_timeout(POLL_MS)


def describe_branches(branches: Sequence[Sequence[Any]]) -> str:
    """``(1) click on get_by_role("button", name="Accept"); (2) nothing to do``, for a miss."""
    return "; ".join(f"({n}) " + ("; ".join(a.describe() for a in b) if b else "nothing to do")
                     for n, b in enumerate(branches, 1))
