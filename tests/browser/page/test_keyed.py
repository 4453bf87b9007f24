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
