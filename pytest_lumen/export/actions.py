"""Cached actions as plain Playwright lines: each action its call, each check its ``expect(...)``.

A ``Scope`` is what the generated lines of one test know: the page expression they act on, the
Python expression of each ``%variable%`` (the test's own value, else an environment lookup) and the
imports the lines need. Locators are written as ``LocatorSpec.describe()`` writes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cache.model import (
    Check,
    Click,
    DialogAnswer,
    Drag,
    Expect,
    Fill,
    Goto,
    History,
    Hover,
    LocatorSpec,
    Press,
    Scroll,
    SelectOption,
    Step,
    Swipe,
    Tap,
    Target,
    TypeText,
    Upload,
    WaitFor,
    _Action,
)
from ..errors import ExportError
from ..page.perform import DRAG_STEPS, WAIT_MS, WHEEL_PX
from ..page.touch import MOVES as SWIPE_MOVES
from ..page.touch import SPAN as SWIPE_SPAN
from ..page.touch import UNIT
from ..replay.branches import CONDITION_WAIT_MS, guard
from ..secrets import REDACTED
from ..templates import PLACEHOLDER, placeholders

INDENT = "    "

IMPORT_EXPECT = "from playwright.sync_api import expect"
IMPORT_RE = "import re"
IMPORT_OS = "import os"
IMPORT_PATH = "from pathlib import Path"
IMPORT_URLJOIN = "from urllib.parse import urljoin"
IMPORT_TIMEOUT = "from playwright.sync_api import TimeoutError as PlaywrightTimeoutError"


def py_str(text: str) -> str:
    """A Python string literal for ``text`` (double-quoted, as it reads)."""
    return json.dumps(text, ensure_ascii=False)


@dataclass
class Scope:
    """What the lines of one test know while they are generated."""

    values: dict[str, str] = field(default_factory=dict)  # placeholder name -> Python expression (a str)
    page: str = "page"
    tabs_opened: int = 0
    imports: set[str] = field(default_factory=set)
    step: str = ""  # the instruction being exported, for errors
    str_names: set[str] = field(default_factory=set)  # the test's arguments annotated ``str``

    def text(self, template: str) -> str:
        """A Python expression for a template: a literal, the variable's expression, or a concatenation."""
        if REDACTED in template:
            raise ExportError("the cache holds a secret environment value as *** here, which an export cannot write back",
                              step=self.step, remedy="pass the value with variables={...}, then re-record the test")
        parts: list[str] = []
        last = 0
        for m in PLACEHOLDER.finditer(template):
            if m.start() > last:
                parts.append(py_str(template[last:m.start()]))
            parts.append(self.value(m.group(1)))
            last = m.end()
        if last < len(template) or not parts:
            parts.append(py_str(template[last:]))
        return " + ".join(parts)

    def value(self, name: str) -> str:
        """The expression of ``%name%``: the test's own, else ``os.environ["NAME"]`` (never its value)."""
        if name in self.values:
            return self.values[name]
        self.imports.add(IMPORT_OS)
        return f"os.environ[{py_str(name.upper())}]"

    def locator(self, spec: LocatorSpec, root: str | None = None) -> str:
        """``page.get_by_role("button", name="Add")``; placeholders in it are filled with literal values only."""
        strings = [s for s in _spec_strings(spec) if placeholders(s)]
        if strings:
            spec = _filled(spec, self)
        return f"{root or self.page}.{spec.describe()}"


def _spec_strings(spec: LocatorSpec) -> list[str]:
    own = [spec.value] + ([spec.name] if spec.name else [])
    return own + (_spec_strings(spec.parent) if spec.parent else [])


def _filled(spec: LocatorSpec, scope: Scope) -> LocatorSpec:
    """The locator with its placeholders replaced by the test's literal values (a locator is written as literals)."""
    def fill(text: str) -> str:
        def one(m: re.Match[str]) -> str:
            expr = scope.values.get(m.group(1), "")
            try:
                value = json.loads(expr)
            except ValueError:
                value = None
            if not isinstance(value, str):
                raise ExportError(f"the locator {spec.describe()} holds %{m.group(1)}%, whose value is not a literal "
                                  f"in the test", step=scope.step, remedy="pass that variable as a string literal")
            return value
        return PLACEHOLDER.sub(one, text)
    parent = _filled(spec.parent, scope) if spec.parent else None
    return spec.model_copy(update={"value": fill(spec.value), "name": fill(spec.name) if spec.name else None,
                                   "parent": parent})


