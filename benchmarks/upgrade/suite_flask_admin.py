"""Flask-Admin: a team's tests of its products admin (copied into the inner project as test_flask_admin.py).

Sentences for the steps; plain checks after them that catch a wrong element: the product a link led to (the
page's address names it, ``/edit/?id=3&url=...``), and the rows the database holds afterwards (the app's
``/__state``).
"""

from urllib.parse import parse_qs, urlsplit


def rows(app):
    return {r["name"]: r for r in app.get_json("/__state")["rows"]}


def at(page, view, pk):
    url = urlsplit(page.url)
    return url.path == f"/admin/product/{view}/" and parse_qs(url.query).get("id") == [str(pk)]


def test_create_product(agent, page, app):
    page.goto(app.url + "/admin/product/")
    agent.run("open the form for a new product")
    assert urlsplit(page.url).path == "/admin/product/new/", page.url
    agent.run("create a product named Watering can that costs 14")
    agent.expect("the list shows the Watering can")
    assert rows(app)["Watering can"]["price"] == 14


def test_edit_product_price(agent, page, app):
    page.goto(app.url + "/admin/product/")
    agent.run("edit the Desk lamp")
    assert at(page, "edit", 3), page.url
    agent.run("change its price to 19.5 and save")
    agent.expect("the Desk lamp now costs 19.5")
    assert rows(app)["Desk lamp"]["price"] == 19.5


def test_delete_product(agent, page, app):
    page.goto(app.url + "/admin/product/")
    agent.run("delete the Green plate")
    agent.expect("3 products are left")
    assert sorted(rows(app)) == ["Blue mug", "Desk lamp", "Notebook"]


def test_search_products(agent, page, app):
    page.goto(app.url + "/admin/product/")
    agent.run("search the products for lamp")
    agent.expect("only the Desk lamp is listed")


def test_view_product(agent, page, app):
    page.goto(app.url + "/admin/product/")
    agent.run("view the details of the Notebook")
    assert at(page, "details", 4), page.url
    agent.expect("the details show the price 3.25")
