"""The model-driven step in process: ``ModelDriver`` with a ``ScriptedPlanner`` on a real Chromium page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pytest_lumen.cache.model import Click, Effect, Fill
from pytest_lumen.context import TestContext
from pytest_lumen.errors import LumenAssertionError, StepAbortedError
from pytest_lumen.events import ModelRequest, StepFinal, ToolEnd, ToolStart
from pytest_lumen.planner import ScriptedPlanner
from pytest_lumen.record.driver import ModelDriver

USERNAME = {"role": "textbox", "name": "Username"}
SIGN_IN = {"role": "button", "name": "Sign in"}
COUNT = {"role": "button", "name": "Count"}

SIGN_IN_SCRIPT: list[Any] = [
    {"tool": "fill", "target": USERNAME, "input": {"value": "%user%"}},
    {"tool": "click", "target": SIGN_IN},
    {"tool": "done", "input": {"summary": "signed in"}},
]


def drive(page: Any, ctx: TestContext, planner: ScriptedPlanner, instruction: str = "sign in as %user%",
          kind: str = "run") -> list[Any]:
    ctx.secrets.add_variables({"user": "ada"})
    return ModelDriver(page, planner, ctx).drive(0, instruction, kind, {"user": "ada"}).actions


def tool_results(planner: ScriptedPlanner, request: int) -> list[dict[str, Any]]:
    """The tool_result blocks of the last message of a request."""
    content = planner.requests[request].messages[-1]["content"]
    return [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]


def test_a_fill_and_a_click_are_recorded_as_cached_actions_with_their_effects(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    ctx = make_ctx()
    actions = drive(login_page, ctx, ScriptedPlanner(SIGN_IN_SCRIPT))

    assert [type(a) for a in actions] == [Fill, Click]
    fill, click = actions
    assert fill.value == "%user%"  # the value typed is cached as its placeholder
    assert fill.target.locator.describe() == 'get_by_role("textbox", name="Username", exact=True)'
    assert fill.after == Effect(value="%user%")
    assert click.target.locator.describe() == 'get_by_role("button", name="Sign in", exact=True)'
    assert click.after == Effect(url="/welcome.html")  # a loopback origin is dropped
    assert login_page.url.endswith("/welcome.html")
    assert [(e["command"], e["ok"]) for e in ctx.action_log] == [("fill", True), ("click", True)]


def test_model_calls_and_tool_spans_are_counted_in_the_tests_figures_and_events(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    ctx = make_ctx()
    planner = ScriptedPlanner(SIGN_IN_SCRIPT)
    drive(login_page, ctx, planner)

    assert ctx.figures.model_calls == 3 == planner.calls
    assert ctx.figures.usage.total > 0
    requests = [e for e in ctx.events.events if isinstance(e, ModelRequest)]
    assert [e.model for e in requests] == ["scripted"] * 3
    assert sum(e.usage.total for e in requests) == ctx.figures.usage.total
    starts = [e for e in ctx.events.events if isinstance(e, ToolStart)]
    ends = [e for e in ctx.events.events if isinstance(e, ToolEnd)]
    assert [(e.tool, e.toolId, e.source) for e in starts] == [("fill", "fill:0", "model"), ("click", "click:1", "model")]
    assert [(e.toolId, e.outcome) for e in ends] == [("fill:0", "ok"), ("click:1", "ok")]
    assert ends[1].locator == 'get_by_role("button", name="Sign in", exact=True)'
    final = [e for e in ctx.events.events if isinstance(e, StepFinal)]
    assert len(final) == 1 and final[0].iterations == 3 and final[0].model_calls == 3
    assert final[0].usage == ctx.figures.usage


@pytest.mark.parametrize(("bad", "status"), [
    ({"tool": "click", "ref": "e999"}, "invalid call: ref 'e999' is not in the latest snapshot"),
    ({"tool": "click"}, "invalid call: click: missing argument(s) ref"),
    ({"tool": "expect_visible", "target": SIGN_IN}, "invalid call: unknown tool 'expect_visible'"),
])
def test_an_invalid_call_goes_back_to_the_model_as_an_error_and_the_step_continues(
        login_page: Any, make_ctx: Callable[..., TestContext], bad: dict[str, Any], status: str) -> None:
    ctx = make_ctx()
    planner = ScriptedPlanner([bad, {"tool": "click", "target": SIGN_IN}, {"tool": "done"}])
    actions = drive(login_page, ctx, planner)

    [result] = tool_results(planner, 1)
    assert result["is_error"] is True
    assert result["content"].startswith(status)
    assert "<untrusted_page>" in result["content"]  # the model sees the page again with the error
    assert [type(a) for a in actions] == [Click]
    assert [e["command"] for e in ctx.action_log] == ["click"]  # the model's own mistakes teach nothing


def test_three_unusable_replies_in_a_row_stop_the_step_with_model_error(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner([{"tool": "click", "ref": "e999"}] * 3)
    with pytest.raises(StepAbortedError) as info:
        drive(login_page, make_ctx(), planner)
    assert info.value.reason == "model_error"
    assert "3 unusable replies in a row" in str(info.value)


def test_an_action_step_may_not_end_before_anything_was_done(login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner([{"tool": "done"}, {"tool": "click", "target": SIGN_IN}, {"tool": "done"}])
    actions = drive(login_page, make_ctx(), planner)
    assert [type(a) for a in actions] == [Click]
    [refused] = tool_results(planner, 1)
    assert refused["is_error"] is True and refused["content"].startswith("invalid call: nothing was done in this step")
    with pytest.raises(StepAbortedError, match="last: done without any action"):
        drive(login_page, make_ctx(), ScriptedPlanner([{"tool": "done"}] * 3))


def test_fail_stops_a_run_step_with_model_gave_up(login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner([{"tool": "fail", "input": {"reason": "there is no sign-up link"}}])
    with pytest.raises(StepAbortedError) as info:
        drive(login_page, make_ctx(), planner)
    assert info.value.reason == "model_gave_up"
    assert "there is no sign-up link" in str(info.value)


def test_fail_in_a_check_is_an_assertion_error(login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner([{"tool": "fail", "input": {"reason": "nobody is signed in"}}])
    with pytest.raises(LumenAssertionError, match="nobody is signed in"):
        drive(login_page, make_ctx(), planner, "the user is signed in", kind="expect")


def test_a_check_records_an_expect_and_may_not_end_without_one(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner([{"tool": "done"},
                               {"tool": "expect_text", "target": {"role": "heading"}, "input": {"text": "Sign in"}},
                               {"tool": "done"}])
    [check] = drive(login_page, make_ctx(), planner, "the sign-in form is shown", kind="expect")
    assert (check.check, check.expected) == ("text", "Sign in")
    [result] = tool_results(planner, 1)
    assert result["content"].startswith("invalid call: make at least one expect_* assertion before done")


def test_the_step_stops_after_max_actions(login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner(lambda request: {"tool": "click", "target": COUNT})
    with pytest.raises(StepAbortedError) as info:
        drive(login_page, make_ctx(max_actions=2), planner)
    assert info.value.reason == "max_actions"
    assert planner.calls == 2
    assert login_page.get_by_role("button", name="Count").get_attribute("data-n") == "2"


def test_the_step_stops_when_the_test_goes_over_its_token_budget(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    ctx = make_ctx(max_tokens=100)
    planner = ScriptedPlanner(SIGN_IN_SCRIPT)
    with pytest.raises(StepAbortedError) as info:
        drive(login_page, ctx, planner)
    assert info.value.reason == "token_budget"
    assert planner.calls == ctx.figures.model_calls == 1  # counted, then refused before any action
    assert ctx.figures.usage.total > 100
    assert login_page.get_by_role("textbox", name="Username").input_value() == ""


def test_the_step_stops_at_its_timeout(login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    planner = ScriptedPlanner(SIGN_IN_SCRIPT)
    with pytest.raises(StepAbortedError) as info:
        drive(login_page, make_ctx(step_timeout=0.0), planner)
    assert info.value.reason == "timeout"
    assert planner.calls == 0
