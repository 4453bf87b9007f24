"""Relabelled controls (pytest_lumen.heal.relabel): found by their kind, proposed with why; the judge weighs the name."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.model import Box, Fingerprint
from pytest_lumen.heal.relabel import Relabel, find_relabel
from pytest_lumen.heal.synonyms import Synonyms

TABLE = Synonyms()


def button(name: str, **fields: Any) -> Fingerprint:
    base: dict[str, Any] = dict(tag="button", role="button", name=name, text=name, type="submit", id="go",
                                context="Username Password", landmark="form: Sign in",
                                box=Box(x=24, y=200, width=90, height=30))
    base.update(fields)
    return Fingerprint(**base)


def relabel(recorded: Fingerprint, *page: Fingerprint) -> Relabel | str:
    return find_relabel(recorded, list(page), frozenset(), TABLE)


def test_a_project_adds_its_own_groups_and_joins_them_to_the_known_ones() -> None:
    table = Synonyms.with_lines(["checkout = pay now", "", "wishlist = saved items"])
    assert table.same("Pay now", "Proceed to checkout") and table.same("Wishlist", "Saved items")
    assert not Synonyms().same("Pay now", "Checkout")


def test_a_control_renamed_to_a_synonym_is_proposed_when_it_is_the_only_one() -> None:
    found = relabel(button("Sign in"), button("Show password", type="button"), button("Log in", id="login-btn"),
                    button("Help", type="button"))
    assert isinstance(found, Relabel) and found.position == 1 and not found.by_shape
    assert found.evidence == ""  # the judge names the synonyms


def test_two_look_alike_relabelled_controls_are_not_proposed() -> None:
    found = relabel(button("Sign in"), button("Log in"), button("Log in", landmark="banner"))
    assert found == "relabel: 2 elements are named like a synonym of 'Sign in'"


def test_a_field_with_the_recorded_declared_purpose_is_proposed() -> None:
    field = dict(tag="input", role="textbox", type=None)
    recorded = Fingerprint(name="Name", autocomplete="name", **field)
    found = relabel(recorded, Fingerprint(name="Email address", autocomplete="email", **field),
                    Fingerprint(name="Recipient", autocomplete="name", **field))
    assert isinstance(found, Relabel) and found.position == 1 and "'name'" in found.evidence


def test_a_name_that_kept_its_words_is_proposed_and_the_closest_shape_otherwise() -> None:
    recorded = button("Confirm", landmark="dialog: Confirm your order", context="Cancel")
    found = relabel(recorded, button("Cancel", type="button", context=None), button("Confirm order", context=None))
    assert isinstance(found, Relabel) and found.position == 1 and not found.by_shape
    shape = relabel(button("Continue"), button("Proceed"),
                    button("Cancel", type="button", context="", landmark="banner", box=Box(x=900, y=10, width=60, height=30)))
    assert isinstance(shape, Relabel) and shape.position == 0 and shape.by_shape and shape.runner_up <= shape.score


def test_a_relabel_needs_something_around_it_as_it_was() -> None:
    field = dict(tag="input", role="textbox", type="email")
    recorded = Fingerprint(name="Email", context="Delivery and payment Name Email Address", **field)
    footer = Fingerprint(name="Email address", context="Subscribe to our newsletter", **field)
    assert relabel(recorded, footer) == "relabel: no other element of its kind"
    moved = Fingerprint(name="Email address", context="Delivery and payment Full name Address", **field)
    found = relabel(recorded, footer, moved)
    assert isinstance(found, Relabel) and found.position == 1  # the footer's field is not a candidate at all


def test_a_fragment_that_is_a_route_is_the_page_itself() -> None:
    from pytest_lumen.urls import routes_by_fragment
    assert routes_by_fragment("/#/checkout") and routes_by_fragment("/app#!/cart")
    assert not routes_by_fragment("/list#done") and not routes_by_fragment("/list")
