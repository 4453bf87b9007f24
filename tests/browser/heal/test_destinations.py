"""What a candidate declares decides, before any click, whether it may be the recorded control.

Pages render as real releases do: a navbar's user dropdown whose "Log out" link became a button in
a POST form (as Django 5's admin did), and a todo app's filter bar with a "Clear completed" button
beside the filters (as TodoMVC renders it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import ReplayError
from tests.browser.heal.test_relabel import record, replay

NAVBAR = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site administration</title></head><body>
<nav class="navbar navbar-expand" aria-label="Main">
  <a class="navbar-brand" href="/index.html">Site administration</a>
  <div class="dropdown"><button class="btn dropdown-toggle" type="button" aria-expanded="true">admin</button>
    <ul class="dropdown-menu show">
      <li><a class="dropdown-item" href="/admin/password_change/">Change password</a></li>
      <li>{logout}</li>
    </ul></div>
</nav>
<main><h1>Site administration</h1><p>Recent actions</p></main></body></html>"""
LOGOUT_LINK = '<a class="dropdown-item" href="/admin/logout/">Log out</a>'
LOGOUT_FORM = ('<form id="logout-form" method="post" action="/admin/logout/">'
               '<input type="hidden" name="csrfmiddlewaretoken" value="k3y">'
               '<button type="submit" class="dropdown-item">Log out</button></form>')
PAGE = "<!doctype html><html lang='en'><body><main><h1>{}</h1></main></body></html>"


