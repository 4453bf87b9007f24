"""Which controls are held to their heading, and when an element is elsewhere (pytest_lumen.page.headings); the
outline read on a real page and the traps and their twins are in tests/browser/page/test_headings.py."""

from __future__ import annotations

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.page import headings, identity

DELETE = Fingerprint(tag="button", role="button", name="Delete", text="Delete", heading="Danger zone", look_alikes=0,
                     context="Danger zone Deleting a project removes its builds. This cannot be undone.", in_dialog=False)
KEYS_DELETE = DELETE.model_copy(update={"heading": "Deploy keys", "context": "ci@build-server added 3 days ago"})
INVITATION = DELETE.model_copy(update={"name": "Remove", "text": "Remove", "item": "Grace Hopper", "look_alikes": 3,
                                       "heading": "Pending invitations", "context": "Grace Hopper Member"})


def heading(text: str, title: bool = False, named: str | None = None) -> headings.Above:
    """A heading above an element as ``headings.above`` reads it (its name, by default, its text)."""
    return headings.Above(text, title, text if named is None else named)


def unread() -> headings.Outline:
    raise AssertionError("the page was read, where the fingerprints decide")


def test_a_control_that_destroys_is_held_to_its_heading_when_it_was_the_only_one_or_in_an_item() -> None:
    assert headings.held(DELETE) and headings.held(INVITATION)
    assert not headings.held(DELETE.model_copy(update={"name": "Edit", "text": "Edit"}))  # no consequence
    assert not headings.held(DELETE.model_copy(update={"name": "Pay now", "text": "Pay now"}))  # not a destroying one
    assert not headings.held(DELETE.model_copy(update={"look_alikes": 2}))  # its heading is in its identity already
    assert not headings.held(INVITATION.model_copy(update={"heading": "Grace Hopper"}))  # a card's own title: its item
    assert not headings.held(INVITATION.model_copy(update={"role": "row"}))  # the item itself
    assert not headings.held(DELETE.model_copy(update={"in_dialog": True}))  # its dialog's question holds it
    assert not headings.held(DELETE.model_copy(update={"heading": None}))
    assert not headings.held(DELETE.model_copy(update={"heading": "%name%"}))  # the test's data, not a part of the page
    assert not headings.held(DELETE.model_copy(update={"tag": "a", "role": "link", "href": "/projects/1/delete"}))


def test_its_gate_hashes_its_heading_and_leaves_the_text_around_it_out() -> None:
    assert identity.context_scope(DELETE) == "h" and identity.item_scope(INVITATION) == "h"
    assert identity.context_scope(DELETE.model_copy(update={"name": "Edit"})) == "c"
    assert identity.identity_selector(DELETE) != identity.identity_selector(KEYS_DELETE)
    assert identity.identity_selector(DELETE) == identity.identity_selector(DELETE.model_copy(update={"context": "Other"}))
    assert not identity.holds(DELETE, KEYS_DELETE)
    assert not identity.holds(INVITATION, INVITATION.model_copy(update={"heading": "Members"}))
    assert identity.holds(DELETE, DELETE.model_copy(update={"context": "Danger zone. Gone for good."}))


def test_an_element_under_another_heading_is_elsewhere_unless_the_recorded_one_is_above_it() -> None:
    assert headings.apart(DELETE, KEYS_DELETE, lambda: [heading("Deploy keys"), heading("Apollo settings", True)]) is not None
    assert headings.apart(DELETE, KEYS_DELETE, lambda: [heading("Delete this project"), heading("Danger zone")]) is None
    assert headings.apart(DELETE, KEYS_DELETE, list) is None  # under no heading: nothing tells
    assert headings.apart(DELETE, KEYS_DELETE, lambda: None) is not None  # its headings could not be read: not taken
    assert headings.apart(DELETE, KEYS_DELETE, lambda: [heading("Deploy keys"), heading("Danger zone")]) is None
    sections = DELETE.model_copy(update={"heading": "Apollo settings"})  # a first-rank heading that is no page's title
    assert headings.apart(sections, KEYS_DELETE, lambda: [heading("Deploy keys"), heading("Apollo settings")]) is None
    assert headings.apart(DELETE, KEYS_DELETE.model_copy(update={"heading": None}),  # read beyond the fingerprint's reach
                          lambda: [heading("Deploy keys")]) is not None
    title = DELETE.model_copy(update={"heading": "Apollo settings"})  # the page's title is above every control
    assert headings.apart(title, KEYS_DELETE, lambda: [heading("Deploy keys"), heading("Apollo settings", True)]) is not None
    member = INVITATION.model_copy(update={"heading": "Members"})
    assert headings.apart(INVITATION, member, lambda: [heading("Members"), heading("Team", True)]) is not None
    assert headings.apart(INVITATION, member, lambda: [heading("Sent this month"), heading("Pending invitations")]) is None


