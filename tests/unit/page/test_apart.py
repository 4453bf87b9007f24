"""What tells an element from the recorded one's look-alikes, or a field from another part's
(pytest_lumen.page.apart)."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.page import apart

YES = Fingerprint(tag="input", role="radio", name="Yes", type="radio", name_attr="smoker", look_alikes=1,
                  heading="Health questions")


@pytest.mark.parametrize(("current", "is_apart"), [
    (YES.model_copy(update={"name_attr": "surgery"}), True),  # another question's "Yes"
    (YES.model_copy(update={"name_attr": "user[surgery]"}), True),  # as a form builder names it
    (YES, False),
    (YES.model_copy(update={"name_attr": ":r3:"}), False),  # generated: no evidence either way
    (YES.model_copy(update={"name_attr": "q2"}), False),  # a place, which a removal renumbers
])
def test_a_choice_of_look_alikes_is_told_apart_by_its_group(current: Fingerprint, is_apart: bool) -> None:
    assert (apart.told_apart(YES, current) is not None) is is_apart
    assert apart.told_apart(YES.model_copy(update={"look_alikes": 0}), current) is None  # nothing to tell apart
    in_fieldset = YES.model_copy(update={"within": "Do you smoke?"})  # its named group says which it is
    assert apart.told_apart(in_fieldset, current.model_copy(update={"within": "Do you smoke?"})) is None
    assert apart.kept_apart(YES, YES.model_copy(update={"heading": None}), current) is is_apart  # then it is no rival


def test_a_look_alike_under_another_heading_is_no_rival_of_one_under_the_recorded_heading() -> None:
    street = Fingerprint(tag="input", role="textbox", name="Street address", look_alikes=1, heading="Shipping address")
    billing = street.model_copy(update={"heading": "Billing address"})
    assert apart.kept_apart(street, street, billing)
    assert not apart.kept_apart(street, street.model_copy(update={"heading": None}), billing)  # own heading unread
    assert not apart.kept_apart(street, billing, street)


def test_a_radio_whose_group_has_a_generated_name_is_told_apart_by_its_question() -> None:
    smoking = YES.model_copy(update={"name_attr": ":r1:", "context": "Do you smoke? Yes No"})
    surgery = smoking.model_copy(update={"context": "Have you had surgery this year? Yes No"})  # took its place and id
    assert apart.told_apart(smoking, surgery) is not None
    assert apart.told_apart(smoking, smoking.model_copy(update={"name_attr": ":r2:"})) is None  # re-ordered
    assert apart.told_apart(smoking.model_copy(update={"version": 5}), surgery) is None  # its context was its label
    box = smoking.model_copy(update={"role": "checkbox", "type": "checkbox"})  # a checkbox's context is its own
    assert apart.told_apart(box, surgery.model_copy(update={"role": "checkbox", "type": "checkbox"})) is None


SHIPPING_STREET = Fingerprint(tag="input", role="textbox", name="Street address", name_attr="shipping[street]",
                              id="shipping-street", heading="Shipping address")


@pytest.mark.parametrize(("update", "is_apart"), [
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
                                                                                       is_apart: bool) -> None:
    current = SHIPPING_STREET.model_copy(update=update)
    assert (apart.another_field(SHIPPING_STREET, current) is not None) is is_apart
    assert (apart.told_apart(SHIPPING_STREET, current) is not None) is is_apart
    button = SHIPPING_STREET.model_copy(update={"tag": "button", "role": "button", "name": "Save"})
    assert apart.another_field(button, button.model_copy(update=update)) is None  # a field's keys, not a button's


@pytest.mark.parametrize(("recorded", "current", "is_apart"), [
    ("shipping address-line1", "billing address-line1", True),
    ("section-home shipping street-address", "section-gift shipping street-address", True),
    ("shipping street-address", "shipping address-line1", False),  # the same part, its field's name changed
    ("shipping street-address", "street-address", False),  # declares no part now: nothing says
    ("on", "off", False),
])
def test_a_field_is_the_part_of_a_form_its_autocomplete_declares(recorded: str, current: str, is_apart: bool) -> None:
    zip_code = Fingerprint(tag="input", role="textbox", name="ZIP code", name_attr="address1", autocomplete=recorded,
                           heading="Delivery")
    assert (apart.another_field(zip_code, zip_code.model_copy(update={"autocomplete": current})) is not None) is is_apart


def test_the_words_of_a_key_are_its_words_in_any_convention() -> None:
    assert apart.key_words("shipping[street]") == apart.key_words("shippingStreet") == {"shipping", "street"}
    assert apart.key_words("billing_address_1") == {"billing", "address"}
    assert apart.key_words("HTMLInput") == {"html", "input"} and apart.key_words("lieferung[straße]") == {
        "lieferung", "straße"}
    assert apart.key_words(":r1:") == apart.key_words("q2") == frozenset()
