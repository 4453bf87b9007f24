"""Swagger UI: a team's tests of its API docs page (copied into the inner project as test_swagger_ui.py).

Sentences for the steps; plain checks after them that catch a wrong element: the API calls the
server received (an operation next to the intended one, a DELETE beside a GET, is caught here),
and what the page shows. The calls are read after the response is on the page: Execute sends its
request asynchronously, so reading the server's log right after the click would race it.
"""


def calls(app):
    return [(c["method"], c["path"], c["query"]) for c in app.get_json("/__log")["log"]]


def test_find_pets_by_status(agent, page, app):
    page.goto(app.url + "/")
    agent.run("open the operation that finds pets by status and click Try it out")
    agent.run("choose the status sold and execute the request")
    agent.expect("the response body lists Whiskers")
    assert calls(app) == [("GET", "/api/pets", {"status": "sold"})]


def test_get_pet_by_id(agent, page, app):
    page.goto(app.url + "/")
    agent.run("open the operation that finds a pet by ID and click Try it out")
    agent.run("enter 3 as the pet ID and execute the request")
    agent.expect("the response shows Bubbles")
    assert calls(app) == [("GET", "/api/pets/3", {})]


def test_add_a_pet(agent, page, app):
    page.goto(app.url + "/")
    agent.run("open the operation that adds a new pet")
    agent.run("add a pet named Nemo with Try it out: write its body and execute")
    agent.expect("the server answered with the new pet Nemo")
    assert [p["name"] for p in app.get_json("/__log")["pets"]] == ["Rex", "Whiskers", "Bubbles", "Nemo"]


def test_filter_by_tag(agent, page, app):
    page.goto(app.url + "/")
    agent.run("filter the operations by the tag store")
    agent.expect("the inventory operation is listed")
    assert page.get_by_text("Finds pets by status").count() == 0


def test_pet_schema(agent, page, app):
    page.goto(app.url + "/")
    agent.run("open the Pet schema")
    agent.expect("the Pet schema says what the status means")
    assert page.get_by_text("pet status in the store").first.is_visible()
