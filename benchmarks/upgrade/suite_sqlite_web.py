"""sqlite-web: a team's tests of browsing and editing its shop database (copied into the inner project as
test_sqlite_web.py).

Sentences for the steps; plain checks after them that catch a wrong element: the row a link led to (its key is in
the page's address: ``/products/update/3/``, base64-encoded from 0.6: ``Mw==``, then ``WzNd`` for ``[3]``), the rows
the database holds afterwards (the app's ``/__state``), and the rows the page shows.
"""

import base64
import json
from urllib.parse import urlsplit


def rows(app):
    return {r["name"]: r for r in app.get_json("/__state")["rows"]}


def row_key(page, view):
    """The key of the row whose ``view`` page (update, delete) the page is, as each release writes it; else None."""
    parts = urlsplit(page.url).path.strip("/").split("/")
    if len(parts) != 3 or parts[:2] != ["products", view]:
        return None
    key = parts[2]
    if not key.isdigit():
        key = json.loads(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4)).decode())
    return int(key[0] if isinstance(key, list) else key)


def shown(page):
    """The names in the table's rows, in order (the name is the cell after the id)."""
    return [name.strip() for name in page.locator("table tbody tr td:nth-last-child(5)").all_inner_texts()]


def test_insert_row(agent, page, app):
    page.goto(app.url + "/products/content/")
    agent.run("open the form to insert a row")
    assert urlsplit(page.url).path == "/products/insert/", page.url
    agent.run("insert a product named Watering can in the category Garden that costs 14, with 7 in stock")
    agent.expect("the table shows the Watering can")
    watering_can = rows(app)["Watering can"]
    assert (watering_can["category"], watering_can["price"], watering_can["stock"]) == ("Garden", 14, 7), watering_can


def test_edit_row_price(agent, page, app):
    page.goto(app.url + "/products/content/")
    agent.run("edit the Desk lamp")
    assert row_key(page, "update") == 3, page.url
    agent.run("change its price to 19.5 and save")
    agent.expect("the Desk lamp now costs 19.5")
    assert rows(app)["Desk lamp"]["price"] == 19.5


def test_delete_row(agent, page, app):
    page.goto(app.url + "/products/content/")
    agent.run("delete the Green plate")
    agent.expect("3 products are left")
    assert sorted(rows(app)) == ["Blue mug", "Desk lamp", "Notebook"]


def test_sort_by_price(agent, page, app):
    page.goto(app.url + "/products/content/")
    agent.run("sort the products by price")
    agent.expect("the cheapest product, the Notebook, is listed first")
    assert shown(page) == ["Notebook", "Blue mug", "Green plate", "Desk lamp"], shown(page)


def test_query_the_table(agent, page, app):
    page.goto(app.url + "/products/content/")
    agent.run("open the query page of the products table")
    assert urlsplit(page.url).path == "/products/query/", page.url
    agent.run("run the query select name from products where price > 10")
    agent.expect("the results list the Desk lamp")
