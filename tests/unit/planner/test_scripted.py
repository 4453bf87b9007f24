"""``ScriptedPlanner``: an in-process planner that follows a script, as ``FakeAnthropic`` does over HTTP; and a script
file (``--lumen-script``), each test's steps read by its own planner (``ScriptBook``)."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import anthropic
import pytest

from pytest_lumen.errors import ScriptError
from pytest_lumen.outcome.usage import Usage
from pytest_lumen.planner import Planner, PlanReply, PlanRequest, ScriptedPlanner, ScriptExhausted, ToolCall
from pytest_lumen.planner.anthropic_planner import AnthropicPlanner
from pytest_lumen.planner.base import MOVED_ON, calls_model
from pytest_lumen.planner.scripted import ScriptBook, script_schema, script_schema_text
from pytest_lumen.record.dialogs import ANSWER_DIALOG
from pytest_lumen.record.tools import EXPECT_TOOLS, RUN_TOOLS, TOUCH_TOOLS
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


def test_it_calls_no_model_unless_told_to_stand_for_one() -> None:
    assert calls_model(ScriptedPlanner([])) is False  # its replies cost nothing: counted apart (Figures.add_reply)
    assert calls_model(ScriptedPlanner([], calls_model=True)) is True
    assert calls_model(AnthropicPlanner("claude-fake", client=anthropic.Anthropic(api_key="k", base_url="http://127.0.0.1:9")))


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


def moved_on(request: PlanRequest) -> PlanRequest:
    """``request`` whose last call's result says the page had moved on before it acted, as the driver says it."""
    block = {**request.messages[-1]["content"][0], "is_error": True,
             "content": f"error: {MOVED_ON} (it is at /login now): nothing was done; choose again from the page "
                        f"below\n\nCurrent page:\n{LOGIN_PAGE}"}
    return dataclasses.replace(request, messages=[*request.messages[:-1], {"role": "user", "content": [block]}])


def test_a_reply_whose_page_moved_on_before_it_acted_is_given_again_for_the_page_shown_then() -> None:
    listed = ScriptedPlanner([{"tool": "click", "target": {"role": "button", "name": "Sign in"}}, {"tool": "done"}])
    assert [[c.name for c in listed.plan(req).tool_calls] for req in (request(), moved_on(request(1)), request(2))] \
        == [["click"], ["click"], ["done"]]
    with FakeAnthropic() as fake:  # by step, as the fake model does
        fake.script(STEPS)
        real = AnthropicPlanner("claude-fake", client=anthropic.Anthropic(base_url=fake.url, api_key="sk-test",
                                                                          max_retries=0))
        for planner in (ScriptedPlanner.from_steps(STEPS), real):
            again = planner.plan(moved_on(request(1))).tool_calls
            assert [(c.name, c.input) for c in again] == [(c.name, c.input) for c in planner.plan(request()).tool_calls]


def test_a_reply_is_not_given_again_once_one_of_its_calls_acted() -> None:
    acted = moved_on(request(1))
    first = {"type": "tool_result", "tool_use_id": "toolu_a", "content": "ok: click done", "is_error": False}
    acted = dataclasses.replace(acted, messages=[*acted.messages[:-1], {"role": "user", "content": [
        first, *acted.messages[-1]["content"]]}])  # its first call clicked; its second was told the page moved on
    listed = ScriptedPlanner([[{"tool": "click", "target": {"role": "button", "name": "Sign in"}},
                               {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "a"}}],
                              {"tool": "done"}])
    listed.plan(request())
    assert [c.name for c in listed.plan(acted).tool_calls] == ["done"]  # the click is never done twice


# --- a script file (--lumen-script) ----------------------------------------------------------

