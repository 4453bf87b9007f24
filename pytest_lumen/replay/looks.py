"""The primary locator's element on the full path: one look at it, and the waits for a found element to be usable.

A look is one round trip (how many elements match, the only one's fingerprint, whether it is enabled). An element
that is found and not usable (hidden behind a widget, disabled) is awaited by Playwright's own wait for that state,
within a short bound, and reported as such: not the whole action timeout of an element that is not there.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from ..cache.model import LocatorSpec
from ..errors import first_line
from ..page.fingerprint import Look, capture_only
from ..playwright_internals import call_log

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from ..heal.attempt import ActionReplay


def first_look(loc: Locator, spec: LocatorSpec, timeout_ms: float) -> Look:
    """One look at ``loc``; when it matches nothing, wait up to ``timeout_ms`` for an element and look again."""
    seen = look_now(loc, spec)
    if seen.count == 0 and timeout_ms > 0:
        try:
            loc.first.wait_for(state="attached", timeout=timeout_ms)
        except PlaywrightError:
            return seen
        seen = look_now(loc, spec)
    return seen


def look_now(loc: Locator, spec: LocatorSpec) -> Look:
    """One look at the element; its role and name are those of an exact role locator that found it (no need
    to ask Playwright again), else Playwright's (a name matched in part is not the element's name)."""
    try:
        return capture_only(loc, spec.exact_role())
    except PlaywrightError:  # a page in navigation: nothing to see yet
        return Look()


def await_visible(loc: Locator, timeout_ms: float) -> None:
    """Wait (Playwright's wait for the state, at most ``timeout_ms``) for the element to be shown; either way return."""
    with contextlib.suppress(PlaywrightError):  # still hidden, or gone: the next look says which
        loc.first.wait_for(state="visible", timeout=max(timeout_ms, 1.0))


def await_enabled(replay: ActionReplay, loc: Locator, deadline: float) -> None:
    """An interaction needs an enabled element: one found disabled is awaited until ``deadline`` (short: it is
    there), else the action fails saying it was found and is disabled."""
    remaining_ms = max((deadline - time.monotonic()) * 1000, 100.0)
    try:
        expect(loc).to_be_enabled(timeout=remaining_ms)
    except AssertionError:
        target = replay.action.target_or_none
        where = target.locator.describe() if target is not None else "the element"
        raise replay.failed(f"{where} is disabled: it is found, and not enabled") from None
    except PlaywrightError as exc:
        raise replay.failed(first_line(exc), log=call_log(str(exc))) from None
