"""A row found by its identifying text holds that text in the column it was recorded in (``page/keyed.py``).

A people list as admin apps render it: a name column linking each person, a manager column linking theirs, a Delete
button per row that logs what it deleted. After a re-seed the recorded person may be on another page while another
row names her as its manager: that row is not hers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.errors import ReplayError
from pytest_lumen.page import keyed
from tests.browser.inprocess import cache_file, record_once, record_then_replay, replay_new

IDS = {"Ada Lovelace": 1, "Grace Hopper": 2, "Alan Turing": 3, "Edsger Dijkstra": 4}


def people(rows: list[tuple[int, str, str]], name_links: bool = True, email: bool = False) -> str:
    def person(name: str) -> str:
        return f'<a href="/people/{IDS[name]}">{name}</a>' if name in IDS else name

    body = "".join(
        f'<tr class="css-1q2w">{f"<td>{name.split()[0].lower()}@example.com</td>" if email else ""}'
        f'<td>{person(name) if name_links else name}</td><td>{person(manager)}</td>'
        f'<td><button type="button" class="btn btn-sm" onclick="remove({pk}, this)">Delete</button></td></tr>'
        for pk, name, manager in rows)
    head = f'{"<th>Email</th>" if email else ""}<th>Name</th><th>Manager</th><th></th>'
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title></head><body><main>'
            f'<h1>People</h1><table class="table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></main>'
            '<script>function remove(pk, button) { window.__used = (window.__used || []).concat(["delete " + pk]);'
            ' fetch("/api/delete-" + pk + ".json"); button.closest("tr").remove(); }</script></body></html>')


RECORDED = [(1, "Ada Lovelace", "—"), (2, "Grace Hopper", "Ada Lovelace"), (3, "Alan Turing", "Ada Lovelace")]
DELETE_GRACE = [{"tool": "click", "target": {"role": "button", "name": "Delete", "nth": 1}}, {"tool": "done"}]


def site_with(site_factory: Callable[[dict[str, str]], Any], now: str) -> Any:
    return site_factory({"old.html": people(RECORDED), "new.html": now,
                         **{f"api/delete-{pk}.json": "{}" for pk in IDS.values()}})


def test_a_row_found_by_its_text_records_the_header_of_its_column(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_with(site_factory, people(RECORDED))

    record_then_replay(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper")

    action = json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]
    assert "filter(has=page.get_by_role('link', name='Grace Hopper', exact=True))" in action["locator"]
    assert (action["fingerprint"]["item"], action["fingerprint"]["item_column"]) == ("Grace Hopper", "Name")


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_another_row_naming_the_recorded_one_in_another_column_is_not_it(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # the trap: re-seeded, Grace Hopper is on another page; Alan Turing's row links her as his manager
    site = site_with(site_factory, people([(1, "Ada Lovelace", "—"), (3, "Alan Turing", "Grace Hopper"),
                                           (4, "Edsger Dijkstra", "Ada Lovelace")]))

    record_once(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper")
    site.requested.clear()  # the recording deleted her on the old page

    with pytest.raises(ReplayError, match="in another column than 'Name'"):
        replay_new(page, site, tmp_path, "delete Grace Hopper", gate=gate)

    assert page.evaluate("() => window.__used || []") == []
    assert not any(path.startswith("/api/") for path in site.requested)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_the_recorded_row_under_a_column_added_and_rows_reordered_is_it(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # the twin: a release adds an Email column before the name, sorts by name, and Alan now reports to Grace
    site = site_with(site_factory, people([(1, "Ada Lovelace", "—"), (3, "Alan Turing", "Grace Hopper"),
                                           (2, "Grace Hopper", "Ada Lovelace")], email=True))

    ctx = record_then_replay(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper", gate=gate)

    assert page.evaluate("() => window.__used || []") == ["delete 2"]
    assert ctx.figures.model_calls == 0


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_the_recorded_name_no_longer_a_link_is_healed_to_its_row_not_to_the_row_linking_it(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # names are plain text now, managers still links: the recorded locator finds Alan's row (he reports to Grace)
    site = site_with(site_factory, people([(1, "Ada Lovelace", "—"), (2, "Grace Hopper", "Ada Lovelace"),
                                           (3, "Alan Turing", "Grace Hopper")], name_links=False))

    ctx = record_then_replay(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper", gate=gate)

    assert page.evaluate("() => window.__used || []") == ["delete 2"]
    assert [h.level.kind for h in ctx.heals] == ["similarity"]


def test_nothing_to_check_without_a_column() -> None:
    assert keyed.selector(Fingerprint(tag="button", item="Grace Hopper")) is None  # a list item, a card, an old file
    held = keyed.selector(Fingerprint(tag="button", item="Grace  Hopper", item_column="Name"), fail_fast=True)
    assert held is not None and held.startswith("lumen-keyed=t:") and "Grace" not in held  # hashes, never the text
    assert keyed.digests(Fingerprint(tag="a", item="Grace Hopper", item_column="Name")) == keyed.digests(
        Fingerprint(tag="a", item=" Grace\nHopper ", item_column="Name"))


def table_page(body: str, head: str = "<th>Name</th><th>Manager</th><th></th>", split: bool = False, pre: str = "") -> str:
    """The people list with its rows ``body``; ``split``: its header in a table of its own before the body's, as grid
    libraries render a fixed header (Element UI's el-table, Ant Design)."""
    table = (f'<div class="el-table__header-wrapper"><table><thead><tr>{head}</tr></thead></table></div>'
             f'<div class="el-table__body-wrapper"><table><tbody>{body}</tbody></table></div>' if split
             else f'<table class="table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title></head><body>'
            f'{pre}<main><h1>People</h1>{table}</main><script>function remove(pk, button) {{ window.__used = '
            '(window.__used || []).concat(["delete " + pk]); button.closest("tr").remove(); }</script></body></html>')


def person_row(pk: int, name: str, manager: str, button: str = "") -> str:
    def person(who: str) -> str:
        return f'<a href="/people/{IDS[who]}">{who}</a>' if who in IDS else who
    action = button or f'<button type="button" onclick="remove({pk}, this)">Delete</button>'
    return f"<tr><td>{person(name)}</td><td>{person(manager)}</td><td>{action}</td></tr>"


def grouped(groups: list[tuple[str, list[tuple[int, str, str]]]]) -> str:
    """Rows under group titles, each a header cell spanning the row (a grouped table)."""
    return "".join(f'<tr><th colspan="3">{title}</th></tr>' + "".join(person_row(*r) for r in rows) for title, rows in groups)


ALAN_REPORTS_TO_GRACE = [(1, "Ada Lovelace", "—"), (3, "Alan Turing", "Grace Hopper")]
SHADOW_BUTTON = ('<script>customElements.define("x-delete", class extends HTMLElement { connectedCallback() {'
                 ' if (this.shadowRoot) return; const root = this.attachShadow({mode: "open"});'
                 ' root.innerHTML = "<button type=button>Delete</button>"; root.querySelector("button").onclick = () =>'
                 ' { window.__used = (window.__used || []).concat(["delete " + this.dataset.pk]); }; } });</script>')
# A grid component (Lit, Shoelace-like) that draws its rows in its own shadow root, from its data, under a host that is
# the grid: ARIA rows and cells of spans, the header's last column blank (the actions').
SHADOW_GRID = ('<script>customElements.define("people-grid", class extends HTMLElement { connectedCallback() {'
               ' if (this.shadowRoot) return; const root = this.attachShadow({mode: "open"});'
               ' root.innerHTML = \'<div role="row" class="hdr-x1"><span role="columnheader">Name</span>'
               '<span role="columnheader">Manager</span><span role="columnheader"></span></div>\''
               ' + JSON.parse(this.dataset.rows).map(([pk, name, manager]) => `<div role="row" class="row-9k">'
               '<span role="gridcell">${name}</span><span role="gridcell">${manager}</span><span role="gridcell">'
               '<button type="button" data-pk="${pk}">Delete</button></span></div>`).join("");'
               ' root.addEventListener("click", (e) => { const b = e.target.closest("button"); if (b) {'
               ' window.__used = (window.__used || []).concat(["delete " + b.dataset.pk]);'
               ' b.closest("[role=row]").remove(); } }); } });</script>')


def grid_page(rows: list[tuple[int, str, str]]) -> str:
    data = json.dumps([list(r) for r in rows]).replace('"', "&quot;")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title></head><body><main>'
            f'<h1>People</h1><people-grid role="grid" aria-label="People" data-rows="{data}"></people-grid></main>'
            f'{SHADOW_GRID}</body></html>')