SCRIPT: dict[str, Any] = {"tests": {
    "tests/test_shop.py::test_sign_in[chromium]": [  # a node id as pytest prints it: its browser is no part of it
        {"step": "log in", "actions": [
            {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
            [{"tool": "click", "target": {"role": "button", "name": "Sign in", "nth": 1}}]],
         "dialogs": [{"accept": True}]},
        {"step": "log in", "actions": [{"tool": "click", "target": {"role": "button", "name": "Sign in"}}]},
    ],
    "test_cart": [{"step": "the welcome page", "actions": [{"tool": "expect_visible", "target": {"role": "heading"}}]}],
}}


def book(tmp_path: Path, data: Any = SCRIPT) -> ScriptBook:
    path = tmp_path / "lumen-script.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return ScriptBook.load(path, "lumen-script.json")


def asked(test: str, step: str, turns: int = 0, occurrence: int = 0, **kwargs: Any) -> PlanRequest:
    """A request of the driver's for ``step`` of ``test``."""
    return dataclasses.replace(request(turns, f"Step: {step}", **kwargs), test=test, step=step, occurrence=occurrence)


def test_each_test_reads_its_own_steps_by_node_id_or_name_in_order(tmp_path: Path) -> None:
    planner = book(tmp_path).planner()
    first = planner.plan(asked("tests/test_shop.py::test_sign_in", "log in"))
    assert [(c.name, c.input) for c in first.tool_calls] == [("fill", {"ref": "e5", "value": "%user%"})]
    last = planner.plan(asked("tests/test_shop.py::test_sign_in", "log in", turns=1))
    assert [(c.name, c.input) for c in last.tool_calls] == [  # done with the step's last action, as a model does
        ("click", {"ref": "e9"}), ("done", {"summary": "the script's actions for this step are done"})]
    assert [c.name for c in planner.plan(asked("tests/test_shop.py::test_sign_in", "log in", turns=2)).tool_calls] == [
        "done"]  # its last action loaded another page: done is asked for again
    again = planner.plan(asked("tests/test_shop.py::test_sign_in", "log in", occurrence=1))  # the sentence's second time
    assert again.tool_calls[0].input == {"ref": "e7"}
    other = book(tmp_path).planner().plan(dataclasses.replace(
        asked("tests/other.py::test_cart", "the welcome page", snapshots=(WELCOME_PAGE,)), tools=EXPECT_TOOLS))
    assert other.tool_calls[0].input == {"ref": "e2"}  # by its name, in any file


def test_a_script_calls_no_model_and_reports_no_usage(tmp_path: Path) -> None:
    planner = book(tmp_path).planner()
    assert planner.calls_model is False and planner.model == "scripted"


@pytest.mark.parametrize(("test", "step", "occurrence", "message", "remedy"), [
    ("tests/test_shop.py::test_checkout", "log in", 0,
     "the script has no steps for the test tests/test_shop.py::test_checkout (it has: test_cart, "
     "tests/test_shop.py::test_sign_in)", '"test_checkout": [{"step": "<its first sentence>", "actions": [...]}, ...]'),
    ("tests/test_shop.py::test_sign_in", "log out", 0,
     "the script has no actions for this step (its steps for the test: 'log in'; 'log in') "
     "(test tests/test_shop.py::test_sign_in)", 'add {"step": "log out", "actions": [...]}'),
    ("tests/test_shop.py::test_sign_in", "log in", 2,
     "the script lists this step 2 time(s) for the test, and the test runs it again "
     "(test tests/test_shop.py::test_sign_in)", "list it once more"),
])
def test_a_step_the_script_has_no_actions_for_is_an_error_naming_the_test_the_step_and_the_file(
        tmp_path: Path, test: str, step: str, occurrence: int, message: str, remedy: str) -> None:
    with pytest.raises(ScriptError) as info:
        book(tmp_path).planner().plan(asked(test, step, occurrence=occurrence))
    assert info.value.message == message and remedy in info.value.remedy
    assert info.value.path == "lumen-script.json"
    assert info.value.step in (step, None)


def test_an_element_the_page_does_not_show_is_an_error_naming_what_it_shows(tmp_path: Path) -> None:
    script = {"tests": {"test_a": [{"step": "log in", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Log in"}}]}]}}
    with pytest.raises(ScriptError) as info:
        book(tmp_path, script).planner().plan(asked("t.py::test_a", "log in"))
    assert info.value.message == ("the page shows no button 'Log in' for the script's click (the button elements it "
                                  "shows: 'Sign in') (test t.py::test_a)")
    assert info.value.step == "log in" and "name the element by its role and name" in info.value.remedy


def test_an_action_the_page_refused_stops_the_step_with_what_the_page_said(tmp_path: Path) -> None:
    refused = asked("tests/test_shop.py::test_sign_in", "log in", turns=1)
    refused.messages[-1]["content"][0].update(is_error=True, content="error: Locator.click: element is not visible\n\n"
                                                                     "Current page: ...")
    with pytest.raises(ScriptError) as info:
        book(tmp_path).planner().plan(refused)
    assert info.value.message == ("a scripted action did not work on the page: error: Locator.click: element is not "
                                  "visible (test tests/test_shop.py::test_sign_in)")


def test_a_tool_the_step_may_not_use_is_an_error_listing_those_it_may(tmp_path: Path) -> None:
    script = {"tests": {"test_a": [{"step": "look", "actions": [{"tool": "clik", "target": {"role": "button"}}]}]}}
    with pytest.raises(ScriptError) as info:
        book(tmp_path, script).planner().plan(asked("t.py::test_a", "look"))
    assert "the script's tool 'clik' is not one this step may use" in info.value.message
    assert "use one of: click, double_click" in info.value.remedy


def test_one_script_serves_a_touch_screen_its_clicks_done_as_taps(tmp_path: Path) -> None:
    on_a_phone = dataclasses.replace(asked("tests/test_shop.py::test_sign_in", "log in", turns=1), tools=TOUCH_TOOLS)
    assert [c.name for c in book(tmp_path).planner().plan(on_a_phone).tool_calls] == ["tap", "done"]
    assert [c.name for c in book(tmp_path).planner().plan(
        asked("tests/test_shop.py::test_sign_in", "log in", turns=1)).tool_calls] == ["click", "done"]


def test_a_dialog_is_answered_from_the_steps_dialogs_and_one_it_does_not_answer_stops_the_step(tmp_path: Path) -> None:
    planner = book(tmp_path).planner()
    question = PlanRequest(system="s", messages=[{"role": "user", "content": "Step: log in\n\nYour action (click) "
                                                  "opened a JavaScript confirm dialog. It says ..."}],
                           tools=[ANSWER_DIALOG], test="tests/test_shop.py::test_sign_in", step="log in")
    assert planner.plan(question).tool_calls[0].input == {"accept": True}
    with pytest.raises(ScriptError) as unanswered:
        planner.plan(question)  # a second dialog: the step lists one answer
    assert "gives no answer to a JavaScript dialog the step opened (Your action (click) opened a JavaScript " \
           "confirm dialog.)" in unanswered.value.message
    with pytest.raises(ScriptError) as later:  # the dialog's handler dismisses it whatever was raised: the step stops
        planner.plan(asked("tests/test_shop.py::test_sign_in", "log in", turns=1))
    assert later.value is unanswered.value


@pytest.mark.parametrize(("text", "problems"), [
    ("{not json", ["the script file is not valid JSON: Expecting property name enclosed in double quotes"]),
    (json.dumps({"tests": {"t.py::test_a": [
        {"step": "log in", "actions": [{"tool": "click", "target": {"name": "Sign in"}}]},
        {"step": "", "actions": [[{"tool": "click", "target": {"role": "link"}, "extra": 1}]]},
        {"step": "look"}]}}),
     ["the script file is invalid: 4 problems",
      '    at tests["t.py::test_a"][0].actions[0].target.role: Field required',
      '    at tests["t.py::test_a"][1].step: String should have at least 1 character',
      '    at tests["t.py::test_a"][1].actions[0][0].extra: Extra inputs are not permitted',
      '    at tests["t.py::test_a"][2].actions: Field required']),
    (json.dumps({"test": {}}), ["the script file is invalid: 2 problems", "    at tests: Field required",
                                "    at test: Extra inputs are not permitted"]),
])
def test_a_script_file_that_is_not_valid_names_every_problem_at_its_path_in_the_file(
        tmp_path: Path, text: str, problems: list[str]) -> None:
    with pytest.raises(ScriptError) as info:
        book(tmp_path, text)
    lines = info.value.message.splitlines()
    assert lines == problems if len(problems) > 1 else lines[0].startswith(problems[0])
    assert info.value.path == "lumen-script.json" and "Try it without a key" in info.value.remedy


def test_a_missing_script_file_says_where_it_was_looked_for(tmp_path: Path) -> None:
    with pytest.raises(ScriptError) as info:
        ScriptBook.load(tmp_path / "nope.json", "nope.json")
    assert info.value.message == "the script file cannot be read: No such file or directory"
    assert info.value.path == "nope.json" and "--lumen-script" in info.value.remedy


REGENERATE = ("python -c \"from pytest_lumen.planner.scripted import script_schema_text as s; print(s(), end='')\" "
              "> docs/script-schema.json")


def test_the_published_schema_is_the_script_files() -> None:
    published = (Path(__file__).resolve().parents[3] / "docs" / "script-schema.json").read_text(encoding="utf-8")
    assert published == script_schema_text(), f"docs/script-schema.json is out of date; regenerate it: {REGENERATE}"
    schema = json.loads(published)
    assert schema["properties"]["tests"]["additionalProperties"]["items"]["$ref"] == "#/$defs/ScriptStep"
    assert schema == script_schema() and "$schema" in schema["properties"]  # an editor may link the schema


def test_a_script_files_reply_is_given_again_where_the_page_moved_on_before_it_acted(tmp_path: Path) -> None:
    planner = book(tmp_path).planner()
    test = "tests/test_shop.py::test_sign_in[chromium]"
    first = planner.plan(asked(test, "log in"))
    again = planner.plan(dataclasses.replace(moved_on(asked(test, "log in", turns=1)), test=test, step="log in"))
    assert [(c.name, c.input) for c in again.tool_calls] == [(c.name, c.input) for c in first.tool_calls]
