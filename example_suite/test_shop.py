"""The storefront, tested the way a shopper uses it: sign in, search, fill the cart, answer the cookie banner,
read the help in a new tab, send a gift card with a photo.

Every step is a plain sentence. ``pytest --lumen-record`` let a model turn each one into
Playwright actions, stored in ``.lumen-cache/test_shop.py/``; a normal run replays them
with zero model calls. Each test starts in a fresh browser, so the cookie banner shows;
only the tests about it answer it (on version 1 it does not block the other tests' clicks).
"""

from playwright.sync_api import Page, expect

from pytest_lumen.agent import Agent


def test_sign_in(agent: Agent, page: Page, shop_url: str, shop_password: str) -> None:
    page.goto(shop_url)
    agent.run("open the sign-in page")
    agent.run("log in as alice with password %password%", variables={"password": shop_password})
    agent.expect("the header says Signed in as alice")


def test_wrong_password_is_refused(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(f"{shop_url}/login.html")
    agent.run("log in as alice with password %password%", variables={"password": "not-her-password"})
    agent.expect("an alert says Invalid username or password")


def test_search_suggests_products_while_typing(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run('type "mu" into the search box')
    agent.expect("the suggestions offer Blue Mug and Red Mug")
    agent.run("pick Red Mug from the suggestions")
    agent.expect("the page shows the search results for Red Mug")


def test_search_without_results(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run('search for "kettle"')
    agent.expect("the shop says that no products match “kettle”")


def test_adding_products_updates_the_cart_link(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("add the Blue Mug to the cart")  # the same sentence twice: two cached steps, in order
    agent.run("add the Linen Tea Towel to the cart")
    agent.expect("the cart link in the header shows 3 items")


def test_cookie_choice_is_remembered(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.expect("a cookie banner offers to accept or reject cookies")
    agent.run("reject the optional cookies")
    agent.run("open the cart")
    agent.expect("the cart is empty")
    expect(page.get_by_text("We use cookies")).to_have_count(0)  # plain Playwright mixes in freely


def test_help_opens_in_a_new_tab(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("open the help in a new tab and show how long delivery takes")
    agent.expect("the help says delivery takes two to four working days")
    assert agent.page is not page  # the agent followed the link to its tab
    agent.page.close()  # closing it returns the agent to the shop
    assert agent.page is page


def test_gift_card_with_a_photo(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(f"{shop_url}/gift-card.html")
    agent.run("add the photo %photo% to the gift card", variables={"photo": "data/gift-photo.png"})
    expect(page.get_by_role("status")).to_have_text("gift-photo.png attached (1 KB)")
