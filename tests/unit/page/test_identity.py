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
