"""A recorded element that a release put in a collapsed section: a ``<details>`` that is closed.

A form's ``<fieldset>`` rebuilt as a ``<details>``/``<summary>`` disclosure hides its fields until a
person opens it. When the recorded element is found only hidden, inside closed ``<details>`` (its
summary aside), each of them is opened as a person opens it: a click on its own ``<summary>``,
outermost first. Only when exactly one element is so found: nothing else on the page is clicked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import LocatorSpec
from ..page import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

CLOSED_AROUND_JS = scripts.function("closedDetailsAround", ("widgets",))
MAX_DEPTH = 4  # nested closed sections opened for one element


def including_hidden(page: Page, spec: LocatorSpec) -> Locator:
    """The locator with hidden elements included: a role locator's own option (the other kinds include them)."""
    if spec.kind == "role" and spec.parent is None:
        loc = page.get_by_role(spec.value, name=spec.name, exact=spec.exact or None,  # type: ignore[arg-type]
                               include_hidden=True)
        return loc.nth(spec.nth) if spec.nth is not None else loc
    return spec.build(page)


def reveal(page: Page, spec: LocatorSpec, timeout_ms: float) -> list[str]:
    """Open the closed ``<details>`` that hide the one element ``spec`` finds; the summaries clicked (none: nothing
    hides it, or the locator does not find exactly one element)."""
    opened: list[str] = []
    try:
        hidden = including_hidden(page, spec)
        if hidden.count() != 1:
            return opened
        closed = int(hidden.evaluate(CLOSED_AROUND_JS, timeout=timeout_ms))
        for _ in range(min(closed, MAX_DEPTH)):
            summary = page.locator("details:not([open])").filter(has=hidden).first.locator(":scope > summary").first
            opened.append(" ".join(summary.inner_text(timeout=timeout_ms).split()))
            summary.click(timeout=timeout_ms)
            now = int(hidden.evaluate(CLOSED_AROUND_JS, timeout=timeout_ms))
            if now >= closed or now == 0:
                break  # opened them all, or the click did not open it: never clicked again
            closed = now
    except PlaywrightError:
        return opened
    return opened
