"""Tests for the loopback fake Anthropic server, driven through the real SDK."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anthropic
import pytest

from pytest_lumen.page.snapshot_diff import snapshot_text
from pytest_lumen.testing import fake_anthropic
from pytest_lumen.testing.fake_anthropic import (
    MISSING_REF,
    FakeAnthropic,
    SnapshotNode,
    action_input,
    page_snapshot,
    parse_snapshot_refs,
    resolve_target,
)

REPO_ROOT = Path(__file__).resolve().parents[3]
MODEL = "claude-sonnet-5-5"

SNAPSHOT = """\
- generic [ref=e1]:
  - heading "Say \\"hi\\"" [level=1] [ref=e2]
  - link "Cart (0)" [ref=e3] [cursor=pointer]:
    - /url: /cart
  - textbox "Username" [active] [ref=e5]
  - textbox "Password" [ref=e6]
  - button "Sign in" [ref=e7]
  - generic [ref=e8]: Clickable div
  - button "Sign in" [ref=e9]
  - checkbox "Remember me" [checked] [ref=e10]
  - text: plain text without ref
  - 'button "Note: \\"x\\" it''s" [ref=e11]'
"""

TOOLS: list[dict[str, Any]] = [
    {"name": "click", "description": "Click", "input_schema": {"type": "object", "properties": {"ref": {"type": "string"}}}},
    {"name": "fill", "description": "Fill",
     "input_schema": {"type": "object", "properties": {"ref": {"type": "string"}, "value": {"type": "string"}}}},
    {"name": "done", "description": "Done", "input_schema": {"type": "object", "properties": {"summary": {"type": "string"}}}},
]

LOGIN_SCRIPT: list[dict[str, Any]] = [
    {"match": "log in", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
        {"tool": "goto", "input": {"url": "http://127.0.0.1:8000/x"}},
        {"tool": "click", "ref": "e999"},
        {"tool": "done", "input": {"summary": "logged in"}},
    ]},
]


@pytest.fixture
def fake() -> Iterator[FakeAnthropic]:
    with FakeAnthropic() as server:
        yield server


@functools.lru_cache(maxsize=8)
def _client(url: str, max_retries: int) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=url, api_key="sk-test", max_retries=max_retries)


def client(fake: FakeAnthropic, max_retries: int = 0) -> anthropic.Anthropic:
    """A real SDK client pointed at the fake (cached: building one costs ~50 ms)."""
    return _client(fake.url, max_retries)


def conversation(task: str, turns: int, snapshot: str = SNAPSHOT) -> list[dict[str, Any]]:
    """A task message, then `turns` assistant/tool_result rounds, snapshot last."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": f"Task: {task}\n\n{snapshot if turns == 0 else ''}"}]
    for i in range(turns):
        messages.append({"role": "assistant", "content": [
            {"type": "tool_use", "id": f"toolu_{i}", "name": "click", "input": {"ref": "e1"}}]})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{i}",
             "content": [{"type": "text", "text": "ok"}, {"type": "text", "text": snapshot}]}]})
    return messages


def ask(fake: FakeAnthropic, messages: list[dict[str, Any]], **kwargs: Any) -> anthropic.types.Message:
    return client(fake).messages.create(model=MODEL, max_tokens=100, messages=messages, tools=TOOLS, **kwargs)


def tool_call(message: anthropic.types.Message) -> tuple[str, dict[str, Any]]:
    blocks = [b for b in message.content if b.type == "tool_use"]
    assert len(blocks) == 1
    return blocks[0].name, dict(blocks[0].input)


# -- snapshot parsing -------------------------------------------------------


def test_parse_snapshot_refs_handles_names_attributes_and_quoting() -> None:
    nodes = parse_snapshot_refs(SNAPSHOT)
    assert nodes[:3] == [
        SnapshotNode("generic", None, "e1"),
        SnapshotNode("heading", 'Say "hi"', "e2"),
        SnapshotNode("link", "Cart (0)", "e3"),
    ]
    assert SnapshotNode("textbox", "Username", "e5") in nodes
    assert SnapshotNode("checkbox", "Remember me", "e10") in nodes
    assert SnapshotNode("generic", None, "e8", text="Clickable div") in nodes
    assert nodes[-1] == SnapshotNode("button", 'Note: "x" it\'s', "e11")
    assert all(n.role != "text" for n in nodes)


