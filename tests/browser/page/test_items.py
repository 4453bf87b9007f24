"""Rows, list items and cards are recorded and replayed by what identifies them, whatever else of them changes.

The admin list renders as sqladmin, starlette-admin and Flask-Admin do: a checkbox column, action icon links
named by their title, a primary key link cell, generated class names. The drift is what their releases do to
such a list: a column added, a date reformatted, the rows reordered, a row added above.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import model as A
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Step
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.errors import LumenAssertionError
from pytest_lumen.heal.attempt import ActionFailed
from pytest_lumen.page.targets import target_for
from pytest_lumen.replay.replayer import Replayer
from pytest_lumen.run.session import LumenSession

PRODUCTS = [(1, "Blue mug", "kitchen", "2026-01-05", "8.5"), (2, "Green plate", "kitchen", "2026-02-11", "6.0"),
            (3, "Desk lamp", "office", "2026-03-02", "24.0"), (4, "Notebook", "office", "2026-03-02", "3.25")]

ROW = """<tr class="css-{gen}">
  <td><input type="hidden" value="{pk}"><input class="form-check-input css-{gen}a" type="checkbox" aria-label="Select item"
       onclick="document.body.dataset.picked = '{pk}'"></td>
  <td class="text-end">
    <a href="/admin/product/details/{pk}" title="View"><span class="me-1"><i class="fa-solid fa-eye"></i></span></a>
    <a href="/admin/product/edit/{pk}" title="Edit" onclick="event.preventDefault(); document.body.dataset.picked = '{pk}'"><span
       class="me-1"><i class="fa-solid fa-pen-to-square"></i></span></a>
    <a href="#" data-pk="{pk}" title="Delete" onclick="event.preventDefault(); document.body.dataset.picked = '{pk}'"><span
       class="me-1"><i class="fa-solid fa-trash"></i></span></a>
  </td>
  <td><a href="/admin/product/details/{pk}" class="css-{gen}b">{pk}</a></td>
  {extra}<td>{name}</td><td>{category}</td><td>{added}</td><td>{price}</td>
  <td><span class="dropdown"><a href="#" onclick="event.preventDefault(); document.body.dataset.picked = '{pk}'"><svg
       aria-hidden="true" data-icon="ellipsis-v" class="svg-inline--fa fa-ellipsis-v" viewBox="0 0 192 512" width="8"
       height="16"><path fill="currentColor" d="M96 184c39.8 0 72 32.2 72 72s-32.2 72-72 72-72-32.2-72-72 32.2-72 72-72z"/>
       </svg></a></span></td>
</tr>"""

LIST = """<!doctype html><html lang="en"><head><title>Products</title><style>.fa-solid {{ display: inline-block; width: 16px; height: 16px; }}</style></head><body>
<div class="page-body"><h1>Products</h1>
<table class="table card-table table-vcenter text-nowrap"><thead><tr><th></th><th></th><th>Id</th>{extra_head}<th>Name</th>
<th>Category</th><th>Added</th><th>Price</th><th></th></tr></thead>
<tbody>{rows}</tbody></table>
<ul class="css-q1 activity">{items}</ul></div></body></html>"""  # noqa: E501 - page markup: a line of it is test data

ITEM = ("""<li class="css-{gen}"><h3>{name}</h3><p>{category}</p>"""
        """<button onclick="document.body.dataset.picked = '{pk}'">Archive</button></li>""")


def _long_date(iso: str) -> str:
    months = ["Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."]
    year, month, day = iso.split("-")
    return f"{months[int(month) - 1]} {int(day)}, {year}"


def admin_list(drift: str = "") -> str:
    """The product list as the recorded release renders it, or after one release's ``drift``."""
    products = list(PRODUCTS)
    if drift == "reordered":
        products = products[::-1]
    if drift == "row_above":
        products = [(5, "Desk lamp stand", "office", "2026-04-01", "24.0"), *products]
    extra_head = "<th>Updated</th>" if drift == "column" else ""
    gen = "x9f" if drift else "a1b"  # the generated class names change with every build
    rows = "".join(ROW.format(pk=pk, name=name, category=category, price=price, gen=gen,
                              added=_long_date(added) if drift == "date" else added,
                              extra="<td>2026-11-20 10:00</td>" if drift == "column" else "")
                   for pk, name, category, added, price in products)
    items = "".join(ITEM.format(pk=pk, name=name, category=category, gen=gen) for pk, name, category, *_ in products)
    return LIST.format(rows=rows, items=items, extra_head=extra_head)


def _replayer(page: Any, root: Path, gate: bool) -> Replayer:
    session = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL))
    return Replayer(page, session.new_context("test_x.py::test_x", root / ".lumen-cache" / "x.json", root / "out"), gate=gate)


