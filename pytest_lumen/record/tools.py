"""The tools the model acts with: each defined once, as its JSON schema and how a call becomes a cached action.

``RUN_TOOLS`` and ``EXPECT_TOOLS`` are the schemas sent to the Messages API; ``validate_call``
checks a call against them; ``to_action`` turns a valid call into the action to perform and cache.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import (
    Action,
    Check,
    CheckKind,
    Click,
    Drag,
    Expect,
    Fill,
    Goto,
    History,
    Hover,
    Offset,
    Press,
    Scroll,
    SelectOption,
    Swipe,
    Tap,
    Target,
    TypeText,
    Upload,
    WaitFor,
    is_absolute_path,
)
from ..page.fingerprint import capture_with_look_alikes
from ..page.items import keyed_cell
from ..page.outline import locate
from ..page.targets import count_target, fallbacks_for, focused_target, target_for
from ..urls import normalize_url
from .snapshot import SHOW_ITEMS

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..planner.base import ToolCall

_REF = {"type": "string", "description": "element ref from the latest snapshot, e.g. e12"}
_STRING = {"type": "string"}
_BOOL = {"type": "boolean"}
_NUMBER = {"type": "number"}


class ToolInputError(Exception):
    """The model's call cannot be carried out as given (unknown ref, bad argument)."""


@dataclass(frozen=True)
class Call:
    """A valid tool call with its element resolved: what a tool's ``build`` turns into an action."""

    args: dict[str, Any]
    target: Target | None
    loc: Locator | None
    page: Page
    placeholders: Callable[[str], str]  # a text with every known value turned back into its %placeholder%
    refs: Collection[str] = ()  # the refs of the snapshot the model saw
    named: str = ""  # the step's sentence, values filled in: an item's text it names keys the item (``items.ranked``)

    def element(self, tool: str) -> Target:
        """The element the call names; a call without one cannot be carried out."""
        if self.target is None:
            raise ToolInputError(f"{tool} needs a ref")
        return self.target

    def live(self, tool: str) -> Locator:
        """The live locator of the element the call names."""
        if self.loc is None:
            raise ToolInputError(f"{tool} needs a ref")
        return self.loc


Built = tuple[Action, Optional["Locator"]]  # the action, and the live locator to act on


@dataclass(frozen=True)
class Tool:
    """One tool: its schema for the model, and (for an action tool) how a call becomes an action."""

    name: str
    description: str
    props: dict[str, Any]
    required: tuple[str, ...]
    build: Callable[[Call], Built] | None = None  # None: done and fail, which the loop itself handles
    focused: bool = False  # without a ref, it acts on the focused element (if any)

    @property
    def schema(self) -> dict[str, Any]:
        """The tool's definition for the Messages API."""
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": {"type": "object", "properties": self.props, "required": list(self.required),
                             "additionalProperties": False},
        }


# --- how each call becomes an action ------------------------------------------------------------


def _wait_for(c: Call) -> Built:
    text, ms = c.args.get("text"), c.args.get("ms")
    if not text and ms is None:
        raise ToolInputError("wait_for needs text or ms")
    return WaitFor(text=c.placeholders(text) if text else None, ms=ms), None


def _drag(c: Call) -> Built:
    source = c.element("drag")
    dx, dy, to_ref = c.args.get("dx"), c.args.get("dy"), c.args.get("to_ref")
    if (to_ref is None) == (dx is None and dy is None):
        raise ToolInputError("drag needs to_ref (the element to drop it on), or dx and dy (a move in pixels), not both")
    if to_ref is not None:
        dest = resolve_ref(c.page, {"ref": to_ref}, c.refs, c.named)
        assert dest is not None
        return Drag(target=source, to=dest[0]), c.loc
    return Drag(target=source, by=Offset(x=dx or 0, y=dy or 0)), c.loc


def _upload(c: Call) -> Built:
    files = [c.placeholders(name) for name in c.args["files"]]
    if not files:
        raise ToolInputError("upload_file needs at least one file")
    if any(is_absolute_path(name) for name in files):
        raise ToolInputError("upload_file: name each file as the step does, by its %placeholder% or by a path "
                             "relative to the test file, never by an absolute path")
    return Upload(target=c.element("upload_file"), files=files), c.loc


def _expect(check: CheckKind, expected: Callable[[Call], Any]) -> Callable[[Call], Built]:
    """An ``expect_<check>`` on the call's element, expecting what ``expected`` reads from the call."""
    def build(c: Call) -> Built:
        target, loc = c.element(f"expect_{check}"), c.loc
        if check == "text" and loc is not None:  # a table cell: by its row's key and its column, never by its value
            target, loc = keyed_cell(c.page, loc, target, c.args["text"]) or (target, loc)
        return Expect(check=check, target=target, expected=expected(c)), loc
    return build


