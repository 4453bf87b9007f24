"""Observing a large page for the model (pytest_lumen.record.snapshot): within the character bound, with the rows
in view and the list's count, and the model able to ask for a row it cannot see and act on it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pytest_lumen.cache.model import Click
from pytest_lumen.context import TestContext
from pytest_lumen.page.outline import SHOWN
from pytest_lumen.planner import ScriptedPlanner
from pytest_lumen.record.driver import ModelDriver, StepTask
from pytest_lumen.record.snapshot import observe, show_items
from tests.support.large_pages import ROWS, inventory

BOUND = 24_000


@pytest.fixture
def big_page(page: Any, site_factory: Callable[[dict[str, str]], Any]) -> Any:
    page.goto(site_factory({"index.html": inventory()}).url + "/index.html")
    return page


def test_a_2500_row_page_is_observed_within_the_bound_with_its_rows_in_view_and_the_lists_count(big_page: Any) -> None:
    obs = observe(big_page, BOUND)

    assert len(obs.snapshot) <= BOUND and not obs.truncated
    assert f"[list=L1]: {ROWS:,} rows" in obs.snapshot and list(obs.lists) == ["L1"]
    in_view = big_page.evaluate("[...document.querySelectorAll('tbody tr')].filter((r) => "
                                "r.getBoundingClientRect().top < innerHeight).length")
    assert in_view > 3 and all(f'"SKU-{n:05d}"' in obs.snapshot for n in range(1, min(in_view, SHOWN) + 1))
    assert '"SKU-02345"' not in obs.snapshot and obs.refs and all(f"[ref={r}]" in obs.snapshot for r in obs.refs)


def test_show_items_names_a_list_of_the_latest_snapshot(big_page: Any) -> None:
    obs = observe(big_page, BOUND)
    status, unusable = show_items(big_page, obs, {"list": "L7"})
    assert unusable and status == "invalid call: no list 'L7' in the latest snapshot (lists: L1)"
    status, unusable = show_items(big_page, obs, {"list": "L1", "start": 2400})
    assert not unusable and '"SKU-02400"' in observe(big_page, BOUND).snapshot
    big_page.reload()  # the same URL: what was asked for is still shown
    assert '"SKU-02400"' in observe(big_page, BOUND).snapshot
    big_page.goto(big_page.url + "?page=2")  # another URL: the list as it first shows
    assert '"SKU-02400"' not in observe(big_page, BOUND).snapshot


def test_the_model_asks_for_a_row_it_cannot_see_and_acts_on_it(
        page: Any, site_factory: Callable[[dict[str, str]], Any], make_ctx: Callable[..., TestContext]) -> None:
    page.goto(site_factory({"index.html": inventory(600)}).url + "/index.html")  # planned, and quick to record on
    planner = ScriptedPlanner([
        {"tool": "show_items", "input": {"list": "L1", "containing": "SKU-00545"}},
        [{"tool": "click", "target": {"role": "button", "name": "SKU-00545"}}, {"tool": "done"}],
    ])
    actions = ModelDriver(page, planner, make_ctx()).drive(StepTask(0, "open SKU-00545", "run", {})).actions

    assert '"SKU-00545"' not in str(planner.requests[0].messages)  # not in view: the model had to ask
    shown = str(planner.requests[1].messages[-1]["content"])
    assert '"SKU-00545"' in shown and "1 asked for, 1 shown" in shown
    assert [type(a) for a in actions] == [Click]
    assert actions[0].target.locator.describe() == 'get_by_role("button", name="SKU-00545", exact=True)'
    assert page.locator("#status").inner_text() == "Opened SKU-00545"
