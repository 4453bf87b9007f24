"""Overlays in the way of a replayed action (pytest_lumen.heal.overlays): dismissed only through a control that does
nothing else, a modal dialog before other dialogs; a dialog that asks a question is never answered."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.heal.overlays import Dismissal, OverlayQuestion, close_blocking_modal, dismiss_overlay

PROMO = """
<section role="dialog" aria-label="Your privacy"><button>Accept all</button></section>
<input id="q" aria-label="Search products">
<button id="buy" onclick="this.textContent = 'bought'">Buy</button>
<dialog id="promo"><h2>Spring sale</h2><button aria-label="Close" onclick="promo.close()">×</button>
  <button id="inside">Start shopping</button></dialog>
<script>promo.showModal()</script>
"""
# A draft conflict asked in a modal: OK discards the user's changes.
DRAFT = """<div id="root" aria-hidden="true"><button id="save">Save</button></div>
<div role="dialog" aria-modal="true" aria-labelledby="t" class="MuiDialog-root css-1x2y3z">
<h2 id="t">Unsaved changes</h2><p>Discard your changes?</p>
<button aria-label="close" onclick="window.answered = 'closed'">×</button>
<button onclick="window.answered = 'ok'">OK</button><button onclick="window.answered = 'cancel'">Cancel</button></div>"""
# A cookie card whose only control consents, and a notice whose button only dismisses it.
CONSENT_ONLY = """<div class="cookie-banner" role="region" aria-label="Cookies">We use cookies.
<button onclick="window.answered = 'accepted'">Accept cookies</button></div>"""
NOTICE = """<div class="cookie-banner">This shop uses cookies to keep your cart.
<button onclick="this.parentElement.remove(); window.answered = 'got it'">Got it</button></div>"""


def test_a_modal_dialog_that_does_not_hold_the_target_is_closed_first(page: Any) -> None:
    page.set_content(PROMO)
    assert close_blocking_modal(page, page.locator("#inside")) is None  # the dialog's own button: left open
    assert page.locator("dialog:modal").count() == 1
    closed = close_blocking_modal(page, page.locator("#q"))  # by its Close, never the cookie card's "Accept all"
    assert closed == Dismissal("dialog 'Spring sale'", "'Close'")
    assert page.locator("dialog:modal").count() == 0
    page.locator("#q").fill("mug")
    assert page.locator("#q").input_value() == "mug"
    assert close_blocking_modal(page, page.locator("#q")) is None  # nothing open any more


def test_dismissing_an_overlay_closes_the_modal_dialog_before_other_dialogs(page: Any) -> None:
    page.set_content(PROMO)
    assert dismiss_overlay(page) == Dismissal("dialog 'Spring sale'", "'Close'")
    assert page.get_by_role("button", name="Accept all").is_visible()  # consent is never a dismissal


def test_a_dialog_that_asks_a_question_is_never_answered_not_even_by_its_close_button(page: Any) -> None:
    page.set_content(DRAFT)
    with pytest.raises(OverlayQuestion, match=r"the dialog 'Unsaved changes' asks 'Discard your changes\?'"):
        dismiss_overlay(page)
    assert page.evaluate("window.answered") is None


def test_an_overlay_whose_only_control_consents_is_left_alone_and_a_notice_is_dismissed(page: Any) -> None:
    page.set_content(CONSENT_ONLY)
    assert dismiss_overlay(page) is None
    assert page.evaluate("window.answered") is None
    page.set_content(NOTICE)
    assert dismiss_overlay(page) == Dismissal("banner 'This shop uses cookies to keep your cart. Got it'", "'Got it'")
    assert page.evaluate("window.answered") == "got it"
