"""The cart and the checkout: quantities, totals, a coupon, validation, and a full order.

``test_cart_total_follows_quantities`` is the suite's guard on prices: on
``--shop-version=3`` (a shop whose total ignores quantities) it must fail.
"""

from playwright.sync_api import Page

from pytest_lumen.agent import Agent


def test_cart_total_follows_quantities(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("add the Linen Tea Towel to the cart")
    agent.run("open the cart")
    agent.run("set the quantity of Blue Mug to 2")
    agent.expect("the cart total is $37.00")
    agent.expect("the cart link in the header shows 3 items")


def test_removing_a_line_updates_the_total(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("add the Red Mug to the cart")
    agent.run("open the cart")
    agent.run("remove the Red Mug")
    agent.expect("the cart total is $12.50")


def test_emptying_the_cart_asks_first(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("open the cart")
    agent.run("empty the cart and confirm")  # the shop asks with a confirm() dialog: answered as recorded
    agent.expect("the cart is empty")


def test_coupon_takes_five_dollars_off(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("open the cart")
    agent.run('apply the coupon "WELCOME5"')
    agent.expect("the cart total is $7.50")


def test_checkout_explains_what_is_missing(agent: Agent, page: Page, shop_url: str) -> None:
    page.goto(shop_url)
    agent.run("add the Blue Mug to the cart")
    agent.run("open the cart")
    agent.run("proceed to checkout")
    agent.run("place the order without filling in the form")
    agent.expect("each field says what is missing: name, email address, address and card number")
    agent.run('enter "alice@example" as the email')
    agent.run("place the order")
    agent.expect("the email field says Please enter a valid email address")


def test_checkout_with_confirmation(agent: Agent, page: Page, shop_url: str, shop_password: str) -> None:
    page.goto(shop_url)
    agent.run("accept the cookies")
    agent.run("open the sign-in page")
    agent.run("log in as alice with password %password%", variables={"password": shop_password})
    agent.run("add the Blue Mug to the cart")
    agent.run("add the Linen Tea Towel to the cart")
    agent.run("open the cart")
    agent.run("proceed to checkout")
    agent.run("fill in name Alice Liddell, email alice@example.com, address 1 Rabbit Hole Lane, Oxford "
              "and card number 4242 4242 4242 4242")
    agent.run("place the order")
    agent.expect("a dialog asks to confirm paying $24.50 for 2 items")
    agent.run("confirm the order")
    agent.expect("the order is complete with order number KC-575182")
