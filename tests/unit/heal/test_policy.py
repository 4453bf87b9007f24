"""The identity policy of a step (pytest_lumen.heal.policy): which attributes a check ignores or pins."""

from __future__ import annotations

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import Fingerprint, LocatorSpec
from pytest_lumen.heal.policy import Policy, policy_for

# --- the identity policy of a check -----------------------------------------------------------

def _expect(check: str) -> A.Expect:
    return A.Expect(check=check, target=A.Target(locator=LocatorSpec(kind="test_id", value="x")), expected="$20.00")


def test_a_text_check_ignores_the_text_it_asserts_and_a_visibility_check_pins_the_name():
    heading = Fingerprint(tag="h1", role="heading", name="Help center", text="Help center")
    assert policy_for(_expect("text"), heading).ignore == {"text", "name"}  # the name is the text
    labelled = Fingerprint(tag="output", role="status", name="Order total", text="$20.00")
    assert policy_for(_expect("text"), labelled).ignore == {"text"}
    assert policy_for(_expect("visible"), heading).pinned == {"name"}
    click = A.Click(target=A.Target(locator=LocatorSpec(kind="test_id", value="x")))
    assert policy_for(click, heading) == Policy(acts=True)  # a click acts on its element: its name says what it does


def test_a_text_check_remembers_the_recorded_text_only_when_it_held_the_expected_value():
    total = Fingerprint(tag="p", name="Total: $20.00", text="Total: $20.00", test_id="cart-total")
    assert policy_for(_expect("text"), total).shown_text == "Total: $20.00"
    stale = total.model_copy(update={"text": "Total: $0.00", "name": "Total: $0.00"})
    assert policy_for(_expect("text"), stale).shown_text is None
    assert policy_for(_expect("visible"), total).shown_text is None


def test_a_submit_button_whose_form_posted_to_its_page_is_known_by_that_page():
    click = A.Click(target=A.Target(locator=LocatorSpec(kind="role", value="button", name="Save")))
    save = Fingerprint(tag="button", role="button", name="Save", type="submit", action="/admin/product/create",
                       method="post")
    assert policy_for(click, save, "/admin/product/create").posted_to_its_page == "/admin/product/create"
    assert policy_for(click, save, "/admin/product/create#top").posted_to_its_page  # a fragment is no other address
    edit = save.model_copy(update={"action": "/admin/product/edit?pk=3&_origin=%2Fadmin"})
    assert policy_for(click, edit, "/admin/product/edit?_origin=%2Fadmin&pk=3").posted_to_its_page  # in any order
    assert policy_for(click, edit, "/admin/product/edit?_origin=%2Fadmin&pk=4").posted_to_its_page is None
    assert policy_for(click, save, "/admin/product/new").posted_to_its_page is None  # it posted elsewhere
    assert policy_for(click, save, None).posted_to_its_page is None  # the page is not known
    assert policy_for(click, save.model_copy(update={"action": None}), "/admin/product/create").posted_to_its_page is None
    templated = save.model_copy(update={"action": "/admin/%kind%/create"})
    assert policy_for(click, templated, "/admin/%kind%/create").posted_to_its_page is None  # a template is no address
