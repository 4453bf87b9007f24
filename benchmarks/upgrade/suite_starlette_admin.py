"""starlette-admin: a team's tests of its products admin (copied into the inner project as test_starlette_admin.py).

Sentences for the steps; plain checks after them that catch a wrong element: the product a link led to
(the page's address names it, as ``/edit/3`` or, from 0.12 on, ``/edit?pk=3``), and the rows the database
holds afterwards (the app's ``/__state``).
"""

import re


def rows(app):
    return {r["name"]: r for r in app.get_json("/__state")["rows"]}


def at(page, view, pk):
    return re.search(rf"/admin/product/{view}(/{pk}|\?pk={pk})(&|$)", page.url) is not None


def test_create_product(agent, page, app):
    page.goto(app.url + "/admin/product/list")
    agent.run("open the form for a new product")
    assert "/admin/product/create" in page.url, page.url
    agent.run("create a product named Watering can that costs 14")
    agent.expect("the list shows the Watering can")
    assert rows(app)["Watering can"]["price"] == 14


def test_edit_product_price(agent, page, app):
    page.goto(app.url + "/admin/product/list")
    agent.run("edit the Desk lamp")
    assert at(page, "edit", 3), page.url
    agent.run("change its price to 19.5 and save")
    agent.expect("the Desk lamp now costs 19.5")
    assert rows(app)["Desk lamp"]["price"] == 19.5


def test_delete_product(agent, page, app):
    page.goto(app.url + "/admin/product/list")
    agent.run("open the Green plate")
    assert at(page, "detail", 2), page.url
    agent.run("delete it")
    agent.expect("3 products are left")
    assert sorted(rows(app)) == ["Blue mug", "Desk lamp", "Notebook"]


def test_search_products(agent, page, app):
    page.goto(app.url + "/admin/product/list")
    agent.run("search the products for lamp")
    agent.expect("only the Desk lamp is listed")


def test_view_product(agent, page, app):
    page.goto(app.url + "/admin/product/list")
    agent.run("view the details of the Notebook")
    assert at(page, "detail", 4), page.url
    agent.expect("the details show the price 3.25")
