"""AnthropicPlanner (pytest_lumen.planner.anthropic_planner): the SDK's errors, met through the real ``anthropic`` client
and the loopback fake, become ModelErrors with a remedy; its replies and requests."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import anthropic
import pytest

from pytest_lumen.errors import LumenError, ModelError
from pytest_lumen.planner.anthropic_planner import AnthropicPlanner
from pytest_lumen.planner.base import PlanRequest
from pytest_lumen.record.tools import RUN_TOOLS, validate_call
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

MODEL = "claude-sonnet-5-5"
REQUEST = PlanRequest(system="You operate a browser.", messages=[{"role": "user", "content": "Step: click sign in"}],
                      tools=RUN_TOOLS)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAnthropic]:
    """The fake, reached the way users configure the SDK: ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY."""
    with FakeAnthropic() as server:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
        monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
        yield server


def _planner(max_retries: int = 2) -> AnthropicPlanner:
    return AnthropicPlanner(MODEL, max_retries=max_retries, timeout=10.0)


def _model_error(planner: AnthropicPlanner) -> ModelError:
    with pytest.raises(ModelError) as info:
        planner.plan(REQUEST)
    assert isinstance(info.value.__cause__, anthropic.AnthropicError)
    return info.value


def test_401_names_the_api_key_and_is_not_retried(fake: FakeAnthropic) -> None:
    fake.queue_error(401, "authentication_error", "invalid x-api-key")
    error = _model_error(_planner())
    assert "401" in str(error) and "rejected the API key" in str(error)
    assert "ANTHROPIC_API_KEY" in str(error)
    assert fake.request_count == 1


def test_429_says_rate_limited_after_the_sdk_retries(fake: FakeAnthropic) -> None:
    fake.queue_error(429, "rate_limit_error", "slow down", count=3)
    error = _model_error(_planner(max_retries=2))
    assert "rate limited" in str(error) and "429" in str(error)
    assert "remedy:" in str(error)
    assert fake.request_count == 3  # the first try and the SDK's two retries


def test_500_says_failed_after_retries(fake: FakeAnthropic) -> None:
    fake.queue_error(500, "api_error", "boom", count=3)
    error = _model_error(_planner(max_retries=2))
    assert "failed (500) after the SDK's retries" in str(error)
    assert fake.request_count == 3


def test_a_500_then_success_is_retried_by_the_sdk(fake: FakeAnthropic) -> None:
    fake.queue_error(500, "api_error", "boom", count=1)
    reply = _planner(max_retries=2).plan(REQUEST)
    assert [call.name for call in reply.tool_calls] == ["done"]
    assert fake.request_count == 2


def test_connection_refused_says_cannot_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
    error = _model_error(_planner(max_retries=1))
    assert f"cannot reach the Anthropic API at http://127.0.0.1:{port}" in str(error)
    assert "ANTHROPIC_BASE_URL" in str(error)


def test_missing_key_says_no_api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(ModelError) as info:
        _planner()
    assert "no API key" in str(info.value) and "ANTHROPIC_API_KEY" in str(info.value)
    assert "--lumen-mode=replay" in str(info.value)


@pytest.mark.parametrize(
    ("block", "problem"),
    [
        ({"type": "tool_use", "name": "teleport", "input": {"to": "mars"}}, "unknown tool 'teleport'"),
        ({"type": "tool_use", "name": "fill", "input": {"ref": "e3"}}, "fill: missing argument(s) value"),
        ({"type": "tool_use", "name": "click", "input": {"ref": 7}}, "click: argument 'ref' must be a string"),
        ({"type": "tool_use", "name": "click", "input": {"ref": "e1", "force": True}}, "click: unknown argument 'force'"),
        ({"type": "tool_use", "name": "click"}, "click: missing argument(s) ref"),
    ],
)
def test_malformed_tool_calls_reach_the_drivers_validation(fake: FakeAnthropic, block: dict[str, Any], problem: str) -> None:
    fake.queue_raw([block])
    reply = _planner().plan(REQUEST)
    [call] = reply.tool_calls
    message = validate_call(call.name, call.input, RUN_TOOLS)
    assert message is not None and message.startswith(problem)


@pytest.mark.parametrize("bad_input", [[1, 2], "click e1", 42, None])
def test_a_tool_input_that_is_not_an_object_is_a_tool_error_not_a_crash(fake: FakeAnthropic, bad_input: Any) -> None:
    """Whatever the reply holds, plan() returns a call the driver can refuse (and echo back as a JSON object)."""
    fake.queue_raw([{"type": "tool_use", "name": "click", "input": bad_input}])
    try:
        reply = _planner().plan(REQUEST)
    except LumenError as exc:  # a clear model_error would do too; a TypeError would not
        assert isinstance(exc, ModelError)
        return
    [call] = reply.tool_calls
    assert isinstance(call.input, dict)
    assert validate_call(call.name, call.input, RUN_TOOLS) is not None


def test_a_reply_without_a_tool_call_has_no_calls_and_keeps_the_text(fake: FakeAnthropic) -> None:
    fake.queue_raw([{"type": "text", "text": "I would rather chat."}])
    reply = _planner().plan(REQUEST)
    assert reply.tool_calls == [] and reply.text == "I would rather chat."


def _breakpoints(body: dict[str, Any]) -> list[str]:
    """Where the request's cache_control marks are: tools, system, or the index of a message."""
    found = ["tools" for t in body["tools"] if "cache_control" in t] + ["system" for b in body["system"] if "cache_control" in b]
    for index, message in enumerate(body["messages"]):
        content = message["content"]
        found += [f"message {index}" for b in content if isinstance(b, dict) and "cache_control" in b] \
            if isinstance(content, list) else []
    return found


