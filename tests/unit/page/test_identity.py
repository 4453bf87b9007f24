"""The identity hash's field order (pytest_lumen.page.identity); the gate on a real page is in
tests/browser/page/test_identity.py."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import Box, Fingerprint
from pytest_lumen.page import identity
from pytest_lumen.page.fingerprint import page_fields


def test_hash_order_holds_fields_the_page_reads() -> None:
    assert all(set(names) <= set(identity.FIELDS) for names in identity.SKIPS.values())
    with pytest.raises(ValueError, match="look_alikes"):
        page_fields("role", "look_alikes")  # counted apart, not read from the element


ROW_CHECKBOX = Fingerprint(tag="input", role="checkbox", name="Select this object for an action", type="checkbox",
                           context="Invoice 1042 Acme Corporation Paid", look_alikes=2, classes="action-select",
                           box=Box(x=10, y=40, width=13, height=13))


def test_holds_is_the_gates_rule_place_aside() -> None:
    moved = ROW_CHECKBOX.model_copy(update={"classes": "form-check-input", "box": Box(x=10, y=280, width=16, height=16)})
    assert identity.holds(ROW_CHECKBOX, moved)  # where it is and how it is styled are not who it is
    assert identity.holds(ROW_CHECKBOX, moved.model_copy(update={"name": " Select this  object for an action"}))
    assert not identity.holds(ROW_CHECKBOX, moved.model_copy(update={"context": "Invoice 1043 Acme Corporation Paid"}))
    assert not identity.holds(ROW_CHECKBOX, moved.model_copy(update={"role": "switch"}))
    alone = ROW_CHECKBOX.model_copy(update={"look_alikes": 0})
    assert identity.holds(alone, alone.model_copy(update={"context": "Invoice 1042 Acme Corp Paid"}))  # as the gate
    assert not identity.holds(ROW_CHECKBOX.model_copy(update={"role": None}), ROW_CHECKBOX.model_copy(update={"role": None}))


def test_an_element_its_locator_finds_in_its_item_by_the_items_identifying_text_keeps_its_identity_when_the_item_changed(
) -> None:
    # a row's checkbox among look-alikes: the row's other cells are evidence once its locator checks the row's key
    recorded = Fingerprint(tag="input", role="checkbox", name="Select item", type="checkbox", look_alikes=3,
                           context="3 Desk lamp office 2026-03-02 24.0")
    current = recorded.model_copy(update={"context": "3 2026-11-20 10:00 Desk lamp office March 2, 2026 24.0"})
    assert not identity.holds(recorded, current)
    assert identity.holds(recorded.model_copy(update={"item": "Desk lamp"}), current)
    assert not identity.holds(recorded.model_copy(update={"item": "Desk lamp"}), current.model_copy(update={"label": "Pick"}))


def test_an_item_itself_found_by_its_identifying_text_is_known_by_its_role_not_by_all_its_text() -> None:
    recorded = Fingerprint(tag="tr", role="row", name="3 Desk lamp office 24.0", text="3 Desk lamp office 24.0",
                           item="Desk lamp")
    current = recorded.model_copy(update={"name": "3 Desk lamp office new 24.0", "text": "3 Desk lamp office new 24.0"})
    assert identity.holds(recorded, current)
    assert not identity.holds(recorded, current.model_copy(update={"role": "listitem"}))
    assert identity.identity_selector(recorded) != identity.identity_selector(recorded.model_copy(update={"item": None}))


YES = Fingerprint(tag="input", role="radio", name="Yes", type="radio", name_attr="smoker", look_alikes=1,
                  heading="Health questions")


@pytest.mark.parametrize(("current", "apart"), [
    (YES.model_copy(update={"name_attr": "surgery"}), True),  # another question's "Yes"
    (YES.model_copy(update={"name_attr": "user[surgery]"}), True),  # as a form builder names it
    (YES, False),
    (YES.model_copy(update={"name_attr": ":r3:"}), False),  # generated: no evidence either way
    (YES.model_copy(update={"name_attr": "q2"}), False),  # a place, which a removal renumbers
])
def test_a_choice_of_look_alikes_is_told_apart_by_its_group(current: Fingerprint, apart: bool) -> None:
    assert (identity.told_apart(YES, current) is not None) is apart
    assert identity.told_apart(YES.model_copy(update={"look_alikes": 0}), current) is None  # nothing to tell apart
    in_fieldset = YES.model_copy(update={"within": "Do you smoke?"})  # its named group says which it is
    assert identity.told_apart(in_fieldset, current.model_copy(update={"within": "Do you smoke?"})) is None
    assert identity.kept_apart(YES, YES.model_copy(update={"heading": None}), current) is apart  # then it is no rival


def test_a_look_alike_under_another_heading_is_no_rival_of_one_under_the_recorded_heading() -> None:
    street = Fingerprint(tag="input", role="textbox", name="Street address", look_alikes=1, heading="Shipping address")
    billing = street.model_copy(update={"heading": "Billing address"})
    assert identity.kept_apart(street, street, billing)
    assert not identity.kept_apart(street, street.model_copy(update={"heading": None}), billing)  # own heading unread
    assert not identity.kept_apart(street, billing, street)


def test_a_radio_whose_group_has_a_generated_name_is_told_apart_by_its_question() -> None:
    smoking = YES.model_copy(update={"name_attr": ":r1:", "context": "Do you smoke? Yes No"})
    surgery = smoking.model_copy(update={"context": "Have you had surgery this year? Yes No"})  # took its place and id
    assert identity.told_apart(smoking, surgery) is not None
    assert identity.told_apart(smoking, smoking.model_copy(update={"name_attr": ":r2:"})) is None  # re-ordered
    assert identity.told_apart(smoking.model_copy(update={"version": 5}), surgery) is None  # its context was its label
    box = smoking.model_copy(update={"role": "checkbox", "type": "checkbox"})  # a checkbox's context is its own
    assert identity.told_apart(box, surgery.model_copy(update={"role": "checkbox", "type": "checkbox"})) is None


SHIPPING_STREET = Fingerprint(tag="input", role="textbox", name="Street address", name_attr="shipping[street]",
                              id="shipping-street", heading="Shipping address")


@pytest.mark.parametrize(("update", "apart"), [
    ({"name_attr": "billing[street]", "id": "billing-street", "heading": "Billing address"}, True),  # another step's
    ({"name_attr": None, "id": "billingStreet", "heading": "Billing details"}, True),  # its id, with no name
    ({"name_attr": "street", "id": "billing-street", "heading": "Billing address"}, True),  # an id says it, a name not
    ({"tag": "textarea", "name_attr": "billing[street]", "heading": "Billing address"}, True),  # another field's tag
    ({"name_attr": "billing[street]", "heading": "Shipping address"}, False),  # a renamed key, the same heading
    ({"heading": "Delivery address"}, False),  # a reworded heading, the same key
    ({"name_attr": "postalCode", "id": "TextField7", "heading": "Delivery"}, False),  # rewritten under a reworded one
    ({"name_attr": "order[shipping][street]", "heading": "Where should we send it?"}, False),  # the key gained words
    ({"name_attr": "shippingStreet", "heading": "Delivery"}, False),  # the key's convention changed
    ({"name_attr": "street", "id": "street", "heading": "Billing address"}, False),  # only lost words: nothing says
    ({"name_attr": ":r7:", "id": ":r7:", "heading": "Billing address"}, False),  # generated keys: nothing says
    ({"name_attr": "billing[street]", "heading": None}, False),  # no heading read
    ({"name_attr": "billing[street]", "heading": "Shipping address (step 2 of 3)"}, False),  # counts aside, words gained
])
def test_a_field_whose_key_swapped_its_headings_word_for_another_parts_is_another_field(update: dict[str, object],
                                                                                       apart: bool) -> None:
    current = SHIPPING_STREET.model_copy(update=update)
    assert (identity.another_field(SHIPPING_STREET, current) is not None) is apart
    assert (identity.told_apart(SHIPPING_STREET, current) is not None) is apart
    button = SHIPPING_STREET.model_copy(update={"tag": "button", "role": "button", "name": "Save"})
    assert identity.another_field(button, button.model_copy(update=update)) is None  # a field's keys, not a button's


@pytest.mark.parametrize(("recorded", "current", "apart"), [
    ("shipping address-line1", "billing address-line1", True),
    ("section-home shipping street-address", "section-gift shipping street-address", True),
    ("shipping street-address", "shipping address-line1", False),  # the same part, its field's name changed
    ("shipping street-address", "street-address", False),  # declares no part now: nothing says
    ("on", "off", False),
])
def test_a_field_is_the_part_of_a_form_its_autocomplete_declares(recorded: str, current: str, apart: bool) -> None:
    zip_code = Fingerprint(tag="input", role="textbox", name="ZIP code", name_attr="address1", autocomplete=recorded,
                           heading="Delivery")
    assert (identity.another_field(zip_code, zip_code.model_copy(update={"autocomplete": current})) is not None) is apart


def test_the_words_of_a_key_are_its_words_in_any_convention() -> None:
    assert identity.key_words("shipping[street]") == identity.key_words("shippingStreet") == {"shipping", "street"}
    assert identity.key_words("billing_address_1") == {"billing", "address"}
    assert identity.key_words("HTMLInput") == {"html", "input"} and identity.key_words("lieferung[straße]") == {
        "lieferung", "straße"}
    assert identity.key_words(":r1:") == identity.key_words("q2") == frozenset()
