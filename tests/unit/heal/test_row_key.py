"""Which cached locators were found in a row named by every cell, and when such a name holds a row's key."""

from __future__ import annotations

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.heal.row_key import named_item
from pytest_lumen.page.items import holds_text as _holds


def test_a_key_is_held_only_as_a_whole() -> None:
    name = "Select item View Edit 3 Desk lamp office 24.0"
    assert _holds(name, "3") and _holds(name, "Desk lamp") and _holds(name, "24.0")
    assert not _holds(name, "24") and not _holds(name, "4") and not _holds(name, "Desk lamps")
    assert not _holds("13 Desk lamp", "3") and not _holds("3.25 Notebook", "3")


def test_only_a_locator_chained_on_an_item_named_by_its_text_was_found_in_a_named_row() -> None:
    box = LocatorSpec(kind="role", value="checkbox")
    row = LocatorSpec(kind="role", value="row", name="3 Desk lamp office")
    assert named_item(box.model_copy(update={"parent": row, "nth": 0})) == (box, "3 Desk lamp office")
    keyed = LocatorSpec(kind="role", value="row", has=LocatorSpec(kind="text", value="Desk lamp", exact=True))
    assert named_item(box.model_copy(update={"parent": keyed})) is None
    assert named_item(box.model_copy(update={"parent": LocatorSpec(kind="test_id", value="row-3")})) is None
    assert named_item(box) is None