ELEMENTS = {
    "the Green plate's delete icon": lambda page: page.locator('a[title=Delete][data-pk="2"]'),
    "the Desk lamp's edit icon": lambda page: page.locator('a[href="/admin/product/edit/3"]'),
    "the Notebook's checkbox": lambda page: page.locator("tbody tr").nth(3).get_by_role("checkbox"),
    "the Desk lamp's archive button": lambda page: page.locator("li").nth(2).get_by_role("button"),
    # a Vue admin's row menu (Piccolo Admin): a link with an icon and no name, which Playwright writes by its place on
    # the page (``internal:role=link >> internal:has-text=/^$/ >> nth=14``)
    "the Desk lamp's row menu": lambda page: page.locator("tbody tr").nth(2).locator(".dropdown a"),
}
PICKED = {"the Green plate's delete icon": "2", "the Desk lamp's edit icon": "3", "the Notebook's checkbox": "4",
          "the Desk lamp's archive button": "3", "the Desk lamp's row menu": "3"}


def test_an_element_in_a_row_is_recorded_in_the_row_its_identifying_text_finds(page: Any) -> None:
    page.set_content(admin_list())
    delete, _ = target_for(page, ELEMENTS["the Green plate's delete icon"](page))
    assert delete.locator.describe() == ('get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", '
                                         'exact=True)).get_by_role("link", name="Delete")')  # its name, not its id link
    checkbox, _ = target_for(page, ELEMENTS["the Notebook's checkbox"](page))
    assert checkbox.locator.has is None and checkbox.locator.parent is not None
    assert checkbox.locator.parent.has == A.LocatorSpec(kind="role", value="cell", name="Notebook", exact=True)
    assert checkbox.fingerprint is not None and checkbox.fingerprint.item == "Notebook"
    archive, _ = target_for(page, ELEMENTS["the Desk lamp's archive button"](page))
    assert archive.locator.describe().startswith(
        'get_by_role("listitem").filter(has=page.get_by_role("heading", name="Desk lamp", exact=True))')
    menu, _ = target_for(page, ELEMENTS["the Desk lamp's row menu"](page))
    assert menu.locator.describe() == ('get_by_role("row").filter(has=page.get_by_role("cell", name="Desk lamp", '
                                       'exact=True)).get_by_role("link").nth(4)')  # its place in its row, not on the page
    for target in (delete, checkbox, archive):  # never by position, never by the text of every cell
        assert "nth" not in target.locator.describe() and "Blue mug" not in target.locator.describe()
        assert all(way.parent is not None for way in target.fallbacks)  # a fallback searches the same item


def test_a_row_itself_is_recorded_by_its_identifying_text(page: Any) -> None:
    page.set_content(admin_list())
    row, live = target_for(page, page.locator("tbody tr").nth(2))
    assert row.locator.describe() == 'get_by_role("row").filter(has=page.get_by_role("cell", name="Desk lamp", exact=True))'
    assert live.count() == 1 and "Desk lamp" in live.inner_text()


def test_the_item_the_step_names_keys_the_row_even_its_id_when_the_step_says_it(page: Any) -> None:
    page.set_content(admin_list())
    delete, _ = target_for(page, ELEMENTS["the Green plate's delete icon"](page), "delete product 2")
    assert 'get_by_role("link", name="2", exact=True)' in delete.locator.describe()
    named, _ = target_for(page, ELEMENTS["the Green plate's delete icon"](page), "delete the office plate")
    assert 'name="Green plate"' in named.locator.describe()  # no text of its row is named: its name, never its id


def test_an_element_alone_of_its_kind_is_not_scoped(page: Any) -> None:
    page.set_content(admin_list())
    heading, _ = target_for(page, page.get_by_role("heading", name="Products"))
    assert heading.locator.describe() == 'get_by_role("heading", name="Products", exact=True)'


@pytest.mark.parametrize("drift", ["column", "date", "reordered", "row_above"])
@pytest.mark.parametrize("what", list(ELEMENTS))
def test_the_recorded_item_is_found_whatever_else_changed(page: Any, tmp_path: Path, what: str, drift: str) -> None:
    page.set_content(admin_list())
    target, _ = target_for(page, ELEMENTS[what](page))
    action = A.Check(target=target) if "checkbox" in what else A.Click(target=target)
    step = Step(key=step_key(what, []), instruction=what, url="/", actions=[action])
    for gate in (True, False):  # the gate and the full path give one verdict
        page.set_content(admin_list(drift))
        replayer = _replayer(page, tmp_path / str(gate), gate)
        _, heals = replayer.replay(0, step, {})
        assert (page.evaluate("document.body.dataset.picked"), heals) == (PICKED[what], [])


