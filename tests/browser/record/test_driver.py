"""The model-driven step in process: ``ModelDriver`` with a ``ScriptedPlanner`` on a real Chromium page."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from pytest_lumen.cache.model import Click, Effect, Fill
from pytest_lumen.context import TestContext
from pytest_lumen.errors import InputUnhandledError, LumenAssertionError, StepAbortedError
from pytest_lumen.events import ModelRequest, StepFinal, ToolEnd, ToolStart
from pytest_lumen.page import perform
from pytest_lumen.page.snapshot_diff import UNCHANGED
from pytest_lumen.planner import ScriptedPlanner
from pytest_lumen.record.driver import ModelDriver, StepTask

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
    return ModelDriver(page, planner, ctx).drive(StepTask(0, instruction, kind, {"user": "ada"})).actions


def tool_results(planner: ScriptedPlanner, request: int) -> list[dict[str, Any]]:
    """The tool_result blocks of the last message of a request."""
    content = planner.requests[request].messages[-1]["content"]
    return [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]


def page_text(messages: list[dict[str, Any]]) -> str:
    """The page state that ends the last message of a request (after its tool results)."""
    content = messages[-1]["content"]
    return content if isinstance(content, str) else content[-1]["text"]


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
    assert [(e.command, e.ok) for e in ctx.action_log] == [("fill", True), ("click", True)]


def test_model_calls_and_tool_spans_are_counted_in_the_tests_figures_and_events(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    ctx = make_ctx()
    planner = ScriptedPlanner(SIGN_IN_SCRIPT, calls_model=True)  # standing for a model: counted as one
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


def test_a_script_in_the_models_place_is_told_the_test_and_step_and_counted_apart_at_no_cost(
        login_page: Any, make_ctx: Callable[..., TestContext]) -> None:
    ctx = make_ctx(max_tokens=1)  # a budget no model call would keep: a script has no tokens
    planner = ScriptedPlanner(SIGN_IN_SCRIPT)
    ctx.secrets.add_variables({"user": "ada"})
    ModelDriver(login_page, planner, ctx).drive(StepTask(0, "sign in as %user%", "run", {"user": "ada"}, ordinal=1))
    assert {(r.test, r.step, r.occurrence) for r in planner.requests} == {("tests/test_x.py::test_x",
                                                                          "sign in as %user%", 1)}
    assert (ctx.figures.model_calls, ctx.figures.scripted_replies, ctx.figures.usage.total, ctx.figures.cost) == (0, 3, 0, 0)
    requests = [e for e in ctx.events.events if isinstance(e, ModelRequest)]
    assert [(e.model, e.usage.total) for e in requests] == [("scripted", 0)] * 3


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
    assert page_text(planner.requests[1].messages).endswith(UNCHANGED)  # the model sees the page again with the error
    assert [type(a) for a in actions] == [Click]
    assert [e.command for e in ctx.action_log] == ["click"]  # the model's own mistakes teach nothing


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
    planner = ScriptedPlanner(SIGN_IN_SCRIPT, calls_model=True)  # standing for a model: its tokens count
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


# --- several tool calls in one reply, through the real SDK and the loopback fake model ---------------

PASSWORD_LOGIN = {"index.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title>
</head><body><main><h1>Sign in</h1>
<label>Username <input name="user"></label><label>Password <input name="pw" type="password"></label>
<button type="button" onclick="location.href='/welcome.html?u=' + document.querySelector('[name=user]').value">Sign in</button>
<ul>""" + "".join(f"<li>News item {i}</li>" for i in range(30)) + """</ul></main></body></html>""",
                  "welcome.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Welcome</title>
</head><body><main><h1>Welcome</h1></main></body></html>"""}
USER, PASSWORD = {"role": "textbox", "name": "Username"}, {"role": "textbox", "name": "Password"}
FILL_USER = {"tool": "fill", "target": USER, "input": {"value": "%user%"}}
FILL_PASSWORD = {"tool": "fill", "target": PASSWORD, "input": {"value": "%pw%"}}
CLICK_SIGN_IN = {"tool": "click", "target": SIGN_IN}
DONE = {"tool": "done", "input": {"summary": "signed in"}}


@pytest.fixture
def sdk_drive(page: Any, site_factory: Callable[[dict[str, str]], Any], make_ctx: Callable[..., TestContext],
              fake_anthropic: Any) -> Callable[..., tuple[list[Any], TestContext]]:
    """Record "sign in" on a login form with the real SDK planner against the fake model following ``turns``."""
    from pytest_lumen.planner.anthropic_planner import AnthropicPlanner

    site = site_factory(PASSWORD_LOGIN)

    def run(turns: list[Any], **settings: Any) -> tuple[list[Any], TestContext]:
        page.goto(site.url + "/index.html")
        fake_anthropic.reset()
        fake_anthropic.script([{"match": "Step: sign in", "actions": turns}])
        ctx = make_ctx(**settings)
        values = {"user": "ada", "pw": "s3cret-pw"}
        ctx.secrets.add_variables(values)
        driver = ModelDriver(page, AnthropicPlanner("claude-sonnet-5-5", max_retries=0), ctx)
        return driver.drive(StepTask(0, "sign in as %user% with password %pw%", "run", values)).actions, ctx
    return run


def sent(fake: Any, request: int) -> tuple[list[dict[str, Any]], str]:
    """A request's tool results (tool_use id aside) and the page state after them."""
    messages = fake.requests[request]["messages"]
    results = [{k: v for k, v in b.items() if k in ("content", "is_error")} for b in messages[-1]["content"]
               if b.get("type") == "tool_result"]
    return results, page_text(messages)


