"""The locator cached for an element: no count or amount in a name, no checked text, no CSS path when a better one exists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.fingerprint import capture
from pytest_lumen.page.quality import for_text_check, stable_name, without_counts

HEADER = """<!doctype html><html lang="en"><body>
<header><nav><a href="/cart.html" class="css-x1">Cart (2)</a> <a href="/orders.html">Orders (2)</a>
<a href="/wishlist.html" data-testid="wishlist">Saved (5)</a></nav></header>
<main><aside><div class="css-9kq"><p class="css-1ab">Subtotal</p><p class="css-2cd" role="status" aria-label="Order total">Total: $37.00</p></div></aside></main>
</body></html>"""  # noqa: E501 - page markup: a line of it is test data


@pytest.mark.parametrize("name, stable", [("Cart (2)", "Cart"), ("Pay $20.00", "Pay"), ("3 items left", "items left"),
                                          ("Add to cart", None), ("(2)", None)])
def test_the_stable_part_of_a_name_drops_its_counts_and_amounts(name: str, stable: str | None) -> None:
    assert stable_name(name) == stable


def test_a_name_with_a_count_gives_way_to_the_test_id_or_to_its_stable_part(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    page.goto(site_factory({"index.html": HEADER}).url + "/index.html")

    def steady(name: str) -> str:
        element = page.get_by_role("link", name=name, exact=True)
        spec = LocatorSpec(kind="role", value="link", name=name, exact=True)
        return without_counts(page, spec, capture(element), element).describe()

    assert steady("Cart (2)") == 'get_by_role("link", name="Cart")'
    assert steady("Saved (5)") == 'get_by_test_id("wishlist")'
    assert steady("Orders (2)") == 'get_by_role("link", name="Orders")'


def test_a_checked_text_is_found_by_what_it_is_not_by_what_it_says_nor_by_its_place(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    page.goto(site_factory({"index.html": HEADER}).url + "/index.html")
    total = capture(page.get_by_role("status"))
    options = [s.describe() for s in for_text_check(total, LocatorSpec(kind="text", value="Total: $37.00"))]
    assert options[0] == 'get_by_role("status", name="Order total", exact=True)'  # a name of its own
    assert options[-1].startswith("locator(") and all("37.00" not in o for o in options)
