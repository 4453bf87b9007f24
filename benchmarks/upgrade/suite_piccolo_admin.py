"""Piccolo Admin: a team's tests of its products admin (copied into the inner project as test_piccolo_admin.py).

Every test signs in first (a fresh browser context has no session). Sentences for the steps; plain checks after them
that catch a wrong element: the route a link led to (in the address's fragment: ``#/product/3``, with a trailing slash
from 1.0), the rows the database holds afterwards (the app's ``/__state``), and the rows the page shows.
"""

import re
from urllib.parse import urlsplit

PASSWORD = "alice-in-the-admin"  # the app's (piccolo_admin_app.py)


def rows(app):
    return {r["name"]: r for r in app.get_json("/__state")["rows"]}


def route(page):
    """The single-page app's route: the address's fragment, without a trailing slash (``/product/3``)."""
    return urlsplit(page.url).fragment.split("?")[0].rstrip("/")


def shown(page):
    """The names in the table's rows, in order (the name is the cell after the id)."""
    return [name.strip() for name in page.locator("table tr td:nth-child(3)").all_inner_texts()]


def open_products(agent, page, app):
    page.goto(app.url + "/")
    page.wait_for_url(re.compile(r"#/login"))  # the app sends a visitor with no session to its sign-in page
    agent.run("log in as alice with password %password%", variables={"password": PASSWORD})
    agent.run("open the product table")
    assert route(page) == "/product", page.url


def test_add_product(agent, page, app):
    open_products(agent, page, app)
    agent.run("open the form to add a row")
    assert route(page) == "/product/add", page.url
    agent.run("add a product named Watering can in the category garden that costs 14")
    watering_can = rows(app)["Watering can"]
    assert (watering_can["category"], watering_can["price"]) == ("garden", 14), watering_can


def test_edit_product_price(agent, page, app):
    open_products(agent, page, app)
    agent.run("edit the Desk lamp")
    assert route(page) == "/product/3", page.url
    agent.run("change its price to 19.5 and save")
    assert rows(app)["Desk lamp"]["price"] == 19.5


def test_delete_product(agent, page, app):
    open_products(agent, page, app)
    agent.run("delete the Green plate")
    agent.expect("3 products are left")
    assert sorted(rows(app)) == ["Blue mug", "Desk lamp", "Notebook"]


def test_filter_products(agent, page, app):
    open_products(agent, page, app)
    agent.run("show only the products whose name contains lamp")
    agent.expect("only the Desk lamp is listed")
    assert shown(page) == ["Desk lamp"], shown(page)


def test_open_product(agent, page, app):
    open_products(agent, page, app)
    agent.run("open the Notebook")
    assert route(page) == "/product/4", page.url
    agent.expect("the form shows the Notebook")
