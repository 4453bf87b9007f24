"""The tools the model acts with: JSON schemas for the Messages API, and their validation."""

from __future__ import annotations

from typing import Any

_REF = {"type": "string", "description": "element ref from the latest snapshot, e.g. e12"}


def _tool(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "input_schema": {"type": "object", "properties": props, "required": required, "additionalProperties": False},
    }


RUN_TOOLS: list[dict[str, Any]] = [
    _tool("click", "Click an element.", {"ref": _REF}, ["ref"]),
    _tool("fill", "Replace the value of a text field. Write %placeholders% exactly as given.",
          {"ref": _REF, "value": {"type": "string"}}, ["ref", "value"]),
    _tool("type", "Type text into the focused element (after click), key by key.",
          {"text": {"type": "string"}}, ["text"]),
    _tool("press", "Press a key (Enter, Escape, Tab, ArrowDown...), on an element or the focused one.",
          {"key": {"type": "string"}, "ref": _REF}, ["key"]),
    _tool("select_option", "Choose an option of a select element by its value or label.",
          {"ref": _REF, "value": {"type": "string"}}, ["ref", "value"]),
    _tool("check", "Check or uncheck a checkbox or radio button.",
          {"ref": _REF, "checked": {"type": "boolean"}}, ["ref"]),
    _tool("hover", "Move the mouse over an element.", {"ref": _REF}, ["ref"]),
    _tool("goto", "Open a URL.", {"url": {"type": "string"}}, ["url"]),
    _tool("scroll", "Scroll the page, or scroll an element into view.",
          {"direction": {"type": "string", "enum": ["up", "down"]}, "ref": _REF}, []),
    _tool("wait_for", "Wait until a text is visible, or for some milliseconds.",
          {"text": {"type": "string"}, "ms": {"type": "integer", "minimum": 0, "maximum": 10000}}, []),
    _tool("done", "The step is complete.", {"summary": {"type": "string"}}, []),
    _tool("fail", "The step cannot be done on this page; say why.", {"reason": {"type": "string"}}, ["reason"]),
]

EXPECT_TOOLS: list[dict[str, Any]] = [
    _tool("expect_visible", "Assert that an element is visible.", {"ref": _REF}, ["ref"]),
    _tool("expect_text", "Assert that an element contains a text.",
          {"ref": _REF, "text": {"type": "string"}}, ["ref", "text"]),
    _tool("expect_value", "Assert the value of a form field.",
          {"ref": _REF, "value": {"type": "string"}}, ["ref", "value"]),
    _tool("expect_checked", "Assert that a checkbox or radio is (or is not) checked.",
          {"ref": _REF, "checked": {"type": "boolean"}}, ["ref", "checked"]),
    _tool("expect_count", "Assert how many elements like this one there are (e.g. rows of a list).",
          {"ref": _REF, "count": {"type": "integer", "minimum": 0}}, ["ref", "count"]),
    _tool("expect_url", "Assert the page URL (a path like /cart is enough).", {"url": {"type": "string"}}, ["url"]),
    _tool("done", "All the checks the statement needs have been made.", {"summary": {"type": "string"}}, []),
    _tool("fail", "The statement is false on this page; say why.", {"reason": {"type": "string"}}, ["reason"]),
]

REQUIRED = {t["name"]: set(t["input_schema"]["required"]) for t in RUN_TOOLS + EXPECT_TOOLS}
TYPES = {
    t["name"]: {k: v.get("type") for k, v in t["input_schema"]["properties"].items()} for t in RUN_TOOLS + EXPECT_TOOLS
}
_PY = {"string": str, "integer": int, "boolean": bool}


def validate_call(name: str, args: dict[str, Any], allowed: list[dict[str, Any]]) -> str | None:
    """A message for the model when its tool call is unusable, else None."""
    names = [t["name"] for t in allowed]
    if name not in names:
        return f"unknown tool {name!r}; use one of: {', '.join(names)}"
    if not isinstance(args, dict):
        return f"{name}: arguments must be an object"
    missing = REQUIRED[name] - set(args)
    if missing:
        return f"{name}: missing argument(s) {', '.join(sorted(missing))}"
    for key, value in args.items():
        expected = TYPES[name].get(key)
        if expected is None:
            return f"{name}: unknown argument {key!r}"
        py = _PY[expected]
        if not isinstance(value, py) or (py is int and isinstance(value, bool)):
            return f"{name}: argument {key!r} must be a {expected}"
    return None
