"""The named sections around an element (pytest_lumen.page.enclosing): the gate's key and the full path's rule."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.fingerprints import DIALOG_DESCRIPTION_VERSION
from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.page.enclosing import (
    elsewhere,
    held_to_question,
    held_to_title,
    in_section,
    other_question,
    other_section,
    other_title,
    section_key,
    section_words,
    sections,
    words_in_order,
)
from pytest_lumen.page.identity import question_scope, title_scope

ACCEPT = Fingerprint(tag="button", role="button", name="Accept", within="Cookie consent / Site")


def test_the_gates_key_is_the_innermost_sections_name_as_it_is() -> None:
    assert sections("Cookie consent / Site") == ["Cookie consent", "Site"] and sections(None) == []
    assert section_key("Your cart (2 items) / Shop") == "Your cart (2 items)" and section_key(None) is None


def test_a_count_set_apart_from_a_name_is_aside_and_a_number_of_the_name_is_not() -> None:
    assert section_words("Your cart (2 items)") == section_words("Your cart (13 items)") == {"your", "cart"}
    assert section_words("Inbox · 3") == {"inbox"}
    assert section_words("Passenger 2") != section_words("Passenger 1")
    assert section_words("March 2026") != section_words("April 2026")
    assert section_words("Stars (1.5k)") == section_words("Stars [12]") == section_words("Keys (2 of 5)") - {"keys"} | {"stars"}
    # a bracket whose digits are part of a word names the section: another bracket is another section
    assert section_words("Firewall rules (IPv4)") != section_words("Firewall rules (IPv6)")
    assert section_words("Builds (v2)") != section_words("Builds (v3)") != section_words("Builds")
    assert section_words("Security (2FA)") != section_words("Security")
    for one, other in (("Floating IP (IPv46)", "Floating IP (IPv4)"), ("Plan (v10)", "Plan (v11)"),
                       ("Lib (v1.2)", "Lib (v1.3)"), ("Disk (sdb12)", "Disk (sdb13)"),
                       ("Zone (us-east-1)", "Zone (eu-west-2)"), ("Model (GPT-4)", "Model (GPT-5)")):
        assert section_words(one) != section_words(other), (one, other)
    # a number of its own, with a unit glued to it, is a count still: a figure, a time ago, a multiplier
    for counted in ("Users (1.2M)", "Backup (2h ago)", "Took (3s)", "Red mug (x2)", "Sale (-10%)", "Express (2-3 days)",
                    "Inbox (99+)", "Price (€12,50)"):
        assert section_words(counted) == section_words(counted.split(" (")[0]), counted


@pytest.mark.parametrize(("names", "other"), [
    (["Our Terms of Service changed"], True),  # the banner gone, a dialog's button of that name
    (["Billing address", "Checkout"], True),
    (["Cookie consent banner"], False),  # its name gained a word
    (["Consent"], False),  # lost one
    (["Cookie consent (3 partners)"], False),  # a count set apart
    (["Preferences", "Cookie consent"], False),  # a group named inside it
    (["Site"], False),  # only a section that held the recorded one too
    ([], False),  # in no named section: no evidence of another
])
def test_an_element_is_in_another_section_only_when_one_around_it_is_named_otherwise(names: list[str], other: bool) -> None:
    why = other_section(ACCEPT, names)
    assert (why is not None) is other, why
    # recorded in no named section, or before sections were read
    assert other_section(ACCEPT.model_copy(update={"within": None}), names) is None


def test_a_section_that_told_look_alikes_apart_is_its_name_exactly_its_counts_aside() -> None:
    street = Fingerprint(tag="input", role="textbox", name="Street", within="Address / Checkout", look_alikes=1)
    assert other_section(street, ["Billing address (if different)", "Checkout"]) is not None  # it holds "address"
    assert in_section(street, ["Address (2 of 2)"]) and not in_section(street, ["Delivery address"])
    alone = street.model_copy(update={"look_alikes": 0})  # without look-alikes, a name that gained a word is its own
    assert in_section(alone, ["Delivery address"]) and other_section(alone, ["Billing address", "Checkout"]) is None


DELETE = Fingerprint(tag="button", role="button", name="Delete", within="Delete Apollo?", in_dialog=True,
                     dialog_title="Delete Apollo?", heading="This cannot be undone")


@pytest.mark.parametrize(("title", "names", "other"), [
    ("Delete all projects?", [], True),  # the dialog lost its name, and asks another question
    ("Delete Apollo and all other projects?", [], True),  # the question grew
    ("Delete Apollo's backups?", [], True),
    ("Delete Apollo?", [], False),  # it lost its name, and still asks it
    ("delete  apollo", [], False),  # case, spacing and punctuation aside
    ("Delete Apollo (3 tasks)?", [], False),  # a count set apart
    (None, [], False),  # it shows no title: nothing to tell it by (a title styled on a div)
    ("?", [], False),  # nor a title without words
    ("Delete all projects?", ["Delete Apollo?"], True),  # an aria-label kept, another question asked
    ("Delete Apollo and all other projects?", ["Delete Apollo and all other projects?"], True),  # named by it
    ("Delete Apollo?", ["Confirm deletion"], False),  # named otherwise, the same question
])
def test_a_dialog_is_the_recorded_one_only_while_its_title_asks_the_same(
        title: str | None, names: list[str], other: bool) -> None:
    current = DELETE.model_copy(update={"within": " / ".join(names) or None, "dialog_title": title})
    why = other_title(DELETE, current)
    assert (why is not None) is other, why
    assert why is None or why == f"its dialog's title 'Delete Apollo?' became {title!r}"
    asked = other or bool(other_section(DELETE, names)) or bool(other_question(DELETE, current))
    assert (elsewhere(DELETE, current, names) is not None) is asked
    # the rule is the dialog's: an element recorded in no dialog, or in one without a title, is held to no title; nor
    # one recorded before titles were read; nor one in no dialog now (other_dialog's to say)
    assert other_title(DELETE.model_copy(update={"in_dialog": False}), current) is None
    assert other_title(DELETE.model_copy(update={"version": 6, "dialog_title": None}), current) is None
    assert other_title(DELETE.model_copy(update={"dialog_title": None}), current) is None
    assert other_title(DELETE, current.model_copy(update={"in_dialog": False})) is None


def test_an_element_is_held_to_a_title_only_in_a_titled_dialog_and_no_link_to_an_address() -> None:
    unnamed = DELETE.model_copy(update={"within": None})  # a portal's confirm modal, a web component's
    assert held_to_title(unnamed) and held_to_title(DELETE) and title_scope(DELETE) == ""
    assert not held_to_title(unnamed.model_copy(update={"in_dialog": False, "dialog_title": None}))
    assert not held_to_title(unnamed.model_copy(update={"dialog_title": "?"}))  # a title without words
    assert not held_to_title(unnamed.model_copy(update={"version": 6}))
    link = unnamed.model_copy(update={"role": "link", "tag": "a", "href": "/projects/apollo"})
    assert not held_to_title(link) and title_scope(link) == "u"


def test_a_titles_words_are_read_in_order() -> None:
    move = DELETE.model_copy(update={"name": "Move", "within": "Move Apollo into Gemini?",
                                     "dialog_title": "Move Apollo into Gemini?"})
    swapped = move.model_copy(update={"within": None, "dialog_title": "Move Gemini into Apollo?"})
    assert elsewhere(move, swapped, []) is not None


def test_a_dialog_in_a_named_section_whose_own_name_is_gone_is_held_to_its_title() -> None:
    native = DELETE.model_copy(update={"within": "Delete Apollo? / Projects"})  # a <dialog> inside a named list
    assert elsewhere(native, native.model_copy(update={"within": "Projects", "dialog_title": "Delete all projects?"}),
                     ["Projects"]) is not None
    assert elsewhere(native, native.model_copy(update={"within": "Projects"}), ["Projects"]) is None


def test_a_dialog_named_by_a_label_it_does_not_show_is_known_by_its_title_once_the_label_is_gone() -> None:
    labelled = DELETE.model_copy(update={"within": "Confirm deletion"})  # aria-label="Confirm deletion"
    same = DELETE.model_copy(update={"within": None})
    assert other_title(labelled, same) is None
    assert elsewhere(labelled, same.model_copy(update={"dialog_title": "Confirm: delete all projects"}), []) is not None


def test_a_section_gone_inside_a_dialog_still_titled_so_is_that_dialog() -> None:
    email = Fingerprint(tag="input", role="checkbox", name="Email me", within="Notifications / Settings",
                        in_dialog=True, dialog_title="Settings")
    assert elsewhere(email, email.model_copy(update={"within": "Settings"}), ["Settings"]) is None  # a div now
    assert elsewhere(email, email.model_copy(update={"within": None}), []) is None  # both gone: its title says it


SWAL = Fingerprint(tag="button", role="button", name="Yes, delete it!", within="Are you sure?", in_dialog=True,
                   dialog_title="Are you sure?", dialog_description="Apollo will be deleted.")


@pytest.mark.parametrize(("title", "description", "other"), [
    ("Are you sure?", "All 6 projects will be deleted.", "description"),  # the question in its text
    ("Are you sure?", "Apollo and its 3 tasks will be deleted.", "description"),
    ("Are you sure?", "apollo will be deleted", None),  # case and punctuation aside
    ("Are you sure?", None, "description"),  # it declares no description now: not known to ask the same
    ("Are you sure? (2)", "Apollo will be deleted.", "title"),  # a number set apart is how much, for this control
])
def test_a_control_with_consequences_is_held_to_its_dialogs_whole_question(
        title: str, description: str | None, other: str | None) -> None:
    current = SWAL.model_copy(update={"dialog_title": title, "dialog_description": description})
    why = other_question(SWAL, current)
    assert why is None if other is None else why is not None and why.startswith(f"its dialog's {other} "), why
    assert why is None or why.endswith("and it would destroy")
    assert (elsewhere(SWAL, current, ["Are you sure?"]) is not None) is (other is not None)
    # a control without consequences is held to the title's words only, counts aside
    stay = SWAL.model_copy(update={"name": "Stay signed in"})
    assert not held_to_question(stay) and question_scope(stay) == "q"
    assert other_question(stay, current.model_copy(update={"name": "Stay signed in"})) is None


def test_a_control_is_held_to_its_dialogs_question_only_from_the_version_that_reads_it() -> None:
    assert held_to_question(SWAL) and question_scope(SWAL) == ""
    assert held_to_question(SWAL.model_copy(update={"dialog_title": None}))  # its description alone
    assert not held_to_question(SWAL.model_copy(update={"version": DIALOG_DESCRIPTION_VERSION - 1}))
    assert not held_to_question(SWAL.model_copy(update={"in_dialog": False}))
    assert not held_to_question(SWAL.model_copy(update={"dialog_title": None, "dialog_description": None}))
    link = SWAL.model_copy(update={"role": "link", "tag": "a", "href": "/projects/apollo/delete"})
    assert not held_to_question(link)
    assert words_in_order("Delete 1 project (of 6)?", numbers=True) == ("delete", "1", "project", "of", "6")
    assert words_in_order("Delete 1 project (of 6)?") == ("delete", "1", "project")
