"""The tools (pytest_lumen.record.tools) on a real page: how a call on an element becomes an action.

Schemas, validation and calls without an element are in tests/unit/record/test_tools.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.cache.model import Check, Click, Fill, Press, TypeText
from pytest_lumen.config import Mode
from pytest_lumen.errors import LumenAssertionError
from pytest_lumen.planner import PlanReply, PlanRequest, ScriptedPlanner, ToolCall
from pytest_lumen.planner.base import MOVED_ON
from pytest_lumen.record import driver
from pytest_lumen.record.snapshot import observe
from pytest_lumen.record.tools import to_action
from pytest_lumen.testing.stand_in import parse_snapshot_refs, resolve_target
from tests.browser.inprocess import cache_file, context, record_once, replay_new, session_in

VALUES = {"ada": "%user%", "s3cret": "%pw%"}

FORM = """<label>Username <input name="user"></label>
<label><input type="checkbox"> Remember me</label>
<ul><li>Blue mug</li><li>Teapot</li><li>Red mug</li></ul>
<button>Sign in</button>"""


def placeholders(text: str) -> str:
    """A stand-in for ``Secrets.placeholders``: known values back to their placeholders."""
    for value, placeholder in VALUES.items():
        text = text.replace(value, placeholder)
    return text


def call(name: str, **args: Any) -> ToolCall:
    return ToolCall(id="toolu_1", name=name, input=args)


# --- calls on an element of a real page -----------------------------------------------------------------


@pytest.fixture
def form(page: Any) -> tuple[Any, Any]:
    """A page with a form, and a function from (role, name) to the ref in its snapshot."""
    page.set_content(FORM)
    obs = observe(page, 24000)
    nodes = parse_snapshot_refs(obs.snapshot)
    return page, (obs.refs, lambda role, name=None: resolve_target(nodes, {"role": role, "name": name}))


def test_fill_on_a_ref_is_a_fill_of_its_target_with_the_value_templatized(form: tuple[Any, Any]) -> None:
    page, (refs, ref) = form
    action, loc = to_action(call("fill", ref=ref("textbox", "Username"), value="ada"), page, refs, placeholders)
    assert isinstance(action, Fill) and action.value == "%user%"
    assert action.target.locator.describe() == 'get_by_role("textbox", name="Username", exact=True)'
    assert action.target.fingerprint is not None and action.target.fingerprint.tag == "input"
    assert loc is not None and loc.count() == 1


def test_check_defaults_to_checked_and_click_keeps_its_target(form: tuple[Any, Any]) -> None:
    page, (refs, ref) = form
    check, _ = to_action(call("check", ref=ref("checkbox", "Remember me")), page, refs, placeholders)
    assert isinstance(check, Check) and check.checked is True
    click, _ = to_action(call("click", ref=ref("button", "Sign in")), page, refs, placeholders)
    assert isinstance(click, Click) and click.target.locator.describe() == 'get_by_role("button", name="Sign in", exact=True)'


def test_type_and_press_without_a_ref_act_on_the_focused_element(form: tuple[Any, Any]) -> None:
    page, (refs, _) = form
    assert to_action(call("type", text="ada"), page, refs, placeholders) == (TypeText(text="%user%"), None)  # nothing focused
    page.get_by_role("textbox", name="Username").focus()
    typed, loc = to_action(call("type", text="ada"), page, refs, placeholders)
    assert isinstance(typed, TypeText) and typed.target is not None and loc is not None
    assert typed.target.locator.describe() == 'get_by_role("textbox", name="Username", exact=True)'
    pressed, _ = to_action(call("press", key="Enter"), page, refs, placeholders)
    assert isinstance(pressed, Press) and pressed.target == typed.target


def test_expect_checks_read_their_expected_value_from_the_call(form: tuple[Any, Any]) -> None:
    page, (refs, ref) = form
    text, _ = to_action(call("expect_text", ref=ref("button", "Sign in"), text="Sign in ada"), page, refs, placeholders)
    assert (text.check, text.expected) == ("text", "Sign in %user%")
    visible, _ = to_action(call("expect_visible", ref=ref("button", "Sign in")), page, refs, placeholders)
    assert (visible.check, visible.expected) == ("visible", None)
    checked, _ = to_action(call("expect_checked", ref=ref("checkbox", "Remember me"), checked=False), page, refs, placeholders)
    assert (checked.check, checked.expected) == ("checked", False)


def test_expect_count_targets_the_list_and_counts_its_items(form: tuple[Any, Any]) -> None:
    page, (refs, ref) = form
    action, loc = to_action(call("expect_count", ref=ref("listitem"), count=3), page, refs, placeholders)
    assert (action.check, action.expected) == ("count", 3)
    assert action.target is not None and action.target.locator.describe() == 'get_by_role("list")'
    assert action.items is not None and action.items.describe() == 'get_by_role("listitem")'
    assert loc is not None and action.items.build(loc).count() == 3


# --- a check whose chosen element the page took away while it waited ------------------------------------------

# An admin's delete as starlette-admin 0.11 renders it: the product's page shows a loading dialog (a Tabler modal whose
# spinner is a role="status"), posts the delete, then loads the list, whose DataTables line says how many are left (a
# role="status" too). The check is chosen while the spinner shows, and holds on the list's line: what replay compares
# with is that line, not the spinner the page took away.
DELETING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product #2</title></head><body>
<div class="page"><h3>#2</h3><table><tr><td>Name</td><td>Green plate</td></tr></table></div>
<div class="modal show" id="modal-loading" role="dialog" aria-modal="true" style="display: block"><div class="modal-dialog">
<div class="modal-content"><div class="modal-body text-center"><div class="spinner-border text-primary" role="status"
style="display: inline-block; width: 2rem; height: 2rem; border: .25em solid; border-right-color: transparent;
border-radius: 50%"></div></div></div></div></div>
<script>fetch('/slow/delete.json').then(() => { location.href = '/list.html'; });</script>
</body></html>"""
LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title></head><body><h1>Products</h1>
<table id="dt"><tbody>{rows}</tbody></table><div class="dataTables_info" id="dt_info" role="status" aria-live="polite">
Showing 1 to {n} of {n} entries</div></body></html>"""
LEFT = [{"tool": "expect_text", "target": {"role": "status"}, "input": {"text": "Showing 1 to 3 of 3 entries"}},
        {"tool": "done"}]


def listing(names: list[str]) -> str:
    return LIST.format(rows="".join(f"<tr><td>{name}</td></tr>" for name in names), n=len(names))


@pytest.mark.parametrize("deleted", ["yes", "no"])
def test_a_check_that_held_once_the_page_moved_on_is_recorded_on_the_element_it_held_on(
        page: Any, site_factory: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, deleted: str) -> None:
    # twin: the same app replayed: green, on the list's line as recorded. Trap: the release's delete does nothing (the
    # list still holds 4): red, on the check's own text
    left = ["Blue mug", "Desk lamp", "Notebook"]
    site = site_factory({"old.html": DELETING, "new.html": DELETING, "slow/delete.json": "{}", "list.html": listing(left)})
    checking = driver.run_check

    def free_then_check(*args: Any) -> None:  # the page goes on once the model chose the spinner, not on a clock
        site.release.set()
        checking(*args)
    monkeypatch.setattr(driver, "run_check", free_then_check)
    record_once(page, site, tmp_path, LEFT, "3 products are left", kind="expect")  # made once for both cases
    site.release.set()  # the replay's page goes on at once
    if deleted == "yes":
        ctx = replay_new(page, site, tmp_path, "3 products are left", kind="expect")
        assert not ctx.heals and ctx.figures.steps_replayed == 1
        recorded = json.loads(cache_file(tmp_path).read_text(encoding="utf-8"))["steps"][0]["actions"][0]
        assert recorded["fingerprint"]["id"] == "dt_info" and not recorded["fingerprint"]["in_dialog"]  # not the spinner
        return
    site.write({"list.html": listing([*left, "Green plate"])})
    with pytest.raises(LumenAssertionError, match="got 'Showing 1 to 4 of 4 entries'"):  # red at the check, on the list
        replay_new(page, site, tmp_path, "3 products are left", kind="expect")


REDRAW = ("() => { const old = document.getElementById('dt_info'); const line = old.cloneNode(false); "
          "line.textContent = 'Showing 1 to 3 of 3 entries'; old.replaceWith(line); }")  # DataTables draws it anew


@pytest.mark.parametrize("move", ["loads-the-list", "redraws-the-line"])
def test_a_check_chosen_on_a_page_that_moved_on_before_it_was_made_is_chosen_again_on_the_page_shown_then(
        page: Any, site_factory: Any, tmp_path: Any, move: str) -> None:
    # the model chose the spinner (or the list's line, which the list then drew anew); the list came before its call:
    # the call is told so, shown the page, and chooses again, as a model does (and the scripted planner, repeating
    # its reply); the check is recorded on the list's line
    site = site_factory({"old.html": DELETING if move == "loads-the-list" else listing(["A", "B", "C", "D"]),
                         "slow/delete.json": "{}", "list.html": listing(["Blue mug", "Desk lamp", "Notebook"])})
    told: list[str] = []

    class Listening(ScriptedPlanner):  # the page moves on while the model thinks, once: an event, no clock
        def plan(self, request: PlanRequest) -> PlanReply:
            told.append(json.dumps(request.messages[-1]))
            if len(told) == 1 and move == "loads-the-list":
                site.release.set()
                page.wait_for_url("**/list.html")
            elif len(told) == 1:
                page.evaluate(REDRAW)
            return super().plan(request)
    session = session_in(Mode.RECORD, tmp_path, action_timeout=2.0)
    ctx = context(session)
    page.goto(f"{site.url}/old.html")
    Agent(page, ctx, lambda: Listening(LEFT)).expect("3 products are left")
    session.finish(ctx, passed=True)
    assert len(told) == 3 and MOVED_ON in told[1]  # the check, told the page moved on; the check again; done
    recorded = json.loads(cache_file(tmp_path).read_text(encoding="utf-8"))["steps"][0]["actions"]
    assert [a["fingerprint"]["id"] for a in recorded] == ["dt_info"]
