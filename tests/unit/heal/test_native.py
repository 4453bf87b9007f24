"""Which native select a click recorded on an ARIA option is done in: the rule, without a browser."""

from __future__ import annotations

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.native import _listbox_names, _which

COUNTRY = {"index": 0, "label": "Country", "options": ["Choose a country", "France", "Germany", "Spain"]}
SHIP = {"index": 1, "label": "Ship from", "options": ["Anywhere", "Germany"]}


def _option(landmark: str | None = None, context: str | None = None) -> Fingerprint:
    return Fingerprint(tag="div", role="option", name="Germany", landmark=landmark, context=context)


def test_the_only_select_offering_the_option_is_not_it_without_evidence() -> None:
    # a custom listbox still opening, a "Ship from" select elsewhere that offers Germany too: never chosen in
    assert _which([SHIP], [["country"]], None, "Germany") is None
    assert _which([SHIP], [], "Germany", "Germany") is None  # the option's own name is no evidence
    assert _which([SHIP], [["ship", "from"]], None, "Germany") == SHIP
    assert _which([], [["country"]], None) is None


def test_among_several_the_one_labelled_as_the_listbox_or_its_opener_is_it() -> None:
    assert _which([COUNTRY, SHIP], _listbox_names(_option("listbox: Country"), None), None) == COUNTRY
    opener = Fingerprint(tag="button", role="combobox", name="Ship from")
    assert _which([COUNTRY, SHIP], _listbox_names(_option("listbox"), opener), None) == SHIP


def test_an_opener_that_is_no_combobox_or_button_names_nothing() -> None:
    field = Fingerprint(tag="input", role="textbox", name="Country")
    assert _listbox_names(_option("listbox"), field) == []


def test_offering_the_options_shown_around_it_ties_no_select_to_the_listbox() -> None:
    # a native "Billing country" beside a custom "Shipping country" listbox still opening: never chosen in
    assert _which([COUNTRY, SHIP], [], "France Germany Spain") is None
    assert _which([COUNTRY, SHIP], [], None) is None


def test_a_listbox_openers_field_is_its_name_without_the_value_it_showed() -> None:
    from pytest_lumen.heal.native import field_names
    # Headless UI: labelled by its label and by itself, "Country Choose a country"
    headless = Fingerprint(tag="button", role="button", name="Country Choose a country", text="Choose a country",
                           popup="listbox")
    assert field_names(headless, {}) == ["country"]
    assert field_names(Fingerprint(tag="div", role="button", name="Country", text="", popup="listbox"), {}) == ["country"]
    aria_labelled = Fingerprint(tag="button", role="button", name="Ship from", text="Germany", popup="listbox")
    assert field_names(aria_labelled, {}) == ["ship", "from"]
    assert field_names(Fingerprint(tag="button", role="button", name="Germany", text="Germany"), {}) == []  # unlabelled
    shown = Fingerprint(tag="button", role="button", name="Country %c%", text="%c%", popup="listbox")
    assert field_names(shown, {"c": "Germany"}) == ["country"]


def test_the_select_labelled_as_the_field_word_for_word_and_only_one() -> None:
    from pytest_lumen.heal.native import labelled
    assert labelled([COUNTRY, SHIP], [["country"]]) == COUNTRY
    assert labelled([COUNTRY, SHIP], [["germany"]]) is None  # what the opener showed names no field
    assert labelled([dict(COUNTRY, label="Country of birth"), SHIP], [["country"]]) is None
    assert labelled([COUNTRY, dict(COUNTRY, index=2)], [["country"]]) is None  # two: nothing is guessed
    assert labelled([COUNTRY, dict(COUNTRY, index=2)], [["country"], ["ship", "from"]]) is None
    assert labelled([COUNTRY, SHIP], [["shipping"], ["ship", "from"]]) == SHIP


def test_a_fingerprint_recorded_before_popup_loads_without_it() -> None:
    old = {"version": 3, "tag": "button", "role": "button", "name": "Country Germany", "text": "Germany"}
    assert Fingerprint.model_validate(old).popup is None
    new = Fingerprint.model_validate({**old, "popup": "listbox"})
    assert Fingerprint.model_validate_json(new.model_dump_json()).popup == "listbox"
