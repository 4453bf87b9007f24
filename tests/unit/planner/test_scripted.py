"""``ScriptedPlanner``: an in-process planner that follows a script, as ``FakeAnthropic`` does over HTTP."""

from __future__ import annotations

import time
from typing import Any

import anthropic
import pytest

from pytest_lumen.outcome.usage import Usage
from pytest_lumen.planner import Planner, PlanReply, PlanRequest, ScriptedPlanner, ScriptExhausted, ToolCall
from pytest_lumen.planner.anthropic_planner import AnthropicPlanner
from pytest_lumen.record.tools import RUN_TOOLS
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

LOGIN_PAGE = """- generic [ref=e1]:
  - textbox "Username" [active] [ref=e5]
  - button "Sign in" [ref=e7]
  - button "Sign in" [ref=e9]"""
WELCOME_PAGE = """- heading "Welcome" [level=1] [ref=e2]
  - link "Sign out" [ref=e3]"""


def request(turns: int = 0, task: str = "Step: log in", snapshots: tuple[str, ...] = (LOGIN_PAGE,)) -> PlanRequest:
    """A request as the driver sends it: the task, then ``turns`` rounds; the last snapshot in the last message."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": f"{task}\n\nCurrent page:\n{snapshots[0]}"}]
    for i in range(turns):
        messages.append({"role": "assistant", "content": [
            {"type": "tool_use", "id": f"toolu_{i}", "name": "click", "input": {"ref": "e1"}}]})
        page = snapshots[min(i + 1, len(snapshots) - 1)]
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": f"ok\n\nCurrent page:\n{page}",
             "is_error": False}]})
    return PlanRequest(system="You are a test.", messages=messages, tools=RUN_TOOLS)


def test_it_is_a_planner_exported_from_the_planner_package() -> None:
    planner = ScriptedPlanner([])
    assert isinstance(planner, Planner)
    assert planner.model == "scripted" and ScriptedPlanner([], model="claude-fake").model == "claude-fake"


def test_a_target_by_role_and_name_becomes_its_ref_in_the_newest_snapshot() -> None:
    planner = ScriptedPlanner([
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in", "nth": 1}},
        {"tool": "click", "target": {"role": "link"}},  # the name is optional
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},  # gone from the newest page
    ])
    assert planner.plan(request()).tool_calls[0].input == {"ref": "e5", "value": "%user%"}
    assert planner.plan(request(1)).tool_calls[0].input == {"ref": "e9"}
    assert planner.plan(request(2, snapshots=(LOGIN_PAGE, WELCOME_PAGE))).tool_calls[0].input == {"ref": "e3"}
    assert planner.plan(request(3, snapshots=(LOGIN_PAGE, WELCOME_PAGE))).tool_calls[0].input == {"ref": "e0-missing"}


def test_a_reply_may_name_a_ref_or_no_element_and_carries_a_text() -> None:
    planner = ScriptedPlanner([{"tool": "click", "ref": "e999"},
                               {"tool": "goto", "input": {"url": "/cart"}, "text": "to the cart"}])
    first, second = planner.plan(request()), planner.plan(request(1))
    assert (first.tool_calls[0].name, first.tool_calls[0].input, first.text) == ("click", {"ref": "e999"}, "(scripted) click")
    assert (second.tool_calls[0].input, second.text) == ({"url": "/cart"}, "to the cart")
    assert first.tool_calls[0].id != second.tool_calls[0].id
    assert first.stop_reason == "tool_use"


def test_tool_calls_plan_replies_and_callables_are_replies_too() -> None:
    call = ToolCall(id="toolu_x", name="press", input={"key": "Enter"})
    no_call = PlanReply(tool_calls=[], text="I am not sure", usage=Usage(input_tokens=7, output_tokens=3))
    planner = ScriptedPlanner([call, no_call, lambda req: {"tool": "done", "input": {"summary": req.system}}])
    assert planner.plan(request()).tool_calls == [call]
    reply = planner.plan(request(1))
    assert (reply.tool_calls, reply.text, reply.usage.total) == ([], "I am not sure", 10)  # its own usage is kept
    assert planner.plan(request(2)).tool_calls[0].input == {"summary": "You are a test."}
    assert len(planner.requests) == planner.calls == 3


def test_a_callable_script_answers_every_request() -> None:
    planner = ScriptedPlanner(lambda req: {"tool": "click", "target": {"role": "button", "name": "Sign in"}})
    assert [planner.plan(request(i)).tool_calls[0].input for i in range(5)] == [{"ref": "e7"}] * 5


def test_every_reply_reports_an_estimated_usage() -> None:
    planner = ScriptedPlanner([{"tool": "click", "ref": "e7"}, ToolCall("t", "done", {})])
    started = time.perf_counter()
    short, long = planner.plan(request()), planner.plan(request(4))
    elapsed_ms = (time.perf_counter() - started) * 1000
    assert short.usage.input_tokens > 0 and short.usage.output_tokens >= 20
    assert long.usage.input_tokens > short.usage.input_tokens  # a longer conversation costs more
    assert 0 < short.latency_ms <= elapsed_ms and 0 < long.latency_ms <= elapsed_ms  # each call's own time, measured


def test_running_out_of_script_is_a_clear_error() -> None:
    planner = ScriptedPlanner([{"tool": "done"}])
    planner.plan(request())
    with pytest.raises(ScriptExhausted) as info:
        planner.plan(request(1))
    assert str(info.value) == ("ScriptedPlanner: the script has 1 reply, and the model was asked for reply 2 "
                               "(in 'Step: log in'); add replies, or end the step with {\"tool\": \"done\"}")
    assert isinstance(info.value, AssertionError)


def test_a_list_is_one_reply_with_several_tool_calls_each_resolved_in_the_snapshot() -> None:
    planner = ScriptedPlanner([[
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
        {"tool": "done", "input": {"summary": "signed in"}}]])
    reply = planner.plan(request())
    assert [(c.name, c.input) for c in reply.tool_calls] == [
        ("fill", {"ref": "e5", "value": "%user%"}), ("click", {"ref": "e7"}), ("done", {"summary": "signed in"})]
    assert len({c.id for c in reply.tool_calls}) == 3  # each tool_use id is its own
    assert reply.text == "(scripted) fill, click, done" and reply.usage.output_tokens > 20
    assert planner.cache_turns is True and ScriptedPlanner([], cache_turns=False).cache_turns is False


def test_a_malformed_reply_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a reply must be a dict, a list of dicts, a ToolCall or a PlanReply"):
        ScriptedPlanner(["click"]).plan(request())  # type: ignore[list-item]


STEPS: list[dict[str, Any]] = [
    {"match": "log in", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in", "nth": 1}},
        {"tool": "click", "ref": "e999"}]},
    {"match": ["the", "welcome"], "actions": [{"tool": "expect_visible", "target": {"role": "heading"}}]},
    {"match": "sign out", "actions": [[{"tool": "click", "target": {"role": "link", "name": "Sign out"}},
                                       {"tool": "done"}]]},
]


def test_from_steps_answers_as_the_fake_anthropic_server_does() -> None:
    requests = [request(i) for i in range(5)] + [request(0, "Check: the welcome page", (WELCOME_PAGE,)),
                                                 request(1, "Check: the welcome page", (WELCOME_PAGE,)),
                                                 request(0, "Step: something else"),
                                                 request(0, "Step: sign out", (WELCOME_PAGE,))]
    scripted = ScriptedPlanner.from_steps(STEPS)
    with FakeAnthropic() as fake:
        fake.script(STEPS)
        client = anthropic.Anthropic(base_url=fake.url, api_key="sk-test", max_retries=0)
        real = AnthropicPlanner("claude-fake", client=client)
        for req in requests:
            mine, theirs = scripted.plan(req).tool_calls, real.plan(req).tool_calls
            assert [(c.name, c.input) for c in mine] == [(c.name, c.input) for c in theirs]
    assert [[c.name for c in scripted.plan(req).tool_calls] for req in requests] == [
        ["fill"], ["click"], ["click"], ["done"], ["done"], ["expect_visible"], ["done"], ["done"], ["click", "done"]]
