"""Overlays in the way of replay: dismissed only through a control that dismisses without consequence.

A banner or a dialog that covers the page (a promotion, a notice), or an open modal ``<dialog>`` that makes the
page inert, is in the way of a cached action. It is read first, never clicked to find out what it is:

* a dialog that **asks a question** (an ``alertdialog``, or a sentence of it that ends in "?": "Discard your
  changes?") is never answered by replay: the step fails naming it (``OverlayQuestion``), since any answer would
  be an action the recording never took;
* otherwise it is dismissed only through a control whose name says it dismisses and nothing more (``HARMLESS``:
  Close, ×, Dismiss, Not now, No thanks, Got it, Maybe later, Skip), else, for a dialog, by Escape; never by
  "OK", "Accept", "Continue" or any other answer;
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

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

# The names of controls that dismiss an overlay and do nothing else (case aside; an icon's aria-label is its name).
HARMLESS = re.compile(r"^(close|dismiss|hide|skip|later|maybe later|not now|no,? thanks|no,? thank you|got it|"
                      r"close (this )?(dialog|banner|message|notice|popup|pop-up|window)|×|✕|✖|x)$", re.I)
MODAL = "dialog:modal"  # a native <dialog> opened with showModal(): everything outside it is inert
OVERLAYS = "[class*=cookie], [id*=cookie], [class*=banner], [class*=overlay], [class*=modal], [class*=popup]"
DIALOG_ROLES = ("dialog", "alertdialog")
MAX_OVERLAYS = 5  # overlays of one kind read
MAX_CONTROLS = 10  # buttons of one overlay read
ESCAPE_MS = 1000.0  # how long a dialog is awaited to close after Escape (its state, not a pause)
# Whether a ``MODAL`` dialog is open that does not hold the element: acting on the element would do nothing.
BLOCKED_JS = scripts.function("blockedByModal", ("blocked",))
_QUESTION = re.compile(r"[^.!?\n]*\?")


class OverlayQuestion(Exception):
    """A dialog in the way asks a question: replay answers none it was not recorded answering."""


@dataclass(frozen=True)
class Dismissal:
    """An overlay dismissed: what it was (``overlay``: "dialog 'Try the new editor'") and how (``control``)."""

    overlay: str
    control: str


def dismiss_overlay(page: Page) -> Dismissal | None:
    """Dismiss a banner or dialog that covers the page through a harmless control (an open modal dialog first, then
    dialogs, alert dialogs and banners); None when none has one. Raises ``OverlayQuestion`` for a dialog that asks."""
    for scope in (page.locator(MODAL), page.get_by_role("dialog"), page.get_by_role("alertdialog"),
                  page.locator(OVERLAYS)):
        done = _dismiss_one_of(scope)
        if done is not None:
            return done
    return None


def close_blocking_modal(page: Page, target: Locator) -> Dismissal | None:
    """Dismiss an open modal dialog that does not hold ``target`` (a sale pop-up over the page), through its harmless
    control or Escape; None when none blocks it (a button of the dialog itself is acted on as it is), or it cannot be
    dismissed so. Raises ``OverlayQuestion`` for a modal dialog that asks."""
    try:
        if not evaluate(target, BLOCKED_JS, MODAL, timeout=1000):
            return None
    except PlaywrightError:  # no element to ask about: the action reports what is wrong
        return None
    return _dismiss_one_of(page.locator(MODAL))


def _dismiss_one_of(scope: Locator) -> Dismissal | None:
    """The first shown overlay of ``scope`` that can be dismissed harmlessly, dismissed."""
    for i in range(min(scope.count(), MAX_OVERLAYS)):
        overlay = scope.nth(i)
        try:
            if not overlay.is_visible():
                continue
            done = _dismiss(overlay)
        except PlaywrightError:  # it went away meanwhile: nothing of it in the way
            continue
        if done is not None:
            return done
    return None


def _dismiss(overlay: Locator) -> Dismissal | None:
    """Dismiss one shown overlay harmlessly; raise ``OverlayQuestion`` when it asks a question."""
    role = (overlay.get_attribute("role") or "").strip()
    is_dialog = role in DIALOG_ROLES or overlay.evaluate("(el) => el.tagName") == "DIALOG"
    lines = overlay.inner_text(timeout=ESCAPE_MS).splitlines()
    text = " ".join(" ".join(lines).split())
    what = f"{'dialog' if is_dialog else 'banner'} {_name(overlay, text)!r}"
    question = next((q for q in (_QUESTION.search(" ".join(line.split())) for line in lines) if q), None)
    if role == "alertdialog" or question is not None:
        asked = question.group(0).strip() if question is not None else text[:80]
        raise OverlayQuestion(f"the {what} asks {asked!r}; replay answers no question it did not record answering")
    buttons = overlay.get_by_role("button")
    for j in range(min(buttons.count(), MAX_CONTROLS)):
        button = buttons.nth(j)
        name = " ".join((button.get_attribute("aria-label") or button.inner_text(timeout=ESCAPE_MS) or "").split())
        if HARMLESS.match(name) and button.is_visible():
            button.click(timeout=3000)  # generous: a busy machine must not make it try another button
            return Dismissal(what, repr(name))
    if is_dialog:
        overlay.page.keyboard.press("Escape")
        try:
            overlay.wait_for(state="hidden", timeout=ESCAPE_MS)
        except PlaywrightError:
            return None
        return Dismissal(what, "Escape")
    return None


def _name(overlay: Locator, text: str) -> str:
    """An overlay's name for messages: its aria-label, its heading, else the start of its text."""
    label = overlay.get_attribute("aria-label")
    if label:
        return label.strip()
    heading = overlay.get_by_role("heading")
    if heading.count():
        return " ".join(heading.first.inner_text().split())
    return text[:60]