TRAPS = {  # Grace Hopper paged away, Alan Turing's row naming her: each must stay red with nothing deleted
    "grouped": (table_page(grouped([("Engineering", RECORDED[:2]), ("Research", RECORDED[2:])])),
                table_page(grouped([("Engineering", ALAN_REPORTS_TO_GRACE[:1]), ("Research", ALAN_REPORTS_TO_GRACE[1:])]))),
    "split header": (table_page("".join(person_row(*r) for r in RECORDED), split=True),
                     table_page("".join(person_row(*r) for r in ALAN_REPORTS_TO_GRACE), split=True)),
    "rows in a grid component's shadow root": (grid_page(RECORDED), grid_page(ALAN_REPORTS_TO_GRACE)),
}
TWINS = {  # the recorded row, harmlessly changed: each must delete Grace Hopper, with no heal
    "a group added at the end": (
        table_page(grouped([("Engineering", RECORDED[:2]), ("Research", RECORDED[2:])])),
        table_page(grouped([("Engineering", RECORDED[:2]), ("Research", RECORDED[2:]),
                            ("Sales", [(4, "Edsger Dijkstra", "Ada Lovelace")])]))),
    "sorted by name, an arrow in its header": (
        table_page("".join(person_row(*r) for r in RECORDED)),
        table_page("".join(person_row(*r) for r in [RECORDED[0], RECORDED[2], RECORDED[1]]),
                   head='<th aria-sort="ascending">Name <span class="caret">▲</span></th><th>Manager</th><th></th>')),
    "a grid component's rows, sorted by name": (grid_page(RECORDED), grid_page([RECORDED[0], RECORDED[2], RECORDED[1]])),
    "a web component's button": (
        table_page("".join(person_row(pk, n, m, f'<x-delete data-pk="{pk}"></x-delete>') for pk, n, m in RECORDED),
                   pre=SHADOW_BUTTON),) * 2,
}


