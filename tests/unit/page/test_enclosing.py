"""The named sections around an element (pytest_lumen.page.enclosing): the gate's key and the full path's rule."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.page.enclosing import in_section, other_section, section_key, section_words, sections

ACCEPT = Fingerprint(tag="button", role="button", name="Accept", within="Cookie consent / Site")


def test_the_gates_key_is_the_innermost_sections_name_as_it_is() -> None:
    assert sections("Cookie consent / Site") == ["Cookie consent", "Site"] and sections(None) == []
    assert section_key("Your cart (2 items) / Shop") == "Your cart (2 items)" and section_key(None) is None


def test_a_count_set_apart_from_a_name_is_aside_and_a_number_of_the_name_is_not() -> None:
    assert section_words("Your cart (2 items)") == section_words("Your cart (13 items)") == {"your", "cart"}
    assert section_words("Inbox · 3") == {"inbox"}
    assert section_words("Passenger 2") != section_words("Passenger 1")
    assert section_words("March 2026") != section_words("April 2026")


@pytest.mark.parametrize(("names", "other"), [
    (["Our Terms of Service changed"], True),  # the banner gone, a dialog's button of that name
    (["Billing address", "Checkout"], True),
    (["Cookie consent banner"], False),  # its name gained a word
    (["Consent"], False),  # lost one
    (["Cookie consent (3 partners)"], False),  # a count set apart
    (["Preferences", "Cookie consent"], False),  # a group named inside it
    (["Site"], False),  # only a section that held the recorded one too
    ([], False),  # in no named section: no evidence of another
])
def test_an_element_is_in_another_section_only_when_one_around_it_is_named_otherwise(names: list[str], other: bool) -> None:
    why = other_section(ACCEPT, names)
    assert (why is not None) is other, why
    # recorded in no named section, or before sections were read
    assert other_section(ACCEPT.model_copy(update={"within": None}), names) is None


def test_a_section_that_told_look_alikes_apart_is_its_name_exactly_its_counts_aside() -> None:
    street = Fingerprint(tag="input", role="textbox", name="Street", within="Address / Checkout", look_alikes=1)
    assert other_section(street, ["Billing address (if different)", "Checkout"]) is not None  # it holds "address"
    assert in_section(street, ["Address (2 of 2)"]) and not in_section(street, ["Delivery address"])
    alone = street.model_copy(update={"look_alikes": 0})  # without look-alikes, a name that gained a word is its own
    assert in_section(alone, ["Delivery address"]) and other_section(alone, ["Billing address", "Checkout"]) is None