@pytest.fixture
def navbar(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """The admin with its "Log out" link, "log out" recorded on it; the site to redesign."""
    site = site_factory({"index.html": NAVBAR.format(logout=LOGOUT_LINK), "admin/logout/index.html": PAGE.format("Logged out"),
                         "admin/password_change/index.html": PAGE.format("Password change")})
    record(page, site.url + "/index.html", tmp_path, "log out",
           [{"tool": "click", "target": {"role": "link", "name": "Log out"}}, {"tool": "done"}])
    assert page.url.endswith("/admin/logout/")
    return site


def test_a_logout_link_that_became_a_post_form_button_is_the_same_command(navbar: Any, page: Any,
                                                                           tmp_path: Path) -> None:
    (navbar.root / "index.html").write_text(NAVBAR.format(logout=LOGOUT_FORM), encoding="utf-8")
    navbar.requested.clear()
    ctx = replay(page, navbar.url + "/index.html", tmp_path, "log out")
    assert page.url.endswith("/admin/logout/") and "POST /admin/logout/" in navbar.requested
    assert not [p for p in navbar.requested if "password_change" in p]
    assert len(ctx.heals) == 1  # found by its recorded text fallback: a button now, read to post where the link led
    assert page.url.endswith("/admin/logout/") and ctx.figures.model_calls == 0


def test_with_the_logout_control_gone_its_menu_neighbour_is_not_clicked(navbar: Any, page: Any,
                                                                         tmp_path: Path) -> None:
    (navbar.root / "index.html").write_text(NAVBAR.format(logout=""), encoding="utf-8")
    navbar.requested.clear()
    with pytest.raises(ReplayError, match=r"zero-token heal found nothing \(left out 2 elements that declare another "
                                          r"destination"):
        replay(page, navbar.url + "/index.html", tmp_path, "log out")
    assert page.url.endswith("/index.html") and navbar.requested == ["/index.html"]  # nothing but the page itself


# TodoMVC's footer: filter links on a hash router, and a "Clear completed" button that deletes.
TODOS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>todos</title></head><body>
<section class="todoapp"><header class="header"><h1>todos</h1></header>
<ul class="todo-list"><li class="completed">buy milk</li><li>walk the dog</li></ul>
<footer class="footer"><span class="todo-count"><strong>1</strong> item left</span>
  <ul class="filters">
    <li><a class="selected" href="#/">All</a></li>
    <li><a href="#/active">Active</a></li>
    {completed}
  </ul>
  <button class="clear-completed">Clear completed</button>
</footer></section>
<script>
  const list = document.querySelector('.todo-list');
  const show = () => list.querySelectorAll('li').forEach((li) => {
    const want = location.hash.replace('#/', '');
    const done = li.classList.contains('completed');
    li.hidden = (want === 'completed' && !done) || (want === 'active' && done);
  });
  window.addEventListener('hashchange', show); show();
  document.querySelector('.clear-completed').addEventListener('click', () => {
    list.querySelectorAll('li.completed').forEach((li) => li.remove());
    document.body.dataset.cleared = 'yes';
  });
</script></body></html>"""
COMPLETED = '<li><a href="#/completed">Completed</a></li>'


FILTERS = ('<li><a class="selected" href="#/">All</a></li>\n    <li><a href="#/active">Active</a></li>\n    '
           '{completed}')


@pytest.mark.parametrize("release", ["completed_filter_removed", "filter_bar_removed"])
def test_a_removed_filter_is_not_replaced_by_the_button_that_kept_a_word_of_it(
        release: str, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": TODOS.replace("{completed}", COMPLETED)})
    record(page, site.url + "/index.html#/", tmp_path, "show the completed todos",
           [{"tool": "click", "target": {"role": "link", "name": "Completed"}}, {"tool": "done"}])
    assert page.url.endswith("/index.html#/completed")

    regression = TODOS.replace("{completed}", "")  # a release that lost the filter: a real regression
    if release == "filter_bar_removed":
        regression = regression.replace(FILTERS.replace("{completed}", ""), "")
    assert regression.count("Active") == (1 if release == "completed_filter_removed" else 0)
    (site.root / "index.html").write_text(regression, encoding="utf-8")
    page.goto("about:blank")  # the new release is loaded, not the recorded document routed back to #/
    with pytest.raises(ReplayError, match=r"relabel: its name 'Completed' became 'Clear completed', which is not "
                                          r"known to mean the same; a control that would destroy is taken by its own "
                                          r"name or a same-scope synonym only"):
        replay(page, site.url + "/index.html#/", tmp_path, "show the completed todos")
    assert page.locator("body").get_attribute("data-cleared") is None  # no data was deleted
    assert page.locator(".todo-list li").all_inner_texts() == ["buy milk", "walk the dog"]


# Flask-Admin's list as 1.6 renders it (Bootstrap 3: glyphicons, an icon font whose glyph is each row link's only
# name) and as 2.0 does (Bootstrap 4 and Font Awesome: other glyphs). Every link carries where the page it opens
# returns to (``url=``, the list's own address), and 2.0 writes the list's address with ``?page_size=20``.
ADMIN_LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product - Shop admin</title>
<style>{css}</style></head><body>
<nav class="navbar"><a class="navbar-brand" href="/admin">Shop admin</a></nav>
<div class="container"><ul class="nav nav-tabs"><li class="active"><a href="javascript:void(0)">List (4)</a></li>
<li><a href="/admin/product/new/?url={back}" title="Create New Record">Create</a></li>
<li><a href="/admin/product/export/?format={export}&amp;url={back}" title="Export"><span class="{download}"></span></a></li></ul>
<table class="table table-striped table-bordered model-list"><thead><tr><th class="column-header"></th>
<th class="column-header col-name">Name</th><th class="column-header col-price">Price</th></tr></thead><tbody>
{rows}</tbody></table></div></body></html>"""
ADMIN_ROW = ('<tr><td class="list-buttons-column"><a class="icon" href="/admin/product/details/?id={id}&amp;url={back}" '
             'title="View Record"><span class="{eye}"></span></a> <a class="icon" href="/admin/product/edit/?id={id}&amp;'
             'url={back}" title="Edit Record"><span class="{pencil}"></span></a></td><td class="col-name">{name}</td>'
             '<td class="col-price">{price}</td></tr>')
PRODUCTS = [(1, "Blue mug", "8.5"), (2, "Green plate", "11.5"), (3, "Desk lamp", "24.0"), (4, "Notebook", "3.25")]
# each release loads its own icon font into the same spans, which name both: 1.6 Bootstrap 3's glyphicons, 2.0 Font Awesome
GLYPHICONS = """.glyphicon:before { font-family: 'Glyphicons Halflings'; } .glyphicon-eye-open:before { content: "\\e105"; }
.glyphicon-pencil:before { content: "\\270f"; } .glyphicon-download:before { content: "\\e025"; }"""
FONT_AWESOME = """.fa:before { font-family: 'FontAwesome'; } .fa-eye:before { content: "\\f06e"; }
.fa-pencil:before { content: "\\f040"; } .fa-download:before { content: "\\f019"; }"""
BOOTSTRAP3 = {"css": GLYPHICONS, "back": "%2Fadmin%2Fproduct%2F", "eye": "fa fa-eye glyphicon glyphicon-eye-open",
              "pencil": "fa fa-pencil glyphicon glyphicon-pencil", "download": "fa fa-download glyphicon glyphicon-download"}
BOOTSTRAP4 = {**BOOTSTRAP3, "css": FONT_AWESOME, "back": "%2Fadmin%2Fproduct%2F%3Fpage_size%3D20"}  # the same spans


def admin_list(theme: dict[str, str], export: str = "csv") -> str:
    rows = "".join(ADMIN_ROW.format(id=i, name=name, price=price, **theme) for i, name, price in PRODUCTS)
    return ADMIN_LIST.format(rows=rows, export=export, **theme)


@pytest.fixture
def admin(page: Any, site_factory: Callable[[dict[str, str]], Any]) -> Any:
    """Flask-Admin 1.6's product list; its details, edit and export pages."""
    return site_factory({"admin/product/index.html": admin_list(BOOTSTRAP3),
                         "admin/product/details/index.html": PAGE.format("Details"),
                         "admin/product/edit/index.html": PAGE.format("Edit"),
                         "admin/product/export/index.html": PAGE.format("Export")})


def test_a_row_link_whose_return_address_the_release_rewrote_still_leads_to_its_row(admin: Any, page: Any,
                                                                                   tmp_path: Path) -> None:
    record(page, admin.url + "/admin/product/", tmp_path, "view the details of the Notebook",
           [{"tool": "click", "target": {"role": "link", "name": "\ue105", "nth": 3}}, {"tool": "done"}])
    assert "/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F" in page.url
    (admin.root / "admin/product/index.html").write_text(admin_list(BOOTSTRAP4), encoding="utf-8")
    admin.requested.clear()
    ctx = replay(page, admin.url + "/admin/product/", tmp_path, "view the details of the Notebook")
    assert admin.requested == ["/admin/product/", "/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20"]
    assert ctx.heals == [] and ctx.figures.model_calls == 0  # found by its row and title, where the step led


@pytest.mark.parametrize(("export", "heals"), [("csv", True), ("json", False)], ids=["same-format", "another-format"])
def test_a_link_whose_return_address_changed_is_the_recorded_one_only_if_the_rest_of_its_address_is(
        admin: Any, page: Any, tmp_path: Path, export: str, heals: bool) -> None:
    record(page, admin.url + "/admin/product/", tmp_path, "export the products as CSV",
           [{"tool": "click", "target": {"role": "link", "name": "\ue025"}}, {"tool": "done"}])
    (admin.root / "admin/product/index.html").write_text(admin_list(BOOTSTRAP4, export), encoding="utf-8")
    admin.requested.clear()
    if heals:
        ctx = replay(page, admin.url + "/admin/product/", tmp_path, "export the products as CSV")
        assert admin.requested[1:] == ["/admin/product/export/?format=csv&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20"]
        assert ctx.heals == [] and ctx.figures.model_calls == 0  # found by its title, where the step led
        return
    with pytest.raises(ReplayError, match=r"it declares the link /admin/product/export/\?format=json&url=.*, and the "
                                          r"step led to /admin/product/export/\?format=csv"):
        replay(page, admin.url + "/admin/product/", tmp_path, "export the products as CSV")
    assert admin.requested == ["/admin/product/"]  # the JSON export, another download, is never asked for


# starlette-admin's list as 0.x renders it (Tabler: "+ New Product" opens the create page) and as 1.0 does: the link is
# named "New Product" beside a Font Awesome icon and carries the list it was on (``_origin=``), as the create page's
# form then does to the address it posts to; a "Duplicate" link per row opens the same create page for a copy of a row.
TABLER_LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products | Admin</title></head>
<body class="antialiased"><div class="page"><div class="page-wrapper"><div class="container-xl">
<div class="page-header d-print-none"><div class="row align-items-center"><div class="col"><h2 class="page-title">Products
</h2></div><div class="col-auto ms-auto d-print-none"><div class="btn-list">{new}</div></div></div></div>
<div class="card"><table class="table card-table table-vcenter text-nowrap datatable"><thead><tr><th>Name</th><th>Price</th>
<th class="w-1"></th></tr></thead><tbody>{rows}</tbody></table></div></div></div></div></body></html>"""
TABLER_ROW = ('<tr><td>{name}</td><td>{price}</td><td><a class="btn btn-sm" href="/admin/product/create/?pks={id}&amp;'
              '_origin=%2Fadmin%2Fproduct%2Flist%2F">Duplicate</a></td></tr>')
NEW_0X = '<a href="/admin/product/create/" class="btn btn-primary d-none d-sm-inline-block">+ New Product</a>'
NEW_1X = ('<a href="/admin/product/create/?_origin=%2Fadmin%2Fproduct%2Flist%2F" class="btn btn-primary">'
          '<i class="fa-solid fa-plus me-2"></i><span>New Product</span></a>')


def tabler_list(new: str) -> str:
    return TABLER_LIST.format(new=new, rows="".join(TABLER_ROW.format(id=i, name=n, price=p) for i, n, p in PRODUCTS))


@pytest.mark.parametrize(("new", "heals"), [(NEW_1X, True), ("", False)], ids=["return-address-added", "link-gone"])
def test_a_link_that_gained_a_return_address_to_its_page_leads_where_it_led(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, new: str, heals: bool) -> None:
    site = site_factory({"admin/product/list/index.html": tabler_list(NEW_0X), "admin/product/create/index.html": PAGE.format(
        "New Product")})
    record(page, site.url + "/admin/product/list/", tmp_path, "open the form for a new product",
           [{"tool": "click", "target": {"role": "link", "name": "+ New Product"}}, {"tool": "done"}])
    (site.root / "admin/product/list/index.html").write_text(tabler_list(new), encoding="utf-8")
    site.requested.clear()
    if heals:
        ctx = replay(page, site.url + "/admin/product/list/", tmp_path, "open the form for a new product")
        assert site.requested[1:] == ["/admin/product/create/?_origin=%2Fadmin%2Fproduct%2Flist%2F"]
        assert len(ctx.heals) == 1 and ctx.figures.model_calls == 0
        return
    with pytest.raises(ReplayError, match=r"it declares the link /admin/product/create/\?_origin=\S+&pks=1, and the step "
                                          r"led to /admin/product/create/;"):
        replay(page, site.url + "/admin/product/list/", tmp_path, "open the form for a new product")
    assert site.requested == ["/admin/product/list/"]  # no row's copy is opened in its place


# A record's page of a PHP-style admin whose one form page both adds (no id) and edits (?id=3): the release renames its
# "Add item" link "New item" and gives adding a route of its own. What the record's page carries in its own address
# (id=3) names the record its "Edit item" opens: that link is never the "Add item" that opened an empty form.
ITEM_VIEW = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Item 3 - Inventory</title></head><body>
<div id="app"><header class="app-header"><nav class="nav"><a class="nav-link" href="/item/list/">Items</a></nav></header>
<main class="container"><h1 class="h3">Desk lamp</h1><dl><dt>Price</dt><dd>24.00</dd></dl>
<div class="btn-toolbar"><a class="btn btn-outline-primary" href="/item/edit/?id=3">Edit item</a>
<a class="btn btn-primary" href="{add}">{add_name}</a></div></main></div></body></html>"""


def test_a_link_that_carries_the_record_its_page_shows_is_not_the_one_that_opened_an_empty_form(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"item/view/index.html": ITEM_VIEW.format(add="/item/edit/", add_name="Add item"),
                         "item/edit/index.html": PAGE.format("Item"), "item/create/index.html": PAGE.format("New item"),
                         "item/list/index.html": PAGE.format("Items")})
    record(page, site.url + "/item/view/?id=3", tmp_path, "add an item",
           [{"tool": "click", "target": {"role": "link", "name": "Add item"}}, {"tool": "done"}])
    assert page.url.endswith("/item/edit/")
    (site.root / "item/view/index.html").write_text(ITEM_VIEW.format(add="/item/create/", add_name="New item"),
                                                    encoding="utf-8")
    site.requested.clear()
    with pytest.raises(ReplayError, match=r"'Edit item': it declares the link /item/edit/\?id=3, and the step led to "
                                          r"/item/edit/"):
        replay(page, site.url + "/item/view/?id=3", tmp_path, "add an item")
    assert site.requested == ["/item/view/?id=3"]  # neither the record's edit form nor the new route is opened


