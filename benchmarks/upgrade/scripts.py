"""What the fake model does when each app's tests are recorded on its oldest version (targets by role and name)."""

from __future__ import annotations

from typing import Any

Script = list[dict[str, Any]]


def _step(match: str, *actions: dict[str, Any]) -> dict[str, Any]:
    return {"match": match, "actions": [*actions, {"tool": "done"}]}


DATASETTE: Script = [
    _step("Step: sort the products by price", {"tool": "click", "target": {"role": "link", "name": "price"}}),
    _step("Check: the cheapest product, the Notebook", {"tool": "expect_text", "target": {
        "role": "row", "nth": 1}, "input": {"text": "Notebook"}}),
    _step("Step: show only the products whose name contains lamp",
          {"tool": "select_option", "target": {"role": "combobox", "nth": 0}, "input": {"value": "name"}},
          {"tool": "select_option", "target": {"role": "combobox", "nth": 1}, "input": {"value": "contains"}},
          {"tool": "fill", "target": {"role": "textbox", "nth": 0}, "input": {"value": "lamp"}},
          {"tool": "click", "target": {"role": "button", "name": "Apply"}}),
    _step("Check: the table now has 1 row", {"tool": "expect_text", "target": {"role": "heading", "name": '1 row where name contains "lamp" sorted by id'},
                                             "input": {"text": "1 row"}}),
    _step("Step: facet the products by category", {"tool": "click", "target": {"role": "link", "name": "category"}}),
    _step("Step: narrow the facet to the Garden category", {"tool": "click", "target": {"role": "link", "name": "Garden"}}),
    _step("Check: 2 garden products are shown", {"tool": "expect_text", "target": {"role": "heading", "name": '2 rows where category = "Garden"'},
                                                 "input": {"text": "2 rows"}}),
    _step("Step: open product 3", {"tool": "click", "target": {"role": "link", "name": "3"}}),
    _step("Check: the product page shows the Desk lamp", {"tool": "expect_visible", "target": {"role": "cell", "name": "Desk lamp"}}),
    _step("Step: show the orders that link to this product", {"tool": "click", "target": {"role": "link", "name": "1 row"}}),
    _step("Check: Grace's order is listed", {"tool": "expect_visible", "target": {"role": "cell", "name": "Grace"}}),
    _step("Step: open the orders table", {"tool": "click", "target": {"role": "link", "name": "orders"}}),
    _step("Check: 3 orders are listed", {"tool": "expect_text", "target": {"role": "heading", "name": "3 rows"},
                                         "input": {"text": "3 rows"}}),
]

SCRIPTS: dict[str, Script] = {"datasette": DATASETTE}

SWAGGER_UI: Script = [
    _step("Step: open the operation that finds pets by status",
          {"tool": "click", "target": {"role": "button", "name": "get /pets"}},
          {"tool": "click", "target": {"role": "button", "name": "Try it out"}}),
    _step("Step: choose the status sold",
          {"tool": "select_option", "target": {"role": "combobox", "nth": 1}, "input": {"value": "sold"}},
          {"tool": "click", "target": {"role": "button", "name": "Execute"}}),
    _step("Check: the response body lists Whiskers",
          {"tool": "expect_text", "target": {"role": "code", "nth": 1}, "input": {"text": "Whiskers"}}),
    _step("Step: open the operation that finds a pet by ID",
          {"tool": "click", "target": {"role": "button", "name": "get /pets/{petId}"}},
          {"tool": "click", "target": {"role": "button", "name": "Try it out"}}),
    _step("Step: enter 3 as the pet ID",
          {"tool": "fill", "target": {"role": "textbox", "name": "petId"}, "input": {"value": "3"}},
          {"tool": "click", "target": {"role": "button", "name": "Execute"}}),
    _step("Check: the response shows Bubbles",
          {"tool": "expect_text", "target": {"role": "code", "nth": 1}, "input": {"text": "Bubbles"}}),
    _step("Step: open the operation that adds a new pet",
          {"tool": "click", "target": {"role": "button", "name": "post /pets"}}),
    _step("Step: add a pet named Nemo",
          {"tool": "click", "target": {"role": "button", "name": "Try it out"}},
          {"tool": "fill", "target": {"role": "textbox", "nth": 1}, "input": {"value": '{"name": "Nemo", "status": "available"}'}},
          {"tool": "click", "target": {"role": "button", "name": "Execute"}}),
    _step("Check: the server answered with the new pet Nemo",
          {"tool": "expect_text", "target": {"role": "code", "nth": 1}, "input": {"text": "Nemo"}}),
    _step("Step: filter the operations by the tag store",
          {"tool": "fill", "target": {"role": "textbox", "name": "Filter by tag"}, "input": {"value": "store"}}),
    _step("Check: the inventory operation is listed",
          {"tool": "expect_visible", "target": {"role": "button", "name": "get /store/inventory"}}),
    _step("Step: open the Pet schema", {"tool": "click", "target": {"role": "button", "name": "Pet"}}),
    _step("Check: the Pet schema says what the status means",
          {"tool": "expect_text", "target": {"role": "paragraph", "text": "pet status in the store"},
           "input": {"text": "pet status in the store"}}),
]

