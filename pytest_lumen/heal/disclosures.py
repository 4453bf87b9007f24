"""A recorded element that a release put in a collapsed section: opened only by a control that declares it holds it.

A form's ``<fieldset>`` rebuilt as a ``<details>``/``<summary>`` disclosure hides its fields until a person opens it;
an ARIA disclosure (a toggle button declaring ``aria-expanded="false"``) hides its region. The element is in the page,
hidden, and found by its own locator; it is shown as a person shows it, once, zero tokens, only through what declares
that it holds it: the summaries of the closed ``<details>`` around it (outermost first), then the collapsed control
whose ``aria-controls`` names a region holding it. Never the nearest collapsed toggle (it may show anything, or do
anything), never for an element that is not in the page at all (nothing can declare it holds that), and never for a
check (a check that something is shown must see the page as it is: it is never opened to make a check pass).

Only a control that declares a disclosure is clicked (``js/disclosures.js``): never a link elsewhere, a submit,
a popup's button, a hidden or disabled one. A control that stays collapsed when clicked is never clicked again. And
only for the recorded element: the hidden element the locator finds is compared with the recording first, as the
identity gate compares (``identity.holds``, its rendered text aside); another element of that name (the billing
address's "Email" where the recorded "Email" field is gone) is never shown by clicking what hides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import LocatorSpec, Target
from ..page import identity, scripts
from ..page.evaluate import evaluate
from ..page.fingerprint import capture

if TYPE_CHECKING:
    from playwright.sync_api import ElementHandle, Locator, Page


CLOSED_AROUND_JS = scripts.function("closedDetailsAround", ("widgets",))
HIDING_JS = scripts.function("hidingDisclosure", ("disclosures",))
NAME_JS = scripts.function("disclosureName", ("disclosures",))
OPENED_JS = scripts.function("disclosureOpened", ("disclosures",))
MAX_DEPTH = 4  # nested closed sections opened for one element


def including_hidden(page: Page, spec: LocatorSpec) -> Locator:
    """The locator with hidden elements included (its role parts too: an element in a row a closed section holds)."""
    return spec.build(page, hidden=True)


def reveal(page: Page, target: Target, timeout_ms: float) -> list[str]:
    """Open the closed ``<details>`` and the collapsed ARIA disclosures that hide the one element ``target``'s locator
    finds, when it is the recorded element; the names of the controls clicked (none: nothing hides it, the locator does
    not find exactly one element, or the one it finds is not the recorded one)."""
    opened: list[str] = []
    try:
        hidden = including_hidden(page, target.locator)
        if hidden.count() != 1 or not _recorded(hidden, target):
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


def _recorded(hidden: Locator, target: Target) -> bool:
    """Whether the hidden element is the recorded one, by the identity gate's rule, its rendered text aside (a hidden
    element shows none); its role and name (which no snapshot gives for a hidden element) asked of Playwright's role
    engine with hidden elements included, unless its locator finds it by them, exactly."""
    fp = target.fingerprint
    if fp is None or fp.role is None:
        return False
    if target.locator.exact_role() != (fp.role, fp.name):
        page = hidden.page
        named = page.get_by_role(fp.role, name=fp.name, exact=True,  # type: ignore[arg-type]
                                 include_hidden=True) if fp.name is not None \
            else page.get_by_role(fp.role, include_hidden=True)  # type: ignore[arg-type]
        if hidden.and_(named).count() != 1:
            return False
    return identity.holds(fp, capture(hidden, role_name=(fp.role, fp.name)), hidden=True)


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
