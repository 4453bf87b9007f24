"""The named sections around an element (pytest_lumen.page.enclosing): the gate's key and the full path's rule."""

from __future__ import annotations

import pytest

from pytest_lumen.page.enclosing import other_section, section_key, sections


def test_the_gates_key_is_the_innermost_sections_name_its_numbers_aside() -> None:
    assert sections("Cookie consent / Site") == ["Cookie consent", "Site"] and sections(None) == []
    assert section_key("Your cart (2 items) / Shop") == section_key("Your cart (13 items) / Store") == "Your cart (# items)"
    assert section_key("Cookie consent") != section_key("Our terms changed") and section_key(None) is None


@pytest.mark.parametrize(("names", "other"), [
    (["Our Terms of Service changed"], True),  # the banner gone, a dialog's button of that name
    (["Billing address", "Checkout"], True),
    (["Cookie consent banner"], False),  # its name gained a word
    (["Consent"], False),  # lost one
    (["Preferences", "Cookie consent"], False),  # a group named inside it
    (["Site"], False),  # only a section that held the recorded one too
    ([], False),  # in no named section: no evidence of another
])
def test_an_element_is_in_another_section_only_when_one_around_it_is_named_otherwise(names: list[str], other: bool) -> None:
    why = other_section("Cookie consent / Site", names)
    assert (why is not None) is other, why
    assert other_section(None, names) is None  # recorded in no named section, or before sections were read
