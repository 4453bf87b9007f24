"""Playwright selectors read back as locators (pytest_lumen.page.locators)."""

import pytest

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.locators import in_frame_of, parse_selector, split_selector


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
        ('internal:role=listitem >> internal:role=button[name="Add"i]',
         'get_by_role("listitem").get_by_role("button", name="Add")'),
        ("#cart > li.item", 'locator("#cart > li.item")'),
        ('internal:role=button[name=/Add/i]', 'locator("internal:role=button[name=/Add/i]")'),
        ('iframe[name="pay"] >> internal:control=enter-frame >> internal:role=textbox[name="Card"i]',
         'locator("iframe[name=\\"pay\\"]").content_frame.get_by_role("textbox", name="Card")'),
        ('#outer >> internal:control=enter-frame >> iframe >> internal:control=enter-frame >> internal:label="Card"i',
         'locator("#outer >> internal:control=enter-frame >> iframe").content_frame.get_by_label("Card")'),
        ("iframe >> internal:control=enter-frame", 'locator("iframe >> internal:control=enter-frame")'),
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


def test_a_fallback_searches_the_frame_of_its_primary_locator():
    primary = parse_selector('iframe[name="pay"] >> internal:control=enter-frame >> internal:testid=[data-testid="PAN"s]')
    fallback = in_frame_of(LocatorSpec(kind="label", value="Card", exact=True), primary)
    assert fallback.describe() == 'locator("iframe[name=\\"pay\\"]").content_frame.get_by_label("Card", exact=True)'
    assert fallback.frame() == primary.frame() and in_frame_of(fallback, primary) == fallback
    on_page = LocatorSpec(kind="label", value="Card")
    assert in_frame_of(on_page, on_page) == on_page
