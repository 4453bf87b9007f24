"""A changed name is a changed purpose (pytest_lumen.heal.meaning): what a new name must show to mean the old one."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.meaning import SCOPE, renamed, same_scope
from pytest_lumen.heal.synonyms import Synonyms

TABLE = Synonyms()


def control(name: str, **fields: Any) -> Fingerprint:
    return Fingerprint(**{"tag": "button", "role": "button", "name": name, "text": name, **fields})


def test_a_count_or_a_case_change_is_no_new_name() -> None:
    assert not renamed(control("Cart"), control("Cart (2)"))
    assert not renamed(control("Log in"), control("LOG IN"))
    assert renamed(control("Remove"), control("Delete"))


def test_synonyms_are_of_one_scope_only() -> None:
    assert TABLE.same("Sign in", "Log in") and TABLE.same("Add to cart", "Add to basket")
    assert not TABLE.same("Accept", "Accept all")  # consents to more
    assert not TABLE.same("Remove", "Delete")  # from a list, or for good
    assert not TABLE.same("Reject", "Reject all")
    assert same_scope(control("Sign in"), control("Log in"), TABLE).evidence == \
        "same-scope synonyms: 'Sign in' -> 'Log in'"


def test_words_that_only_name_what_it_is_about_keep_its_scope() -> None:
    in_dialog = control("Confirm", landmark="dialog: Confirm your order", context="Cancel")
    assert same_scope(in_dialog, control("Confirm order"), TABLE).evidence
    in_row = control("Remove", context="Red Mug $11.00")
    assert same_scope(in_row, control("Remove Red Mug"), TABLE).evidence
    assert same_scope(control("Remove Red Mug", context="Red Mug $11.00"), control("Remove"), TABLE).evidence


def test_words_that_change_its_scope_are_another_purpose_whatever_is_around_it() -> None:
    banner = control("Accept", context="We use cookies. Accept all or choose")
    assert same_scope(banner, control("Accept all"), TABLE).evidence is None
    assert "'all' changes its scope" in same_scope(banner, control("Accept all"), TABLE).why
    assert same_scope(control("Delete", context="Delete Green plate?"), control("Delete permanently"),
                      TABLE).evidence is None
    assert same_scope(control("Save", heading="Edit post"), control("Save and publish"), TABLE).evidence is None
    assert same_scope(control("Delete all"), control("Delete"), TABLE).evidence is None  # a narrower scope
    assert {"all", "permanently", "and", "selected"} <= SCOPE


def test_another_verb_is_another_purpose() -> None:
    row = control("Remove", context="Road trip Song A 3:20 Share")
    assert same_scope(row, control("Share"), TABLE).evidence is None
    assert same_scope(row, control("Delete"), TABLE).evidence is None
    assert same_scope(control("Place order"), control("Place order by phone"), TABLE).evidence is None


def test_small_words_alone_are_no_words_of_what_it_is_about() -> None:
    assert same_scope(control("Check", context="Check in at the desk"), control("Check in"), TABLE).evidence is None
