"""Cached actions as Playwright lines: one call per action, each check its ``expect``, branches as ``if`` blocks."""

from __future__ import annotations

import ast
import re
from typing import Any

import pytest
from pydantic import TypeAdapter

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Action, Step
from pytest_lumen.errors import ExportError
from pytest_lumen.export.actions import IMPORT_OS, Scope, action_lines, step_lines
from pytest_lumen.replay.branches import CONDITION_WAIT_MS

BUTTON = {"locator": {"kind": "role", "value": "button", "name": "Add"}}
FIELD = {"locator": {"kind": "label", "value": "Email", "exact": True}}


def action(data: dict[str, Any]) -> Any:
    return TypeAdapter(Action).validate_python(data)


def lines(data: dict[str, Any], scope: Scope | None = None) -> list[str]:
    return action_lines(action(data), scope or Scope())


def compiles(code: list[str]) -> None:
    ast.parse("def test(page):\n" + "".join(f"    {line}\n" for line in code))


@pytest.mark.parametrize(("data", "expected"), [
    ({"kind": "click", "target": BUTTON}, 'page.get_by_role("button", name="Add").click()'),
    ({"kind": "click", "target": BUTTON, "clicks": 2}, 'page.get_by_role("button", name="Add").dblclick()'),
    ({"kind": "click", "target": BUTTON, "button": "right"}, 'page.get_by_role("button", name="Add").click(button="right")'),
    ({"kind": "fill", "target": FIELD, "value": "a@b.c"}, 'page.get_by_label("Email", exact=True).fill("a@b.c")'),
    ({"kind": "type", "text": "hi"}, 'page.keyboard.type("hi")'),
    ({"kind": "press", "key": "Enter", "target": FIELD}, 'page.get_by_label("Email", exact=True).press("Enter")'),
    ({"kind": "select_option", "target": FIELD, "value": "M"}, 'page.get_by_label("Email", exact=True).select_option("M")'),
    ({"kind": "check", "target": FIELD, "checked": False}, 'page.get_by_label("Email", exact=True).set_checked(False)'),
    ({"kind": "hover", "target": BUTTON}, 'page.get_by_role("button", name="Add").hover()'),
    ({"kind": "goto", "url": "https://example.test/a"}, 'page.goto("https://example.test/a")'),
    ({"kind": "goto", "url": "/cart"}, 'page.goto(urljoin(page.url, "/cart"))'),
    ({"kind": "history", "go": "back"}, "page.go_back()"),
    ({"kind": "scroll", "direction": "up"}, "page.mouse.wheel(0, -600)"),
    ({"kind": "wait_for", "text": "Saved"}, 'page.get_by_text("Saved").first.wait_for(state="visible")'),
    ({"kind": "expect", "check": "text", "target": BUTTON, "expected": "Add"},
     'expect(page.get_by_role("button", name="Add")).to_contain_text("Add")'),
    ({"kind": "expect", "check": "value", "target": FIELD, "expected": "x"},
     'expect(page.get_by_label("Email", exact=True)).to_have_value("x")'),
    ({"kind": "expect", "check": "checked", "target": FIELD, "expected": True},
     'expect(page.get_by_label("Email", exact=True)).to_be_checked(checked=True)'),
    ({"kind": "expect", "check": "count", "target": {"locator": {"kind": "role", "value": "list"}}, "expected": 3,
      "items": {"kind": "role", "value": "listitem"}},
     'expect(page.get_by_role("list").get_by_role("listitem")).to_have_count(3)'),
])
def test_each_action_is_its_playwright_call(data: dict[str, Any], expected: str) -> None:
    assert lines(data) == [expected]


def test_a_drag_by_an_offset_moves_the_mouse_from_the_elements_center() -> None:
    code = lines({"kind": "drag", "target": BUTTON, "by": {"x": 40, "y": 0}})
    compiles(code)
    assert "page.mouse.move(x + 40, y + 0, steps=8)" in code and code[-1] == "page.mouse.up()"


def test_a_url_check_matches_as_replay_does() -> None:
    scope = Scope()
    [line] = lines({"kind": "expect", "check": "url", "expected": "/?q=Red%20Mug"}, scope)
    literal = re.search(r"re\.compile\((.*)\)\)$", line)
    assert literal is not None
    pattern = re.compile(ast.literal_eval(literal.group(1)))
    assert pattern.match("http://127.0.0.1:8000/?q=Red%20Mug")
    assert not pattern.match("http://127.0.0.1:8000/?q=Blue%20Mug")
    assert "import re" in scope.imports


def _waited_pattern(line: str) -> re.Pattern[str]:
    found = re.fullmatch(r'page\.wait_for_url\(re\.compile\((.*)\), wait_until="domcontentloaded"\)', line)
    assert found is not None, line
    return re.compile(ast.literal_eval(found.group(1)))


