"""What the model is shown once another page has loaded: that page after it fetched what it renders.

An admin list is often a shell that its scripts fill from the app's API once the document has loaded (DataTables,
a React table): a look taken when the new document's DOMContentLoaded fired shows "Processing..." and a "Loading..."
row, and a check chosen there is chosen on a page that is not yet the page. A look at another document than the last
look's waits, as a step's first look does, until the page's requests have gone quiet (``record/snapshot.QUIET_MS``
at most), whether an action loaded it or the app went there on its own while the model thought (``MOVED_ON``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pytest_lumen.cache.model import Click, Expect
from pytest_lumen.context import TestContext
from pytest_lumen.planner import PlanRequest, ScriptedPlanner
from pytest_lumen.planner.base import MOVED_ON
from pytest_lumen.record.driver import ModelDriver, StepTask

# Tabler and DataTables as an admin renders its list: the table and its status line are in the document; its script,
# once the document has loaded, asks the API for the session, the labels and the ids, then for each record in turn (a
# client that loads records one by one: each answer at once here, where a real API takes tens of milliseconds).
LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products | Admin</title>
<script>
const get = async (url) => (await fetch(url, {headers: {accept: "application/json"}})).json();
document.addEventListener("DOMContentLoaded", async () => {
  await get("/admin/api/session");
  const labels = await get("/statics/i18n/dt/en.json");
  const {ids, total} = await get("/admin/api/product/ids?skip=0&limit=10");
  const rows = [];
  for (const id of ids) rows.push(await get(`/admin/api/product/${id}`));
  document.querySelector("#DataTables_Table_0 tbody").innerHTML = rows.map(r =>
    `<tr class="odd"><td class="dtr-control sorting_1">${r.id}</td><td>${r.name}</td><td>${r.price}</td></tr>`).join("");
  document.querySelector(".dataTables_processing").style.display = "none";
  document.querySelector("#DataTables_Table_0_info").textContent =
    labels.sInfo.replace("_START_", 1).replace(/_END_|_TOTAL_/g, total);
});
</script></head><body class="antialiased"><div class="page"><div class="page-wrapper"><div class="container-xl">
<h2 class="page-title">Products</h2>
<div id="DataTables_Table_0_wrapper" class="dataTables_wrapper dt-bootstrap5 no-footer">
<div class="dataTables_processing card" role="status"><div><div></div><div></div></div>Processing...</div>
<table id="DataTables_Table_0" class="table card-table table-vcenter text-nowrap datatable dataTable no-footer"
  aria-describedby="DataTables_Table_0_info">
<thead><tr><th class="sorting sorting_asc">Id</th><th class="sorting">Name</th><th class="sorting">Price</th></tr></thead>
<tbody><tr class="odd"><td valign="top" colspan="3" class="dataTables_empty">Loading...</td></tr></tbody></table>
<div class="dataTables_info" id="DataTables_Table_0_info" role="status" aria-live="polite"></div>
</div></div></div></div></body></html>"""

