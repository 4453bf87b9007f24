"""A text check on a row keyed by the value it asserts: the row found by its other text, the value compared.

The table renders as admin list views do (a checkbox and an icon link to edit in each row, the record's id, its
name, a date the app formats). The check is recorded on a row keyed by its name, which is also what it asserts;
on a release whose save mangled the name (a real bug), the check must fail as a changed value, "expected X, got
Y", never as an element not found, and never suggest re-recording (which would bake the bug into the cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import LumenAssertionError, ReplayError
from tests.browser.inprocess import cache_file, healed_past_the_gate, record_once, replay_new

PEOPLE = [(1, "Ada Lovelace", "Dec. 10, 1815"), (2, "Grace Hopper", "Dec. 9, 1906"), (3, "Alan Turing", "June 23, 1912")]


def table(rows: list[tuple[int, str, str]]) -> str:
    body = "".join(f'<tr><td><input type="checkbox" class="action-select" name="rowid" value="{i}"></td>'
                   f'<td><a class="icon" href="/admin/person/edit/{i}" title="Edit record"><i class="fa fa-pencil">'
                   f'</i></a></td><td class="col-id">{i}</td><td class="col-name">{name}</td>'
                   f'<td class="col-born">{born}</td></tr>' for i, name, born in rows)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Person - Admin</title></head><body>'
            '<main class="container"><h1>Person</h1><table class="table table-striped"><thead><tr><th></th><th></th>'
            f'<th>Id</th><th>Name</th><th>Born</th></tr></thead><tbody>{body}</tbody></table></main></body></html>')


def changed(name: str, born: str) -> list[tuple[int, str, str]]:
    return [PEOPLE[0], (2, name, born), PEOPLE[2]]


@pytest.fixture
def check(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path,
          request: pytest.FixtureRequest) -> Callable[..., Any]:
    """Record a text check on Grace Hopper's row asserting ``text``, then replay it on ``new`` (through the
    identity gate, as users replay; a test that parametrizes it ``full`` too: also without): the replay's context."""
    gate = getattr(request, "param", True)  # through the identity gate, as users replay; False: the full path alone
    gate_only = not hasattr(request, "param")  # no full-path twin: the change must miss the gate

    def run(new: list[tuple[int, str, str]], text: str) -> Any:
        site = site_factory({"old.html": table(PEOPLE), "new.html": table(new)})
        script = [{"tool": "expect_text", "target": {"role": "row", "nth": 2}, "input": {"text": text}}, {"tool": "done"}]
        record_once(page, site, tmp_path, script, "Grace Hopper is listed", "expect")
        action = json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]
        assert "name='Grace Hopper'" in action["locator"], action  # keyed by the value it asserts
        ctx = replay_new(page, site, tmp_path, "Grace Hopper is listed", "expect", gate)
        assert ctx.figures.model_calls == 0
        return healed_past_the_gate(ctx) if gate_only else ctx
    return run


def test_a_check_of_a_row_keyed_by_its_asserted_value_fails_as_a_changed_value(check: Callable[..., Any]) -> None:
    with pytest.raises(LumenAssertionError) as info:
        check(changed("Grace Hoper", "Dec. 9, 1906"), "Grace Hopper")
    message = str(info.value)
    assert "expected 'Grace Hopper', got 'Grace Hoper'" in message, message
    assert "re-record" not in message, message


def test_the_row_is_not_taken_for_another_when_its_other_text_changed_too(check: Callable[..., Any]) -> None:
    with pytest.raises(ReplayError) as info:  # the name and the date changed: nothing says it is the same row
        check(changed("Grace Hoper", "Dec. 9, 1907"), "Grace Hopper")
    assert "expected 'Grace Hopper'" not in str(info.value)


@pytest.mark.parametrize("check", [False, True], ids=["full", "gate"], indirect=True)
def test_a_check_of_a_row_whose_value_is_unchanged_passes(check: Callable[..., Any]) -> None:
    ctx = check(PEOPLE, "Grace Hopper")
    assert ctx.heals == []