def _expect_count(c: Call) -> Built:
    target, items = count_target(c.page, c.live("expect_count"), c.element("expect_count"))
    return Expect(check="count", target=target, items=items, expected=c.args["count"]), target.locator.build(c.page)


def _expect_url(c: Call) -> Built:
    url = c.args["url"]
    return Expect(check="url", expected=c.placeholders(normalize_url(url) if "://" in url else url)), None


def _action(name: str, description: str, props: dict[str, Any], required: tuple[str, ...],
            build: Callable[[Call], Built], *, focused: bool = False) -> Tool:
    return Tool(name, description, props, required, build, focused)


_RUN_ACTIONS = (
    _action("click", "Click an element.", {"ref": _REF}, ("ref",),
            lambda c: (Click(target=c.element("click")), c.loc)),
    _action("double_click", "Double-click an element: to edit an item in place, open it, or select a word.",
            {"ref": _REF}, ("ref",), lambda c: (Click(target=c.element("double_click"), clicks=2), c.loc)),
    _action("right_click", "Right-click an element to open its context menu.", {"ref": _REF}, ("ref",),
            lambda c: (Click(target=c.element("right_click"), button="right"), c.loc)),
    _action("fill", "Replace the value of a text field. Write %placeholders% exactly as given.",
            {"ref": _REF, "value": _STRING}, ("ref", "value"),
            lambda c: (Fill(target=c.element("fill"), value=c.placeholders(c.args["value"])), c.loc)),
    _action("type", "Type text into the focused element (after click), key by key.",
            {"text": _STRING}, ("text",),
            lambda c: (TypeText(text=c.placeholders(c.args["text"]), target=c.target), c.loc), focused=True),
    _action("press", "Press a key or a chord (Enter, Escape, Tab, ArrowDown, Control+A, Meta+K, Shift+Tab), "
            "on an element or the focused one.",
            {"key": _STRING, "ref": _REF}, ("key",),
            lambda c: (Press(key=c.args["key"], target=c.target), c.loc), focused=True),
    _action("select_option", "Choose an option of a select element by its value or label.",
            {"ref": _REF, "value": _STRING}, ("ref", "value"),
            lambda c: (SelectOption(target=c.element("select_option"), value=c.placeholders(c.args["value"])), c.loc)),
    _action("check", "Check or uncheck a checkbox or radio button.",
            {"ref": _REF, "checked": _BOOL}, ("ref",),
            lambda c: (Check(target=c.element("check"), checked=c.args.get("checked", True)), c.loc)),
    _action("hover", "Move the mouse over an element.", {"ref": _REF}, ("ref",),
            lambda c: (Hover(target=c.element("hover")), c.loc)),
    _action("drag", "Drag an element and drop it on another (to_ref), or press it at its center and move by dx, dy "
            "pixels before releasing (a slider's handle).",
            {"ref": _REF, "to_ref": _REF, "dx": _NUMBER, "dy": _NUMBER}, ("ref",), _drag),
    _action("upload_file", "Choose files to upload: on a file input, or on the button that opens a file chooser. "
            "Name each file exactly as the step does (a %placeholder%, or its path as written).",
            {"ref": _REF, "files": {"type": "array", "items": _STRING, "minItems": 1}}, ("ref", "files"), _upload),
    _action("goto", "Open a URL.", {"url": _STRING}, ("url",),
            lambda c: (Goto(url=c.placeholders(normalize_url(c.args["url"]))), None)),
    _action("go_back", "Go back to the previous page, as the browser's Back button does.", {}, (),
            lambda c: (History(go="back"), None)),
    _action("go_forward", "Go forward again, as the browser's Forward button does.", {}, (),
            lambda c: (History(go="forward"), None)),
    _action("reload", "Reload the page.", {}, (), lambda c: (History(go="reload"), None)),
    _action("scroll", "Scroll the page, or scroll an element into view.",
            {"direction": {"type": "string", "enum": ["up", "down"]}, "ref": _REF}, (),
            lambda c: (Scroll(direction=c.args.get("direction", "down"), target=c.target), c.loc)),
    _action("wait_for", "Wait until a text is visible, or for some milliseconds.",
            {"text": _STRING, "ms": {"type": "integer", "minimum": 0, "maximum": 10000}}, (), _wait_for),
)

# On a touch screen (a touch profile: ``cache/profile.py``) a person taps and swipes: no pointer to hover, no
# right button, no double-click. The cached kind is what replay runs.
_TOUCH_ACTIONS = (
    _action("tap", "Tap an element.", {"ref": _REF}, ("ref",), lambda c: (Tap(target=c.element("tap")), c.loc)),
    _action("swipe", "Swipe across an element: a carousel to its next slide (left), a bottom sheet up or away (down).",
            {"ref": _REF, "direction": {"type": "string", "enum": ["left", "right", "up", "down"]}}, ("ref", "direction"),
            lambda c: (Swipe(target=c.element("swipe"), direction=c.args["direction"]), c.loc)),
)
_NO_TOUCH = frozenset({"click", "double_click", "right_click", "hover"})
_TOUCH_RUN_ACTIONS = (*_TOUCH_ACTIONS, *(t for t in _RUN_ACTIONS if t.name not in _NO_TOUCH))

