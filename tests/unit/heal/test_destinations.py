"""What a candidate declares, read against where the recorded action led: confirms, contradicts or says nothing."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.destinations import reading, recorded_destinations
from pytest_lumen.heal.policy import Policy
from pytest_lumen.page.declared import Declared

PAGE = "http://127.0.0.1:8000/admin/"


def link(name: str, href: str, **fields: Any) -> Fingerprint:
    return Fingerprint(tag="a", role="link", name=name, text=name, href=href, landmark="navigation: User", **fields)


def submit(name: str, **fields: Any) -> Fingerprint:
    base: dict[str, Any] = dict(tag="button", role="button", name=name, text=name, type="submit", landmark="region: Checkout")
    base.update(fields)
    return Fingerprint(**base)


LOG_OUT = link("Log out", "/admin/logout/")


def led(effect_url: str | None, **policy: Any) -> Policy:
    """The identity policy of a step that led to ``effect_url``."""
    return Policy(effect_url=effect_url, **policy)


def test_a_link_that_became_a_post_form_button_to_the_same_address_confirms() -> None:
    button = submit("Log out", landmark="navigation: User")
    read = reading(Declared(url="http://127.0.0.1:8000/admin/logout/", method="post", submits=True),
                   LOG_OUT, button, PAGE, led("/admin/logout/"))
    assert read.agreement == "confirms"
    assert read.why == "it declares its form's POST action /admin/logout/, where the step led"


def test_a_neighbour_that_declares_another_address_contradicts() -> None:
    change = link("Change password", "/admin/password_change/")
    read = reading(Declared(url="http://127.0.0.1:8000/admin/password_change/", method="get"), LOG_OUT, change,
                   PAGE, led("/admin/logout/"))
    assert read.agreement == "contradicts"
    assert read.why == "it declares the link /admin/password_change/, and the step led to /admin/logout/"


def test_the_recorded_links_own_address_counts_when_the_server_redirected() -> None:
    assert recorded_destinations(LOG_OUT, "/admin/login/?next=%2Fadmin%2F", PAGE) == [
        "/admin/login/?next=%2Fadmin%2F", "/admin/logout/"]
    read = reading(Declared(url="http://127.0.0.1:8000/admin/logout/", method="post", submits=True), LOG_OUT,
                   submit("Log out"), PAGE, led("/admin/login/?next=%2Fadmin%2F"))
    assert read.agreement == "confirms"


def test_a_get_forms_query_is_filled_in_by_its_fields() -> None:
    search = submit("Search", landmark="search")
    declared = Declared(url="http://127.0.0.1:8000/search", method="get", submits=True)
    assert reading(declared, submit("Find", landmark="search"), search, PAGE, led("/search?q=mug")).agreement == "confirms"
    post = Declared(url="http://127.0.0.1:8000/search", method="post", submits=True)
    assert reading(post, submit("Find", landmark="search"), search, PAGE, led("/search?q=mug")).agreement == "contradicts"


def test_a_fragment_route_must_match_and_a_plain_fragment_need_not() -> None:
    completed = link("Completed", "#/completed")
    active = Declared(url="http://127.0.0.1:8000/#/active", method="get")
    assert reading(active, completed, link("Active", "#/active"), "http://127.0.0.1:8000/#/", led("/#/completed")).agreement \
        == "contradicts"
    returns = Declared(url="http://127.0.0.1:8000/help.html#returns", method="get")
    assert reading(returns, link("Help", "/help.html"), link("Returns", "/help.html#returns"), PAGE,
                   led("/help.html")).agreement == "confirms"


def test_a_scripts_button_declares_nothing_and_a_submit_in_the_same_place_confirms() -> None:
    completed = link("Completed", "#/completed")
    clear = Fingerprint(tag="button", role="button", name="Clear completed", type=None)
    assert reading(Declared(), completed, clear, PAGE, led("/#/completed")).agreement == "silent"
    place_order = submit("Place order")
    assert reading(Declared(method="get", submits=True), place_order, submit("Pay now"), PAGE,
                   led("/thanks.html")).agreement == "confirms"
    elsewhere = submit("Pay now", landmark="complementary: Newsletter")
    assert reading(Declared(method="get", submits=True), place_order, elsewhere, PAGE, led("/thanks.html")).agreement \
        == "silent"
    assert reading(Declared(submits=False), place_order, submit("Pay now", type="button"), PAGE,
                   led("/thanks.html")).agreement == "silent"


def test_a_placeholder_in_the_recorded_href_is_no_address() -> None:
    assert recorded_destinations(link("Profile", "/users/%user%/"), None, PAGE) == []


def test_a_link_that_opens_another_tab_is_not_a_step_that_stayed_in_its_page_and_the_reverse() -> None:
    help_link = link("Help", "/help/")
    in_tab = Declared(url="http://127.0.0.1:8000/help/", method="get", target="_blank")
    read = reading(in_tab, help_link, link("Help", "/help/"), PAGE, led("/help/"))
    assert read.agreement == "contradicts"
    assert read.why == "it declares it opens /help/ in a new browsing context (_blank), and the step led this page to /help/"
    assert reading(in_tab, help_link, link("Help", "/help/"), PAGE, led("/help/", new_page=True)).agreement == "confirms"
    here = Declared(url="http://127.0.0.1:8000/help/", method="get", target="_self")
    assert reading(here, help_link, link("Help", "/help/"), PAGE, led("/help/", new_page=True)).agreement == "contradicts"


def test_what_the_recorded_button_declared_is_compared_not_where_a_redirect_landed() -> None:
    save = submit("Save", action="/products/2", method="post")
    same_form = Declared(url="http://127.0.0.1:8000/products/2", method="post", submits=True)
    assert reading(same_form, save, submit("Save changes"), PAGE, led("/products")).agreement == "confirms"
    rewired = Declared(url="http://127.0.0.1:8000/products/2/delete", method="post", submits=True)
    read = reading(rewired, save, submit("Save"), PAGE, led("/products"))
    assert read.agreement == "contradicts" and read.mutates
    by_get = Declared(url="http://127.0.0.1:8000/products/2", method="get", submits=True)
    assert reading(by_get, save, submit("Save"), PAGE, led("/products")).agreement == "contradicts"


def test_a_button_whose_form_other_buttons_submit_too_declares_nothing_of_its_own() -> None:
    save = submit("Save", action="/posts/5", method="post")
    shared = Declared(url="http://127.0.0.1:8000/posts/5", method="post", submits=True, shared=True)
    assert reading(shared, save, submit("Unpublish"), PAGE, led("/posts")).agreement == "silent"


POSTED = led("/admin/product/list", posted_to_its_page="/admin/product/create")  # the recorded Save posted to its page


def test_a_form_that_posted_to_its_page_is_one_that_posts_to_the_page_it_is_on_now() -> None:
    save = submit("Save", action="/admin/product/create", method="post")
    here = "http://127.0.0.1:8000/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist"
    own = Declared(url=here, method="post", submits=True)
    read = reading(own, save, submit("Save"), here, POSTED)
    assert read.agreement == "confirms" and read.mutates
    assert read.why == ("it declares its form's POST action /admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist, "
                        "the address of the page it is on, as the recorded one declared the address of its page")
    assert reading(own, save, submit("Save"), here, led("/admin/product/list")).agreement == "contradicts"  # posted elsewhere
    shared = Declared(url=here, method="post", submits=True, shared=True)
    assert reading(shared, save, submit("Save"), here, POSTED).agreement == "silent"
    link_here = Declared(url=here, method="get")  # a link to the page itself (a reset) submits nothing
    assert reading(link_here, save, link("Reset", here), here, led("/admin/product/list",
                   posted_to_its_page="/admin/product/create")).agreement == "contradicts"
    renamed = "http://127.0.0.1:8000/admin/product/import?_origin=%2Fadmin%2Fproduct%2Flist"  # the page it is on now
    assert reading(Declared(url=renamed, method="post", submits=True), save, submit("Save"), renamed,
                   POSTED).agreement == "contradicts"  # on another path
    other = "http://127.0.0.1:8000/admin/product/create?pks=5"  # a copy of product 5: not a return address added
    assert reading(Declared(url=other, method="post", submits=True), save, submit("Save"), other,
                   POSTED).agreement == "contradicts"
    elsewhere = Declared(url="http://127.0.0.1:8000/admin/product/import", method="post", submits=True)
    assert reading(elsewhere, save, submit("Save"), here, led("/admin/product/list",
                   posted_to_its_page="/admin/product/create")).agreement == "contradicts"