CONVERSATION = [
    {"role": "user", "content": "Step: sign in\n\nCurrent page: ..."},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "click", "input": {"ref": "e1"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok: click done"},
                                 {"type": "text", "text": "Current page: ..."}]},
]


def test_requests_carry_prompt_caching_and_tool_choice(fake: FakeAnthropic) -> None:
    _planner().plan(REQUEST)
    [body] = fake.requests
    assert body["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert body["tool_choice"] == {"type": "any"}  # several tool calls in one reply are allowed
    assert _breakpoints(body) == ["tools", "system", "message 0"]
    assert body["messages"][0]["content"] == [{"type": "text", "text": "Step: click sign in",
                                               "cache_control": {"type": "ephemeral"}}]


def test_the_newest_turn_and_the_one_before_are_breakpoints_four_in_all(fake: FakeAnthropic) -> None:
    _planner().plan(PlanRequest(system=REQUEST.system, messages=CONVERSATION, tools=RUN_TOOLS))
    [body] = fake.requests
    assert _breakpoints(body) == ["tools", "system", "message 0", "message 2"]
    assert body["messages"][2]["content"][-1] == {"type": "text", "text": "Current page: ...",
                                                  "cache_control": {"type": "ephemeral"}}
    assert "cache_control" not in body["messages"][2]["content"][0]  # the tool_result before it is left as it was
    assert "cache_control" not in json.dumps(CONVERSATION)  # the request's messages are not changed in place


def test_without_cache_turns_only_the_tools_and_system_prompt_are_breakpoints(fake: FakeAnthropic) -> None:
    planner = _planner()
    planner.cache_turns = False
    planner.plan(PlanRequest(system=REQUEST.system, messages=CONVERSATION, tools=RUN_TOOLS))
    assert _breakpoints(fake.requests[0]) == ["tools", "system"]


def test_several_tool_calls_of_one_reply_come_back_in_order(fake: FakeAnthropic) -> None:
    fake.queue_raw([{"type": "text", "text": "Filling the form."},
                    {"type": "tool_use", "name": "fill", "input": {"ref": "e5", "value": "%user%"}},
                    {"type": "tool_use", "name": "click", "input": {"ref": "e7"}},
                    {"type": "tool_use", "name": "done", "input": {}}])
    reply = _planner().plan(REQUEST)
    assert [(c.name, c.input) for c in reply.tool_calls] == [
        ("fill", {"ref": "e5", "value": "%user%"}), ("click", {"ref": "e7"}), ("done", {})]
    assert len({c.id for c in reply.tool_calls}) == 3 and reply.text == "Filling the form."