_EXPECT_ACTIONS = (
    _action("expect_visible", "Assert that an element is visible.", {"ref": _REF}, ("ref",),
            _expect("visible", lambda c: None)),
    _action("expect_text", "Assert that an element contains a text.",
            {"ref": _REF, "text": _STRING}, ("ref", "text"), _expect("text", lambda c: c.placeholders(c.args["text"]))),
    _action("expect_value", "Assert the value of a form field.",
            {"ref": _REF, "value": _STRING}, ("ref", "value"), _expect("value", lambda c: c.placeholders(c.args["value"]))),
    _action("expect_checked", "Assert that a checkbox or radio is (or is not) checked.",
            {"ref": _REF, "checked": _BOOL}, ("ref", "checked"), _expect("checked", lambda c: c.args.get("checked"))),
    _action("expect_count", "Assert how many elements like this one there are (e.g. rows of a list).",
            {"ref": _REF, "count": {"type": "integer", "minimum": 0}}, ("ref", "count"), _expect_count),
    _action("expect_url", "Assert the page URL (a path like /cart is enough).", {"url": _STRING}, ("url",),
            _expect_url),
)


# What the model names when the step needs an interaction that no tool offers (``fail``'s ``missing``).
_MISSING = {"type": "string", "description": "only when no tool can do what the step needs: that interaction, "
            "in a few words (for example: drag and drop, file upload)"}


# A step that applies only when something is on the page ("close the cookie banner if it shows"): the
# model says so with done's ``conditional``, or calls ``skip`` when the condition does not hold.
_CONDITIONAL = {"type": "boolean", "description": "true when the step applies only if something is on the page "
                "(\"close the banner if it shows\", \"accept the terms if asked\"): replay then looks for it first"}
SKIP = Tool("skip", "The step applies only if something is on the page (\"... if it shows\", \"... if asked\"), "
            "and it is not: there is nothing to do. Never for a step without such a condition.", {"reason": _STRING},
            ("reason",))

# Not an action: the next snapshot shows other items of a list it summarised (record/snapshot.show_items).
SHOW = Tool(SHOW_ITEMS, "Show other items of a long list the snapshot summarised (its line says [list=L1]): "
            "from item number start, or only those containing a text. Nothing is done on the page.",
            {"list": _STRING, "start": {"type": "integer", "minimum": 1}, "containing": _STRING}, ("list",))


def _endings(done: str, fail: str, fail_props: dict[str, Any] | None = None,
             done_props: dict[str, Any] | None = None) -> tuple[Tool, Tool]:
    """``done`` and ``fail``, worded for a step kind; the loop handles them, they build no action."""
    return (Tool("done", done, {"summary": _STRING, **(done_props or {})}, ()),
            Tool("fail", fail, {"reason": _STRING, **(fail_props or {})}, ("reason",)))


ACTIONS: dict[str, Tool] = {t.name: t for t in _RUN_ACTIONS + _TOUCH_ACTIONS + _EXPECT_ACTIONS}
"""Every tool that becomes a cached action, by name."""

_RUN_ENDINGS = (SHOW, *_endings("The step is complete.", "The step cannot be done on this page; say why.",
                                {"missing": _MISSING}, {"conditional": _CONDITIONAL}), SKIP)
_TOOLSETS: dict[str, tuple[Tool, ...]] = {
    "run": (*_RUN_ACTIONS, *_RUN_ENDINGS),
    "touch": (*_TOUCH_RUN_ACTIONS, *_RUN_ENDINGS),
    "expect": (*_EXPECT_ACTIONS, SHOW, *_endings("All the checks the statement needs have been made.",
                                                 "The statement is false on this page; say why.")),
}

RUN_TOOLS: list[dict[str, Any]] = [t.schema for t in _TOOLSETS["run"]]
EXPECT_TOOLS: list[dict[str, Any]] = [t.schema for t in _TOOLSETS["expect"]]


TOUCH_TOOLS: list[dict[str, Any]] = [t.schema for t in _TOOLSETS["touch"]]


def tools_for(kind: Literal["run", "expect"] | str, touch: bool = False) -> list[dict[str, Any]]:
    """The tool schemas of a step kind (``touch``: on a touch screen, tap and swipe instead of the pointer's)."""
    if kind != "run":
        return EXPECT_TOOLS
    return TOUCH_TOOLS if touch else RUN_TOOLS


