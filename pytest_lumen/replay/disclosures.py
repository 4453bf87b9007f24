"""A recorded element that a release put in a collapsed section: a closed ``<details>``, or an ARIA disclosure.

A form's ``<fieldset>`` rebuilt as a ``<details>``/``<summary>`` disclosure hides its fields until a person opens
it; a React page (swagger-ui's schemas) renders a section's content only once its toggle button, which declares
``aria-expanded="false"``, is clicked. Each is opened as a person opens it, once, zero tokens:

* the element is in the page, hidden (``reveal``): the summaries of the closed ``<details>`` around it, outermost
  first, then the collapsed control whose ``aria-controls`` names a region holding it, else the one collapsed
  control nearest it (the first ancestor holding collapsed controls holds that one alone);
* the element is not in the page at all and nothing else stands in for it (``reveal_at_place``): the collapsed
  control nearest its recorded place, in the section the place falls in now, whose heading is the recorded one
  when one was recorded; a control that appears when that one opens may be opened next (nested sections).

Only a control that declares a disclosure is clicked (``js/disclosures.js``): never a link elsewhere, a submit,
a popup's button, a hidden or disabled one. A control that stays collapsed when clicked is never clicked again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import LocatorSpec
from ..page import scripts
from ..page.evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import ElementHandle, JSHandle, Locator, Page

    from ..cache.fingerprints import Fingerprint

CLOSED_AROUND_JS = scripts.function("closedDetailsAround", ("widgets",))
HIDING_JS = scripts.function("hidingDisclosure", ("disclosures",))
AT_PLACE_JS = scripts.function("disclosureAtPlace", ("disclosures",))
COLLAPSED_JS = scripts.function("collapsedDisclosures", ("disclosures",))
NAME_JS = scripts.function("disclosureName", ("disclosures",))
OPENED_JS = scripts.function("disclosureOpened", ("disclosures",))
MAX_DEPTH = 4  # nested closed sections opened for one element


def including_hidden(page: Page, spec: LocatorSpec) -> Locator:
    """The locator with hidden elements included: a role locator's own option (the other kinds include them)."""
    if spec.kind == "role" and spec.parent is None:
        loc = page.get_by_role(spec.value, name=spec.name, exact=spec.exact or None,  # type: ignore[arg-type]
                               include_hidden=True)
        return loc.nth(spec.nth) if spec.nth is not None else loc
    return spec.build(page)


def reveal(page: Page, spec: LocatorSpec, timeout_ms: float) -> list[str]:
    """Open the closed ``<details>`` and the collapsed ARIA disclosures that hide the one element ``spec`` finds;
    the names of the controls clicked (none: nothing hides it, or the locator does not find exactly one element)."""
    opened: list[str] = []
    try:
        hidden = including_hidden(page, spec)
        if hidden.count() != 1:
            return opened
        opened += _open_details(page, hidden, timeout_ms)
        for _ in range(MAX_DEPTH):
            if hidden.is_visible():
                break
            control = hidden.evaluate_handle(HIDING_JS).as_element()
            if control is None or not _open(control, opened, timeout_ms):
                break
    except PlaywrightError:
        return opened
    return opened


def reveal_at_place(page: Page, spec: LocatorSpec, recorded: Fingerprint | None, timeout_ms: float) -> list[str]:
    """Open the collapsed disclosure at the recorded place of an element that is not in the page; the names of the
    controls clicked when the element is then shown (none: no control there, or opening it did not show it)."""
    if recorded is None or recorded.box is None:
        return []
    opened: list[str] = []
    before: JSHandle | None = None
    try:
        if including_hidden(page, spec).count():
            return []  # in the page: not one a collapsed section has yet to render
        for _ in range(MAX_DEPTH):
            place = {"box": recorded.box.model_dump(), "heading": recorded.heading, "before": before}
            control = page.evaluate_handle(AT_PLACE_JS, place).as_element()
            if control is None:
                return []
            before = page.evaluate_handle(COLLAPSED_JS)
            if not _open(control, opened, timeout_ms):
                return []
            if _shown(spec.build(page), timeout_ms):
                return opened
    except PlaywrightError:
        return []
    return []


def _shown(loc: Locator, timeout_ms: float) -> bool:
    """Whether the element is shown once the page rendered what was opened (awaited on its state, within a bound)."""
    try:
        loc.first.wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightError:
        return False
    return True


def _open_details(page: Page, hidden: Locator, timeout_ms: float) -> list[str]:
    """Open the closed ``<details>`` around ``hidden`` by their summaries, outermost first."""
    opened: list[str] = []
    closed = int(evaluate(hidden, CLOSED_AROUND_JS, timeout=timeout_ms))
    for _ in range(min(closed, MAX_DEPTH)):
        summary = page.locator("details:not([open])").filter(has=hidden).first.locator(":scope > summary").first
        opened.append(" ".join(summary.inner_text(timeout=timeout_ms).split()))
        summary.click(timeout=timeout_ms)
        now = int(evaluate(hidden, CLOSED_AROUND_JS, timeout=timeout_ms))
        if now >= closed or now == 0:
            break  # opened them all, or the click did not open it: never clicked again
        closed = now
    return opened


def _open(control: ElementHandle, opened: list[str], timeout_ms: float) -> bool:
    """Click a collapsed control once, its name added to ``opened``; whether it opened (a control that was replaced
    by its expanded rendering counts as opened; one that still says collapsed is never clicked again)."""
    opened.append(str(control.evaluate(NAME_JS)) or "(unnamed)")
    control.click(timeout=timeout_ms)
    try:
        return bool(control.evaluate(OPENED_JS))
    except PlaywrightError:
        return True  # detached with its page's rendering