def test_a_checked_row_whose_other_cells_changed_is_the_recorded_row(page: Any, tmp_path: Path) -> None:
    page.set_content(admin_list())
    target, _ = target_for(page, page.locator("tbody tr").nth(2))
    check = A.Expect(check="visible", target=target)
    step = Step(key=step_key("the Desk lamp is listed", []), instruction="the Desk lamp is listed", url="/", actions=[check])
    page.set_content(admin_list("column"))
    _, heals = _replayer(page, tmp_path, True).replay(0, step, {})
    assert heals == []


def test_a_row_whose_identifying_text_is_gone_is_not_replaced_by_another(page: Any, tmp_path: Path) -> None:
    page.set_content(admin_list())
    target, _ = target_for(page, ELEMENTS["the Green plate's delete icon"](page))
    step = Step(key=step_key("delete the Green plate", []), instruction="delete the Green plate", url="/",
                actions=[A.Click(target=target)])
    page.set_content(admin_list().replace('<a href="/admin/product/details/2" class="css-a1bb">2</a>', "").replace(
        "Green plate", "Red plate"))
    with pytest.raises(ActionFailed, match="Delete"):  # and no other row's delete was clicked
        _replayer(page, tmp_path, True).replay(0, step, {})
    assert page.evaluate("document.body.dataset.picked") is None



def test_a_check_of_a_rows_text_finds_the_row_by_its_key_and_fails_on_the_value_alone(page: Any, tmp_path: Path) -> None:
    # the release added a column and a save ignored the price: the row is the recorded one, its price is the failure
    page.set_content(admin_list())
    target, _ = target_for(page, page.locator("tbody tr").nth(2))
    check = A.Expect(check="text", target=target, expected="24.0")
    step = Step(key=step_key("the Desk lamp costs 24.0", []), instruction="the Desk lamp costs 24.0", url="/",
                actions=[check])
    page.set_content(admin_list("column"))
    _, heals = _replayer(page, tmp_path / "same", True).replay(0, step, {})
    assert heals == []
    page.set_content(admin_list("column").replace("<td>24.0</td>", "<td>19.5</td>", 1))
    with pytest.raises(LumenAssertionError, match=r"expected '24\.0', got '.*Desk lamp.*19\.5'") as failed:
        _replayer(page, tmp_path / "changed", True).replay(0, step, {})
    assert "re-record" not in str(failed.value)


def test_a_row_element_recorded_by_every_cell_is_healed_into_the_row_its_identifying_text_finds(
        page: Any, tmp_path: Path) -> None:
    # a cache written before rows were known by their key: the row named by the text of every cell, which a new
    # column changes; the heal finds the checkbox in the one row whose key the recorded name holds, and keys it
    page.set_content(admin_list())
    recorded, _ = target_for(page, ELEMENTS["the Notebook's checkbox"](page))
    assert recorded.fingerprint is not None
    row_name = "4 Notebook office 2026-03-02 3.25"
    assert page.get_by_role("row", name=row_name).count() == 1
    old = A.Target(locator=A.LocatorSpec(kind="role", value="checkbox", parent=A.LocatorSpec(
        kind="role", value="row", name=row_name)), fingerprint=recorded.fingerprint.model_copy(update={"item": None}))
    step = Step(key=step_key("select the Notebook", []), instruction="select the Notebook", url="/",
                actions=[A.Check(target=old)])
    page.set_content(admin_list("column"))
    done, heals = _replayer(page, tmp_path, True).replay(0, step, {})
    assert page.evaluate("document.body.dataset.picked") == "4" and [str(h.level) for h in heals] == ["row_key"]
    healed = done[0].target
    assert healed.locator.parent.has is not None and healed.fingerprint.item == "Notebook", healed.locator.describe()


def test_a_row_named_by_every_cell_whose_keys_are_all_gone_is_not_guessed(page: Any, tmp_path: Path) -> None:
    page.set_content(admin_list())
    recorded, _ = target_for(page, ELEMENTS["the Notebook's checkbox"](page))
    assert recorded.fingerprint is not None
    old = A.Target(locator=A.LocatorSpec(kind="role", value="checkbox", parent=A.LocatorSpec(
        kind="role", value="row", name="9 Stapler office 2026-03-02 3.25")),  # a row since deleted
        fingerprint=recorded.fingerprint.model_copy(update={"item": None, "context": "9 Stapler office 2026-03-02 3.25"}))
    step = Step(key=step_key("select the Stapler", []), instruction="select the Stapler", url="/",
                actions=[A.Check(target=old)])
    page.set_content(admin_list("column"))
    with pytest.raises(ActionFailed, match="rows: 0 rows hold an identifying text"):
        _replayer(page, tmp_path, True).replay(0, step, {})
    assert page.evaluate("document.body.dataset.picked") is None


# --- cards that are plain divs: a CSS grid of repeated siblings, each with a heading or a link -------------