def test_an_empty_name_targets_an_element_without_one() -> None:
    nodes = [SnapshotNode("link", "Edit", "e1"), SnapshotNode("link", None, "e2"), SnapshotNode("link", None, "e3")]
    assert resolve_target(nodes, {"role": "link", "name": "", "nth": 1}) == "e3"  # an icon link, by its place
    assert resolve_target(nodes, {"role": "link", "nth": 1}) == "e2"  # no name given: any name
    assert resolve_target(nodes, {"role": "link", "name": "", "nth": 2}) == MISSING_REF


def test_a_target_is_found_by_its_inline_text_and_every_x_target_becomes_an_x_ref() -> None:
    nodes = parse_snapshot_refs(SNAPSHOT)
    assert resolve_target(nodes, {"role": "generic", "text": "Clickable div"}) == "e8"
    assert resolve_target(nodes, {"role": "generic", "text": "Other"}) == MISSING_REF
    drag = {"tool": "drag", "target": {"role": "textbox", "name": "Username"},
            "to_target": {"role": "button", "name": "Sign in", "nth": 1}}
    body = {"messages": [{"role": "user", "content": SNAPSHOT}]}
    assert action_input(drag, body) == {"ref": "e5", "to_ref": "e9"}


# -- scripted answers -------------------------------------------------------


def test_scripted_fill_resolves_target_from_snapshot(fake: FakeAnthropic) -> None:
    fake.script(LOGIN_SCRIPT)
    message = ask(fake, conversation("please log in", 0))
    assert message.stop_reason == "tool_use"
    assert message.model == MODEL
    assert message.id.startswith("msg_fake_")
    assert message.content[0].type == "text" and message.content[0].text == "(fake) fill"
    assert message.content[1].id.startswith("toolu_fake_")
    assert tool_call(message) == ("fill", {"ref": "e5", "value": "%user%"})


def test_action_index_follows_assistant_turns(fake: FakeAnthropic) -> None:
    fake.script(LOGIN_SCRIPT)
    expected = [
        ("fill", {"ref": "e5", "value": "%user%"}),
        ("click", {"ref": "e7"}),
        ("goto", {"url": "http://127.0.0.1:8000/x"}),
        ("click", {"ref": "e999"}),
        ("done", {"summary": "logged in"}),
        ("done", {"summary": "done"}),  # past the end
        ("done", {"summary": "done"}),
    ]
    for turns, want in enumerate(expected):
        assert tool_call(ask(fake, conversation("please log in", turns))) == want