def test_its_heading_by_its_words_or_the_recorded_text_still_around_it_is_its_place() -> None:
    for said in ("Danger Zone", "Danger zone (2)", "DANGER  zone", "Danger zone 2", "Danger zone2", "Danger zone 1.5k"):
        assert headings.apart(DELETE, DELETE.model_copy(update={"heading": said}), unread) is None
    grown = KEYS_DELETE.model_copy(update={"heading": "Project deploy keys"})
    assert headings.apart(DELETE.model_copy(update={"heading": "Project"}), grown, list) is None  # nothing above
    assert headings.apart(DELETE.model_copy(update={"heading": "Project"}), grown,
                          lambda: [heading("Project deploy keys")]) is not None  # a heading that gained words: another
    reworded = DELETE.model_copy(update={"heading": "Advanced", "context": "Advanced Deleting a project removes its "
                                                                           "builds. This cannot be undone."})
    assert headings.apart(DELETE, reworded, unread) is None  # the recorded paragraph, under another heading
    token = KEYS_DELETE.model_copy(update={"heading": "Project tokens",
                                           "context": "Project tokens Delete this token and all of its data."})
    assert headings.apart(DELETE.model_copy(update={"context": "Danger zone Delete this project and all of its data."}),
                          token, lambda: [heading("Project tokens")]) is not None  # another paragraph, alike
    fewer = DELETE.model_copy(update={"heading": "Activity", "context": "Activity History"})
    assert headings.apart(DELETE.model_copy(update={"context": "Danger zone Delete its history"}), fewer,
                          lambda: [heading("Activity")]) is not None  # a word of the recorded text is not the text
    assert headings.apart(INVITATION, INVITATION.model_copy(update={"heading": "Members"}),
                          lambda: [heading("Members")]) is not None  # an item's own text moves with it: no place
    assert headings.apart(INVITATION, INVITATION.model_copy(update={"heading": "Members2"}),
                          lambda: [heading("Members2")]) is not None  # a count glued to other words: still other words
    assert headings.apart(DELETE.model_copy(update={"name": "Edit"}), KEYS_DELETE, unread) is None  # not held


def test_a_text_the_fingerprint_cut_is_compared_but_for_its_last_word() -> None:
    paragraph = "Deleting a project removes its builds, its deploy keys and its history. This cannot be undone."
    was = DELETE.model_copy(update={"context": ("Danger zone " + paragraph)[:80]})  # cut mid-word, as the page cuts it
    now = DELETE.model_copy(update={"heading": "Delete project", "context": ("Delete project " + paragraph)[:80]})
    assert headings.apart(was, now, lambda: [heading("Delete project")]) is None
    short = DELETE.model_copy(update={"context": "Danger zone Delete forever"})
    other = DELETE.model_copy(update={"heading": "Deploy keys", "context": "Deploy keys Delete this key"})
    assert headings.apart(short, other, lambda: [heading("Deploy keys")]) is not None  # a text not cut: word for word


def test_a_number_glued_to_the_last_word_is_a_count_only_where_the_other_heading_has_none() -> None:
    def apart(recorded: str, now: str) -> bool:
        held = DELETE.model_copy(update={"heading": recorded, "context": f"{recorded} Revoke"})
        return headings.apart(held, KEYS_DELETE.model_copy(update={"heading": now}), lambda: [heading(now)]) is not None

    assert not apart("Pending invitations", "Pending invitations2")  # a badge a release added, read glued
    assert not apart("Pending invitations2", "Pending invitations")  # or took away
    assert not apart("Danger zone", "Danger zone 1.5k")
    # a number in the word on both sides, or not at its end, or a word begun with one, is part of the word: another place
    for recorded, now in (("Firewall IPv4", "Firewall IPv6"), ("IPv4 addresses", "IPv6 addresses"),
                          ("v2 API keys", "v3 API keys"), ("2FA devices", "Devices"), ("Pending invitations2",
                                                                                       "Pending invitations3")):
        assert apart(recorded, now), (recorded, now)


def test_a_heading_above_is_where_it_was_by_its_text_or_by_its_name() -> None:
    iconed = INVITATION.model_copy(update={"heading": "mailPending invitations"})  # a ligature, aria-hidden, put in it
    assert headings.apart(INVITATION, iconed, lambda: [heading("mailPending invitations", named="Pending invitations")]) is None
    keys = INVITATION.model_copy(update={"heading": "keyDeploy keys"})  # its name another heading's: elsewhere
    assert headings.apart(INVITATION, keys, lambda: [heading("keyDeploy keys", named="Deploy keys")]) is not None
    prod = INVITATION.model_copy(update={"heading": "PRODPending invitations"})  # words hidden from its name: not aside
    assert headings.apart(INVITATION, prod, lambda: [heading("PRODPending invitations", named="Pending invitations")]) is not None
