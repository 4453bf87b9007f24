"""Overlays in the way of a replayed action (pytest_lumen.replay.overlays): modal dialogs closed before other dialogs."""

from __future__ import annotations

from typing import Any

from pytest_lumen.replay.overlays import close_blocking_modal, dismiss_overlay

PROMO = """
<section role="dialog" aria-label="Your privacy"><button>Accept all</button></section>
<input id="q" aria-label="Search products">
<button id="buy" onclick="this.textContent = 'bought'">Buy</button>
<dialog id="promo"><h2>Spring sale</h2><button aria-label="Close" onclick="promo.close()">×</button>
  <button id="inside">Start shopping</button></dialog>
<script>promo.showModal()</script>
"""


def test_a_modal_dialog_that_does_not_hold_the_target_is_closed_first(page: Any) -> None:
    page.set_content(PROMO)
    assert close_blocking_modal(page, page.locator("#inside")) is None  # the dialog's own button: left open
    assert page.locator("dialog:modal").count() == 1
    assert close_blocking_modal(page, page.locator("#q")) == "Close"  # not the cookie card's "Accept all"
    assert page.locator("dialog:modal").count() == 0
    page.locator("#q").fill("mug")
    assert page.locator("#q").input_value() == "mug"
    assert close_blocking_modal(page, page.locator("#q")) is None  # nothing open any more


def test_dismissing_an_overlay_closes_the_modal_dialog_before_other_dialogs(page: Any) -> None:
    page.set_content(PROMO)
    assert dismiss_overlay(page) == "Close"
    assert page.get_by_role("button", name="Accept all").is_visible()
