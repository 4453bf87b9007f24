"""``target_for`` on pages where Playwright's own locator generator fails (page/targets.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_lumen.page.fingerprint import capture
from pytest_lumen.page.targets import normalized_locator, target_for

# sqlite-web 0.5's insert form, as it renders it: Bootstrap input groups, a checkbox per column, and a field named
# "id" (the table's key column), which makes ``form.id`` that field instead of the form's id. Beside the form, the
# sidebar's table search and the header's new-table box, whose names hold "name" too.
INSERT_FORM = """<!doctype html><html><head><title>SQLite Web</title></head><body><div class="container">
<form action="/create-table/" class="form-inline float-right" method="post">
<input class="form-control form-control-sm" name="table_name" placeholder="new_table_name">
<button class="btn btn-primary btn-sm" type="submit">Create</button></form>
<div class="row"><div class="col-3" id="sidebar"><input class="form-control form-control-sm" id="table-search"
placeholder="table name..." type="text"></div>
<div class="col-9" id="content"><h3>Insert row into products</h3>
<form action="/products/insert/" method="post" role="form">
<div class="form-group row"><label for="id_id" class="col-sm-2 col-form-label">id</label><div class="col-sm-10">
<div class="input-group"><div class="input-group-prepend"><div class="input-group-text"><input checked
class="chk-enable-column" data-target-element="id_id" tabindex="-1" type="checkbox" name="chk_id"
aria-label="Allow updating this column."></div></div><input class="form-control" id="id_id" name="id" value=""></div>
</div></div>
<div class="form-group row"><label for="id_name" class="col-sm-2 col-form-label">name</label><div class="col-sm-10">
<div class="input-group"><div class="input-group-prepend"><div class="input-group-text"><input checked
class="chk-enable-column" data-target-element="id_name" tabindex="-1" type="checkbox" name="chk_name"
aria-label="Allow updating this column."></div></div><textarea class="form-control" id="id_name" name="name">
</textarea></div></div></div>
<button class="btn btn-primary" type="submit">Insert</button></form></div></div></div></body></html>"""


def test_a_field_of_a_form_whose_id_a_field_shadows_gets_a_locator_of_its_own(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    page.goto(site_factory({"insert.html": INSERT_FORM}).url + "/insert.html")
    field = page.locator("#id_name")
    with pytest.raises(PlaywrightError, match="is not a function"):  # what recording met: Playwright's generator fails
        field.normalize()

    target, live = target_for(page, field)

    assert target.locator.describe() == 'get_by_role("textbox", name="name", exact=True)'
    assert live.evaluate("(found, wanted) => found === wanted", field.element_handle())
    live.fill("Watering can")
    assert field.input_value() == "Watering can"


def test_a_checkbox_named_as_its_neighbours_are_is_found_by_its_name_attribute_as_the_generator_would(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    page.goto(site_factory({"insert.html": INSERT_FORM}).url + "/insert.html")
    name_column = page.locator("input[name=chk_name]")  # "Allow updating this column.", as the id column's is
    with pytest.raises(PlaywrightError, match="is not a function"):
        name_column.normalize()

    target, live = target_for(page, name_column)

    assert target.locator.describe() == 'locator("input[name=\\"chk_name\\"]")'
    assert live.evaluate("(found, wanted) => found === wanted", name_column.element_handle())


def test_an_element_gone_before_its_locator_is_made_fails_as_playwright_says(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    page.goto(site_factory({"insert.html": INSERT_FORM}).url + "/insert.html")
    field = page.locator("#id_name")
    fp = capture(field)
    field.evaluate("field => field.remove()")

    with pytest.raises(PlaywrightError):
        normalized_locator(page, field, fp)


SHELL = ('<!doctype html><html><body><h1>Products</h1><label>name <input name="name"></label>'
         '<iframe title="Insert a row" src="/insert.html" width="900" height="600"></iframe></body></html>')
OUTER = '<!doctype html><html><body><iframe title="Admin" src="/shell.html" width="1000" height="700"></iframe></body></html>'


@pytest.mark.parametrize("start, frames", [("/shell.html", ['iframe[title="Insert a row"]']),
                                           ("/outer.html", ['iframe[title="Admin"]', 'iframe[title="Insert a row"]'])],
                         ids=["an iframe", "an iframe in an iframe"])
def test_inside_an_iframe_the_field_is_found_in_that_iframe(
        page: Any, site_factory: Callable[[dict[str, str]], Any], start: str, frames: list[str]) -> None:
    page.goto(site_factory({"insert.html": INSERT_FORM, "shell.html": SHELL, "outer.html": OUTER}).url + start)
    document = page
    for frame in frames:
        document = document.frame_locator(frame)
    field = document.locator("#id_name")
    with pytest.raises(PlaywrightError, match="is not a function"):
        field.normalize()

    target, live = target_for(page, field)

    assert target.locator.describe().endswith('.get_by_role("textbox", name="name", exact=True)')
    assert target.locator.frame() is not None  # not the shell's own "name" field, which the same locator finds
    assert live.evaluate("(found, wanted) => found === wanted", field.element_handle())