def test_a_list_in_the_script_is_one_reply_with_several_tool_calls(fake: FakeAnthropic) -> None:
    fake.script([{"match": "log in", "actions": [
        [{"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
         {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%pw%"}},
         {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
         {"tool": "done", "input": {"summary": "logged in"}}],
        {"tool": "done"}]}])
    message = ask(fake, conversation("please log in", 0))
    calls = [(b.name, dict(b.input)) for b in message.content if b.type == "tool_use"]
    assert calls == [("fill", {"ref": "e5", "value": "%user%"}), ("fill", {"ref": "e6", "value": "%pw%"}),
                     ("click", {"ref": "e7"}), ("done", {"summary": "logged in"})]
    assert message.content[0].text == "(fake) fill, fill, click, done" and message.stop_reason == "tool_use"
    assert len({b.id for b in message.content if b.type == "tool_use"}) == 4
    assert tool_call(ask(fake, conversation("please log in", 1))) == ("done", {})  # the next reply is the next entry


def test_a_target_resolves_in_the_snapshot_a_diff_left_the_model_with() -> None:
    rows = "".join(f'\n- row "News {i}" [ref=e{i + 10}]' for i in range(20))  # unchanged: not in the diff
    before = '- textbox "Username" [ref=e5]\n- button "Sign in" [ref=e7]' + rows
    after = '- textbox "Username" [ref=e5]: ada\n- button "Sign in" [ref=e7]\n- button "Sign out" [ref=e8]' + rows
    body = {"messages": [
        {"role": "user", "content": "Step: x\n\nCurrent page:\n" + snapshot_text(None, before)},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "fill", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok: fill done"},
                                     {"type": "text", "text": "Current page:\n" + snapshot_text(before, after)}]}]}
    assert "<untrusted_page_diff>" in body["messages"][2]["content"][1]["text"]
    assert page_snapshot(body) == after
    assert action_input({"target": {"role": "button", "name": "Sign in"}}, body) == {"ref": "e7"}  # an unchanged line
    assert action_input({"target": {"role": "button", "name": "Sign out"}}, body) == {"ref": "e8"}
    assert action_input({"target": {"role": "row", "name": "News 19"}}, body) == {"ref": "e29"}


def test_target_resolves_from_last_user_message_not_first(fake: FakeAnthropic) -> None:
    fake.script([{"match": "go", "actions": [{"tool": "click", "ref": "e1"},
                                             {"tool": "click", "target": {"role": "button", "name": "Sign in"}}]}])
    messages = conversation("go", 1, snapshot='- button "Sign in" [ref=e42]')
    messages[0]["content"] += '\n- button "Sign in" [ref=e7]'
    assert tool_call(ask(fake, messages)) == ("click", {"ref": "e42"})


def test_nth_escaped_names_and_nameless_targets(fake: FakeAnthropic) -> None:
    fake.script([{"match": "pick", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Sign in", "nth": 1}},
        {"tool": "click", "target": {"role": "heading", "name": 'Say "hi"'}},
        {"tool": "click", "target": {"role": "generic", "nth": 1}},
        {"tool": "click", "target": {"role": "button", "name": 'Note: "x" it\'s'}},
    ]}])
    refs = [tool_call(ask(fake, conversation("pick", turns)))[1]["ref"] for turns in range(4)]
    assert refs == ["e9", "e2", "e8", "e11"]


