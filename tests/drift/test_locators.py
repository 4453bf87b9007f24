"""What counts as a positional healed locator (``locators.py``): places and child chains, not Playwright's ``>>``."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import LocatorSpec

from .locators import positional


def selector(value: str) -> LocatorSpec:
    return LocatorSpec(kind="selector", value=value)


@pytest.mark.parametrize("spec", [
    selector("main:nth-of-type(1) > section:nth-of-type(1) > ul > li:nth-of-type(3) > button"),
    selector("div#basket > p.total"),
    selector("ul li:nth-child(2) button"),
    selector("li:first-of-type button.add"),
    selector("internal:role=button >> nth=2"),
    LocatorSpec(kind="role", value="button", name="Add to cart", exact=True, nth=2),
    LocatorSpec(kind="role", value="textbox", name="Card number",
                parent=LocatorSpec(kind="frame", value="body > div:nth-of-type(2) > iframe")),
])
def test_a_place_or_a_child_chain_is_positional(spec: LocatorSpec) -> None:
    assert positional(spec)


@pytest.mark.parametrize("spec", [
    LocatorSpec(kind="role", value="button", name="Pay now"),
    LocatorSpec(kind="test_id", value="cart-total"),
    selector("output#basket-total"),
    selector("p.sums__total"),
    selector('internal:role=listitem >> internal:has-text="Blue mug > Add to cart"i >> internal:role=button'),
    selector("internal:text=\"Step 1 > nth-child(2)\"s"),
    LocatorSpec(kind="role", value="textbox", name="Card number", parent=LocatorSpec(kind="frame", value='iframe[title="Card"]')),
])
def test_what_an_element_is_is_not_positional(spec: LocatorSpec) -> None:
    assert not positional(spec)
