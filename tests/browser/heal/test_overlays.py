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
<div role="dialog" aria-modal="true" aria-labelledby="t" class="MuiDialog-root css-1x2y3z" style="position:fixed;inset:0;
background:#fff">
<h2 id="t">Unsaved changes</h2><p>Discard your changes?</p>
<button aria-label="close" onclick="window.answered = 'closed'">×</button>
<button onclick="window.answered = 'ok'">OK</button><button onclick="window.answered = 'cancel'">Cancel</button></div>"""
# A cart drawer over the page: its own close button, and a "×" per line that removes the line.
DRAWER = """<button id="checkout" style="position:absolute;left:40px;top:40px">Go to checkout</button>
<section role="dialog" aria-label="Your privacy" style="position:absolute;left:600px;top:400px"><button>Accept all</button>
</section>
<aside role="dialog" aria-label="Your cart" style="position:fixed;inset:0 0 0 0;background:#fff">
<ul><li>Red Mug <button aria-label="×" onclick="window.removed = 'Red Mug'">×</button></li></ul>
<button class="drawer__close" aria-label="Close cart" onclick="this.parentElement.remove()">{close}</button></aside>"""
# How cart drawers render their close control: an inline SVG (Shopify's Dawn), an icon font's ligature hidden from
# assistive technology (Material Icons), a bare "×".
SVG_ICON = '<svg aria-hidden="true" focusable="false" viewBox="0 0 18 17"><path d="M.865 15.978 16.22.6"/></svg>'
ICON_FONT = '<span class="material-icons" aria-hidden="true">close</span>'
# A help desk's ticket drawer and a trading app's position panel over the page: a button that shows "Close" and
# words of the panel's name is an action on what the panel shows (it closes the ticket, sells the position).
ACTIONS = """<button id="reply" style="position:absolute;left:40px;top:40px">Reply</button>
<aside role="dialog" aria-labelledby="h" class="MuiDrawer-paper css-wf16b5" style="position:fixed;inset:0;background:#fff">
<h2 id="h">{title}</h2><button class="MuiButton-root css-1hw9j7s" onclick="window.log.push('{log}')">{control}</button></aside>
<script>window.log = []</script>"""
# A cookie card whose only control consents, and a notice whose button only dismisses it.
BEHIND = '<label style="position:fixed;bottom:8px;left:8px"><input type="checkbox" id="terms"> I accept the terms</label>'
CONSENT_ONLY = """<div class="cookie-banner" role="region" aria-label="Cookies" style="position:fixed;bottom:0;left:0;right:0;
height:80px;background:#333;color:#fff">We use cookies.
<button onclick="window.answered = 'accepted'">Accept cookies</button></div>"""
NOTICE = """<div class="cookie-banner" style="position:fixed;bottom:0;left:0;right:0;height:80px;background:#333;color:#fff">
This shop uses cookies to keep your cart.
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


@pytest.mark.parametrize("close", [SVG_ICON, ICON_FONT, "×"], ids=["svg", "icon-font", "times"])
def test_the_overlay_in_the_way_is_dismissed_by_its_own_close_and_nothing_else_is_touched(page: Any, close: str) -> None:
    page.set_content(DRAWER.format(close=close))
    assert dismiss_overlay(page.locator("#checkout")) == Dismissal("dialog 'Your cart'", "'Close cart'")
    assert page.evaluate("window.removed") is None  # a line's "×" removes that line: never a dismissal
    assert page.locator("#checkout").is_enabled() and page.get_by_role("button", name="Accept all").is_visible()


def test_a_dialog_that_asks_a_question_is_never_answered_not_even_by_its_close_button(page: Any) -> None:
    page.set_content(DRAFT)
    with pytest.raises(OverlayQuestion, match=r"the dialog 'Unsaved changes' asks 'Discard your changes\?'"):
        dismiss_overlay(page.locator("#save"))
    assert page.evaluate("window.answered") is None


def test_an_overlay_whose_only_control_consents_is_left_alone_and_a_notice_is_dismissed(page: Any) -> None:
    page.set_content(f"{BEHIND}{CONSENT_ONLY}")
    assert dismiss_overlay(page.locator("#terms")) is None
    assert page.evaluate("window.answered") is None
    page.set_content(f"{BEHIND}{NOTICE}")
    assert dismiss_overlay(page.locator("#terms")) == Dismissal("banner 'This shop uses cookies to keep your cart. Got it'",
                                                               "'Got it'")
    assert page.evaluate("window.answered") == "got it"


@pytest.mark.parametrize(("title", "control", "log"), [
    ("Ticket 4521: printer on fire", "Close ticket", "closed ticket"),
    ("Position BTC-USD", "Close position", "sold position"),
    ("Your cart", "Close cart", "closed cart"),  # shown as words, as an action says itself: not taken for an icon
])
def test_a_button_that_shows_close_and_words_of_the_panels_name_is_never_clicked_to_dismiss_it(
        page: Any, title: str, control: str, log: str) -> None:
    page.set_content(ACTIONS.format(title=title, control=control, log=log))
    assert dismiss_overlay(page.locator("#reply")) is None  # Escape does not close it: nothing harmless to dismiss it
    assert page.evaluate("window.log") == []
    assert page.get_by_role("dialog").is_visible()