def test_unresolvable_target_gives_missing_ref(fake: FakeAnthropic) -> None:
    fake.script([{"match": "x", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Nope"}, "input": {"force": True}}]}])
    assert tool_call(ask(fake, conversation("x", 0))) == ("click", {"ref": "e0-missing", "force": True})


def test_match_lists_need_every_string_and_first_step_wins(fake: FakeAnthropic) -> None:
    fake.script([
        {"match": ["log in", "admin"], "actions": [{"tool": "click", "ref": "e_admin"}]},
        {"match": ["log in"], "actions": [{"tool": "click", "ref": "e_user"}]},
        {"match": "log in", "actions": [{"tool": "click", "ref": "e_never"}]},
    ])
    assert tool_call(ask(fake, conversation("log in as admin", 0)))[1] == {"ref": "e_admin"}
    assert tool_call(ask(fake, conversation("log in as bob", 0)))[1] == {"ref": "e_user"}
    assert tool_call(ask(fake, conversation("sign up", 0))) == ("done", {"summary": "done"})


TOUCH_TOOLS: list[dict[str, Any]] = [  # a step's tools on a touch profile: tap, no click
    {**TOOLS[0], "name": "tap", "description": "Tap"}, *TOOLS[1:]]


def test_one_script_serves_both_devices_a_click_is_a_tap_and_touch_entries_are_the_phones(fake: FakeAnthropic) -> None:
    fake.script([
        {"match": "open the cart", "touch": True, "actions": [  # the phone's own: the menu first
            {"tool": "tap", "target": {"role": "button", "name": "Sign in", "nth": 1}},
            {"tool": "click", "target": {"role": "link", "name": "Cart (0)"}}]},
        {"match": "open the cart", "actions": [{"tool": "click", "target": {"role": "link", "name": "Cart (0)"}}]},
        {"match": "sign in", "touch": False, "actions": [{"tool": "click", "target": {"role": "button", "name": "Sign in"}}]},
    ])

    def call(task: str, turns: int, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        return tool_call(client(fake).messages.create(model=MODEL, max_tokens=100, tools=tools,
                                                      messages=conversation(task, turns)))

    assert call("open the cart", 0, TOOLS) == ("click", {"ref": "e3"})  # a desktop: the touch entry is not its
    assert call("open the cart", 0, TOUCH_TOOLS) == ("tap", {"ref": "e9"})
    assert call("open the cart", 1, TOUCH_TOOLS) == ("tap", {"ref": "e3"})  # the script's click, sent as a tap
    assert call("sign in", 0, TOOLS) == ("click", {"ref": "e7"})
    assert call("sign in", 0, TOUCH_TOOLS) == ("done", {"summary": "done"})  # touch: false is not the phone's


def test_match_reads_text_blocks_of_first_message(fake: FakeAnthropic) -> None:
    fake.script([{"match": ["alpha", "beta"], "actions": [{"tool": "click", "ref": "e1"}]}])
    messages = [{"role": "user", "content": [{"type": "text", "text": "alpha"}, {"type": "text", "text": "beta"}]}]
    assert tool_call(ask(fake, messages)) == ("click", {"ref": "e1"})


def test_no_script_answers_done(fake: FakeAnthropic) -> None:
    assert tool_call(ask(fake, conversation("anything", 0))) == ("done", {"summary": "done"})


def test_malformed_script_step_answers_500_without_retry(fake: FakeAnthropic) -> None:
    fake.script([{"match": "x", "actions": [{"target": {"role": "button"}}]}])  # no "tool"
    with pytest.raises(anthropic.InternalServerError) as info:
        client(fake, max_retries=2).messages.create(
            model=MODEL, max_tokens=100, messages=conversation("x", 0), tools=TOOLS)
    assert "script error" in str(info.value)
    assert fake.request_count == 1


# -- queued answers ---------------------------------------------------------


def test_queue_error_401_raises_authentication_error(fake: FakeAnthropic) -> None:
    fake.queue_error(401, "authentication_error", "bad key")
    with pytest.raises(anthropic.AuthenticationError) as info:
        ask(fake, conversation("x", 0))
    assert info.value.status_code == 401
    assert info.value.body["error"] == {"type": "authentication_error", "message": "bad key"}
    assert info.value.response.headers["x-should-retry"] == "false"


def test_queue_error_429_raises_rate_limit_error(fake: FakeAnthropic) -> None:
    fake.queue_error(429, "rate_limit_error", "slow down")
    with pytest.raises(anthropic.RateLimitError) as info:
        ask(fake, conversation("x", 0))
    assert info.value.response.headers["retry-after"] == "0"
    assert info.value.response.headers["x-should-retry"] == "true"
    assert fake.request_count == 1


def test_queue_error_500_raises_internal_server_error(fake: FakeAnthropic) -> None:
    fake.queue_error(500)
    with pytest.raises(anthropic.InternalServerError):
        ask(fake, conversation("x", 0))


def test_retry_after_500_succeeds(fake: FakeAnthropic) -> None:
    fake.queue_error(500, count=1)
    message = client(fake, max_retries=1).messages.create(
        model=MODEL, max_tokens=100, messages=conversation("x", 0), tools=TOOLS)
    assert tool_call(message) == ("done", {"summary": "done"})
    assert fake.request_count == 2


def test_queue_error_count_and_order(fake: FakeAnthropic) -> None:
    fake.queue_error(529, "overloaded_error", count=2)
    fake.queue_raw([{"type": "text", "text": "after errors"}])
    for _ in range(2):
        with pytest.raises(anthropic.APIStatusError) as info:
            ask(fake, conversation("x", 0))
        assert info.value.status_code == 529
    message = ask(fake, conversation("x", 0))
    assert message.content[0].type == "text" and message.content[0].text == "after errors"
    assert message.stop_reason == "end_turn"


def test_queue_raw_passes_unknown_tool_through(fake: FakeAnthropic) -> None:
    fake.script(LOGIN_SCRIPT)
    fake.queue_raw([
        {"type": "text", "text": "thinking"},
        {"type": "tool_use", "name": "teleport", "input": {"where": "moon"}},
        {"type": "tool_use", "id": "toolu_mine", "name": "click", "input": {"ref": "e1"}},
    ])
    message = ask(fake, conversation("please log in", 0))
    assert message.stop_reason == "tool_use"
    uses = [b for b in message.content if b.type == "tool_use"]
    assert [(b.name, b.input) for b in uses] == [("teleport", {"where": "moon"}), ("click", {"ref": "e1"})]
    assert uses[0].id.startswith("toolu_fake_") and uses[1].id == "toolu_mine"
    # The raw answer was consumed; the script takes over again.
    assert tool_call(ask(fake, conversation("please log in", 0)))[0] == "fill"


def test_reset_clears_everything(fake: FakeAnthropic) -> None:
    fake.script(LOGIN_SCRIPT)
    fake.queue_error(500)
    fake.queue_raw([{"type": "text", "text": "raw"}])
    with pytest.raises(anthropic.InternalServerError):
        ask(fake, conversation("please log in", 0))
    fake.reset()
    assert fake.request_count == 0 and fake.requests == [] and fake.request_headers == []
    assert tool_call(ask(fake, conversation("please log in", 0))) == ("done", {"summary": "done"})


# -- usage, latency, recording ----------------------------------------------


def test_usage_without_cache_control(fake: FakeAnthropic) -> None:
    messages = conversation("x", 0)
    usage = ask(fake, messages, system="be brief").usage
    body = fake.requests[-1]
    chars = sum(len(json.dumps(body[k], ensure_ascii=False)) for k in ("system", "messages", "tools"))
    assert usage.input_tokens == chars // 4 > 0
    assert usage.output_tokens == 20 + len(json.dumps({"summary": "done"})) // 4
    assert usage.cache_creation_input_tokens == 0
    assert usage.cache_read_input_tokens == 0


LONG_SYSTEM = "You drive a browser. " * 250  # over the shortest cacheable prompt (1,024 tokens)


def test_usage_with_cache_control_creates_then_reads(fake: FakeAnthropic) -> None:
    system = [{"type": "text", "text": LONG_SYSTEM, "cache_control": {"type": "ephemeral"}}]
    first = ask(fake, conversation("x", 0), system=system).usage
    second = ask(fake, conversation("x", 1), system=system).usage
    assert first.cache_creation_input_tokens and first.cache_creation_input_tokens > 1024
    assert first.cache_read_input_tokens == 0
    assert second.cache_creation_input_tokens == 0
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens
    chars = sum(len(json.dumps(fake.requests[0][k], ensure_ascii=False)) for k in ("system", "messages", "tools"))
    assert first.input_tokens == max(0, chars // 4 - first.cache_creation_input_tokens)
    # A different cacheable prefix is a fresh cache write.
    tools = [*TOOLS[:-1], {**TOOLS[-1], "description": LONG_SYSTEM, "cache_control": {"type": "ephemeral"}}]
    third = client(fake).messages.create(model=MODEL, max_tokens=100, messages=conversation("x", 0), tools=tools).usage
    assert third.cache_creation_input_tokens and not third.cache_read_input_tokens


def test_a_prefix_shorter_than_the_minimum_is_not_cached(fake: FakeAnthropic) -> None:
    system = [{"type": "text", "text": "be brief", "cache_control": {"type": "ephemeral"}}]
    for _ in range(2):
        usage = ask(fake, conversation("x", 0), system=system).usage
        assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens) == (0, 0)


def _marked(message: dict[str, Any]) -> dict[str, Any]:
    content = message["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    return {**message, "content": [*blocks[:-1], {**blocks[-1], "cache_control": {"type": "ephemeral"}}]}


def test_earlier_turns_marked_as_breakpoints_are_read_and_only_the_new_turn_is_written(fake: FakeAnthropic) -> None:
    system = [{"type": "text", "text": LONG_SYSTEM, "cache_control": {"type": "ephemeral"}}]
    growing = conversation("x", 2)
    first = ask(fake, [*growing[:2], _marked(growing[2])], system=system).usage
    second = ask(fake, [*growing[:4], _marked(growing[4])], system=system).usage  # found 2 turns back, unmarked
    assert first.cache_read_input_tokens == 0 and first.cache_creation_input_tokens > 1024
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens  # the whole earlier conversation
    new_turn = len(json.dumps(growing[3:], ensure_ascii=False)) // 4
    assert 0 < second.cache_creation_input_tokens <= new_turn
    assert second.input_tokens < 100  # nothing follows the last breakpoint: only the JSON around the blocks is left


def test_more_than_four_breakpoints_are_refused_as_the_api_refuses_them(fake: FakeAnthropic) -> None:
    system = [{"type": "text", "text": LONG_SYSTEM, "cache_control": {"type": "ephemeral"}}]
    tools = [{**tool, "cache_control": {"type": "ephemeral"}} for tool in TOOLS]
    with pytest.raises(anthropic.BadRequestError, match="A maximum of 4 blocks with cache_control"):
        client(fake).messages.create(model=MODEL, max_tokens=100, system=system, tools=tools,  # 3 + 1 + 1
                                     messages=[_marked(m) for m in conversation("x", 0)])
    assert fake.request_count == 1 and fake.responses[0]["type"] == "error"


def test_latency_is_honoured(fake: FakeAnthropic) -> None:
    fake.latency = 0.2
    started = time.monotonic()
    ask(fake, conversation("x", 0))
    assert time.monotonic() - started >= 0.2


def test_held_replies_go_only_when_released(fake: FakeAnthropic) -> None:
    fake.script(LOGIN_SCRIPT)
    fake.hold()
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(ask, fake, conversation("please log in", 0))
        fake.wait_for_requests(1)
        assert fake.responses == [] and not first.done()  # received, and held
        fake.release(1)
        assert tool_call(first.result(timeout=60)) == ("fill", {"ref": "e5", "value": "%user%"})
        second = pool.submit(ask, fake, conversation("please log in", 1))
        fake.wait_for_requests(2)
        assert len(fake.responses) == 1 and not second.done()  # one release lets one reply go
        fake.release()
        assert tool_call(second.result(timeout=60)) == ("click", {"ref": "e7"})
    assert tool_call(ask(fake, conversation("please log in", 2)))[0] == "goto"  # released for good: no hold


def test_waiting_for_requests_that_do_not_come_times_out(fake: FakeAnthropic) -> None:
    with pytest.raises(TimeoutError, match="0 requests"):
        fake.wait_for_requests(1, timeout=0)


def test_a_held_reply_never_released_is_an_error(fake: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fake_anthropic, "HOLD_LIMIT", 0.0)
    fake.hold()
    with pytest.raises(anthropic.InternalServerError, match="not released"):
        ask(fake, conversation("x", 0))


def test_requests_and_headers_are_recorded(fake: FakeAnthropic) -> None:
    messages = conversation("record me", 0)
    ask(fake, messages)
    ask(fake, conversation("second", 1))
    assert fake.request_count == 2
    first = fake.requests[0]
    assert first["model"] == MODEL and first["max_tokens"] == 100
    assert first["messages"] == messages and [t["name"] for t in first["tools"]] == ["click", "fill", "done"]
    assert "second" in fake.requests[1]["messages"][0]["content"]
    headers = fake.request_headers[0]
    assert headers.get("x-api-key") == "sk-test" or headers.get("authorization") == "Bearer sk-test"
    assert "anthropic-version" in fake.request_headers[0]


def test_other_paths_404_and_bad_json_400(fake: FakeAnthropic) -> None:
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(fake.url + "/v1/models", timeout=5)
    assert info.value.code == 404
    assert json.loads(info.value.read())["type"] == "error"
    request = urllib.request.Request(fake.url + "/v1/messages", data=b"{not json", method="POST",
                                     headers={"content-type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(request, timeout=5)
    assert info.value.code == 400
    assert json.loads(info.value.read())["error"]["type"] == "invalid_request_error"


def test_stop_is_idempotent_and_url_requires_start() -> None:
    server = FakeAnthropic()
    with pytest.raises(RuntimeError):
        _ = server.url
    server.start()
    assert server.url.startswith("http://127.0.0.1:")
    server.stop()
    server.stop()


# -- CLI --------------------------------------------------------------------


def test_cli_serves_script_until_terminated(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"steps": LOGIN_SCRIPT}), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest_lumen.testing.fake_anthropic", "--port", "0",
         "--latency", "0", "--script", str(script)],
        cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line.startswith("FAKE_ANTHROPIC_URL=http://127.0.0.1:"), line
        url = line.split("=", 1)[1]
        sdk = anthropic.Anthropic(base_url=url, api_key="sk-test", max_retries=0)
        message = sdk.messages.create(model=MODEL, max_tokens=100, messages=conversation("please log in", 0), tools=TOOLS)
        assert tool_call(message) == ("fill", {"ref": "e5", "value": "%user%"})
    finally:
        proc.terminate()
        assert proc.wait(timeout=5) == 0