def _raw(pattern: str) -> str:
    """A regular expression as a raw string literal when it can be one."""
    if '"' in pattern or pattern.endswith("\\") or any(ord(c) < 32 for c in pattern):
        return py_str(pattern)
    return f'r"{pattern}"'


# --- actions ---------------------------------------------------------------------------


def step_lines(step: Step, scope: Scope) -> list[str]:
    """The lines of one step: its actions, or its branches as ``if`` blocks on each branch's sign."""
    scope.step = step.instruction
    if scope.tabs_opened:  # a tab opened by an earlier step may have closed since: act on the newest one open
        scope.page = "tab"
        lines = ["tab = page.context.pages[-1]  # the newest open tab, as agent.page"]
    else:
        lines = []
    if step.branches is not None:
        return lines + branch_lines(step.branches, scope)
    for action in step.actions:
        lines += action_lines(action, scope)
    return lines


def branch_lines(branches: Sequence[Sequence[Any]], scope: Scope) -> list[str]:
    """A conditional step: wait for the first sign to show (briefly when "nothing to do" was recorded), then branch."""
    signs = [guard(b) for b in branches]
    taken = [(i, s) for i, s in enumerate(signs) if s is not None]
    idle = any(s is None for s in signs)
    if not taken:
        return ["pass  # recorded as nothing to do"]
    lines = []
    names = []
    for n, (_, sign) in enumerate(taken, 1):
        name = "sign" if len(taken) == 1 else f"sign_{n}"
        names.append(name)
        where = f"{scope.page}.get_by_text({scope.text(sign)})" if isinstance(sign, str) else scope.locator(sign.locator)
        lines.append(f"{name} = {where}")
    either = ".or_(".join(names) + ")" * (len(names) - 1)
    if idle:
        scope.imports.add(IMPORT_TIMEOUT)
        lines += ["try:", f"{INDENT}{either}.first.wait_for(timeout={CONDITION_WAIT_MS:g})",
                  "except PlaywrightTimeoutError:", f"{INDENT}pass  # the branch of nothing to do"]
    else:
        lines.append(f"{either}.first.wait_for()")
    page = scope.page
    for n, ((index, _), name) in enumerate(zip(taken, names, strict=True)):
        scope.page = page
        lines.append(f"{'if' if n == 0 else 'elif'} {name}.first.is_visible():")
        body = [line for action in branches[index] for line in action_lines(action, scope)] or ["pass"]
        lines += [INDENT + line for line in body]
    return lines


def action_lines(action: _Action, scope: Scope) -> list[str]:
    """One action: its dialogs answered, the call itself, the answers to what it sent awaited, the page it led to
    awaited, and the tab it opens followed."""
    lines = dialog_lines(action.dialogs or [], scope)
    call = expect_lines(action, scope) if isinstance(action, Expect) else _call_lines(action, scope)
    if action.after is not None and action.after.requests:
        call = [response_line(scope), *(INDENT + line for line in call)]
    if action.after is not None and action.after.url is not None and action.after.popup is None:
        call += arrival_lines(action.after.url, scope)
    if action.after is not None and action.after.popup is not None:
        scope.tabs_opened += 1
        lines += [f"with {scope.page}.context.expect_page() as new_tab:", *(INDENT + line for line in call),
                  "tab = new_tab.value"]
        scope.page = "tab"
        return lines
    return lines + call


