"""Which controls are held to their heading, and when an element is elsewhere (pytest_lumen.page.headings); the
outline read on a real page and the trap and its twins are in tests/browser/page/test_headings.py."""

from __future__ import annotations

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.page import headings, identity

DELETE = Fingerprint(tag="button", role="button", name="Delete", text="Delete", heading="Danger zone", look_alikes=0,
                     context="Danger zone Deleting a project removes its builds. This cannot be undone.", in_dialog=False)
KEYS_DELETE = DELETE.model_copy(update={"heading": "Deploy keys", "context": "ci@build-server added 3 days ago"})


def unread() -> list[str]:
    raise AssertionError("the page was read, where the fingerprints decide")


def test_a_control_with_consequences_that_was_the_only_one_of_its_name_is_held_to_its_heading() -> None:
    assert headings.held(DELETE)
    assert not headings.held(DELETE.model_copy(update={"name": "Edit", "text": "Edit"}))  # no consequence
    assert not headings.held(DELETE.model_copy(update={"look_alikes": 2}))  # its heading is in its identity already
    in_row = DELETE.model_copy(update={"item": "Grace Hopper", "look_alikes": 3, "heading": "Pending invitations"})
    assert headings.held(in_row)  # the heading over its table: which table its row is in
    assert not headings.held(in_row.model_copy(update={"heading": "Grace Hopper"}))  # a card's own title: its item
    assert not headings.held(in_row.model_copy(update={"role": "row"}))  # the item itself
    assert not headings.held(DELETE.model_copy(update={"heading": "%name%"}))  # the test's data, not a part of the page
    assert not headings.held(DELETE.model_copy(update={"in_dialog": True}))  # its dialog's question holds it
    assert not headings.held(DELETE.model_copy(update={"heading": None}))
    assert not headings.held(DELETE.model_copy(update={"tag": "a", "role": "link", "href": "/projects/1/delete"}))


def test_its_gate_hashes_its_heading_and_leaves_the_text_around_it_out() -> None:
    assert identity.context_scope(DELETE) == "h"
    assert identity.context_scope(DELETE.model_copy(update={"name": "Edit"})) == "c"
    assert identity.identity_selector(DELETE) != identity.identity_selector(KEYS_DELETE)
    assert identity.identity_selector(DELETE) == identity.identity_selector(DELETE.model_copy(update={"context": "Other"}))
    assert not identity.holds(DELETE, KEYS_DELETE)
    assert identity.holds(DELETE, DELETE.model_copy(update={"context": "Danger zone. Gone for good."}))


def test_an_element_under_another_heading_is_elsewhere_unless_the_recorded_one_is_above_it() -> None:
    assert headings.apart(DELETE, KEYS_DELETE, lambda: ["Deploy keys", "Apollo settings"]) is not None
    assert headings.apart(DELETE, KEYS_DELETE, lambda: ["Delete this project", "Danger zone", "Apollo settings"]) is None
    assert headings.apart(DELETE, KEYS_DELETE, list) is not None  # nothing read above it: not the recorded place


def test_its_heading_by_its_words_or_the_same_text_around_it_is_its_place_without_reading_the_page() -> None:
    assert headings.apart(DELETE, DELETE.model_copy(update={"heading": "Danger Zone"}), unread) is None
    assert headings.apart(DELETE, DELETE.model_copy(update={"heading": "Danger zone (2)"}), unread) is None
    assert headings.apart(DELETE, DELETE.model_copy(update={"heading": "The danger zone"}), unread) is None
    reworded = DELETE.model_copy(update={"heading": "Delete project",
                                         "context": "Delete project Deleting a project removes its builds. This cannot "
                                                    "be undone."})
    assert headings.apart(DELETE, reworded, unread) is None  # the same paragraph under another heading
    assert headings.apart(DELETE, DELETE.model_copy(update={"heading": None}), unread) is None  # nothing tells
    assert headings.apart(DELETE.model_copy(update={"name": "Edit"}), KEYS_DELETE, unread) is None  # not held
    assert headings.apart(DELETE, KEYS_DELETE.model_copy(update={"heading": "%name%"}), unread) is None


def test_the_text_of_an_item_around_it_is_no_place() -> None:
    invitation = DELETE.model_copy(update={"item": "Grace Hopper", "look_alikes": 3, "heading": "Pending invitations",
                                           "context": "Grace Hopper Member"})
    member = invitation.model_copy(update={"heading": "Members"})
    assert identity.item_scope(invitation) == "h" and not identity.holds(invitation, member)
    assert headings.apart(invitation, member, lambda: ["Members", "Team"]) is not None
    assert headings.apart(invitation, member, lambda: ["Members", "Pending invitations", "Team"]) is None
