"""Relabelled controls: found by their kind, accepted only on evidence (equivalent names, purpose, effect)."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.model import Box, Fingerprint
from pytest_lumen.replay.destinations import Reading
from pytest_lumen.replay.equivalents import Equivalents
from pytest_lumen.replay.relabel import Relabel, find_relabel

TABLE = Equivalents()
CONFIRMS = Reading("confirms", "it submits the form where the recorded submit button was (form: Sign in)")
SILENT = Reading("silent", "it declares no destination (a script decides where it leads)")


def button(name: str, **fields: Any) -> Fingerprint:
    base: dict[str, Any] = dict(tag="button", role="button", name=name, text=name, type="submit", id="go",
                                context="Username Password", landmark="form: Sign in",
                                box=Box(x=24, y=200, width=90, height=30))
    base.update(fields)
    return Fingerprint(**base)


def relabel(recorded: Fingerprint, *page: Fingerprint, pinned: bool = False, effect: str | None = None,
            readings: tuple[Reading | None, ...] | None = None) -> Relabel | str:
    """``readings``: what each element of ``page`` declares, read against the recording (by default: it confirms)."""
    said = readings if readings is not None else tuple(CONFIRMS for _ in page)
    return find_relabel(recorded, list(page), frozenset(), pinned, effect, TABLE, said)


# --- the table ---------------------------------------------------------------------------------


def test_equivalent_names_are_phrases_of_one_group_in_the_same_sentence() -> None:
    assert TABLE.same("Sign in", "Log in") and TABLE.same("Coupon code", "Discount code")
    assert TABLE.same("Add to cart", "Add to basket") and TABLE.same("Accept", "Accept all")
    assert TABLE.same("Remove Red Mug", "Delete Red Mug")
    assert not TABLE.same("Sign in", "Sign up")  # another action
    assert not TABLE.same("Place order", "Place order by phone")
    assert not TABLE.same("Remove Red Mug", "Delete Blue Mug")  # the same verb, another object
    assert not TABLE.same("Log in", "Log in")  # not a relabel


def test_a_project_adds_its_own_groups_and_joins_them_to_the_known_ones() -> None:
    table = Equivalents.with_lines(["checkout = pay now", "", "wishlist = saved items"])
    assert table.same("Pay now", "Proceed to checkout") and table.same("Wishlist", "Saved items")
    assert not Equivalents().same("Pay now", "Checkout")


# --- the evidence ------------------------------------------------------------------------------


def test_a_control_renamed_to_a_known_equivalent_is_found_when_it_is_the_only_one() -> None:
    found = relabel(button("Sign in"), button("Show password", type="button"), button("Log in", id="login-btn"),
                    button("Help", type="button"))
    assert isinstance(found, Relabel) and found.position == 1
    assert found.evidence == "known equivalent names: 'Sign in' -> 'Log in'"


def test_two_look_alike_relabelled_controls_stay_red() -> None:
    found = relabel(button("Sign in"), button("Log in"), button("Log in", landmark="banner"))
    assert found == "relabel: 2 elements are named like an equivalent of 'Sign in'"


def test_a_field_keeps_its_declared_purpose_when_its_label_changes() -> None:
    field = dict(tag="input", role="textbox", type=None)
    recorded = Fingerprint(name="Name", autocomplete="name", **field)
    found = relabel(recorded, Fingerprint(name="Email address", autocomplete="email", **field),
                    Fingerprint(name="Recipient", autocomplete="name", **field))
    assert isinstance(found, Relabel) and found.position == 1 and "autocomplete=name" in found.evidence
    two = relabel(recorded, Fingerprint(name="Recipient", autocomplete="name", **field),
                  Fingerprint(name="Billing contact", autocomplete="name", **field))
    assert isinstance(two, str) and "no recorded effect" in two


def test_an_unknown_new_name_needs_the_recorded_effect_and_a_clear_shape() -> None:
    recorded = button("Continue")
    assert relabel(recorded, button("Proceed")) == \
        "relabel: no known equivalent name, and no recorded effect (a URL, a new page) to confirm one"
    found = relabel(recorded, button("Proceed"), button("Cancel", type="button", context="", landmark="banner",
                                                        box=Box(x=900, y=10, width=60, height=30)),
                    effect="URL /step-2")
    assert isinstance(found, Relabel) and found.position == 0
    assert found.evidence == f"its shape is the recorded one's, and {CONFIRMS.why}" and found.runner_up < found.score
    silent = relabel(recorded, button("Proceed"), effect="URL /step-2", readings=(SILENT,))
    assert silent == f"relabel: 'Proceed' has its shape, but {SILENT.why}: not acted on to find out"
    twins = relabel(recorded, button("Proceed"), button("Go on"), effect="URL /step-2")
    assert isinstance(twins, str) and "two elements have its shape" in twins


def test_a_check_of_the_name_accepts_only_an_equivalent_name() -> None:
    assert isinstance(relabel(button("Accept"), button("Accept all"), pinned=True), Relabel)
    found = relabel(button("Accept"), button("Got it"), pinned=True, effect="URL /x")
    assert found == "relabel: this check asserts the name 'Accept', and no element has it or a known equivalent"


def test_a_relabel_needs_something_around_it_as_it_was() -> None:
    field = dict(tag="input", role="textbox", type="email")
    recorded = Fingerprint(name="Email", context="Delivery and payment Name Email Address", **field)
    footer = Fingerprint(name="Email address", context="Subscribe to our newsletter", **field)
    alone = relabel(recorded, footer)  # the only field named like "Email", but nowhere near where it was
    assert isinstance(alone, str) and "no recorded effect" in alone
    moved = Fingerprint(name="Email address", context="Delivery and payment Full name Address", **field)
    found = relabel(recorded, footer, moved)
    assert isinstance(found, Relabel) and found.position == 1  # the footer's field is not a candidate at all


def test_a_fragment_that_is_a_route_is_the_page_itself() -> None:
    from pytest_lumen.replay.effects import routes_by_fragment
    assert routes_by_fragment("/#/checkout") and routes_by_fragment("/app#!/cart")
    assert not routes_by_fragment("/list#done") and not routes_by_fragment("/list")


def test_an_action_that_kept_its_words_and_gained_others_needs_its_recorded_effect() -> None:
    recorded = button("Confirm", landmark="dialog: Confirm your order", context="Cancel")
    redesign = [button("Cancel", type="button", context=None), button("Confirm order", context=None)]
    found = relabel(recorded, *redesign, effect="URL /order-complete.html")
    assert isinstance(found, Relabel) and found.position == 1
    assert found.evidence == f"its name kept its words ('Confirm' -> 'Confirm order'), and {CONFIRMS.why}"
    # "Clear completed" kept a word of the removed "Completed" filter: a script's button declares nothing
    silent = relabel(recorded, *redesign, effect="URL /order-complete.html", readings=(SILENT, SILENT))
    assert silent == (f"relabel: its name kept its words ('Confirm' -> 'Confirm order'), but {SILENT.why}: "
                      "not acted on to find out")
    assert isinstance(relabel(recorded, *redesign), str)  # "Place order by phone" may be another action
    two = relabel(recorded, *redesign, button("Confirm order by phone", context=None), effect="URL /order-complete.html")
    assert not (isinstance(two, Relabel) and two.position in (1, 2) and "kept its words" in two.evidence)
