"""Zero-token healing on a real page: modal dialogs, landmark roles, the text around an element, unchanged texts."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen import actions as A
from pytest_lumen.fingerprint import Fingerprint, capture, scan, scan_selector
from pytest_lumen.heal import Relocator, close_blocking_modal, dismiss_overlay, policy_for
from pytest_lumen.locators import LocatorSpec

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


LANDMARKS = """
<header><nav aria-label="Main"><a href="/">Shop</a></nav></header>
<main><section aria-label="Offers"><p>Sale</p></section><section><p>plain</p></section>
  <aside aria-labelledby="t"><h2 id="t">Summary</h2></aside><form aria-label="Pay"><input></form></main>
<footer><p>Kettle</p></footer>
<dialog open aria-label="Confirm your order"><button>Confirm order</button></dialog>
"""


@pytest.mark.parametrize(("selector", "role", "name"), [
    ("header", "banner", None), ("nav", "navigation", "Main"), ("main", "main", None),
    ("section[aria-label]", "region", "Offers"), ("section:not([aria-label])", None, "plain"),
    ("aside", "complementary", "Summary"), ("form", "form", "Pay"), ("footer", "contentinfo", None),
    ("dialog", "dialog", "Confirm your order"),
])
def test_landmarks_and_native_dialogs_have_their_roles(page: Any, selector: str, role: str, name: str) -> None:
    page.set_content(LANDMARKS)
    fp = capture(page.locator(selector))
    assert (fp.role, fp.name) == (role, name)


def test_a_scan_for_a_dialog_includes_native_dialogs(page: Any) -> None:
    page.set_content(LANDMARKS)
    recorded = Fingerprint(tag="div", role="dialog", name="Confirm your order")
    assert [c.fingerprint.tag for c in scan(page, scan_selector(recorded)) if c.fingerprint.role == "dialog"] == ["dialog"]


def test_the_text_around_an_element_reaches_past_a_lone_price_or_its_own_label(page: Any) -> None:
    page.set_content("""
      <li><div><h3>Blue Mug</h3><p>Stoneware</p><div class="foot"><span>$12.50</span> <button id="add">Add to cart</button></div></div></li>
      <ul><li><h3>Red Mug</h3><p>$11.00</p><div class="qty"><button>−</button> <input id="qty" type="number" aria-label="Quantity"> <button>+</button></div></li></ul>
      <div><p><span>Reject</span> <button id="accept">Accept</button></p><p>We use cookies to run this shop</p></div>
      <form><div><label for="f">Full name</label><input id="f"></div><p>Delivery details</p></form>
      <div><span>Blue mug $12.00</span> <button id="plain">Add</button></div>""")
    assert capture(page.locator("#add")).context == "Blue Mug Stoneware $12.50"
    assert capture(page.locator("#qty")).context == "Red Mug $11.00 − +"
    assert capture(page.locator("#f")).context == "Full name Delivery details"  # not only its own label
    assert capture(page.locator("#accept")).context == "Reject"  # a word of its own: the nearest text is enough
    assert capture(page.locator("#plain")).context == "Blue mug $12.00"


def _text_check(expected: str) -> A.Expect:
    return A.Expect(check="text", expected=expected, target=A.Target(locator=LocatorSpec(kind="test_id", value="cart-total")))


RECORDED_TOTAL = Fingerprint(tag="p", name="Total: $37.00", text="Total: $37.00", id="cart-total", test_id="cart-total",
                             context="Proceed to checkout")


def _find_total(page: Any, expected: str) -> Any:
    action = _text_check(expected)
    target = action.target.model_copy(update={"fingerprint": RECORDED_TOTAL})
    return Relocator(page).find(target, policy_for(action, RECORDED_TOTAL))


def test_a_text_check_finds_its_unchanged_text_in_a_new_container(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $37.00</p><p class="sums"><span>Total:</span> <strong data-testid="order-total">$37.00</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    found = _find_total(page, "Total: $37.00")
    assert found is not None and found.level == "unchanged_text"
    assert found.locator.evaluate("el => el.className") == "sums"
    assert found.spec.kind == "selector"  # the cached locator does not depend on the checked text


def test_a_text_check_whose_text_changed_is_not_healed(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $24.50</p><p class="sums"><span>Total:</span> <strong>$24.50</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    assert _find_total(page, "Total: $37.00") is None


def test_a_text_check_is_not_healed_onto_one_of_two_elements_showing_the_text(page: Any) -> None:
    page.set_content("<p>Total: $37.00</p><div><p>Total: $37.00</p></div>")
    assert _find_total(page, "Total: $37.00") is None
