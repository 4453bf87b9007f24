"""Datasette: a team's tests of browsing its shop database (copied into the inner project as test_datasette.py).

Sentences for the steps; plain Playwright checks after them that catch a wrong element: the URL a
link led to, or the rows the page now shows.
"""

from urllib.parse import parse_qs, urlsplit


def query(page):
    return parse_qs(urlsplit(page.url).query)


def test_sort_products_by_price(agent, page, app):
    page.goto(app.url + "/shop/products")
    agent.run("sort the products by price")
    assert query(page).get("_sort") == ["price"], page.url
    agent.expect("the cheapest product, the Notebook, is listed first")
    assert "Notebook" in page.get_by_role("row").nth(1).inner_text()


def test_filter_products_by_name(agent, page, app):
    page.goto(app.url + "/shop/products")
    agent.run("show only the products whose name contains lamp")
    assert query(page).get("name__contains") == ["lamp"], page.url
    agent.expect("the table now has 1 row")
    assert page.get_by_role("row").count() == 2


def test_facet_by_category(agent, page, app):
    page.goto(app.url + "/shop/products")
    agent.run("facet the products by category")
    assert query(page).get("_facet") == ["category"], page.url
    agent.run("narrow the facet to the Garden category")
    assert query(page).get("category") == ["Garden"], page.url
    agent.expect("2 garden products are shown")


def test_open_product_and_its_orders(agent, page, app):
    page.goto(app.url + "/shop/products")
    agent.run("open product 3")
    assert urlsplit(page.url).path == "/shop/products/3", page.url
    agent.expect("the product page shows the Desk lamp")
    agent.run("show the orders that link to this product")
    assert query(page).get("product_id") == ["3"], page.url
    agent.expect("Grace's order is listed")


def test_browse_orders(agent, page, app):
    page.goto(app.url + "/shop")
    agent.run("open the orders table")
    assert urlsplit(page.url).path == "/shop/orders", page.url
    agent.expect("3 orders are listed")
