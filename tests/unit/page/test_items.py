"""The text an item of a repeated structure is known by: one no sibling holds, named as a person names a record."""

from __future__ import annotations

from pytest_lumen.cache.model import Fingerprint, LocatorSpec
from pytest_lumen.page.items import Key, apart, holds_text, key_locators, needs_item, ranked


def _texts(keys: list[Key]) -> list[str]:
    return [k.text for k in ranked(keys)]


def test_a_text_a_sibling_holds_too_identifies_nothing() -> None:
    keys = [Key("cell", "kitchen", unique=False, role="cell", column=3),
            Key("cell", "Blue mug", unique=True, role="cell", column=2)]
    assert _texts(keys) == ["Blue mug"]
    assert _texts([Key("cell", "kitchen", unique=False)]) == []


def test_a_link_or_a_heading_comes_before_a_cell_and_a_name_before_a_number() -> None:
    keys = [Key("cell", "Desk lamp", True, "cell", 3), Key("link", "3", True, None, 2), Key("heading", "Lamp", True, None, 0)]
    assert _texts(keys) == ["Lamp", "Desk lamp", "3"]  # an id link is another record after a re-seed


def test_the_text_the_step_names_comes_first() -> None:
    keys = [Key("link", "2", True, None, 0), Key("cell", "Green plate", True, "cell", 1),
            Key("cell", "Kitchen", True, "cell", 2)]
    assert [k.text for k in ranked(keys, "delete the green plate")] == ["Green plate", "Kitchen", "2"]
    assert [k.text for k in ranked(keys, "open product 2")] == ["2", "Green plate", "Kitchen"]


def test_words_come_before_a_name_with_a_number_before_a_formatted_value_before_figures_alone() -> None:
    keys = [Key("cell", "19.50", True, "cell", 0), Key("cell", "Sept. 1, 1965", True, "cell", 1),
            Key("cell", "2026-11-01", True, "cell", 2), Key("cell", "Invoice 1042", True, "cell", 3),
            Key("cell", "Acme Corporation", True, "cell", 5)]
    assert _texts(keys) == ["Acme Corporation", "Invoice 1042", "Sept. 1, 1965", "19.50", "2026-11-01"]


def test_of_equal_texts_the_leftmost_comes_first() -> None:
    keys = [Key("cell", "Grace Hopper", True, "cell", 4), Key("text", "Ada Lovelace", True, None, 1)]
    assert _texts(keys) == ["Ada Lovelace", "Grace Hopper"]


def test_a_key_is_found_exactly_by_what_holds_it() -> None:
    assert key_locators(Key("link", "3", True)) == [LocatorSpec(kind="role", value="link", name="3", exact=True),
                                                    LocatorSpec(kind="text", value="3", exact=True)]
    assert key_locators(Key("cell", "Desk lamp", True, "gridcell"))[0] == LocatorSpec(
        kind="role", value="gridcell", name="Desk lamp", exact=True)
    assert all(spec.exact for spec in key_locators(Key("text", "Notebook", True)))


def test_an_element_its_own_locator_tells_apart_needs_no_item() -> None:
    fp = Fingerprint(tag="a", role="link", name="Desk lamp", look_alikes=0)
    own = LocatorSpec(kind="role", value="link", name="Desk lamp", exact=True)
    assert not needs_item(own, fp)
    assert not needs_item(own.model_copy(update={"parent": LocatorSpec(kind="frame", value="iframe")}), fp)
    assert needs_item(own.model_copy(update={"nth": 1}), fp)
    assert needs_item(own.model_copy(update={"parent": LocatorSpec(kind="role", value="row", name="3 Desk lamp office")}), fp)
    assert needs_item(own, fp.model_copy(update={"look_alikes": 3}))


def test_a_test_id_on_the_element_or_its_container_is_the_apps_own_name_for_it() -> None:
    fp = Fingerprint(tag="button", role="button", name="Add to cart", look_alikes=3)
    in_card = LocatorSpec(kind="role", value="button", name="Add to cart", parent=LocatorSpec(kind="test_id", value="product-3"))
    assert not needs_item(in_card, fp)
    assert not needs_item(LocatorSpec(kind="test_id", value="add-3"), fp)
    assert needs_item(LocatorSpec(kind="test_id", value="add", nth=2), fp)


def test_a_text_is_held_only_as_a_whole() -> None:
    assert holds_text("Invoice 1042 paid", "1042")
    assert holds_text("Grace  Hopper\n(admin)", "Grace Hopper")
    assert not holds_text("13 items", "3")
    assert not holds_text("3.25", "3")
    assert not holds_text("Grace Hopperton", "Grace Hopper")


def test_a_key_the_asserted_value_holds_or_that_holds_it_is_left_out() -> None:
    keys = [Key("cell", "Grace Hopper", unique=True, role="cell", column=1),
            Key("cell", "Hopper", unique=True, role="cell", column=2),
            Key("cell", "grace@navy.mil", unique=True, role="cell", column=3)]
    assert [k.text for k in apart(keys, "Hopper")] == ["grace@navy.mil"]  # "Grace Hopper" holds it
    assert [k.text for k in apart(keys, "Grace Hopper, Admin")] == ["grace@navy.mil"]  # it holds both
    assert [k.text for k in apart(keys, "Admin")] == [k.text for k in keys]
