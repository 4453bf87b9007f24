"""What a candidate declares, read against where the recorded action led: confirms, contradicts or says nothing."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.destinations import reading, recorded_destinations
from pytest_lumen.page.declared import Declared

PAGE = "http://127.0.0.1:8000/admin/"


def link(name: str, href: str, **fields: Any) -> Fingerprint:
    return Fingerprint(tag="a", role="link", name=name, text=name, href=href, landmark="navigation: User", **fields)


def submit(name: str, **fields: Any) -> Fingerprint:
    base: dict[str, Any] = dict(tag="button", role="button", name=name, text=name, type="submit", landmark="region: Checkout")
    base.update(fields)
    return Fingerprint(**base)


LOG_OUT = link("Log out", "/admin/logout/")


def test_a_link_that_became_a_post_form_button_to_the_same_address_confirms() -> None:
    button = submit("Log out", landmark="navigation: User")
    read = reading(Declared(url="http://127.0.0.1:8000/admin/logout/", method="post", submits=True),
                   LOG_OUT, button, "/admin/logout/", PAGE)
    assert read.agreement == "confirms"
    assert read.why == "it declares its form's POST action /admin/logout/, where the step led"


def test_a_neighbour_that_declares_another_address_contradicts() -> None:
    change = link("Change password", "/admin/password_change/")
    read = reading(Declared(url="http://127.0.0.1:8000/admin/password_change/", method="get"), LOG_OUT, change,
                   "/admin/logout/", PAGE)
    assert read.agreement == "contradicts"
    assert read.why == "it declares the link /admin/password_change/, and the step led to /admin/logout/"


def test_the_recorded_links_own_address_counts_when_the_server_redirected() -> None:
    assert recorded_destinations(LOG_OUT, "/admin/login/?next=%2Fadmin%2F", PAGE) == [
        "/admin/login/?next=%2Fadmin%2F", "/admin/logout/"]
    read = reading(Declared(url="http://127.0.0.1:8000/admin/logout/", method="post", submits=True), LOG_OUT,
                   submit("Log out"), "/admin/login/?next=%2Fadmin%2F", PAGE)
    assert read.agreement == "confirms"


def test_a_get_forms_query_is_filled_in_by_its_fields() -> None:
    search = submit("Search", landmark="search")
    declared = Declared(url="http://127.0.0.1:8000/search", method="get", submits=True)
    assert reading(declared, submit("Find", landmark="search"), search, "/search?q=mug", PAGE).agreement == "confirms"
    post = Declared(url="http://127.0.0.1:8000/search", method="post", submits=True)
    assert reading(post, submit("Find", landmark="search"), search, "/search?q=mug", PAGE).agreement == "contradicts"


def test_a_fragment_route_must_match_and_a_plain_fragment_need_not() -> None:
    completed = link("Completed", "#/completed")
    active = Declared(url="http://127.0.0.1:8000/#/active", method="get")
    assert reading(active, completed, link("Active", "#/active"), "/#/completed", "http://127.0.0.1:8000/#/").agreement \
        == "contradicts"
    returns = Declared(url="http://127.0.0.1:8000/help.html#returns", method="get")
    assert reading(returns, link("Help", "/help.html"), link("Returns", "/help.html#returns"), "/help.html",
                   PAGE).agreement == "confirms"


def test_a_scripts_button_declares_nothing_and_a_submit_in_the_same_place_confirms() -> None:
    completed = link("Completed", "#/completed")
    clear = Fingerprint(tag="button", role="button", name="Clear completed", type=None)
    assert reading(Declared(), completed, clear, "/#/completed", PAGE).agreement == "silent"
    place_order = submit("Place order")
    assert reading(Declared(method="get", submits=True), place_order, submit("Pay now"), "/thanks.html",
                   PAGE).agreement == "confirms"
    elsewhere = submit("Pay now", landmark="complementary: Newsletter")
    assert reading(Declared(method="get", submits=True), place_order, elsewhere, "/thanks.html", PAGE).agreement \
        == "silent"
    assert reading(Declared(submits=False), place_order, submit("Pay now", type="button"), "/thanks.html",
                   PAGE).agreement == "silent"


def test_a_placeholder_in_the_recorded_href_is_no_address() -> None:
    assert recorded_destinations(link("Profile", "/users/%user%/"), None, PAGE) == []


def test_a_link_that_opens_another_tab_is_not_a_step_that_stayed_in_its_page_and_the_reverse() -> None:
    help_link = link("Help", "/help/")
    in_tab = Declared(url="http://127.0.0.1:8000/help/", method="get", target="_blank")
    read = reading(in_tab, help_link, link("Help", "/help/"), "/help/", PAGE)
    assert read.agreement == "contradicts"
    assert read.why == "it declares it opens /help/ in a new browsing context (_blank), and the step led this page to /help/"
    assert reading(in_tab, help_link, link("Help", "/help/"), "/help/", PAGE, new_page=True).agreement == "confirms"
    here = Declared(url="http://127.0.0.1:8000/help/", method="get", target="_self")
    assert reading(here, help_link, link("Help", "/help/"), "/help/", PAGE, new_page=True).agreement == "contradicts"


def test_what_the_recorded_button_declared_is_compared_not_where_a_redirect_landed() -> None:
    save = submit("Save", action="/products/2", method="post")
    same_form = Declared(url="http://127.0.0.1:8000/products/2", method="post", submits=True)
    assert reading(same_form, save, submit("Save changes"), "/products", PAGE).agreement == "confirms"
    rewired = Declared(url="http://127.0.0.1:8000/products/2/delete", method="post", submits=True)
    read = reading(rewired, save, submit("Save"), "/products", PAGE)
    assert read.agreement == "contradicts" and read.mutates
    by_get = Declared(url="http://127.0.0.1:8000/products/2", method="get", submits=True)
    assert reading(by_get, save, submit("Save"), "/products", PAGE).agreement == "contradicts"


def test_a_button_whose_form_other_buttons_submit_too_declares_nothing_of_its_own() -> None:
    save = submit("Save", action="/posts/5", method="post")
    shared = Declared(url="http://127.0.0.1:8000/posts/5", method="post", submits=True, shared=True)
    assert reading(shared, save, submit("Unpublish"), "/posts", PAGE).agreement == "silent"
