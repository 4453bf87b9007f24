"""Fingerprint similarity and the margin rule (pytest_lumen.heal.likeness); the identity policy of checks is in
heal/test_policy.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_lumen.cache.model import Box, Fingerprint
from pytest_lumen.heal.likeness import (
    ACCEPT_THRESHOLD,
    ACTION_ROLES,
    CORROBORATING,
    IDENTIFIERS,
    MARGIN,
    RENAMED_CAP,
    WEIGHTS,
    context_similarity,
    corroborated,
    lone_of_kind,
    name_extended,
    pins_hold,
    renamed,
    role_similarity,
    similarities,
    similarity,
    text_similarity,
)
from pytest_lumen.heal.margin import score_text, undecided


def fp(**fields) -> Fingerprint:
    base = dict(tag="button", role="button", name="Place order", text="Place order", type="submit",
                id="place-order", test_id="place-order", context="Email Full name I accept the terms",
                box=Box(x=24, y=400, width=100, height=30))
    base.update(fields)
    return Fingerprint(**base)


def add_to_cart(product: str, price: str, **fields) -> Fingerprint:
    """The "Add to cart" button of one product: three of them on the page when recorded."""
    base = dict(tag="button", role="button", name="Add to cart", text="Add to cart", type="button",
                context=f"{product} {price}", look_alikes=2, box=Box(x=40, y=120, width=90, height=28))
    base.update(fields)
    return Fingerprint(**base)


# --- the pieces ------------------------------------------------------------------------------

def test_text_similarity_ignores_case_and_spaces_and_is_zero_when_missing():
    assert text_similarity("Place  order", "place order") == 1.0
    assert text_similarity("Place order", None) == 0.0
    assert 0.4 < text_similarity("Place order", "Confirm order") < 0.9


def test_context_counts_the_recorded_words_still_around_the_element():
    assert context_similarity("Blue mug $12.00", "Blue mug $12.00") == 1.0
    assert context_similarity("Blue mug $12.00", "Stoneware Blue mug, 350 ml $12.00") > 0.8  # more text around: still there
    assert context_similarity("Blue mug $12.00", "Red teapot $25.00") == 0.0
    assert context_similarity("Blue mug $12.00", "Blue mug lid $3.00") < 0.7
    assert context_similarity("Blue mug $12.00", None) == 0.0


@given(st.builds(
    Fingerprint,
    tag=st.sampled_from(["a", "button", "input", "p"]),
    role=st.none() | st.sampled_from(["button", "link", "textbox"]),
    name=st.none() | st.text(max_size=30),
    text=st.none() | st.text(max_size=30),
    id=st.none() | st.text(min_size=1, max_size=10),
    context=st.none() | st.text(max_size=40),
    look_alikes=st.none() | st.integers(0, 3),
))
def test_an_element_is_fully_like_itself_and_scores_stay_in_range(element):
    assert similarity(element, element) == pytest.approx(1.0)
    other = fp()
    assert 0.0 <= similarity(element, other) <= 1.0
    assert 0.0 <= similarity(other, element) <= 1.0


# --- what counts as the same element ----------------------------------------------------------

def test_renamed_ids_cost_little_and_a_matching_test_id_vouches_for_a_reworded_button():
    assert similarity(fp(), fp(id="submit-order")) > 0.9
    reworded = fp(name="Confirm purchase", text="Confirm purchase")
    assert similarity(fp(), reworded) >= ACCEPT_THRESHOLD


def test_a_renamed_element_needs_something_stable_to_count_as_the_same():
    decoy = fp(name="Place order by phone", text="Place order by phone", type="button", id=None, test_id=None)
    assert similarity(fp(), decoy) <= RENAMED_CAP < ACCEPT_THRESHOLD
    same_words = fp(name="Place order →", text="Place order →", id=None, test_id=None)
    assert similarity(fp(), same_words) >= ACCEPT_THRESHOLD  # punctuation is no rename


def test_a_link_styled_as_a_button_is_still_the_button():
    link = fp(tag="a", role="link", type=None, id=None, test_id=None, href="/thanks.html")
    assert similarity(fp(), link) >= ACCEPT_THRESHOLD
    textbox = fp(tag="input", role="textbox", type="text", id=None, test_id=None, name="Place order", text=None)
    assert similarity(fp(), textbox) < similarity(fp(), link)


def test_a_look_alike_is_known_by_its_context():
    mug = add_to_cart("Blue mug", "$12.00")
    assert similarity(mug, add_to_cart("Red teapot", "$25.00")) == 0.0  # same button, another product
    assert similarity(mug, add_to_cart("Blue mug lid", "$3.00")) < ACCEPT_THRESHOLD
    reworded = add_to_cart("Blue mug", "$12.00", name="Add to basket", text="Add to basket",
                           box=Box(x=600, y=500, width=90, height=28))
    assert similarity(mug, reworded) >= ACCEPT_THRESHOLD  # reworded and moved, same product


def test_ignored_attributes_do_not_count():
    total = Fingerprint(tag="output", role="status", text="$20.00", id="cart-total", context="Total:")
    wrong = total.model_copy(update={"text": "$21.00"})
    assert similarity(total, wrong) < 1.0
    assert similarity(total, wrong, ignore={"text"}) == 1.0


def test_pins_hold_only_when_the_pinned_attribute_is_unchanged():
    heading = Fingerprint(tag="h1", role="heading", name="Help center")
    assert pins_hold(heading, heading.model_copy(update={"name": "help  CENTER"}), {"name"})
    assert not pins_hold(heading, heading.model_copy(update={"name": "Help centre"}), {"name"})
    assert pins_hold(heading, heading.model_copy(update={"name": "Anything"}), set())


# --- the margin rule ------------------------------------------------------------------------

def test_likeness_decides_only_above_the_threshold_and_clearly_ahead():
    assert "below" in (undecided(ACCEPT_THRESHOLD - 0.01, None) or "")
    assert "ambiguous" in (undecided(0.9, 0.9 - MARGIN / 2) or "")
    assert undecided(0.9, 0.9 - MARGIN - 0.01) is None
    assert undecided(0.8, None) is None  # no rival counts: the threshold alone


@given(st.floats(0, 1), st.floats(0, 1))
def test_likeness_never_decides_without_threshold_and_margin(score, rival):
    decided = undecided(score, rival) is None
    assert decided == (score >= ACCEPT_THRESHOLD and score - rival >= MARGIN)


# --- redesign rules: moved identifiers, extended names, text-entry roles, icon buttons ----------

def field(name: str, **fields) -> Fingerprint:
    base = dict(tag="input", role="textbox", name=name, label=name, type="email", context="Contact details")
    base.update(fields)
    return Fingerprint(**base)


def test_an_identifier_value_moved_to_another_identifier_corroborates_a_rename():
    before = fp(name="Accept", text="Accept", id="cookie-accept", test_id=None, context="Reject")
    after = fp(name="Accept all", text="Accept all", id=None, test_id="cookie-accept", context="Reject all")
    assert corroborated(before, after)
    assert similarity(before, after) >= ACCEPT_THRESHOLD
    stranger = after.model_copy(update={"test_id": "newsletter-accept"})
    assert not corroborated(before, stranger)
    assert similarity(before, stranger) <= RENAMED_CAP


def test_a_field_whose_label_gained_words_is_the_field_when_it_is_the_only_one():
    email = field("Email")
    page = [field("Email address"), field("Full name", type=None)]
    assert name_extended(email, page[0]) and not name_extended(email, page[1])
    assert similarity(email, page[0]) <= RENAMED_CAP  # alone, a rename needs something stable
    scores = similarities(email, page)
    assert scores[0] >= ACCEPT_THRESHOLD and undecided(scores[0], max(scores[1:])) is None


def test_two_fields_whose_labels_both_hold_the_recorded_name_are_neither():
    address = field("Address", tag="textarea", type=None)
    page = [field("Email address"), field("Delivery address", tag="textarea", type=None)]
    assert all(score <= RENAMED_CAP for score in similarities(address, page))


def test_among_look_alike_fields_the_one_with_the_lost_words_around_it_is_the_field():
    recorded = field("Quantity for Blue Mug", role="spinbutton", type="number", label=None,
                     context="Blue Mug $12.50 $12.50 Remove")
    mug = field("Quantity", role="spinbutton", type="number", context="Blue Mug $12.50 each − Quantity + $12.50 ×")
    towel = field("Quantity", role="spinbutton", type="number", context="Linen Tea Towel $12.00 each − Quantity + $12.00 ×")
    scores = similarities(recorded, [towel, mug])
    assert scores[0] <= RENAMED_CAP and scores[1] >= ACCEPT_THRESHOLD
    assert undecided(scores[1], scores[0]) is None  # the mug, clearly ahead of the towel


def test_an_action_that_gained_words_is_another_action():
    place = fp(id=None, test_id=None)
    by_phone = fp(name="Place order by phone", text="Place order by phone", type="button", id=None, test_id=None)
    assert not name_extended(place, by_phone)
    assert similarities(place, [by_phone]) == [similarity(place, by_phone)]
    assert similarity(place, by_phone) <= RENAMED_CAP


def test_a_search_box_that_became_a_combobox_is_closer_than_another_kind_of_field():
    assert role_similarity("searchbox", "combobox") > role_similarity("searchbox", "spinbutton") > 0
    assert role_similarity("textbox", "button") == 0


def test_an_icon_button_labelled_with_the_old_text_keeps_its_text():
    search = Fingerprint(tag="button", role="button", name="Search", text="Search", type="submit")
    icon = search.model_copy(update={"text": None})
    other = search.model_copy(update={"text": None, "name": "Menu"})
    assert similarity(search, icon) == 1.0
    assert similarity(search, other) < ACCEPT_THRESHOLD


def test_weighted_attributes_are_fingerprint_fields() -> None:
    fields = set(Fingerprint.model_fields)
    assert set(WEIGHTS) <= fields and set(IDENTIFIERS) <= fields and set(CORROBORATING) <= fields
    assert not set(WEIGHTS) & set(IDENTIFIERS)  # each attribute is weighed once


# --- scores in messages ------------------------------------------------------------------------

def test_a_score_just_below_the_threshold_is_shown_below_it():
    assert score_text(0.647, ACCEPT_THRESHOLD) == "0.647"  # not "0.65", which reads as passing
    assert score_text(0.6499991, ACCEPT_THRESHOLD) == "0.649999"
    assert score_text(0.6549, ACCEPT_THRESHOLD) == "0.655"  # above it, and shown above it
    assert score_text(0.6, ACCEPT_THRESHOLD) == "0.60" and score_text(0.65, 0.65) == "0.65"
    assert score_text(0.647) == "0.65"  # nothing to tell it from: two decimals
    assert undecided(0.647, 0.1) == "similarity 0.647 is below 0.65"
    assert undecided(0.903, 0.8049) == "ambiguous: another element scores 0.80 against its 0.90"


# --- lone of its kind, and what a rename is ---------------------------------------------------------

def alone(role: str, landmark: str | None = "banner", peers: int | None = 1, **fields) -> Fingerprint:
    tag = {"button": "button", "link": "a"}.get(role, "input")
    return Fingerprint(tag=tag, role=role, landmark=landmark, peers=peers, **fields)


def test_a_control_alone_of_its_kind_in_its_landmark_before_and_after_is_lone_of_kind():
    assert lone_of_kind(alone("textbox"), alone("textbox"))
    assert lone_of_kind(alone("checkbox", "form: Sign up"), alone("checkbox", "form: Create account"))  # its name reworded
    assert lone_of_kind(alone("searchbox", None), alone("combobox", None))  # a text field still, and alone on the page
    assert not lone_of_kind(alone("textbox"), alone("textbox", peers=2))  # another text field joined it
    assert not lone_of_kind(alone("textbox", peers=2), alone("textbox"))  # it had a peer when recorded
    assert not lone_of_kind(alone("textbox"), alone("textbox", "main"))  # it moved to another landmark
    assert not lone_of_kind(alone("textbox"), alone("checkbox"))  # another kind of control
    assert not lone_of_kind(alone("textbox", peers=None), alone("textbox", peers=None))  # peers unknown (older files)


@pytest.mark.parametrize("role", sorted(ACTION_ROLES))
def test_an_action_is_never_lone_of_kind_corroborated(role: str):
    place = alone(role, "form: Checkout", name="Place order", text="Place order")
    by_phone = alone(role, "form: Checkout", name="Place order by phone", text="Place order by phone")
    assert not lone_of_kind(place, by_phone)
    assert not corroborated(place, by_phone)
    assert similarity(place, by_phone) <= RENAMED_CAP


def test_the_only_text_field_of_a_header_is_itself_whatever_its_placeholder_became():
    recorded = alone("textbox", name="What needs to be done?", placeholder="What needs to be done?", classes="new-todo",
                     context="todos", heading="todos", box=Box(x=0, y=60, width=550, height=65))
    reworded = recorded.model_copy(update={"name": "Add a task…", "placeholder": "Add a task…"})
    assert renamed(recorded, reworded) and corroborated(recorded, reworded)
    assert similarity(recorded, reworded) >= ACCEPT_THRESHOLD
    with_a_peer = [reworded.model_copy(update={"peers": 2}),
                   reworded.model_copy(update={"peers": 2, "name": "Search", "placeholder": "Search", "classes": "search"})]
    assert all(score <= RENAMED_CAP for score in similarities(recorded, with_a_peer))


def test_a_name_without_words_that_gained_words_is_a_new_label_not_a_rename():
    icon = Fingerprint(tag="button", role="button", name="×", classes="destroy", context="Buy milk",
                       box=Box(x=500, y=120, width=40, height=40))
    labelled = icon.model_copy(update={"name": "Delete"})
    assert not renamed(icon, labelled) and not renamed(labelled, icon)
    assert similarity(icon, labelled) >= ACCEPT_THRESHOLD  # the rest of the evidence decides
    assert not renamed(icon, icon.model_copy(update={"name": "✕"}))  # one symbol for another
    worded = icon.model_copy(update={"name": "Remove"})
    assert renamed(worded, labelled) and similarity(worded, labelled) <= RENAMED_CAP  # words for other words
    assert not renamed(fp(), fp(name="place  ORDER!"))  # case, spaces and punctuation are no rename


# --- what it is outweighs where it is ------------------------------------------------------------


def test_an_unchanged_control_whose_surroundings_all_changed_is_still_itself():
    recorded = fp(landmark="main", peers=1, heading="Delivery and payment", rank=3, classes="button",
                  context="Delivery and payment Name Email Address Card number")
    redesign = fp(test_id=None, id="submit-order", landmark="main", peers=1, heading="Checkout", rank=1,
                  classes="btn btn--primary", context="Back to cart", box=Box(x=700, y=900, width=160, height=40))
    assert similarity(recorded, redesign) >= ACCEPT_THRESHOLD  # moved, restyled, still the only button of main
    other = redesign.model_copy(update={"name": "Back to cart", "text": "Back to cart"})
    assert similarity(recorded, other) < ACCEPT_THRESHOLD  # another action, wherever it is


def test_a_control_that_kept_nothing_of_its_place_is_weighed_in_full():
    ok = Fingerprint(tag="button", role="button", name="OK", text="OK", context="Delete this project?",
                     landmark="dialog: Confirm", heading="Delete this project?", peers=2, look_alikes=0, rank=3,
                     classes="modal__ok", box=Box(x=400, y=300, width=60, height=30))
    banner = ok.model_copy(update={"context": "We use cookies", "landmark": "region: Cookies", "heading": None,
                                   "peers": 1, "rank": 1, "classes": "cookies__ok",
                                   "box": Box(x=40, y=900, width=60, height=30)})
    assert similarity(ok, banner) < ACCEPT_THRESHOLD  # the dialog's "OK" is not the cookie banner's


def test_a_sibling_that_was_beside_it_all_along_is_not_a_rename():
    reply = Fingerprint(tag="button", role="button", name="Reply", text="Reply", look_alikes=4,
                        context="alice Meeting tomorrow 10:02 Reply all Archive")
    reply_all = reply.model_copy(update={"name": "Reply all", "text": "Reply all", "look_alikes": None,
                                         "context": "alice Meeting tomorrow 10:02 Archive"})
    assert similarity(reply, reply_all) < ACCEPT_THRESHOLD


def test_where_it_is_still_tells_look_alikes_and_counted_lists_apart():
    here, there = add_to_cart("Blue Mug", "$12.00"), add_to_cart("Red Mug", "$11.00")
    assert similarity(here, here) - similarity(here, there) >= MARGIN
    groceries = Fingerprint(tag="ul", role="list", context="Groceries", classes="groceries", landmark="main")
    links = Fingerprint(tag="ul", role="list", context="Help", classes="links", landmark="navigation")
    wrapped = groceries.model_copy(update={"classes": "groceries-list"})
    ignore = {"name", "text"}  # a counted list: its content is what is counted, its place is what it is
    assert similarity(groceries, wrapped, ignore) - similarity(groceries, links, ignore) >= MARGIN


def test_a_count_or_an_amount_that_joined_a_name_is_the_apps_data_not_a_rename():
    option = Fingerprint(tag="li", role="option", name="Red Mug", text="Red Mug", context="Blue Mug")
    priced = option.model_copy(update={"name": "Red Mug $11.00", "text": "Red Mug $11.00", "context": None})
    assert not renamed(option, priced) and similarity(option, priced) >= ACCEPT_THRESHOLD
    page_2 = Fingerprint(tag="a", role="link", name="Page 2", text="Page 2")
    assert similarity(page_2, page_2.model_copy(update={"name": "Page 3", "text": "Page 3"})) < 1.0  # its own number


def test_a_tag_rebuilt_under_the_same_role_is_no_evidence_either_way():
    listbox = Fingerprint(tag="ul", role="listbox", name="Suggestions", id="search-suggestions")
    rebuilt = listbox.model_copy(update={"tag": "div"})
    assert similarity(listbox, rebuilt) == similarity(listbox, listbox)
    bare = Fingerprint(tag="span", text="Please enter your name")  # no role: its tag is what it is
    assert similarity(bare, bare.model_copy(update={"tag": "p"})) < 1.0


def test_a_look_alike_named_with_the_words_of_its_own_row_is_the_same_control():
    red = add_to_cart("Red Mug", "$11.00", name="Remove", text="Remove")
    precise = red.model_copy(update={"name": "Remove Red Mug", "text": "Remove Red Mug", "context": "Red Mug $11.00"})
    other_row = precise.model_copy(update={"name": "Remove Blue Mug", "text": "Remove Blue Mug",
                                           "context": "Blue Mug $12.00"})
    assert not renamed(red, precise) and renamed(red, other_row)
    assert similarity(red, precise) >= ACCEPT_THRESHOLD
    assert similarity(red, precise) - similarity(red, other_row) >= MARGIN


def test_a_message_rebuilt_from_a_paragraph_into_a_span_is_the_same_kind():
    message = Fingerprint(tag="p", role="paragraph", text="Please enter your name", context="Name", id="name-error")
    rebuilt = message.model_copy(update={"tag": "span", "role": None, "id": "cust-name-msg", "context": "Full name"})
    assert role_similarity("paragraph", None) == 1.0 and role_similarity("button", None) == 0.0
    assert similarity(message, rebuilt) >= ACCEPT_THRESHOLD