def dialog_lines(dialogs: list[DialogAnswer], scope: Scope) -> list[str]:
    """Answer the dialogs the action opens as recorded (Playwright dismisses them otherwise)."""
    def answer(d: DialogAnswer) -> str:
        if not d.accept:
            return "dialog.dismiss()"
        return f"dialog.accept({scope.text(d.text)})" if d.text is not None else "dialog.accept()"
    if not dialogs:
        return []
    if len(dialogs) == 1:
        return [f'{scope.page}.once("dialog", lambda dialog: {answer(dialogs[0])})']
    answers = ", ".join(f"lambda dialog: {answer(d)}" for d in dialogs)
    return [f"dialog_answers = [{answers}]",
            f'{scope.page}.on("dialog", lambda dialog: dialog_answers.pop(0)(dialog) if dialog_answers else None)']


def _target(action: _Action, scope: Scope) -> str | None:
    target: Target | None = action.target_or_none
    return scope.locator(target.locator) if target is not None else None


def _call_lines(action: _Action, scope: Scope) -> list[str]:
    loc, page = _target(action, scope), scope.page
    if isinstance(action, Tap):
        return [f"{loc}.tap()"]
    if isinstance(action, Swipe):
        return _swipe_lines(action, loc or "", scope)
    if isinstance(action, Click):
        args = [f'button="{action.button}"'] if action.button else []
        return [f"{loc}.{'dblclick' if action.clicks == 2 else 'click'}({', '.join(args)})"]
    if isinstance(action, Fill):
        return [f"{loc}.fill({scope.text(action.value)})"]
    if isinstance(action, TypeText):
        text = scope.text(action.text)
        return [f"{loc}.press_sequentially({text})" if loc else f"{page}.keyboard.type({text})"]
    if isinstance(action, Press):
        return [f"{loc}.press({py_str(action.key)})" if loc else f"{page}.keyboard.press({py_str(action.key)})"]
    if isinstance(action, SelectOption):
        wanted, by_label = action.choice()  # by its label, as replay chooses it: a value is often a database id
        if action.option is not None and action.option.repeated:  # a label two options have: its value tells which
            return [f"{loc}.select_option(value={scope.text(action.option.value)})  # labelled {scope.text(wanted)}"]
        return [f"{loc}.select_option({'label=' if by_label else ''}{scope.text(wanted)})"]
    if isinstance(action, Check):
        return [f"{loc}.set_checked({action.checked})"]
    if isinstance(action, Hover):
        return [f"{loc}.hover()"]
    if isinstance(action, Drag):
        return _drag_lines(action, loc or "", scope)
    if isinstance(action, Upload):
        return _upload_lines(action, loc or "", scope)
    if isinstance(action, Goto):
        url = scope.text(action.url)
        if action.url.startswith("/"):
            scope.imports.add(IMPORT_URLJOIN)
            return [f"{page}.goto(urljoin({page}.url, {url}))"]
        return [f"{page}.goto({url})"]
    if isinstance(action, History):
        go = {"back": "go_back", "forward": "go_forward", "reload": "reload"}[action.go]
        return [f"{page}.{go}()"]
    if isinstance(action, Scroll):
        if loc:
            return [f"{loc}.scroll_into_view_if_needed()"]
        return [f"{page}.mouse.wheel(0, {WHEEL_PX if action.direction == 'down' else -WHEEL_PX})"]
    if isinstance(action, WaitFor):
        if action.text:
            return [f'{page}.get_by_text({scope.text(action.text)}).first.wait_for(state="visible")']
        return [f"{page}.wait_for_timeout({action.ms or WAIT_MS})"]
    raise ExportError(f"an action of kind {getattr(action, 'kind', '?')} has no Playwright counterpart", step=scope.step)


def _swipe_lines(action: Swipe, loc: str, scope: Scope) -> list[str]:
    """A swipe as the browser's own touch input (Chromium's DevTools protocol), as ``page/touch.py`` does it."""
    dx, dy = (f"{u * SWIPE_SPAN:g} * box[{k!r}]" for u, k in zip(UNIT[action.direction], ("width", "height"), strict=True))
    page = scope.page
    return [f"box = {loc}.bounding_box()",
            f"touch = {page}.context.new_cdp_session({page})",
            'x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2',
            'touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})',
            f"for i in range(1, {SWIPE_MOVES + 1}):  # swipe {action.direction}",
            f'{INDENT}touch.send("Input.dispatchTouchEvent", {{"type": "touchMove", "touchPoints": [{{"x": x + {dx} * i / '
            f'{SWIPE_MOVES}, "y": y + {dy} * i / {SWIPE_MOVES}}}]}})',
            'touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})',
            "touch.detach()"]


