"""A text check on a table cell, found by its row's identifying text and its column: a changed value is a failed
assertion, said as one.

A check of "Grace Hopper" on the Name cell of Grace Hopper's row is recorded by the row's key (another of its
identifying texts, never the asserted value) and the column's header. On a release whose save ignored the field
(a real bug), the check must fail as "expected X, got Y", never as an element not found, and never suggest
re-recording (which would bake the bug into the cache). The tables render as admin apps do: a ``<table>`` with a
thead of ``th`` (a checkbox and an edit link in each row), and an ARIA grid of divs with generated class names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import LumenAssertionError, ReplayError
from tests.browser.inprocess import cache_file, healed_past_the_gate, record_once, replay_new

Person = dict[str, str]
PEOPLE: list[Person] = [
    {"Id": "1", "Name": "Ada Lovelace", "Email": "ada@analytical.org", "Role": "Staff", "Born": "Dec. 10, 1815"},
    {"Id": "2", "Name": "Grace Hopper", "Email": "grace@navy.mil", "Role": "Admin", "Born": "Dec. 9, 1906"},
    {"Id": "3", "Name": "Alan Turing", "Email": "alan@bletchley.uk", "Role": "Staff", "Born": "June 23, 1912"},
]
COLUMNS = ["Id", "Name", "Email", "Role", "Born"]


def table(people: list[Person], columns: list[str]) -> str:
    """An admin list view: a checkbox and an icon link to edit in each row, then the columns."""
    head = "".join(f"<th>{c}</th>" for c in columns)
    body = "".join(f'<tr><td><input type="checkbox" class="action-select" value="{p["Id"]}"></td>'
                   f'<td><a class="icon" href="/admin/person/edit/{p["Id"]}" title="Edit record"><i class="fa fa-pencil">'
                   '</i></a></td>' + "".join(f'<td class="col-{c.lower()}">{p.get(c, "")}</td>' for c in columns)
                   + "</tr>" for p in people)
    return (f'<table class="table table-striped"><thead><tr><th></th><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def grid(people: list[Person], columns: list[str]) -> str:
    """A data grid of divs (role=grid, rowgroup, row, columnheader, gridcell) with generated class names."""
    head = "".join(f'<div role="columnheader" class="css-h{i}x9">{c}</div>' for i, c in enumerate(columns))
    body = "".join('<div role="row" class="css-r7k2q">' + "".join(
        f'<div role="gridcell" class="css-c{i}z4">{p.get(c, "")}</div>' for i, c in enumerate(columns)) + "</div>"
        for p in people)
    return (f'<div role="grid" class="css-1q2w3e"><div role="rowgroup" class="css-8u7y"><div role="row" '
            f'class="css-r7k2q">{head}</div></div><div role="rowgroup" class="css-4r5t">{body}</div></div>')


def page(render: Callable[[list[Person], list[str]], str], people: list[Person], columns: list[str]) -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Person - Admin</title></head><body>'
            f'<main class="container"><h1>Person</h1>{render(people, columns)}</main></body></html>')


def grace(**changes: str) -> list[Person]:
    return [PEOPLE[0], {**PEOPLE[1], **changes}, PEOPLE[2]]


@pytest.fixture(params=[table, grid], ids=["table", "grid"])
def render(request: pytest.FixtureRequest) -> Callable[[list[Person], list[str]], str]:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def check(page_: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, request: pytest.FixtureRequest,
          render: Callable[[list[Person], list[str]], str]) -> Callable[..., Any]:
    """Record a text check of "Grace Hopper" on her Name cell, then replay it on ``people`` in ``columns`` (through the
    identity gate, as users replay; a test that parametrizes it ``full`` too: also without): the replay's context."""
    gate = getattr(request, "param", True)  # through the identity gate, as users replay; False: the full path alone
    gate_only = not hasattr(request, "param")  # no full-path twin: the change must miss the gate

    def run(people: list[Person], columns: list[str] = COLUMNS) -> Any:
        site = site_factory({"old.html": page(render, PEOPLE, COLUMNS), "new.html": page(render, people, columns)})
        role = "cell" if render is table else "gridcell"
        script = [{"tool": "expect_text", "target": {"role": role, "name": "Grace Hopper"},
                   "input": {"text": "Grace Hopper"}}, {"tool": "done"}]
        record_once(page_, site, tmp_path, script, "Grace Hopper is listed", "expect")
        action = json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]
        assert "name='grace@navy.mil'" in action["locator"], action  # her row, by its key (not the value)
        assert action["fingerprint"]["column"] == "Name", action
        ctx = replay_new(page_, site, tmp_path, "Grace Hopper is listed", "expect", gate)
        assert ctx.figures.model_calls == 0
        return healed_past_the_gate(ctx) if gate_only else ctx
    return run


@pytest.fixture
def page_(page: Any) -> Any:
    return page


@pytest.mark.parametrize("check", [False, True], ids=["full", "gate"], indirect=True)
def test_a_checked_cell_on_the_same_page_passes_without_a_heal(check: Callable[..., Any],
                                                               request: pytest.FixtureRequest) -> None:
    ctx = check(PEOPLE)
    assert ctx.heals == []
    if "gate" in request.node.callspec.id:
        assert ctx.figures.gate_hits == 1 and ctx.figures.gate_misses == 0


def test_a_changed_value_fails_as_expected_got_with_no_re_record_remedy(check: Callable[..., Any]) -> None:
    with pytest.raises(LumenAssertionError) as info:  # the save ignored the rename: a real bug
        check(grace(Name="Grace Brewster"))
    message = str(info.value)
    assert "expected 'Grace Hopper', got 'Grace Brewster'" in message, message
    assert "re-record" not in message and "--lumen-record" not in message, message


def test_a_cleared_value_fails_as_expected_got(check: Callable[..., Any]) -> None:
    with pytest.raises(LumenAssertionError) as info:
        check(grace(Name=""))
    assert "expected 'Grace Hopper', got ''" in str(info.value), str(info.value)


@pytest.mark.parametrize("check", [False, True], ids=["full", "gate"], indirect=True)
def test_a_column_added_and_the_columns_reordered_pass(check: Callable[..., Any]) -> None:
    ctx = check(PEOPLE, ["Email", "Id", "Phone", "Born", "Name", "Role"])
    assert ctx.figures.model_calls == 0


def test_a_changed_value_in_reordered_columns_is_found_by_its_column(check: Callable[..., Any]) -> None:
    with pytest.raises(LumenAssertionError) as info:  # by its header, not its place: Email is where Name was
        check(grace(Name="Grace Brewster"), ["Id", "Email", "Name", "Phone", "Role", "Born"])
    assert "expected 'Grace Hopper', got 'Grace Brewster'" in str(info.value), str(info.value)


def test_a_removed_row_fails_as_not_found(check: Callable[..., Any]) -> None:
    with pytest.raises(ReplayError) as info:
        check([PEOPLE[0], PEOPLE[2]])
    assert not isinstance(info.value, LumenAssertionError)
    assert "expected 'Grace Hopper'" not in str(info.value), str(info.value)