def test_fill_fill_click_and_done_in_one_reply_record_what_one_call_a_reply_records(
        sdk_drive: Callable[..., tuple[list[Any], TestContext]], fake_anthropic: Any, page: Any) -> None:
    one_by_one, _ = sdk_drive([FILL_USER, FILL_PASSWORD, CLICK_SIGN_IN, DONE])
    assert fake_anthropic.request_count == 4
    batched, ctx = sdk_drive([[FILL_USER, FILL_PASSWORD, CLICK_SIGN_IN, DONE]])

    assert fake_anthropic.request_count == 1 == ctx.figures.model_calls
    assert [a.model_dump(exclude={"target": {"fingerprint"}}) for a in batched] == \
        [a.model_dump(exclude={"target": {"fingerprint"}}) for a in one_by_one]
    assert [type(a) for a in batched] == [Fill, Fill, Click] and batched[2].after == Effect(url="/welcome.html?u=%user%")
    assert page.url.endswith("/welcome.html?u=ada")
    ends = [(e.toolId, e.outcome) for e in ctx.events.events if isinstance(e, ToolEnd)]
    assert ends == [("fill:0", "ok"), ("fill:1", "ok"), ("click:2", "ok")]  # each call verified on its own


def test_a_failure_in_the_middle_of_a_reply_stops_the_rest_and_the_next_reply_recovers(
        sdk_drive: Callable[..., tuple[list[Any], TestContext]], fake_anthropic: Any) -> None:
    wrong = {"tool": "select_option", "target": PASSWORD, "input": {"value": "%pw%"}}  # not a <select>: fails at once
    actions, ctx = sdk_drive([[FILL_USER, wrong, CLICK_SIGN_IN, DONE], [FILL_PASSWORD, CLICK_SIGN_IN, DONE]])

    results, after = sent(fake_anthropic, 1)
    assert [r["is_error"] for r in results] == [False, True, True, True]  # a result for every tool_use id
    assert results[0]["content"] == "ok: fill done"
    assert results[1]["content"].startswith("error: ") and "select" in results[1]["content"]
    assert results[2]["content"] == results[3]["content"] == "not run: an earlier call of this reply failed"
    assert "Username" in after and "Sign in" not in after.split("<untrusted_page_diff>")[1]  # the click was not run
    assert [type(a) for a in actions] == [Fill, Fill, Click] and fake_anthropic.request_count == 2
    assert [(e.command, e.ok) for e in ctx.action_log] == [
        ("fill", True), ("select_option", False), ("fill", True), ("click", True)]


def test_actions_after_one_that_loaded_another_page_are_not_run(
        sdk_drive: Callable[..., tuple[list[Any], TestContext]], fake_anthropic: Any, page: Any) -> None:
    actions, _ = sdk_drive([[FILL_USER, FILL_PASSWORD, CLICK_SIGN_IN, FILL_USER, DONE], [DONE]])
    results, after = sent(fake_anthropic, 1)
    assert [r["is_error"] for r in results] == [False, False, False, True, True]
    assert results[3]["content"].startswith("not run: an earlier call of this reply loaded another page")
    assert 'heading "Welcome"' in after and [type(a) for a in actions] == [Fill, Fill, Click]


def test_done_must_be_the_last_call_of_a_reply(sdk_drive: Callable[..., tuple[list[Any], TestContext]],
                                               fake_anthropic: Any) -> None:
    actions, _ = sdk_drive([[FILL_USER, DONE, FILL_PASSWORD], [FILL_PASSWORD, CLICK_SIGN_IN, DONE]])
    results, _ = sent(fake_anthropic, 1)
    assert [r["content"] for r in results] == ["ok: fill done", "invalid call: done must be the last tool call of a reply",
                                               "not run: an earlier call of this reply failed"]
    assert [type(a) for a in actions] == [Fill, Fill, Click]


