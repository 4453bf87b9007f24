"""Overlays in the way of replay: dismissed only through a control that dismisses without consequence.

A banner or a dialog that covers the page (a promotion, a notice), or an open modal ``<dialog>`` that makes the
page inert, is in the way of a cached action: the one a click at the element's centre reaches instead of it (a
dialog, or an element fixed on the screen: ``js/overlay.js``), or the modal dialog that does not hold the element.
It is read first, never clicked to find out what it is:

* a dialog that **asks a question** (an ``alertdialog``, or a sentence of it that ends in "?": "Discard your
  changes?") is never answered by replay: the step fails naming it (``OverlayQuestion``), since any answer would
  be an action the recording never took;
* otherwise it is dismissed only through its own control whose name says it dismisses and nothing more
  (``HARMLESS``: Close, ×, Dismiss, Not now, No thanks, Got it, Maybe later; an icon labelled "Close" and words of
  the overlay's name, "Close cart" in "Your cart", but never a button that shows those words, "Close ticket" in
  "Ticket 4521", which says an action; never one inside a row or a list item of it, as a cart drawer's "×" per
  line), else, for a dialog, by Escape; never by "OK", "Accept", "Continue" or any other answer;
* nothing harmless to dismiss it with: nothing is clicked, and the action fails as Playwright says (what
  intercepts its pointer).

Every dismissal is a ``Dismissal``, which the replay reports as a heal (``record.overlay_heal``): it counts for
``--lumen-strict`` as any heal does. The cached action is unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..page import scripts
from ..page.evaluate import evaluate
from .words import words

if TYPE_CHECKING:
    from playwright.sync_api import ElementHandle, Locator, Page

# The names of controls that dismiss an overlay and do nothing else (case aside; an icon's aria-label is its name).
HARMLESS = re.compile(r"^(close|dismiss|not now|no,? thanks|no,? thank you|maybe later|got it|"
                      r"close (this )?(dialog|banner|message|notice|popup|pop-up|window)|×|✕|✖)$", re.I)
MODAL = "dialog:modal"  # a native <dialog> opened with showModal(): everything outside it is inert
DIALOG_ROLES = ("dialog", "alertdialog")
ESCAPE_MS = 1000.0  # how long a dialog is awaited to close after Escape (its state, not a pause)
# Whether a ``MODAL`` dialog is open that does not hold the element: acting on the element would do nothing.
BLOCKED_JS = scripts.function("blockedByModal", ("blocked",))
IN_WAY_JS = scripts.function("overlayInWay", ("overlay",))
CONTROL_JS = scripts.function("harmlessControl", ("widgets", "overlay"))
_QUESTION = re.compile(r"[^.!?\n]*\?")


class OverlayQuestion(Exception):
    """A dialog in the way asks a question: replay answers none it was not recorded answering."""


@dataclass(frozen=True)
class Dismissal:
    """An overlay dismissed: what it was (``overlay``: "dialog 'Try the new editor'") and how (``control``)."""

    overlay: str
    control: str


def dismiss_overlay(target: Locator) -> Dismissal | None:
    """Dismiss the banner or dialog in the way of ``target`` (what a click at its centre reaches instead: a dialog, or
    an element fixed on the screen) through its own harmless control, else (a dialog) Escape; None when nothing is in
    the way or it has no such control. Raises ``OverlayQuestion`` for a dialog that asks."""
    try:
        overlay = target.evaluate_handle(IN_WAY_JS).as_element()
    except PlaywrightError:  # no element to ask about: the action reports what is wrong
        return None
    return _dismiss(target.page, overlay) if overlay is not None else None


def close_blocking_modal(page: Page, target: Locator) -> Dismissal | None:
    """Dismiss an open modal dialog that does not hold ``target`` (a sale pop-up over the page), through its harmless
    control or Escape; None when none blocks it (a button of the dialog itself is acted on as it is), or it cannot be
    dismissed so. Raises ``OverlayQuestion`` for a modal dialog that asks."""
    try:
        if not evaluate(target, BLOCKED_JS, MODAL, timeout=1000):
            return None
        modal = page.locator(MODAL).first.element_handle(timeout=1000)
    except PlaywrightError:  # no element to ask about: the action reports what is wrong
        return None
    return _dismiss(page, modal)


def _dismiss(page: Page, overlay: ElementHandle) -> Dismissal | None:
    """Dismiss one overlay harmlessly; raise ``OverlayQuestion`` when it asks a question."""
    try:
        role = str(overlay.get_attribute("role") or "").strip()
        is_dialog = role in DIALOG_ROLES or str(overlay.evaluate("(el) => el.tagName")) == "DIALOG"
        lines = overlay.inner_text().splitlines()
    except PlaywrightError:  # it went away meanwhile: nothing of it in the way
        return None
    text = " ".join(" ".join(lines).split())
    what = f"{'dialog' if is_dialog else 'banner'} {_name(overlay, text)!r}"
    question = next((q for q in (_QUESTION.search(" ".join(line.split())) for line in lines) if q), None)
    if role == "alertdialog" or question is not None:
        asked = question.group(0).strip() if question is not None else text[:80]
        raise OverlayQuestion(f"the {what} asks {asked!r}; replay answers no question it did not record answering")
    named = sorted(words(_name(overlay, text)))
    control = overlay.evaluate_handle(CONTROL_JS, {"pattern": HARMLESS.pattern, "flags": "i", "named": named}).as_element()
    if control is not None:
        name = " ".join((control.get_attribute("aria-label") or control.inner_text() or "").split())
        control.click(timeout=3000)  # generous: a busy machine must not make it try another control
        return Dismissal(what, repr(name))
    if not is_dialog:
        return None
    page.keyboard.press("Escape")
    try:
        overlay.wait_for_element_state("hidden", timeout=ESCAPE_MS)
    except PlaywrightError:
        return None
    return Dismissal(what, "Escape")


def _name(overlay: ElementHandle, text: str) -> str:
    """An overlay's name for messages: its aria-label, its heading, else the start of its text."""
    label = overlay.get_attribute("aria-label")
    if label:
        return label.strip()
    heading = overlay.query_selector("h1, h2, h3, h4, [role=heading]")
    if heading is not None:
        return " ".join(heading.inner_text().split())
    return text[:60]