# A record's page: its Delete posts to the API, shows a toast, waits for the deletion's job to be done (a server that
# holds that answer until the test lets it go: ``Site``'s ``slow/``) and goes to the list on its own.
DETAIL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Green plate | Admin</title></head>
<body class="antialiased"><div class="page"><div class="page-wrapper"><div class="container-xl">
<h2 class="page-title">Green plate</h2><a class="btn btn-primary" href="/admin/product/list/">Products</a>
<button type="button" class="btn btn-danger" id="delete-btn"><i class="fa-solid fa-trash"></i> Delete</button>
<div class="toast-container position-fixed bottom-0 end-0 p-3"></div>
<script>
document.querySelector("#delete-btn").addEventListener("click", async () => {
  await fetch("/admin/api/product/action?name=delete&pks=2", {method: "POST"});
  document.querySelector(".toast-container").innerHTML = '<div class="toast show" role="alert">1 item deleted</div>';
  await fetch("/slow/admin/api/job/7");
  location.assign("/admin/product/list/");
});
</script></div></div></div></body></html>"""

ROWS = [{"id": 1, "name": "Desk lamp", "price": 18}, {"id": 3, "name": "Notebook", "price": 3.25},
        {"id": 4, "name": "Watering can", "price": 14}, {"id": 5, "name": "Teapot", "price": 21},
        {"id": 6, "name": "Linen towel", "price": 7.5}, {"id": 7, "name": "Blue mug", "price": 8.5}]


def ids(rows: list[dict[str, Any]]) -> str:
    return json.dumps({"ids": [r["id"] for r in rows], "total": len(rows)})


PAGES = {"admin/product/detail/2.html": DETAIL, "admin/product/list/index.html": LIST,
         "admin/api/session": json.dumps({"user": "admin"}),
         "statics/i18n/dt/en.json": json.dumps({"sInfo": "Showing _START_ to _END_ of _TOTAL_ entries"}),
         "admin/api/product/ids": ids(ROWS), **{f"admin/api/product/{r['id']}": json.dumps(r) for r in ROWS},
         "admin/api/product/action": json.dumps({"msg": "1 item deleted"}),
         "slow/admin/api/job/7": json.dumps({"state": "done"})}
STATUS = "Showing 1 to 6 of 6 entries"


def looks(planner: ScriptedPlanner) -> list[str]:
    """The page the model was shown in each request, as the last message of the request ends with it."""
    return [str(r.messages[-1]["content"] if isinstance(r.messages[-1]["content"], str)
                else r.messages[-1]["content"][-1]["text"]) for r in planner.requests]


def test_the_look_after_an_action_that_loaded_a_list_shows_the_rows_its_scripts_fetched(
        page: Any, site_factory: Callable[[dict[str, str]], Any], make_ctx: Callable[..., TestContext]) -> None:
    site = site_factory(PAGES)
    page.goto(site.url + "/admin/product/detail/2.html")
    planner = ScriptedPlanner([{"tool": "click", "target": {"role": "link", "name": "Products"}},
                               {"tool": "done", "input": {"summary": "the list is open"}}])
    actions = ModelDriver(page, planner, make_ctx()).drive(StepTask(0, "open the products", "run", {})).actions
    after = looks(planner)[1]
    assert [type(a) for a in actions] == [Click] and actions[0].after is not None
    assert STATUS in after and "Blue mug" in after and "Processing..." not in after, after


def test_a_list_the_app_went_to_on_its_own_is_shown_with_its_rows_when_the_model_chooses_again(
        page: Any, site_factory: Callable[[dict[str, str]], Any], make_ctx: Callable[..., TestContext]) -> None:
    site = site_factory(PAGES)
    page.goto(site.url + "/admin/product/detail/2.html")

    def once_the_app_went_on(request: PlanRequest) -> dict[str, Any]:
        """A model that took its time: the app went to the list while it thought (from the detail page's look)."""
        site.release.set()
        page.wait_for_url("**/admin/product/list/", wait_until="commit")
        return {"tool": "expect_text", "target": {"role": "status"}, "input": {"text": STATUS}}

    planner = ScriptedPlanner([{"tool": "click", "target": {"role": "button", "name": "Delete"}},
                               {"tool": "done", "input": {"summary": "deleted"}},
                               once_the_app_went_on, {"tool": "done", "input": {"summary": "6 are left"}}])
    ctx = make_ctx()
    ModelDriver(page, planner, ctx).drive(StepTask(0, "delete it", "run", {}))
    checks = ModelDriver(page, planner, ctx).drive(StepTask(1, "6 products are left", "expect", {})).actions
    told = [b["content"] for b in planner.requests[3].messages[-1]["content"] if b.get("type") == "tool_result"]
    chosen_on = looks(planner)[3]  # the page below "the page moved on: choose again"
    assert "Green plate" in looks(planner)[2] and MOVED_ON in told[0] and STATUS in chosen_on, (told, chosen_on)
    assert len(checks) == 1 and isinstance(checks[0], Expect) and checks[0].expected == STATUS, checks
    assert site.requested.count("POST /admin/api/product/action?name=delete&pks=2") == 1  # deleted once


# The list itself, with a Delete that posts, waits for the deletion's job (held until the test lets it go) and reloads
# the list at its own address: the same address, another document.
LIST_WITH_DELETE = LIST.replace('<h2 class="page-title">Products</h2>', """<h2 class="page-title">Products</h2>
<button type="button" class="btn btn-danger" id="delete-selected">Delete selected</button>
<script>
document.querySelector("#delete-selected").addEventListener("click", async () => {
  await fetch("/admin/api/product/action?name=delete&pks=3", {method: "POST"});
  await fetch("/slow/admin/api/job/7");
  location.reload();
});
</script>""")


def test_a_list_the_app_reloaded_at_its_own_address_is_shown_with_its_rows_when_the_model_chooses_again(
        page: Any, site_factory: Callable[[dict[str, str]], Any], make_ctx: Callable[..., TestContext]) -> None:
    site = site_factory({**PAGES, "admin/product/list/index.html": LIST_WITH_DELETE})
    page.goto(site.url + "/admin/product/list/")
    left = [r for r in ROWS if r["id"] != 3]
    reloaded: list[bool] = []

    def once_the_app_reloaded(request: PlanRequest) -> dict[str, Any]:
        """A model that took its time: the deletion was done and the list reloaded while it thought."""
        if not reloaded:
            site.write({"admin/api/product/ids": ids(left)})  # the server's list without the deleted row
            with page.expect_navigation(wait_until="commit"):
                site.release.set()
            reloaded.append(True)
        return {"tool": "expect_text", "target": {"role": "status"}, "input": {"text": "Showing 1 to 5 of 5 entries"}}

    planner = ScriptedPlanner([{"tool": "click", "target": {"role": "button", "name": "Delete selected"}},
                               {"tool": "done", "input": {"summary": "deleted"}},
                               once_the_app_reloaded, {"tool": "done", "input": {"summary": "5 are left"}}])
    ctx = make_ctx()
    ModelDriver(page, planner, ctx).drive(StepTask(0, "delete the Notebook", "run", {}))
    checks = ModelDriver(page, planner, ctx).drive(StepTask(1, "5 products are left", "expect", {})).actions
    told = [b["content"] for b in planner.requests[3].messages[-1]["content"] if b.get("type") == "tool_result"]
    assert STATUS in looks(planner)[2] and MOVED_ON in told[0], told  # chosen on the list before the reload
    assert "Showing 1 to 5 of 5 entries" in looks(planner)[3] and "Notebook" not in looks(planner)[3]
    assert len(checks) == 1 and isinstance(checks[0], Expect) and checks[0].expected == "Showing 1 to 5 of 5 entries"
