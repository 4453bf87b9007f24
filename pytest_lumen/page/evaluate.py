"""``Locator.evaluate`` in one browser round trip.

Playwright's ``Locator.evaluate`` makes three: it waits for the element (a handle), evaluates on the handle, and
disposes of the handle. When the locator matches exactly one element now, ``evaluate_all`` on the same function,
given that one element (``js/on_one.js``), is the same evaluation in one round trip; when it matches none or several,
``Locator.evaluate`` runs as it always did: it waits for the element and fails as it fails (its timeout, its strictness).

``evaluate_all`` queries in the page's own world, ``Locator.evaluate`` in Playwright's utility world: the same elements
for every selector but ``aria-ref=``, which resolves the refs of the newest snapshot of its own world (the utility
world's, where ``aria_snapshot`` takes it). A locator by ref is evaluated as Playwright evaluates it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import scripts
from .playwright_internals import selector_of

if TYPE_CHECKING:
    from playwright.sync_api import Locator


BY_REF = "aria-ref="  # Playwright's selector of ``page.get_by_ref``


@functools.cache
def on_one(expression: str) -> str:
    """``expression`` (a function of an element and an argument) as a function of a locator's elements."""
    return scripts.applied("onOne", ("on_one",), expression)


def evaluate(loc: Locator, expression: str, arg: Any = None, timeout: float | None = None) -> Any:
    """What ``loc.evaluate(expression, arg, timeout=timeout)`` returns, in one round trip when ``loc`` matches one
    element now."""
    if BY_REF not in selector_of(loc):
        count, value = loc.evaluate_all(on_one(expression), arg)
        if count == 1:
            return value
    return loc.evaluate(expression, arg, timeout=timeout)


def count_and_evaluate(loc: Locator, expression: str, arg: Any = None) -> tuple[int, Any]:
    """How many elements ``loc`` matches now (no waiting), and what ``expression`` returns for the only one (``None``
    when it matches none or several): ``loc.count()`` and ``loc.evaluate`` in one round trip (not for a locator by ref)."""
    count, value = loc.evaluate_all(on_one(expression), arg)
    return int(count), value