SCRIPTS["swagger-ui"] = SWAGGER_UI

SQLADMIN: Script = [
    _step("Step: open the form for a new product", {"tool": "click", "target": {"role": "link", "name": "+ New Product"}}),
    _step("Step: create a garden product named Watering can",
          {"tool": "fill", "target": {"role": "textbox", "name": "Name"}, "input": {"value": "Watering can"}},
          {"tool": "select_option", "target": {"role": "combobox", "name": "Category"}, "input": {"value": "garden"}},
          {"tool": "fill", "target": {"role": "spinbutton", "name": "Price"}, "input": {"value": "14"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the list shows the Watering can", {"tool": "expect_visible", "target": {"role": "cell", "name": "Watering can"}}),
    _step("Step: edit the Desk lamp", {"tool": "click", "target": {"role": "link", "name": "Edit", "nth": 2}}),
    _step("Step: change its price to 19.5",
          {"tool": "fill", "target": {"role": "spinbutton", "name": "Price"}, "input": {"value": "19.5"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the Desk lamp now costs 19.5", {"tool": "expect_visible", "target": {"role": "cell", "name": "19.5"}}),
    _step("Step: delete the Green plate",
          {"tool": "click", "target": {"role": "link", "name": "\uf1f8", "nth": 1}},
          {"tool": "click", "target": {"role": "button", "name": "Delete"}}),
    _step("Check: 3 products are left", {"tool": "expect_text", "target": {"role": "paragraph", "text": "Showing 1 to 3 of 3 items"},
                                         "input": {"text": "Showing 1 to 3 of 3 items"}}),
    _step("Step: search the products for lamp",
          {"tool": "fill", "target": {"role": "textbox", "name": "Search: name"}, "input": {"value": "lamp"}},
          {"tool": "click", "target": {"role": "button", "name": "Search"}}),
    _step("Check: only the Desk lamp is listed",
          {"tool": "expect_text", "target": {"role": "paragraph", "text": "Showing 1 to 1 of 1 items"},
           "input": {"text": "Showing 1 to 1 of 1 items"}}),
    _step("Step: view the details of the Notebook", {"tool": "click", "target": {"role": "link", "name": "View", "nth": 3}}),
    _step("Check: the details show the price 3.25", {"tool": "expect_visible", "target": {"role": "cell", "name": "3.25"}}),
]

SCRIPTS["sqladmin"] = SQLADMIN

STARLETTE_ADMIN: Script = [
    _step("Step: open the form for a new product", {"tool": "click", "target": {"role": "link", "name": "+ New Product"}}),
    _step("Step: create a product named Watering can",
          {"tool": "fill", "target": {"role": "textbox", "name": "Name*"}, "input": {"value": "Watering can"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "Price*"}, "input": {"value": "14"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the list shows the Watering can", {"tool": "expect_visible", "target": {"role": "cell", "name": "Watering can"}}),
    _step("Step: edit the Desk lamp", {"tool": "click", "target": {"role": "link", "name": "\uf044", "nth": 2}}),
    _step("Step: change its price to 19.5",
          {"tool": "fill", "target": {"role": "textbox", "name": "Price*"}, "input": {"value": "19.5"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the Desk lamp now costs 19.5", {"tool": "expect_visible", "target": {"role": "cell", "name": "19.5"}}),
    _step("Step: open the Green plate", {"tool": "click", "target": {"role": "link", "name": "\uf06e", "nth": 1}}),
    _step("Step: delete it",
          {"tool": "click", "target": {"role": "button", "name": "\uf2ed Delete"}},
          {"tool": "click", "target": {"role": "generic", "text": "Delete"}}),
    _step("Check: 3 products are left", {"tool": "expect_text", "target": {"role": "status"},
                                         "input": {"text": "Showing 1 to 3 of 3 entries"}}),
    _step("Step: search the products for lamp",  # its DataTables search runs on key presses, not on a fill
          {"tool": "click", "target": {"role": "searchbox", "name": "Search in list"}},
          {"tool": "type", "input": {"text": "lamp"}}),
    _step("Check: only the Desk lamp is listed", {"tool": "expect_text", "target": {"role": "status"},
                                                  "input": {"text": "Showing 1 to 1 of 1 entries"}}),
    _step("Step: view the details of the Notebook", {"tool": "click", "target": {"role": "link", "name": "\uf06e", "nth": 3}}),
    _step("Check: the details show the price 3.25", {"tool": "expect_visible", "target": {"role": "cell", "name": "3.25"}}),
]

SCRIPTS["starlette-admin"] = STARLETTE_ADMIN

FLASK_ADMIN: Script = [  # Bootstrap 3's glyphicons name its row links: a pencil (U+270F) and a trash can (U+E020)
    _step("Step: open the form for a new product", {"tool": "click", "target": {"role": "link", "name": "Create"}}),
    _step("Step: create a product named Watering can",
          {"tool": "fill", "target": {"role": "textbox", "name": "Name *"}, "input": {"value": "Watering can"}},
          {"tool": "fill", "target": {"role": "spinbutton", "name": "Price *"}, "input": {"value": "14"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the list shows the Watering can", {"tool": "expect_visible", "target": {"role": "cell", "name": "Watering can"}}),
    _step("Step: edit the Desk lamp", {"tool": "click", "target": {"role": "link", "name": "\u270f", "nth": 2}}),
    _step("Step: change its price to 19.5",
          {"tool": "fill", "target": {"role": "spinbutton", "name": "Price *"}, "input": {"value": "19.5"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    _step("Check: the Desk lamp now costs 19.5", {"tool": "expect_visible", "target": {"role": "cell", "name": "19.5"}}),
    {"match": ["Step: delete the Green plate", "opened a JavaScript"],  # its "Are you sure ...?" confirm
     "actions": [{"tool": "answer_dialog", "input": {"accept": True}}]},
    _step("Step: delete the Green plate", {"tool": "click", "target": {"role": "button", "name": "\ue020", "nth": 1}}),
    _step("Check: 3 products are left", {"tool": "expect_text", "target": {"role": "link", "name": "List (3)"},
                                         "input": {"text": "List (3)"}}),
    _step("Step: search the products for lamp",  # the search box submits on Enter
          {"tool": "fill", "target": {"role": "searchbox", "name": "Search: name"}, "input": {"value": "lamp"}},
          {"tool": "press", "target": {"role": "searchbox", "name": "Search: name"}, "input": {"key": "Enter"}}),
    _step("Check: only the Desk lamp is listed", {"tool": "expect_text", "target": {"role": "link", "name": "List (1)"},
                                                  "input": {"text": "List (1)"}}),
    _step("Step: view the details of the Notebook", {"tool": "click", "target": {"role": "link", "name": "\ue105", "nth": 3}}),
    _step("Check: the details show the price 3.25", {"tool": "expect_visible", "target": {"role": "cell", "name": "3.25"}}),
]

SCRIPTS["flask-admin"] = FLASK_ADMIN

SQLITE_WEB: Script = [  # its update form keeps a column's field disabled until that column's checkbox is ticked
    _step("Step: open the form to insert a row", {"tool": "click", "target": {"role": "link", "name": "Insert"}}),
    _step("Step: insert a product named Watering can",  # the id is left to the database: its column unticked
          {"tool": "check", "target": {"role": "checkbox", "name": "Allow updating this column.", "nth": 0},
           "input": {"checked": False}},
          {"tool": "fill", "target": {"role": "textbox", "name": "name"}, "input": {"value": "Watering can"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "category"}, "input": {"value": "Garden"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "price"}, "input": {"value": "14"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "stock"}, "input": {"value": "7"}},
          {"tool": "click", "target": {"role": "button", "name": "Insert"}}),
    _step("Check: the table shows the Watering can", {"tool": "expect_visible", "target": {"role": "cell", "name": "Watering can"}}),
    _step("Step: edit the Desk lamp", {"tool": "click", "target": {"role": "link", "name": "Edit", "nth": 2}}),
    _step("Step: change its price to 19.5",  # the checkboxes of id, name, category, price, stock: the fourth is price's
          {"tool": "check", "target": {"role": "checkbox", "name": "Allow updating this column.", "nth": 3},
           "input": {"checked": True}},
          {"tool": "fill", "target": {"role": "textbox", "name": "price"}, "input": {"value": "19.5"}},
          {"tool": "click", "target": {"role": "button", "name": "Update"}}),
    _step("Check: the Desk lamp now costs 19.5", {"tool": "expect_visible", "target": {"role": "cell", "name": "19.5"}}),
    _step("Step: delete the Green plate",  # a page that shows the row, and its Delete button
          {"tool": "click", "target": {"role": "link", "name": "Delete", "nth": 1}},
          {"tool": "click", "target": {"role": "button", "name": "Delete"}}),
    _step("Check: 3 products are left", {"tool": "expect_count", "target": {"role": "row", "nth": 1}, "input": {"count": 3}}),
    _step("Step: sort the products by price", {"tool": "click", "target": {"role": "link", "name": "price"}}),
    _step("Check: the cheapest product, the Notebook", {"tool": "expect_text", "target": {"role": "row", "nth": 1},
                                                        "input": {"text": "Notebook"}}),
    _step("Step: open the query page of the products table", {"tool": "click", "target": {"role": "link", "name": "Query"}}),
    _step("Step: run the query",
          {"tool": "fill", "target": {"role": "textbox", "text": 'SELECT * FROM "products"'},
           "input": {"value": "select name from products where price > 10"}},
          {"tool": "click", "target": {"role": "button", "name": "Execute"}}),
    _step("Check: the results list the Desk lamp", {"tool": "expect_visible", "target": {"role": "cell", "name": "Desk lamp"}}),
]

SCRIPTS["sqlite-web"] = SQLITE_WEB

PICCOLO_ADMIN: Script = [  # its fields have labels beside them, not for them: the model tells them apart by order
    _step("Step: log in as alice",
          {"tool": "fill", "target": {"role": "textbox", "nth": 0}, "input": {"value": "alice"}},
          {"tool": "fill", "target": {"role": "textbox", "nth": 1}, "input": {"value": "%password%"}},
          {"tool": "click", "target": {"role": "button", "name": "Login"}}),
    _step("Step: open the product table", {"tool": "click", "target": {"role": "link", "name": "product"}}),
    _step("Step: open the form to add a row", {"tool": "click", "target": {"role": "link", "name": "Add Row"}}),
    _step("Step: add a product named Watering can",
          {"tool": "fill", "target": {"role": "textbox", "nth": 0}, "input": {"value": "Watering can"}},
          {"tool": "fill", "target": {"role": "textbox", "nth": 1}, "input": {"value": "garden"}},
          {"tool": "fill", "target": {"role": "textbox", "nth": 2}, "input": {"value": "14"}},
          {"tool": "click", "target": {"role": "button", "name": "Create"}}),
    _step("Step: edit the Desk lamp",  # the row's menu (a link with an icon, after the id column's sort), then its Edit
          {"tool": "click", "target": {"role": "link", "name": "", "nth": 3}},
          {"tool": "click", "target": {"role": "link", "name": "Edit"}}),
    _step("Step: change its price to 19.5",
          {"tool": "fill", "target": {"role": "textbox", "nth": 2}, "input": {"value": "19.5"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}),
    {"match": ["Step: delete the Green plate", "opened a JavaScript"],  # its "Are you sure ...?" confirm
     "actions": [{"tool": "answer_dialog", "input": {"accept": True}}]},
    _step("Step: delete the Green plate",
          {"tool": "click", "target": {"role": "link", "name": "", "nth": 2}},
          {"tool": "click", "target": {"role": "link", "name": "Delete"}}),
    _step("Check: 3 products are left", {"tool": "expect_text", "target": {"role": "paragraph", "text": "Showing 3 of 3 result(s)"},
                                         "input": {"text": "Showing 3 of 3 result(s)"}}),
    _step("Step: show only the products whose name contains lamp",
          {"tool": "click", "target": {"role": "link", "name": "Show filters"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "All", "nth": 0}, "input": {"value": "lamp"}},
          {"tool": "click", "target": {"role": "button", "name": "Apply"}}),
    _step("Check: only the Desk lamp is listed", {"tool": "expect_text", "target": {"role": "paragraph", "text": "Showing 1 of 1 result(s)"},
                                                  "input": {"text": "Showing 1 of 1 result(s)"}}),
    _step("Step: open the Notebook", {"tool": "click", "target": {"role": "link", "name": "4"}}),
    _step("Check: the form shows the Notebook", {"tool": "expect_value", "target": {"role": "textbox", "nth": 0},
                                                 "input": {"value": "Notebook"}}),
]

SCRIPTS["piccolo-admin"] = PICCOLO_ADMIN