@pytest.mark.parametrize("trap", list(TRAPS))
def test_a_row_naming_the_recorded_one_elsewhere_is_not_it_however_its_table_is_laid_out(
        trap: str, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    old, new = TRAPS[trap]
    site = site_factory({"old.html": old, "new.html": new})
    record_once(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper")
    assert json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]["fingerprint"]["item_column"] == "Name"

    with pytest.raises(ReplayError):
        replay_new(page, site, tmp_path, "delete Grace Hopper")

    assert page.evaluate("() => window.__used || []") == []


@pytest.mark.parametrize("twin", list(TWINS))
def test_the_recorded_row_harmlessly_changed_is_it(
        twin: str, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    old, new = TWINS[twin]
    site = site_factory({"old.html": old, "new.html": new})

    ctx = record_then_replay(page, site, tmp_path, DELETE_GRACE, "delete Grace Hopper")

    assert page.evaluate("() => window.__used || []") == ["delete 2"]
    assert (ctx.heals, ctx.figures.gate_misses) == ([], 0)


def orders(rows: list[tuple[int, str]]) -> str:
    body = "".join(f'<tr><td>{number}</td><td>open</td><td>{replaces}</td><td><button type="button" '
                   f'onclick="remove({number}, this)">Delete</button></td></tr>' for number, replaces in rows)
    return table_page(body, head="<th>Order</th><th>Status</th><th>Replaces</th><th></th>")


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_an_order_number_in_another_orders_row_is_not_that_order(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # order 1042 is gone; 1043 replaces it and says so: no strategy, the fallbacks neither, takes 1043's row for it
    site = site_factory({"old.html": orders([(1041, "—"), (1042, "—"), (1043, "—")]),
                         "new.html": orders([(1041, "—"), (1043, "1042"), (1044, "—")])})
    record_once(page, site, tmp_path, [{"tool": "click", "target": {"role": "button", "name": "Delete", "nth": 1}},
                                       {"tool": "done"}], "delete order 1042")

    with pytest.raises(ReplayError):
        replay_new(page, site, tmp_path, "delete order 1042", gate=gate)

    assert page.evaluate("() => window.__used || []") == []