def test_an_action_that_led_to_another_page_waits_for_it_as_replay_does() -> None:
    scope = Scope()
    code = lines({"kind": "click", "target": BUTTON, "after": {"url": "/orders/7?tab=items#summary"}}, scope)
    compiles(code)
    assert code[0] == 'page.get_by_role("button", name="Add").click()'
    pattern = _waited_pattern(code[1])  # its path, whatever the query and fragment the page shows
    assert pattern.match("http://127.0.0.1:8000/orders/7") and pattern.match("http://127.0.0.1:8000/orders/7?tab=all")
    assert not pattern.match("http://127.0.0.1:8000/orders") and not pattern.match("http://127.0.0.1:8000/orders/7/edit")
    assert "import re" in scope.imports
    templated = lines({"kind": "click", "target": BUTTON, "after": {"url": "/orders/%order%"}},
                      Scope(values={"order": "order_id"}))
    compiles(templated)
    assert "re.escape(str(" in templated[1] and "order_id" in templated[1]
    popup = lines({"kind": "click", "target": BUTTON, "after": {"url": "/", "popup": "/help"}})
    assert not any("wait_for_url" in line for line in popup)  # the tab it opened is followed instead
    assert lines({"kind": "fill", "target": FIELD, "value": "x", "after": {"value": "x"}}) == \
        ['page.get_by_label("Email", exact=True).fill("x")']


def test_variables_are_the_tests_expressions_else_environment_lookups_never_values() -> None:
    scope = Scope(values={"password": "shop_password"})
    assert lines({"kind": "fill", "target": FIELD, "value": "%password%"}, scope) == [
        'page.get_by_label("Email", exact=True).fill(shop_password)']
    assert lines({"kind": "fill", "target": FIELD, "value": "%user%@example.com"}, scope) == [
        'page.get_by_label("Email", exact=True).fill(os.environ["USER"] + "@example.com")']
    assert IMPORT_OS in scope.imports


def test_a_redacted_secret_is_refused_with_a_remedy() -> None:
    with pytest.raises(ExportError, match=r"\*\*\*.*\n.*step: log in\n.*remedy: pass the value with variables"):
        Scope(step="log in").text("***")


def test_a_dialog_is_answered_as_recorded_before_the_action() -> None:
    code = lines({"kind": "click", "target": BUTTON, "dialogs": [
        {"type": "prompt", "message": "Name?", "accept": True, "text": "Ann"}]})
    assert code[0] == 'page.once("dialog", lambda dialog: dialog.accept("Ann"))'
    two = lines({"kind": "click", "target": BUTTON, "dialogs": [
        {"type": "confirm", "message": "Sure?", "accept": False}, {"type": "alert", "message": "Done", "accept": True}]})
    compiles(two)
    assert "dialog.dismiss()" in two[0] and "dialog.accept()" in two[0]


def test_a_popup_is_followed_by_later_actions_and_later_steps() -> None:
    scope = Scope()
    code = lines({"kind": "click", "target": BUTTON, "after": {"popup": "/help"}}, scope)
    assert code == ["with page.context.expect_page() as new_tab:", '    page.get_by_role("button", name="Add").click()',
                    "tab = new_tab.value"]
    assert lines({"kind": "hover", "target": BUTTON}, scope) == ['tab.get_by_role("button", name="Add").hover()']
    step = Step(key=step_key("look", []), instruction="look", url="/", actions=[action({"kind": "hover", "target": BUTTON})])
    assert step_lines(step, scope)[0].startswith("tab = page.context.pages[-1]")


def test_an_upload_names_files_from_the_test_files_folder() -> None:
    scope = Scope(values={"photo": '"data/p.png"'})
    chooser = lines({"kind": "upload", "target": BUTTON, "files": ["%photo%"]}, scope)
    assert chooser[-1] == 'chooser.value.set_files([Path(__file__).parent / "data/p.png"])'
    file_input = {"locator": {"kind": "label", "value": "Photo"}, "fingerprint": {"tag": "input", "type": "file"}}
    assert lines({"kind": "upload", "target": file_input, "files": ["a.txt"]}) == [
        'page.get_by_label("Photo").set_input_files([Path(__file__).parent / "a.txt"])']


def conditional(*branches: list[dict[str, Any]]) -> Step:
    return Step(key=step_key("close the banner", []), instruction="close the banner", url="/",
                branches=[[action(a) for a in b] for b in branches])


def test_branches_become_if_blocks_on_each_branchs_sign_waiting_briefly_for_nothing_to_do() -> None:
    code = step_lines(conditional([{"kind": "click", "target": BUTTON}], []), Scope())
    compiles(code)
    assert code[0] == 'sign = page.get_by_role("button", name="Add")'
    # as long as replay waits for a sign before it takes the branch of nothing to do
    assert f"    sign.first.wait_for(timeout={CONDITION_WAIT_MS:g})" in code and "except PlaywrightTimeoutError:" in code
    assert code[-2:] == ["if sign.first.is_visible():", '    page.get_by_role("button", name="Add").click()']


def test_without_a_branch_of_nothing_to_do_a_sign_must_show() -> None:
    code = step_lines(conditional([{"kind": "wait_for", "text": "Hello"}, {"kind": "click", "target": BUTTON}],
                                  [{"kind": "click", "target": FIELD}]), Scope())
    compiles(code)
    assert code[:3] == ['sign_1 = page.get_by_text("Hello")', 'sign_2 = page.get_by_label("Email", exact=True)',
                        "sign_1.or_(sign_2).first.wait_for()"]
    assert "if sign_1.first.is_visible():" in code and "elif sign_2.first.is_visible():" in code
    assert "try:" not in code


def test_an_action_that_sent_a_mutation_waits_for_its_response_as_replay_does() -> None:
    code = lines({"kind": "click", "target": BUTTON, "after": {"requests": ["POST /cart", "PATCH /orders/%order%"]}})
    compiles(code)
    assert code == [
        'with page.expect_response(lambda response: response.request.resource_type in ("fetch", "xhr") '
        'and response.request.method not in ("GET", "HEAD", "OPTIONS")):',
        '    page.get_by_role("button", name="Add").click()']
