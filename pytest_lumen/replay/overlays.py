"""Overlays in the way of replay: a banner or dialog covering the page, a modal dialog that makes it inert.

Neither changes the cache: a banner or dialog in the way is dismissed (``dismiss_overlay``), and
an open modal ``<dialog>`` that does not hold the target is closed before acting
(``close_blocking_modal``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..page import scripts
from ..page.evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

DISMISS_NAMES = re.compile(r"^(accept( all)?( cookies)?|ok(ay)?|got it|close|dismiss|no,? thanks|not now|reject( all)?"
                           r"|continue|×|x)$", re.I)
MODAL = "dialog:modal"  # a native <dialog> opened with showModal(): everything outside it is inert
OVERLAYS = "[class*=cookie], [id*=cookie], [class*=banner], [class*=overlay], [class*=modal], [class*=popup]"
# Whether a ``MODAL`` dialog is open that does not hold the element: acting on the element would do nothing.
BLOCKED_JS = scripts.function("blockedByModal", ("blocked",))


def dismiss_overlay(page: Page) -> str | None:
    """Close a banner or dialog that covers the page: a visible button named like Accept/Close/Dismiss.

    An open modal dialog goes first (nothing behind it can be used until it is closed), then
    dialogs, alert dialogs and banners. Returns what was clicked, or None. Used when an action
    fails because another element intercepts the pointer, and by ``close_blocking_modal``.
    """
    for scope in (page.locator(MODAL), page.get_by_role("dialog"), page.get_by_role("alertdialog"), page.locator(OVERLAYS)):
        name = _click_dismiss(scope.get_by_role("button"))
        if name is not None:
            return name
    return None


def close_blocking_modal(page: Page, target: Locator) -> str | None:
    """Close an open modal dialog that does not hold ``target`` (a sale pop-up over the page).

    Behind a modal ``<dialog>`` the page is inert: a click is intercepted and a fill types
    nothing. Only the modal dialog's own dismiss button is clicked, and only when the target
    is outside it (a button of the dialog itself is acted on as it is). Returns what was
    clicked, or None. This is not a heal: the cached action is unchanged.
    """
    try:
        if not evaluate(target, BLOCKED_JS, MODAL, timeout=1000):
            return None
    except PlaywrightError:  # no element to ask about: the action reports what is wrong
        return None
    return _click_dismiss(page.locator(MODAL).get_by_role("button"))


def _click_dismiss(buttons: Locator) -> str | None:
    """Click the first visible button named like a dismissal among ``buttons`` (the first ten)."""
    for i in range(min(buttons.count(), 10)):
        button = buttons.nth(i)
        try:
            name = (button.get_attribute("aria-label") or button.inner_text(timeout=1500) or "").strip()
            if DISMISS_NAMES.match(name) and button.is_visible():
                button.click(timeout=3000)  # generous: a busy machine must not make it try another button
                return name
        except Exception:  # try the next one
            continue
    return None
