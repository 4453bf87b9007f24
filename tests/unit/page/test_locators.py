"""Playwright selectors read back as locators (pytest_lumen.page.locators)."""

import pytest

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.locators import parse_selector, split_selector


@pytest.mark.parametrize(
    ("selector", "code"),
    [
        ('internal:role=button[name="Add"i] >> nth=1', 'get_by_role("button", name="Add").nth(1)'),
        ('internal:role=button[name="Add"s]', 'get_by_role("button", name="Add", exact=True)'),
        ("internal:role=navigation", 'get_by_role("navigation")'),
        ('internal:testid=[data-testid="login-btn"s]', 'get_by_test_id("login-btn")'),
        ('internal:label="Size"i', 'get_by_label("Size")'),
        ('internal:attr=[placeholder="Search"i]', 'get_by_placeholder("Search")'),
        ('internal:attr=[alt="Logo"s]', 'get_by_alt_text("Logo", exact=True)'),
        ('internal:text="Say \\"hi\\" >> now"i', 'get_by_text("Say \\"hi\\" >> now")'),
        ('internal:role=listitem >> internal:role=button[name="Add"i]', 'get_by_role("listitem").get_by_role("button", name="Add")'),
        ("#cart > li.item", 'locator("#cart > li.item")'),
        ('internal:role=button[name=/Add/i]', 'locator("internal:role=button[name=/Add/i]")'),
    ],
)
def test_parse_normalized_selectors(selector, code):
    assert parse_selector(selector).describe() == code


def test_split_respects_quotes():
    assert split_selector('a >> internal:text="x >> y"i >> nth=0') == ["a", 'internal:text="x >> y"i', "nth=0"]


def test_spec_round_trips_through_json():
    spec = parse_selector('internal:role=listitem >> internal:role=button[name="Add"i] >> nth=2')
    assert LocatorSpec.model_validate_json(spec.model_dump_json()) == spec
    assert spec.nth == 2 and spec.parent is not None and spec.parent.value == "listitem"
