"""What a control popping up a listbox can succeed: the rule, without a browser."""

from __future__ import annotations

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.successor import serves


def test_a_select_a_combobox_or_a_listbox_can_be_succeeded_by_a_popup_control() -> None:
    assert serves(Fingerprint(tag="select", role="combobox", name="Country"))
    assert serves(Fingerprint(tag="button", role="combobox", name="Country"))
    assert serves(Fingerprint(tag="ul", role="listbox", name="Country"))


def test_a_button_a_link_or_a_field_is_never_succeeded_so() -> None:
    for tag, role in (("button", "button"), ("a", "link"), ("input", "textbox"), ("input", "checkbox")):
        assert not serves(Fingerprint(tag=tag, role=role, name="Country"))
