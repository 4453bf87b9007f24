"""The tools (pytest_lumen.record.tools) on a real page: how a call on an element becomes an action.

Schemas, validation and calls without an element are in tests/unit/record/test_tools.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.cache.model import Check, Click, Fill, Press, TypeText
from pytest_lumen.planner import ToolCall
from pytest_lumen.record.snapshot import observe
from pytest_lumen.record.tools import to_action
from pytest_lumen.testing.stand_in import parse_snapshot_refs, resolve_target

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