def _drag_lines(action: Drag, loc: str, scope: Scope) -> list[str]:
    if action.to is not None:
        return [f"{loc}.drag_to({scope.locator(action.to.locator)}, steps={DRAG_STEPS})"]
    assert action.by is not None
    page = scope.page
    return [f"box = {loc}.bounding_box()", "assert box is not None",
            'x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2',
            f"{page}.mouse.move(x, y)", f"{page}.mouse.down()",
            f"{page}.mouse.move(x + {action.by.x:g}, y + {action.by.y:g}, steps={DRAG_STEPS})", f"{page}.mouse.up()"]


def _upload_lines(action: Upload, loc: str, scope: Scope) -> list[str]:
    """Files named relative to the test file's folder; a file input is set, another element opens a file chooser."""
    scope.imports.add(IMPORT_PATH)
    files = ", ".join(f"Path(__file__).parent / {scope.text(name)}" for name in action.files)
    fp = action.target.fingerprint
    if fp is not None and fp.tag == "input" and fp.type == "file":
        return [f"{loc}.set_input_files([{files}])"]
    return [f"with {scope.page}.expect_file_chooser() as chooser:", f"{INDENT}{loc}.click()",
            f"chooser.value.set_files([{files}])"]


def response_line(scope: Scope) -> str:
    """Around an action that sent requests that change data when recorded: the ``with`` that waits for the answer to
    one, as replay waits (``page/requests.py``: a fetch or XHR, any method but GET, HEAD, OPTIONS; any path, since a
    path may hold an id the server gives), so the next action reads the page its answer made."""
    return (f"with {scope.page}.expect_response(lambda response: response.request.resource_type in (\"fetch\", \"xhr\") "
            f"and response.request.method not in (\"GET\", \"HEAD\", \"OPTIONS\")):")


def arrival_lines(url: str, scope: Scope) -> list[str]:
    """After an action that led to another page: wait until the page is at its address (the path recorded, its query
    and fragment aside) and its scripts have run, as replay waits (``replay/effects.py``): the next action acts on
    the new page's handlers, not on the old page or a form its script has not taken over yet."""
    scope.imports.add(IMPORT_RE)
    path = url.split("#", 1)[0].split("?", 1)[0]
    return [f'{scope.page}.wait_for_url(re.compile({_url_pattern(path, scope)}), wait_until="domcontentloaded")']


def _url_pattern(url: str, scope: Scope) -> str:
    """The Python expression of a pattern that matches a page at ``url`` (a template), whatever its origin, with any
    query and fragment after it."""
    if not placeholders(url):
        return _raw(".*" + re.escape(url) + r"(\?.*)?(#.*)?$")
    return f'".*" + re.escape(str({scope.text(url)})) + r"(\\?.*)?(#.*)?$"'


def expect_lines(action: Expect, scope: Scope) -> list[str]:
    """A compiled check as Playwright's ``expect``, as replay asserts it (page/checks.py)."""
    scope.imports.add(IMPORT_EXPECT)
    expected = scope.text(action.expected) if isinstance(action.expected, str) else repr(action.expected)
    if action.check == "url":
        scope.imports.add(IMPORT_RE)
        return [f"expect({scope.page}).to_have_url(re.compile({_url_pattern(str(action.expected), scope)}))"]
    loc = _target(action, scope)
    if loc is None:
        raise ExportError(f"a {action.check} check without a target", step=scope.step)
    if action.items is not None:
        loc = scope.locator(action.items, root=loc)
    if action.check == "visible":
        return [f"expect({loc}).to_be_visible()"]
    if action.check == "text":
        return [f"expect({loc}).to_contain_text({expected})"]
    if action.check == "value":
        return [f"expect({loc}).to_have_value({expected})"]
    if action.check == "checked":
        return [f"expect({loc}).to_be_checked(checked={bool(action.expected)})"]
    return [f"expect({loc}).to_have_count({int(action.expected or 0)})"]