# starlette-admin's create form as 0.x renders it (its action the create page's address, written out) and as 1.0 does:
# the page carries the list it came from (``_origin=``), and the form posts to the page's own address, ``_origin``
# included. Its three submit buttons post the same form; the server saves and answers with the list (Post/Redirect/Get).
CREATE_FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>New Product | Admin</title></head>
<body class="antialiased"><div class="page"><div class="page-wrapper"><div class="container-xl"><div class="card">
<form action="{action}" method="POST" enctype="multipart/form-data"><input type="hidden" name="csrftoken" value="eJwNy.pOFl">
<div class="card-header"><h3 class="card-title">New Product</h3></div><div class="card-body py-3">
<div class="mb-3"><label class="form-label required" for="name">Name</label><input id="name" name="name"
 class="field-string form-control" type="text" maxlength="100" required></div>
<div class="mb-3"><label class="form-label required" for="price">Price</label><input id="price" name="price"
 class="field-float form-control" type="text" required></div></div>
<div class="card-footer"><div class="btn-list ms-auto justify-content-end">
<a href="/admin/product/list/" class="btn btn-danger"><i class="fa-solid fa-xmark me-1"></i>Cancel</a>
<button type="submit" name="_add_another" class="btn">Save and add another</button>
<button type="submit" name="_continue_editing" class="btn">Save and continue editing</button>
<button type="submit" class="btn btn-primary">Save <i class="fa-solid fa-arrow-right ms-1"></i></button>
</div></div></form></div></div></div></div></body></html>"""
ORIGIN = "?_origin=%2Fadmin%2Fproduct%2Flist%2F"
CREATE = [{"tool": "fill", "target": {"role": "textbox", "name": "Name"}, "input": {"value": "Watering can"}},
          {"tool": "fill", "target": {"role": "textbox", "name": "Price"}, "input": {"value": "14"}},
          {"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}]


@pytest.mark.parametrize(("action", "heals"), [("/admin/product/create/" + ORIGIN, True),
                                               ("/admin/product/import/" + ORIGIN, False)],
                         ids=["posts-to-its-page", "posts-elsewhere"])
def test_a_form_that_posted_to_its_page_is_the_form_that_posts_to_its_page_now(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, action: str, heals: bool) -> None:
    site = site_factory({"admin/product/create/index.html": CREATE_FORM.format(action="/admin/product/create/"),
                         "admin/product/list/index.html": tabler_list(NEW_0X)})
    site.redirect("/admin/product/create/", "/admin/product/list/", posts_only=True)
    record(page, site.url + "/admin/product/create/", tmp_path, "create a product named Watering can that costs 14", CREATE)
    assert "POST /admin/product/create/" in site.requested and page.url.endswith("/admin/product/list/")
    (site.root / "admin/product/create/index.html").write_text(CREATE_FORM.format(action=action), encoding="utf-8")
    site.requested.clear()
    if heals:
        ctx = replay(page, site.url + "/admin/product/create/" + ORIGIN, tmp_path,
                     "create a product named Watering can that costs 14")
        assert site.requested == ["/admin/product/create/" + ORIGIN, "POST /admin/product/create/" + ORIGIN,
                                  "/admin/product/list/"]
        assert ctx.heals == [] and ctx.figures.model_calls == 0  # its own "Save", by its recorded locator
        return
    with pytest.raises(ReplayError, match=r"'Save': it declares its form's POST action /admin/product/import/\?_origin="
                                          r"\S+, and the recorded one declared /admin/product/create/"):
        replay(page, site.url + "/admin/product/create/" + ORIGIN, tmp_path, "create a product named Watering can that costs 14")
    assert site.requested == ["/admin/product/create/" + ORIGIN]  # nothing is posted, to the import nor elsewhere


# A PHP-style admin whose one item page edits a record (?id=3&mode=edit) and reprices in bulk (?id=all&mode=bulk), its
# form posting to the page's own address either way: the bulk form, on the same path, is not the recorded one.
ITEM_FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head><body><main>
<h1 class="h3">{title}</h1><form action="{action}" method="POST" class="form-horizontal"><div class="form-group">
<label for="price">Price</label><input id="price" name="price" class="form-control"></div>
<button type="submit" class="btn btn-primary">Save</button></form></main></body></html>"""