def test_the_bound_on_actions_counts_the_calls_of_a_reply(
        sdk_drive: Callable[..., tuple[list[Any], TestContext]], page: Any) -> None:
    with pytest.raises(StepAbortedError) as info:
        sdk_drive([[FILL_USER, FILL_PASSWORD, FILL_USER, DONE]], max_actions=2)
    assert info.value.reason == "max_actions"


def test_later_pages_are_diffs_and_the_conversation_so_far_is_read_from_the_prompt_cache(
        sdk_drive: Callable[..., tuple[list[Any], TestContext]], fake_anthropic: Any) -> None:
    _, ctx = sdk_drive([FILL_USER, FILL_PASSWORD, CLICK_SIGN_IN, DONE])

    first, second, third, fourth = fake_anthropic.requests
    _, diffed = sent(fake_anthropic, 1)
    assert "<untrusted_page_diff>" in diffed and "News item 20" not in diffed  # only what changed, not the list
    [typed] = [line for line in diffed.splitlines() if line.startswith("+") and 'textbox "Username"' in line]
    assert typed.endswith("]: %user%")  # the value as its placeholder
    assert "s3cret-pw" not in json.dumps(fake_anthropic.requests)
    for earlier, later in ((first, second), (second, third), (third, fourth)):
        assert plain(later["messages"][:len(earlier["messages"])]) == plain(earlier["messages"])  # only grows
    marks = [(i, b) for i, m in enumerate(fourth["messages"]) if isinstance(m["content"], list)
             for b in m["content"] if "cache_control" in b]
    assert [i for i, _ in marks] == [4, 6] and "cache_control" in fourth["system"][-1] and "cache_control" in fourth["tools"][-1]
    usages = [r["usage"] for r in fake_anthropic.responses]
    assert usages[0]["cache_creation_input_tokens"] > 1024 and usages[0]["cache_read_input_tokens"] == 0
    for before, usage in itertools.pairwise(usages):  # each request reads all that the one before it sent
        assert usage["cache_read_input_tokens"] == before["cache_read_input_tokens"] + before["cache_creation_input_tokens"]
        assert usage["input_tokens"] + usage["cache_creation_input_tokens"] < 700
    assert ctx.figures.usage.cache_read_input_tokens == sum(u["cache_read_input_tokens"] for u in usages)


def plain(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages without their cache_control marks (which move to the newest turn), a text as a text block."""
    unmarked = json.loads(json.dumps(messages).replace(', "cache_control": {"type": "ephemeral"}', ""))
    return [{**m, "content": [{"type": "text", "text": m["content"]}]} if isinstance(m["content"], str) else m
            for m in unmarked]


# Recording on a page that takes the model's click late: an old-style tracker pings its server with a synchronous request
# on mousedown (held here until the test lets it go). The click's mouse events went out; the model is not told to try
# again, for the click may land still: the step stops, and the click lands once, when the page is free.
HELD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reports</title></head><body><main>
<h1>Reports</h1><button type="button" class="btn btn-danger" onclick="window.__used.push('archive')">Archive</button>
</main><script>window.__used = []; document.addEventListener('mousedown', () => { const ping = new XMLHttpRequest();
ping.open('GET', '/slow/track.txt', false); ping.send(); }, true);</script></body></html>"""


def test_a_click_the_page_does_not_take_in_time_stops_the_step_and_is_never_sent_again(
        page: Any, site_factory: Any, make_ctx: Callable[..., TestContext], monkeypatch: pytest.MonkeyPatch) -> None:
    site = site_factory({"index.html": HELD, "slow/track.txt": "ok"})
    page.goto(site.url + "/index.html")
    waited = perform.wait_taken

    def wait_then_free(*args: Any) -> None:  # the page is let go once the step has given up on it, not before
        try:
            waited(*args)
        finally:
            site.release.set()  # else the step's DevTools session would wait for the held page as it is closed
    monkeypatch.setattr(perform, "wait_taken", wait_then_free)
    planner = ScriptedPlanner([{"tool": "click", "target": {"role": "button", "name": "Archive"}},
                               {"tool": "click", "target": {"role": "button", "name": "Archive"}}, {"tool": "done"}])
    with pytest.raises(InputUnhandledError) as stopped:
        drive(page, make_ctx(action_timeout=1.0), planner, "archive the report")
    assert "were sent as its time ran out" in str(stopped.value) and len(planner.requests) == 1
    page.wait_for_function("window.__used.length > 0")  # the click that was sent lands now: the only one
    assert page.evaluate("window.__used") == ["archive"]