# Bootstrap: a row of columns, each holding a card; the card's title a heading, its action a link styled as a button.
BOOTSTRAP_CARD = ("""<div class="col"><div class="card h-100"><img src="data:," class="card-img-top" alt="">"""
                  """<div class="card-body"><h5 class="card-title">{name}</h5><p class="card-text">{category}</p>"""
                  """<p class="card-text"><small class="text-body-secondary">${price}</small></p>"""
                  """<button type="button" class="btn btn-primary" onclick="document.body.dataset.picked = '{pk}'">"""
                  """Add to cart</button></div></div></div>""")
BOOTSTRAP_GRID = '<main class="container"><h1>Shop</h1><div class="row row-cols-1 row-cols-md-3 g-4">{cards}</div></main>'
# Tailwind: a grid of bordered divs, the title a link (no heading), generated-looking utility classes.
TAILWIND_CARD = ("""<div class="group relative rounded-lg border border-gray-200 bg-white p-4 shadow-sm">"""
                 """<a href="/products/{pk}" class="text-lg font-semibold text-gray-900">{name}</a>"""
                 """<p class="mt-1 text-sm text-gray-500">{category} · ${price}</p>"""
                 """<button class="mt-4 w-full rounded-md bg-indigo-600 px-3 py-2 text-sm text-white" """
                 """onclick="document.body.dataset.picked = '{pk}'">Add to cart</button></div>""")
TAILWIND_GRID = ('<main class="mx-auto max-w-7xl"><h1 class="text-2xl">Shop</h1>'
                 '<div class="grid grid-cols-1 gap-6 sm:grid-cols-3">{cards}</div></main>')
CARDS = {"bootstrap": (BOOTSTRAP_GRID, BOOTSTRAP_CARD), "tailwind": (TAILWIND_GRID, TAILWIND_CARD)}


def card_grid(kind: str, drift: str = "") -> str:
    grid, card = CARDS[kind]
    products = list(PRODUCTS)
    if drift == "reordered":
        products = products[::-1]
    if drift == "card_above":
        products = [(5, "Desk lamp stand", "office", "2026-04-01", "24.0"), *products]
    if drift == "price":
        products = [(pk, name, category, added, "99.0") for pk, name, category, added, _ in products]
    return ('<!doctype html><html lang="en"><head><title>Shop</title></head><body>'
            + grid.format(cards="".join(card.format(pk=pk, name=name, category=category, price=price)
                                        for pk, name, category, _, price in products)) + "</body></html>")


@pytest.mark.parametrize("kind", list(CARDS))
def test_a_button_in_a_plain_div_card_is_recorded_in_the_card_its_title_finds(page: Any, kind: str) -> None:
    page.set_content(card_grid(kind))
    button = page.get_by_role("button", name="Add to cart").nth(2)
    target, live = target_for(page, button)
    title = 'get_by_role("heading", name="Desk lamp", exact=True)' if kind == "bootstrap" else \
        'get_by_role("link", name="Desk lamp", exact=True)'
    described = target.locator.describe()
    assert described.startswith("locator(") and f".filter(has=page.{title})" in described, described
    assert described.endswith('.get_by_role("button", name="Add to cart")'), described
    assert "nth" not in described and "css-" not in described and target.fingerprint is not None
    assert target.fingerprint.item == "Desk lamp"
    live.click()
    assert page.evaluate("document.body.dataset.picked") == "3"


@pytest.mark.parametrize("drift", ["reordered", "card_above", "price"])
@pytest.mark.parametrize("kind", list(CARDS))
def test_the_recorded_div_card_is_found_whatever_else_changed(page: Any, tmp_path: Path, kind: str, drift: str) -> None:
    page.set_content(card_grid(kind))
    target, _ = target_for(page, page.get_by_role("button", name="Add to cart").nth(2))
    step = Step(key=step_key("add the Desk lamp", []), instruction="add the Desk lamp", url="/",
                actions=[A.Click(target=target)])
    for gate in (True, False):  # the gate and the full path give one verdict
        page.set_content(card_grid(kind, drift))
        _, heals = _replayer(page, tmp_path / str(gate), gate).replay(0, step, {})
        assert (page.evaluate("document.body.dataset.picked"), heals) == ("3", [])


def test_two_divs_of_a_kind_are_no_repeated_items(page: Any) -> None:
    # two sections side by side with one heading each are a layout, not a list of records: not scoped by a title
    page.set_content('<main><div class="panel"><h2>Billing</h2><button>Edit</button></div>'
                     '<div class="panel"><h2>Shipping</h2><button>Edit</button></div></main>')
    target, _ = target_for(page, page.get_by_role("button", name="Edit").nth(1))
    assert target.fingerprint is not None and target.fingerprint.item is None, target.locator.describe()