def test_a_form_that_posts_to_another_page_of_its_path_is_not_the_one_that_posted_to_its_page(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"item/index.html": ITEM_FORM.format(title="Edit item", action="/item/?id=3&mode=edit"),
                         "list/index.html": PAGE.format("Items")})
    site.redirect("/item/", "/list/", posts_only=True)
    script = [{"tool": "fill", "target": {"role": "textbox", "name": "Price"}, "input": {"value": "0"}},
              {"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}]
    record(page, site.url + "/item/?id=3&mode=edit", tmp_path, "set the price to 0", script)
    assert "POST /item/?id=3&mode=edit" in site.requested
    (site.root / "item/index.html").write_text(ITEM_FORM.format(title="Bulk reprice", action="/item/?id=all&mode=bulk"),
                                               encoding="utf-8")
    site.requested.clear()
    with pytest.raises(ReplayError, match=r"'Save': it declares its form's POST action /item/\?id=all&mode=bulk, and the "
                                          r"recorded one declared /item/\?id=3&mode=edit"):
        replay(page, site.url + "/item/?id=all&mode=bulk", tmp_path, "set the price to 0")
    assert site.requested == ["/item/?id=all&mode=bulk"]  # every item is not repriced


def test_a_form_that_posted_elsewhere_is_not_the_one_that_posts_to_its_page_now(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # When recorded, the form page (/new/) posted to another address (/create/): a form that posts to its own page now
    # declares a destination the recording never had, whatever the page's address carries.
    site = site_factory({"admin/product/new/index.html": CREATE_FORM.format(action="/admin/product/create/"),
                         "admin/product/list/index.html": tabler_list(NEW_0X)})
    site.redirect("/admin/product/create/", "/admin/product/list/", posts_only=True)
    site.redirect("/admin/product/new/", "/admin/product/list/", posts_only=True)
    record(page, site.url + "/admin/product/new/", tmp_path, "create a product named Watering can that costs 14", CREATE)
    assert "POST /admin/product/create/" in site.requested
    (site.root / "admin/product/new/index.html").write_text(CREATE_FORM.format(action="/admin/product/new/" + ORIGIN),
                                                            encoding="utf-8")
    site.requested.clear()
    with pytest.raises(ReplayError, match=r"'Save': it declares its form's POST action /admin/product/new/\?_origin="
                                          r"\S+, and the recorded one declared /admin/product/create/"):
        replay(page, site.url + "/admin/product/new/" + ORIGIN, tmp_path, "create a product named Watering can that costs 14")
    assert site.requested == ["/admin/product/new/" + ORIGIN]  # nothing is posted


# starlette-admin's list rows as 0.x renders them (icon links to /detail/2, named by the Font Awesome glyph alone) and
# as 1.0 does (named "View" and "Edit", the record's key in the query: /detail?pk=2, with the list to return to); and an
# HR app's people list whose release dropped the view link and links each person's reports (/people/?manager=2, the
# person's own id, on the list's route) or pins a person (a POST form, the id in its query). A link whose query holds
# the recorded page's last segment may be that record's page with its key moved, a filter of the list, a page number:
# nothing on the page tells them apart, so none of them is taken for the recorded link, and nothing is opened or sent.
SA_LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products | Admin</title>
<style>.fa-solid:before {{ font-family: 'Font Awesome 6 Free'; }} .fa-eye:before {{ content: "\\f06e"; }}
.fa-edit:before {{ content: "\\f044"; }} .fa-trash:before {{ content: "\\f2ed"; }}</style></head>
<body class="antialiased"><div class="page"><div class="page-wrapper"><div class="container-xl"><div class="card">
<table class="table card-table table-vcenter" id="dt"><thead><tr><th></th><th>Id</th><th>Name</th><th>Price</th></tr></thead>
<tbody>{rows}</tbody></table>{pages}</div></div></div></div></body></html>"""
SA_ROW_0X = ('<tr id="{id}"><td><div class="d-flex"><a href="/admin/product/detail/{id}/" data-bs-toggle="tooltip" '
             'title="View"><span class="me-1"><i class="fa-solid fa-eye"></i></span></a><a href="/admin/product/edit/{id}/" '
             'data-bs-toggle="tooltip" title="Edit"><span class="me-1"><i class="fa-solid fa-edit"></i></span></a></div></td>'
             '<td>{id}</td><td>{name}</td><td>{price}</td></tr>')
SA_BACK = "_origin=%2Fadmin%2Fproduct%2Flist%2F"
SA_ROW_1X = ('<tr data-sa-pk="{id}" class="row-clickable" tabindex="0"><td><div class="d-flex">{view}<a title="Edit" '
             'aria-label="Edit" href="/admin/product/edit/?pk={id}&amp;' + SA_BACK + '"><span class="me-1"><i '
             'class="fa-solid fa-edit" aria-hidden="true"></i></span></a><a title="Delete" aria-label="Delete" href="#" '
             'data-bs-toggle="modal"><span class="me-1"><i class="fa-solid fa-trash" aria-hidden="true"></i></span></a>'
             '</div></td><td>{id}</td><td>{name}</td><td>{price}</td></tr>')
SA_VIEW_1X = ('<a title="View" aria-label="View" href="/admin/product/detail/?pk={id}&amp;' + SA_BACK + '"><span '
              'class="me-1"><i class="fa-solid fa-eye" aria-hidden="true"></i></span></a>')
SA_PAGES = ('<ul class="pagination">' + "".join(f'<li class="page-item"><a class="page-link" href="/admin/product/detail/?'
                                                f'page={n}">{n}</a></li>' for n in (1, 2)) + '</ul>')
PEOPLE = [(1, "Bob Stone", "Sales"), (2, "Ann Smith", "Engineering"), (3, "Cho Lee", "Support"), (4, "Dan Roe", "Legal")]
HR_LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title></head><body><main>
<h1>People</h1><table class="table"><thead><tr><th></th><th>Name</th><th>Team</th></tr></thead><tbody>{rows}</tbody>
</table></main></body></html>"""
HR_ROWS = {"recorded": '<tr><td><a href="/people/{id}/">View</a></td><td>{name}</td><td>{team}</td></tr>',
           "reports": '<tr><td><a href="/people/?manager={id}">Reports</a></td><td>{name}</td><td>{team}</td></tr>',
           "pin": ('<tr><td><form method="post" action="/people/?pin={id}"><button>Pin</button></form></td><td>{name}</td>'
                   '<td>{team}</td></tr>')}


def sa_list(row: str, view: str = "", pages: str = "") -> str:
    rows = "".join(row.format(id=i, name=n, price=p, view=view.format(id=i)) for i, n, p in PRODUCTS)
    return SA_LIST.format(rows=rows, pages=pages)


def hr_list(row: str) -> str:
    return HR_LIST.format(rows="".join(HR_ROWS[row].format(id=i, name=n, team=t) for i, n, t in PEOPLE))


@pytest.mark.parametrize("release", ["key-in-the-query", "view-link-gone", "reports-of-the-person", "pin-the-person"])
def test_a_link_whose_query_holds_the_recorded_records_key_is_not_taken_for_that_records_link(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    if release in ("key-in-the-query", "view-link-gone"):
        site = site_factory({"admin/product/list/index.html": sa_list(SA_ROW_0X),
                             **{f"admin/product/detail/{i}/index.html": PAGE.format(n) for i, n, _ in PRODUCTS}})
        where, step, name, opened = "/admin/product/list/", "view the details of the Green plate", "\uf06e", "/detail/2/"
        new = sa_list(SA_ROW_1X, SA_VIEW_1X) if release == "key-in-the-query" else sa_list(SA_ROW_1X, pages=SA_PAGES)
    else:
        site = site_factory({"people/index.html": hr_list("recorded"),
                             **{f"people/{i}/index.html": PAGE.format(n) for i, n, _ in PEOPLE}})
        where, step, name, opened = "/people/", "view the details of Ann Smith", "View", "/people/2/"
        new = hr_list("reports" if release == "reports-of-the-person" else "pin")
    record(page, site.url + where, tmp_path, step, [{"tool": "click", "target": {"role": "link", "name": name, "nth": 1}},
                                                    {"tool": "done"}])
    assert page.url.endswith(opened)
    (site.root / where.strip("/") / "index.html").write_text(new, encoding="utf-8")
    site.requested.clear()
    with pytest.raises(ReplayError, match="zero-token heal found nothing"):
        replay(page, site.url + where, tmp_path, step)
    assert site.requested == [where]  # neither another page of the list, nor a filter of it, nor a POST