# --- validation ---------------------------------------------------------------------------------

_PY: dict[str, Any] = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "array": list}


def validate_call(name: str, args: dict[str, Any], allowed: list[dict[str, Any]]) -> str | None:
    """A message for the model when its tool call is unusable, else None."""
    schemas = {t["name"]: t["input_schema"] for t in allowed}  # a step kind's own tools: its fail is not the other's
    if name not in schemas:
        return f"unknown tool {name!r}; use one of: {', '.join(schemas)}"
    if not isinstance(args, dict):
        return f"{name}: arguments must be an object"
    missing = set(schemas[name]["required"]) - set(args)
    if missing:
        return f"{name}: missing argument(s) {', '.join(sorted(missing))}"
    props = schemas[name]["properties"]
    for key, value in args.items():
        if key not in props:
            return f"{name}: unknown argument {key!r}"
        problem = _type_problem(props[key], value)
        if problem:
            return f"{name}: argument {key!r} must be {problem}"
    return None


def _type_problem(schema: dict[str, Any], value: Any) -> str:
    """What a value should be, when it is not of its schema's type ("" when it is)."""
    expected: str = schema["type"]
    py = _PY[expected]
    if not isinstance(value, py) or (expected in ("integer", "number") and isinstance(value, bool)):
        return f"{'an' if expected[0] in 'aeiou' else 'a'} {expected}"
    if expected == "array":
        inner = next((_type_problem(schema["items"], item) for item in value if _type_problem(schema["items"], item)), "")
        return f"a list of {schema['items']['type']}s" if inner else ""
    return ""


# --- a call becomes an action -------------------------------------------------------------------


def resolve_ref(page: Page, args: dict[str, Any], refs: Collection[str],
                named: str = "") -> tuple[Target, Locator] | None:
    """The element a call's ``ref`` names, as a cached target and a live locator; None without a ref (``named``: the
    step's sentence, values filled in, ``target_for``)."""
    ref = args.get("ref")
    if ref is None:
        return None
    if ref not in refs:
        raise ToolInputError(f"ref {ref!r} is not in the latest snapshot; use a ref shown there")
    element = locate(page, ref, refs)
    try:
        gone = element.count() == 0
    except PlaywrightError:  # a document gone since resolves none of its refs
        gone = True
    if gone:  # else every read of it below would wait for it for Playwright's whole timeout
        raise RefGone(f"ref {ref!r} is no element of the page any more")
    return target_for(page, element, named)


class RefGone(PlaywrightError):
    """A ref of the look the model chose from names no element now: the page changed since (nothing was done)."""


def held_on(page: Page, check: Expect, loc: Locator | None, ref: str | None) -> Expect:
    """A check as it held: when the element the model chose (``ref``) was gone once it held (the page moved on while
    the check waited: a loading dialog's spinner first, then the next page's status line), it held on the one element
    its locator finds then, of the chosen one's tag and role, whose fingerprint is the one replay compares with; else
    the check as chosen. A target found by its row's key (a cell, a row) or in a frame keeps what was written for it."""
    target = check.target
    chosen = None if target is None else target.fingerprint
    if target is None or chosen is None or loc is None or ref is None or check.check in ("count", "url") \
            or chosen.item is not None or chosen.column is not None or target.locator.frame() is not None:
        return check
    try:
        gone = page.get_by_ref(ref).count() == 0
    except PlaywrightError:  # a frame gone since resolves none of its refs
        gone = True
    if not gone:
        return check
    try:
        fp = capture_with_look_alikes(loc) if loc.count() == 1 else None
    except PlaywrightError:
        fp = None
    if fp is None or (fp.tag, fp.role) != (chosen.tag, chosen.role):
        return check
    held = target.model_copy(update={"fingerprint": fp, "fallbacks": fallbacks_for(fp, target.locator)})
    return check.model_copy(update={"target": held})


def to_action(call: ToolCall, page: Page, refs: Collection[str], placeholders: Callable[[str], str],
              named: str = "") -> Built:
    """The cacheable action for a valid tool call, and the live locator to act on.

    ``refs`` are the refs of the snapshot the model saw; ``placeholders`` turns known values back into their
    %placeholders% (the cache never holds a value); ``named``: the step's sentence with its values, whose words
    key an item the element is in. Raises ``ToolInputError`` for a call that cannot be carried out as given.
    """
    resolved = resolve_ref(page, call.input, refs, named)
    target, loc = resolved if resolved else (None, None)
    tool = ACTIONS.get(call.name)
    if tool is None or tool.build is None:
        raise ToolInputError(f"tool {call.name!r} cannot be carried out here")
    if tool.focused and target is None:
        focused = focused_target(page, named)
        if focused is not None:
            target, loc = focused
    return tool.build(Call(call.input, target, loc, page, placeholders, refs, named))
