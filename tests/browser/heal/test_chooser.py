"""A select a release put behind a two-list chooser: chosen in it (the option, then Add) when the evidence is clear.

The pages render as dual-listbox widgets do (Flask-Admin and sqladmin forms' ``select multiple`` kept in the page,
hidden, two visible lists and the buttons that move options between them, which keep the hidden select in step)
and log, in ``window.__used``, what a replay used: every test asserts it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, healed_past_the_gate, no_model, session_in

HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edit user</title></head><body>' \
       "<script>window.__used = [];function used(what) { window.__used.push(what); }</script>"
MULTI = """<main><form><label for="groups">Groups</label><select id="groups" name="groups" multiple
 onchange="used('groups')"><option value="1">Editors</option><option value="2">Viewers</option></select></form></main>"""
# The widget moves the options selected in one list to the other and selects them in the hidden select.
MOVE = """<script>
function move(from, to, chosen) {
  const a = document.getElementById(from), b = document.getElementById(to), form = document.getElementById('groups');
  Array.from(a.selectedOptions).forEach((o) => { o.selected = false; b.appendChild(o);
    form.querySelector('option[value="' + o.value + '"]').selected = chosen; });
  used(chosen ? 'add' : 'remove');
}
</script>"""
CHOOSER = """<main><form><label for="groups">Groups</label>
<select id="groups" name="groups" multiple style="display:none"><option value="1">Editors</option>
<option value="2">Viewers</option></select>
<div class="dual-listbox"><div class="dual-listbox__available"><label for="groups_from">Available groups</label>
<select id="groups_from" multiple size="4" onchange="used('available')">{available}</select></div>
<div class="dual-listbox__buttons">{buttons}</div>
<div class="dual-listbox__selected"><label for="groups_to">Chosen groups</label>
<select id="groups_to" multiple size="4" onchange="used('chosen')">{chosen}</select></div></div>
<button type="submit" onclick="used('submit'); return false">Save</button></form></main>"""
ADD = """<button type="button" class="btn btn-sm" onclick="move('groups_from', 'groups_to', true)">Add
 <i class="fa fa-arrow-right"></i></button>"""
REMOVE = """<button type="button" class="btn btn-sm" onclick="move('groups_to', 'groups_from', false)">
<i class="fa fa-arrow-left"></i> Remove</button>"""
BOTH = '<option value="1">Editors</option><option value="2">Viewers</option>'


def chooser(available: str = BOTH, chosen: str = "", buttons: str = ADD + REMOVE) -> str:
    return HEAD + MOVE + CHOOSER.format(available=available, chosen=chosen, buttons=buttons) + "</body></html>"


@pytest.fixture
def swap(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Callable[[str], Any]:
    """Record "make the user an editor" on the plain select, replay it on ``new`` (through the identity gate, as
    users replay: the swapped select misses it and is healed on the full path, as with the gate off): the replay's
    context."""

    def run(new: str) -> Any:
        site = site_factory({"old.html": HEAD + MULTI + "</body></html>", "new.html": new})
        script = [{"tool": "select_option", "target": {"role": "listbox", "name": "Groups"},
                   "input": {"value": "Editors"}}, {"tool": "done"}]
        ctx = None
        for mode, url in ((Mode.RECORD, "/old.html"), (Mode.REPLAY, "/new.html")):
            session = session_in(mode, tmp_path, action_timeout=2.0)
            ctx = context(session)
            page.goto(site.url + url)
            planner = ScriptedPlanner(script)
            agent = Agent(page, ctx, (lambda p=planner: p) if mode is Mode.RECORD else no_model,
                          identity_gate=True)
            agent.run("make the user an editor")
            session.finish(ctx, passed=True)
        assert ctx is not None and ctx.figures.model_calls == 0
        return healed_past_the_gate(ctx)
    return run


def used(page: Any) -> list[str]:
    return list(page.evaluate("window.__used"))


def chosen(page: Any) -> list[str]:
    return list(page.locator("#groups").evaluate("(s) => Array.from(s.selectedOptions, (o) => o.text)"))


def test_a_select_behind_a_two_list_chooser_is_chosen_in_its_available_list_then_added(
        swap: Callable[[str], Any], page: Any) -> None:
    ctx = swap(chooser())
    assert used(page) == ["available", "add"]  # never Remove, never Save
    assert chosen(page) == ["Editors"]
    assert page.locator("#groups_to option").all_inner_texts() == ["Editors"]
    heals = [h for h in ctx.heals if str(h.level) == "widget"]
    assert len(heals) == 1 and "two-list chooser" in heals[0].evidence and "'Add'" in heals[0].evidence, ctx.heals


@pytest.mark.parametrize(("new", "why"), [
    (chooser(buttons=ADD + ADD.replace("Add", "Add") + REMOVE), "it has 2 controls that add"),
    (chooser(buttons=REMOVE), "it has 0 controls that add"),
    (chooser(chosen='<option value="1">Editors</option>'), "its lists hold the option 'Editors' 2 times"),
], ids=["two-adds", "no-add", "in-both-lists"])
def test_a_chooser_without_clear_evidence_fails_saying_why_without_acting(
        swap: Callable[[str], Any], page: Any, new: str, why: str) -> None:
    with pytest.raises(ReplayError) as info:
        swap(new)
    assert "a two-list chooser stands in for the select" in str(info.value) and why in str(info.value), str(info.value)
    assert used(page) == []
    assert chosen(page) == []
