"""``Locator.evaluate`` in one browser round trip.

Playwright's ``Locator.evaluate`` makes three: it waits for the element (a handle), evaluates on the handle, and
disposes of the handle. When the locator matches exactly one element now, ``evaluate_all`` on the same function,
given that one element (``js/on_one.js``), is the same evaluation in one round trip; when it matches none or several,
or the call fails (a navigation destroyed the page's context under it), ``Locator.evaluate`` runs as it always did:
it waits for the element and fails as it fails (its timeout, its strictness).

``evaluate_all`` resolves its selector in the page's own world and does not hold a hop into an iframe to one iframe;
``Locator.evaluate`` resolves it in Playwright's utility world, strictly. So a locator by ref (``aria-ref=`` resolves
the refs of its own world's newest snapshot), one that goes into an iframe (``internal:control=enter-frame``), and one
that uses pytest-lumen's selector engines (content scripts, meant for the utility world) are evaluated by Playwright;
but for the element a scan found (``deep.nth_of``), which one ``page.evaluate`` finds as the scan found it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import ENTER_FRAME
from ..playwright_internals import selector_of
from . import deep, scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator


# What a selector holds when Playwright must resolve it: a ref (``page.get_by_ref``), an iframe, our own engines
PLAYWRIGHTS_OWN = ("aria-ref=", ENTER_FRAME, "lumen-")


@functools.cache
def on_one(expression: str) -> str:
    """``expression`` (a function of an element and an argument) as a function of a locator's elements."""
    return scripts.applied("onOne", ("on_one",), expression)


def one_trip(loc: Locator) -> bool:
    """Whether ``loc``'s selector resolves alike in the page's world (see the module's docstring)."""
    selector = selector_of(loc)
    return not any(part in selector for part in PLAYWRIGHTS_OWN)


def evaluate(loc: Locator, expression: str, arg: Any = None, timeout: float | None = None) -> Any:
    """What ``loc.evaluate(expression, arg, timeout=timeout)`` returns, in one round trip when ``loc`` matches one
    element now."""
    if _in_one_trip(loc):
        try:
            count, value = _count_and_evaluate(loc, expression, arg)
        except PlaywrightError:  # the page navigated under it: Playwright's evaluate waits for the new one
            count, value = 0, None
        if count == 1:
            return value
    return loc.evaluate(expression, arg, timeout=timeout)


def count_and_evaluate(loc: Locator, expression: str, arg: Any = None) -> tuple[int, Any]:
    """How many elements ``loc`` matches now (no waiting), and what ``expression`` returns for the only one (``None``
    when it matches none or several): ``loc.count()`` and ``loc.evaluate``, in one round trip when ``_in_one_trip``."""
    if not _in_one_trip(loc):
        count = loc.count()
        return count, loc.evaluate(expression, arg) if count == 1 else None
    return _count_and_evaluate(loc, expression, arg)


def _in_one_trip(loc: Locator) -> bool:
    """Whether a script on ``loc``'s element takes one round trip: the element a scan found, or a ``one_trip`` locator."""
    return deep.found(loc) is not None or one_trip(loc)


def _count_and_evaluate(loc: Locator, expression: str, arg: Any) -> tuple[int, Any]:
    """How many elements ``loc`` matches and what ``expression`` returns for the only one, in one round trip: a
    ``page.evaluate`` for the element a scan found, else ``evaluate_all`` (``_in_one_trip`` locators only)."""
    at = deep.found(loc)
    if at is not None:
        count, value = loc.page.evaluate(deep.on_found(expression), {"at": at, "arg": arg})
    else:
        count, value = loc.evaluate_all(on_one(expression), arg)
    return int(count), value
