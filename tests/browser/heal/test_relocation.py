"""Zero-token healing on a real page (pytest_lumen.heal.relocation): a text check and its unchanged text."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import Fingerprint, LocatorSpec
from pytest_lumen.heal.policy import policy_for
from pytest_lumen.heal.relocation import Missed, Relocated, Relocator


def _text_check(expected: str) -> A.Expect:
    return A.Expect(check="text", expected=expected, target=A.Target(locator=LocatorSpec(kind="test_id", value="cart-total")))


RECORDED_TOTAL = Fingerprint(tag="p", name="Total: $37.00", text="Total: $37.00", id="cart-total", test_id="cart-total",
                             context="Proceed to checkout")


def _find_total(page: Any, expected: str) -> Any:
    action = _text_check(expected)
    target = action.target.model_copy(update={"fingerprint": RECORDED_TOTAL})
    return Relocator(page).find(target, policy_for(action, RECORDED_TOTAL))


def test_a_text_check_finds_its_unchanged_text_in_a_new_container(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $37.00</p>'
                     '<p class="sums"><span>Total:</span> <strong data-testid="order-total">$37.00</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    found = _find_total(page, "Total: $37.00")
    assert isinstance(found, Relocated) and str(found.level) == "unchanged_text"
    assert found.locator.evaluate("el => el.className") == "sums"
    assert found.spec.kind == "selector"  # the cached locator does not depend on the checked text


def test_a_text_check_whose_text_changed_is_not_healed(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $24.50</p><p class="sums"><span>Total:</span> <strong>$24.50</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    missed = _find_total(page, "Total: $37.00")
    assert isinstance(missed, Missed) and "no single element shows 'Total: $37.00'" in missed.reason


def test_a_text_check_is_not_healed_onto_one_of_two_elements_showing_the_text(page: Any) -> None:
    page.set_content("<p>Total: $37.00</p><div><p>Total: $37.00</p></div>")
    assert isinstance(_find_total(page, "Total: $37.00"), Missed)
