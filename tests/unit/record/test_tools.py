"""The tools (pytest_lumen.record.tools): their schemas (unchanged, byte for byte), their validation, and how a call
becomes an action. Calls on an element of a real page are in tests/browser/record/test_tools.py."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from pytest_lumen.cache.model import Drag, Expect, Goto, History, LocatorSpec, Offset, Scroll, Target, Upload, WaitFor
from pytest_lumen.errors import LumenAssertionError, StepAbortedError
from pytest_lumen.planner import ToolCall
from pytest_lumen.record.reply import gave_up as _gave_up
from pytest_lumen.record.tools import (
    ACTIONS,
    EXPECT_TOOLS,
    RUN_TOOLS,
    TOUCH_TOOLS,
    Call,
    ToolInputError,
    _drag,
    to_action,
    tools_for,
    validate_call,
)

# sha256 of json.dumps() of the schemas: what the model is sent must not change by accident
# (it changes the prompt, the prompt cache prefix and the recordings made through it).
RUN_TOOLS_SHA256 = "5ad3b40ce689dcbb8660c8c78bd0d0aee1be0c8e83d2730adc87e8a448be0ff2"
EXPECT_TOOLS_SHA256 = "c423c80d669575017154b6aeb38bdc252d6ff613e6cb7fc0078e2d9b9f7fa19f"

NO_PAGE: Any = object()  # the calls given this never touch the page (no ref, no focused element)
TARGET = Target(locator=LocatorSpec(kind="label", value="CV"))
VALUES = {"ada": "%user%", "s3cret": "%pw%"}


def placeholders(text: str) -> str:
    """A stand-in for ``Secrets.placeholders``: known values back to their placeholders."""
    for value, placeholder in VALUES.items():
        text = text.replace(value, placeholder)
    return text


def call(name: str, **args: Any) -> ToolCall:
    return ToolCall(id="toolu_1", name=name, input=args)


# --- schemas ---------------------------------------------------------------------------------------


def test_the_schemas_sent_to_the_model_are_unchanged() -> None:
    assert hashlib.sha256(json.dumps(RUN_TOOLS).encode()).hexdigest() == RUN_TOOLS_SHA256
    assert hashlib.sha256(json.dumps(EXPECT_TOOLS).encode()).hexdigest() == EXPECT_TOOLS_SHA256


def test_each_step_kind_has_its_tools_and_every_action_tool_builds_an_action() -> None:
    assert [t["name"] for t in RUN_TOOLS] == ["click", "double_click", "right_click", "fill", "type", "press",
                                              "select_option", "check", "hover", "drag", "upload_file", "goto", "go_back",
                                              "go_forward", "reload", "scroll", "wait_for", "show_items", "done", "fail", "skip"]
    assert [t["name"] for t in EXPECT_TOOLS] == ["expect_visible", "expect_text", "expect_value", "expect_checked",
                                                 "expect_count", "expect_url", "show_items", "done", "fail"]
    assert tools_for("run") is RUN_TOOLS and tools_for("expect") is EXPECT_TOOLS
    assert [t["name"] for t in TOUCH_TOOLS] == ["tap", "swipe", "fill", "type", "press", "select_option", "check",
                                                "drag", "upload_file", "goto", "go_back", "go_forward", "reload", "scroll",
                                                "wait_for", "show_items", "done", "fail", "skip"]
    assert tools_for("run", touch=True) is TOUCH_TOOLS and tools_for("expect", touch=True) is EXPECT_TOOLS
    names = {t["name"] for t in RUN_TOOLS + TOUCH_TOOLS + EXPECT_TOOLS} - {"done", "fail", "skip", "show_items"}  # not actions
    assert set(ACTIONS) == names and all(tool.build is not None for tool in ACTIONS.values())
    assert all(t["input_schema"]["additionalProperties"] is False for t in RUN_TOOLS + TOUCH_TOOLS + EXPECT_TOOLS)


# --- validation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "args", "allowed", "problem"), [
    ("click", {"ref": "e1"}, RUN_TOOLS, None),
    ("scroll", {}, RUN_TOOLS, None),
    ("expect_checked", {"ref": "e1", "checked": False}, EXPECT_TOOLS, None),
    ("explode", {}, RUN_TOOLS, "unknown tool 'explode'; use one of: click, double_click, right_click, fill, type, press, "
                               "select_option, check, hover, drag, upload_file, goto, go_back, go_forward, reload, scroll, "
                               "wait_for, show_items, done, fail, skip"),
    ("expect_text", {"ref": "e1", "text": "x"}, RUN_TOOLS, "unknown tool 'expect_text'; use one of: click, "),
    ("click", {}, EXPECT_TOOLS, "unknown tool 'click'; use one of: expect_visible, "),
    ("click", ["e1"], RUN_TOOLS, "click: arguments must be an object"),
    ("fill", {"ref": "e1"}, RUN_TOOLS, "fill: missing argument(s) value"),
    ("expect_count", {}, EXPECT_TOOLS, "expect_count: missing argument(s) count, ref"),
    ("click", {"ref": "e1", "force": True}, RUN_TOOLS, "click: unknown argument 'force'"),
    ("fill", {"ref": "e1", "value": 3}, RUN_TOOLS, "fill: argument 'value' must be a string"),
    ("wait_for", {"ms": True}, RUN_TOOLS, "wait_for: argument 'ms' must be an integer"),
    ("check", {"ref": "e1", "checked": "yes"}, RUN_TOOLS, "check: argument 'checked' must be a boolean"),
])
def test_validate_call(name: str, args: Any, allowed: list[dict[str, Any]], problem: str | None) -> None:
    found = validate_call(name, args, allowed)
    if problem is None:
        assert found is None
    else:
        assert found is not None and found.startswith(problem)


# --- calls without an element ------------------------------------------------------------------------


@pytest.mark.parametrize("args", [{}, {"to_ref": "e2", "dx": 10, "dy": 0}])
def test_a_drag_names_exactly_one_destination(args: dict[str, Any]) -> None:
    with pytest.raises(ToolInputError, match="drag needs to_ref"):
        _drag(Call(args, TARGET, None, NO_PAGE, placeholders))
    with pytest.raises(ValueError, match="exactly one of 'to'"):
        Drag(target=TARGET, to=TARGET if args else None, by=Offset(x=10, y=0) if args else None)


def test_a_drag_by_an_offset_is_described_with_it() -> None:
    action, _ = _drag(Call({"dx": 40, "dy": -2.5}, TARGET, None, NO_PAGE, placeholders))
    assert action == Drag(target=TARGET, by=Offset(x=40, y=-2.5))
    assert action.describe() == 'drag get_by_label("CV") by (40, -2.5)'


@pytest.mark.parametrize(("files", "problem"), [
    ("cv.pdf", "upload_file: argument 'files' must be an array"),
    (["cv.pdf", 3], "upload_file: argument 'files' must be a list of strings"),
    (["%cv%", "data/letter.txt"], None),
])
def test_upload_file_takes_a_list_of_names(files: Any, problem: Any) -> None:
    assert validate_call("upload_file", {"ref": "e1", "files": files}, RUN_TOOLS) == problem


@pytest.mark.parametrize("name", ["/home/ci/tests/data/cv.pdf", "C:\\Users\\ci\\cv.pdf"])
def test_an_upload_never_names_an_absolute_path_of_the_recording_machine(name: str) -> None:
    with pytest.raises(ToolInputError, match="never by an absolute path"):
        to_action(call("upload_file", files=[name]), NO_PAGE, [], placeholders)
    with pytest.raises(ValueError, match="an absolute path"):
        Upload(target=TARGET, files=[name])


@pytest.mark.parametrize(("tool", "go", "described"), [
    ("go_back", "back", "go back"), ("go_forward", "forward", "go forward"), ("reload", "reload", "reload")])
def test_history_tools_are_page_actions_without_a_locator(tool: str, go: str, described: str) -> None:
    action, loc = to_action(call(tool), NO_PAGE, [], placeholders)
    assert action == History(go=go) and loc is None and action.describe() == described


def test_goto_is_normalized_and_templatized_and_has_no_locator() -> None:
    action, loc = to_action(call("goto", url="http://127.0.0.1:8000/users/ada?b=2&a=1"), NO_PAGE, (), placeholders)
    assert action == Goto(url="/users/%user%?a=1&b=2") and loc is None


def test_wait_for_takes_text_or_ms_and_needs_one() -> None:
    assert to_action(call("wait_for", text="Hello ada"), NO_PAGE, (), placeholders) == (WaitFor(text="Hello %user%"), None)
    assert to_action(call("wait_for", ms=250), NO_PAGE, (), placeholders) == (WaitFor(ms=250), None)
    with pytest.raises(ToolInputError, match="wait_for needs text or ms"):
        to_action(call("wait_for", text=""), NO_PAGE, (), placeholders)


def test_expect_url_keeps_a_path_and_normalizes_a_full_url() -> None:
    assert to_action(call("expect_url", url="/cart"), NO_PAGE, (), placeholders)[0] == Expect(check="url", expected="/cart")
    full = to_action(call("expect_url", url="http://127.0.0.1:9/u/ada"), NO_PAGE, (), placeholders)[0]
    assert full == Expect(check="url", expected="/u/%user%")


def test_scroll_without_a_ref_scrolls_the_page() -> None:
    assert to_action(call("scroll", direction="up"), NO_PAGE, (), placeholders) == (Scroll(direction="up"), None)


def test_a_ref_not_in_the_latest_snapshot_cannot_be_carried_out() -> None:
    with pytest.raises(ToolInputError, match="ref 'e7' is not in the latest snapshot; use a ref shown there"):
        to_action(call("click", ref="e7"), NO_PAGE, {"e1", "e2"}, placeholders)


@pytest.mark.parametrize("name", ["done", "fail", "explode"])
def test_a_tool_that_builds_no_action_cannot_be_carried_out(name: str) -> None:
    with pytest.raises(ToolInputError, match=f"tool '{name}' cannot be carried out here"):
        to_action(call(name), NO_PAGE, (), placeholders)


# --- fail: a step that needs an interaction no tool offers ------------------------------------------


def test_only_a_run_step_s_fail_names_the_missing_interaction() -> None:
    run_fail = next(t for t in RUN_TOOLS if t["name"] == "fail")
    expect_fail = next(t for t in EXPECT_TOOLS if t["name"] == "fail")
    assert set(run_fail["input_schema"]["properties"]) == {"reason", "missing"}
    assert run_fail["input_schema"]["required"] == ["reason"]  # missing is optional
    assert set(expect_fail["input_schema"]["properties"]) == {"reason"}


def test_validate_call_checks_fail_against_the_tools_it_is_given() -> None:
    # the driver handles fail before validating it; validate_call must still agree with the schema it is given
    assert validate_call("fail", {"reason": "x", "missing": "drag and drop"}, EXPECT_TOOLS) == "fail: unknown argument 'missing'"
    assert validate_call("fail", {"reason": "no drag tool", "missing": "drag and drop"}, RUN_TOOLS) is None


def test_fail_with_missing_is_a_step_aborted_error_that_says_to_use_playwright_for_that_part() -> None:
    error = _gave_up("run", call("fail", reason="the cards reorder by dragging only", missing="drag and drop"))
    assert type(error) is StepAbortedError and error.reason == "model_gave_up"
    assert error.message == ("[model_gave_up] the model could not do the step: no tool can drag and drop "
                             "(the cards reorder by dragging only)")
    assert error.remedy.startswith("pytest-lumen has no tool to drag and drop yet: do that part with Playwright in the test")
    assert "keep agent.run() for the steps around it" in error.remedy
    assert "remedy: pytest-lumen has no tool to drag and drop yet" in str(error)


@pytest.mark.parametrize("missing", [None, "", "   "])
def test_fail_without_a_missing_interaction_blames_the_app_or_the_wording(missing: Any) -> None:
    args = {"reason": "there is no sign-in button"} | ({} if missing is None else {"missing": missing})
    error = _gave_up("run", call("fail", **args))
    assert type(error) is StepAbortedError and error.reason == "model_gave_up"
    assert error.message == "[model_gave_up] the model could not do the step: there is no sign-in button"
    assert "no tool can" not in str(error) and "Playwright" not in str(error)
    assert error.remedy == "check that the app works by hand, then reword the instruction"


def test_fail_in_an_expect_step_is_a_false_statement_whatever_it_names() -> None:
    error = _gave_up("expect", call("fail", reason="the cart holds two mugs", missing="drag and drop"))
    assert isinstance(error, LumenAssertionError) and not isinstance(error, StepAbortedError)
    assert error.message == "the statement does not hold on this page: the cart holds two mugs"
    assert "no tool can" not in str(error)
