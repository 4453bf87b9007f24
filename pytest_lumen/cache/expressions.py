"""Locators as Playwright expressions: ``get_by_role("link", name="Sign in").nth(1)``, printed and parsed back.

A cache file (version 3) holds each locator as the line a person would write. The parser reads only
the grammar the printer writes, never arbitrary code (no ``eval``): a chain of calls, each one of

* ``get_by_role(ROLE[, name=STR][, exact=BOOL])``
* ``get_by_test_id(STR)``
* ``get_by_label | get_by_placeholder | get_by_text | get_by_alt_text | get_by_title (STR[, exact=BOOL])``
* ``locator(STR)``, or ``locator(STR).content_frame`` (an iframe whose document the rest of the chain searches)

each optionally followed by ``.filter(has=page.CHAIN)`` (the item, a row or a card, that holds the element CHAIN
finds) and ``.nth(INT)``, joined by ``.``. ``STR`` is a Python string literal in single
or double quotes (the escapes ``repr`` and ``json.dumps`` write); ``BOOL`` is ``True`` or ``False``.
It returns the fields of a ``LocatorSpec`` (``cache/model.py``) as a dict; this module imports no model.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any, Protocol

MAX_NTH = 999_999_999  # the largest .nth(n) read (nine digits): more elements than any page holds
MAX_LENGTH = 10_000  # a locator is one line of code; a longer "expression" is no locator we wrote
PARSED_KEPT = 4096  # distinct expressions whose parse a process keeps: a suite's files share most (a sign-in's)
WITH_EXACT = frozenset({"label", "placeholder", "text", "alt_text", "title"})  # get_by_<kind>(value, exact=...)
CALLS = {f"get_by_{kind}": kind for kind in (*WITH_EXACT, "role", "test_id")} | {"locator": "selector"}
KEYWORDS = {"role": {"name", "exact"}, "test_id": set(), "selector": set(), **{kind: {"exact"} for kind in WITH_EXACT}}
Quote = Callable[[str], str]


class Spec(Protocol):
    """The fields of a ``LocatorSpec`` the printer reads."""

    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def name(self) -> str | None: ...
    @property
    def exact(self) -> bool: ...
    @property
    def nth(self) -> int | None: ...
    @property
    def parent(self) -> Spec | None: ...
    @property
    def has(self) -> Spec | None: ...


class LocatorSyntaxError(ValueError):
    """Text that is not a locator expression of the grammar above (the message says where and why)."""


# --- printing ------------------------------------------------------------------------------


def json_quote(value: str) -> str:
    """``"Sign in"``: a string as messages show it (JSON's quotes; UTF-8 kept as it reads)."""
    return json.dumps(value, ensure_ascii=False)


def render(spec: Spec, quote: Quote = json_quote) -> str:
    """The expression of ``spec``, its parents first; ``quote`` writes each string literal (``repr`` in files)."""
    own = _render_own(spec, quote)
    prefix = render(spec.parent, quote) + "." if spec.parent is not None else ""
    held = f".filter(has=page.{render(spec.has, quote)})" if spec.has is not None else ""
    suffix = f".nth({spec.nth})" if spec.nth is not None else ""
    return prefix + own + held + suffix


def _render_own(spec: Spec, quote: Quote) -> str:
    exact = ", exact=True" if spec.exact else ""
    if spec.kind == "role":
        name = f", name={quote(spec.name)}" if spec.name is not None else ""
        return f"get_by_role({quote(spec.value)}{name}{exact})"
    if spec.kind == "selector":
        return f"locator({quote(spec.value)})"
    if spec.kind == "frame":
        return f"locator({quote(spec.value)}).content_frame"
    if spec.kind == "test_id":
        return f"get_by_test_id({quote(spec.value)})"  # Playwright's has no exact: a test id is matched whole
    return f"get_by_{spec.kind}({quote(spec.value)}{exact})"


# --- parsing -------------------------------------------------------------------------------

_TOKEN = re.compile(r"""\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<int>-?[0-9]{1,9}(?![0-9]))"""
                    r"""|(?P<str>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")|(?P<punct>[().,=])|(?P<bad>\S))""", re.DOTALL)
_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.DOTALL)
_SIMPLE_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}


def _unquote(literal: str) -> str:
    """The value of a string literal (its quotes included), with Python's escapes."""
    def one(m: re.Match[str]) -> str:
        esc = m.group(0)[1:]
        if esc[0] in "xuU":
            code = int(esc[1:], 16)
            if code > 0x10FFFF:
                raise LocatorSyntaxError(f"the escape \\{esc} is no character")
            return chr(code)
        if esc in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[esc]
        raise LocatorSyntaxError(f"unknown escape \\{esc} in a string")
    return _ESCAPE.sub(one, literal[1:-1])


class _Tokens:
    """The tokens of an expression, read left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.items: list[tuple[str, str, int]] = []  # (type, text, column)
        self.i = 0
        for m in _TOKEN.finditer(text):  # one scan: every character but blanks is in a token, else in "bad"
            kind = m.lastgroup or "bad"
            if kind == "bad":
                raise self.error("unexpected character", m.start(kind))
            self.items.append((kind, m.group(kind), m.start(kind)))

    def error(self, what: str, column: int | None = None) -> LocatorSyntaxError:
        col = column if column is not None else (self.items[self.i][2] if self.i < len(self.items) else len(self.text))
        return LocatorSyntaxError(f"{what} at column {col + 1} of {self.text!r}: not a locator pytest-lumen writes (get_by_role"
                                  "(...), get_by_text(...), locator(...), .filter(has=page...), .nth(n), .content_frame)")

    def peek(self, offset: int = 0) -> tuple[str, str]:
        j = self.i + offset
        return (self.items[j][0], self.items[j][1]) if j < len(self.items) else ("end", "")

    def take(self, kind: str, text: str | None = None) -> str:
        got_kind, got = self.peek()
        if got_kind != kind or (text is not None and got != text):
            want = repr(text) if text is not None else {"str": "a string", "int": "an integer", "name": "a name"}.get(kind, kind)
            raise self.error(f"expected {want}, found {got!r}" if got_kind != "end" else f"expected {want}, found the end")
        self.i += 1
        return got


def parse(text: str) -> dict[str, Any]:
    """The ``LocatorSpec`` fields of a locator expression (``parent`` nested); ``LocatorSyntaxError`` for anything else.

    Each distinct expression is parsed once in a process (a cache file holds a locator's chain and its fallbacks, and
    a suite's files the same sign-in); each call returns its own copy of the fields."""
    return _copy(_parsed(text))


def _copy(spec: dict[str, Any]) -> dict[str, Any]:
    return {key: _copy(value) if isinstance(value, dict) else value for key, value in spec.items()}


@functools.lru_cache(maxsize=PARSED_KEPT)
def _parsed(text: str) -> dict[str, Any]:
    if len(text) > MAX_LENGTH:
        raise LocatorSyntaxError(f"a locator expression of {len(text)} characters is longer than any we write ({MAX_LENGTH})")
    tokens = _Tokens(text)
    spec = _chain(tokens)
    if tokens.peek() != ("end", ""):
        tokens.take("punct", ".")  # raises: the chain goes on only with a "."
    return spec


def _chain(tokens: _Tokens) -> dict[str, Any]:
    """Calls joined by ``.``, up to what is not one (the end, or the ``)`` of a ``filter(has=...)``)."""
    spec = _segment(tokens, None)
    while tokens.peek() == ("punct", "."):
        tokens.i += 1
        spec = _segment(tokens, spec)
    return spec


def _segment(tokens: _Tokens, parent: dict[str, Any] | None) -> dict[str, Any]:
    """One call of the chain (``get_by_text("Add")``, ``locator("iframe").content_frame``) and its ``.nth(n)``."""
    call = tokens.take("name")
    kind = CALLS.get(call)
    if kind is None:
        tokens.i -= 1
        raise tokens.error(f"{call!r} is not a locator call")
    tokens.take("punct", "(")
    spec: dict[str, Any] = {"kind": kind, "value": _string(tokens)}
    while tokens.peek() == ("punct", ","):
        tokens.i += 1
        key = tokens.take("name")
        if key not in KEYWORDS[kind] or key in spec:
            tokens.i -= 1
            raise tokens.error(f"{call}() takes no {'second ' if key in spec else ''}{key}=")
        tokens.take("punct", "=")
        spec[key] = _string(tokens) if key == "name" else _boolean(tokens)
    tokens.take("punct", ")")
    if kind == "selector" and tokens.peek() == ("punct", ".") and tokens.peek(1) == ("name", "content_frame"):
        tokens.i += 2
        spec["kind"] = "frame"
    if tokens.peek() == ("punct", ".") and tokens.peek(1) == ("name", "filter"):
        tokens.i += 2
        for kind, text in (("punct", "("), ("name", "has"), ("punct", "="), ("name", "page"), ("punct", ".")):
            tokens.take(kind, text)
        spec["has"] = _chain(tokens)
        tokens.take("punct", ")")
    if tokens.peek() == ("punct", ".") and tokens.peek(1) == ("name", "nth"):
        tokens.i += 2
        tokens.take("punct", "(")
        spec["nth"] = int(tokens.take("int"))
        tokens.take("punct", ")")
    if parent is not None:
        spec["parent"] = parent
    return spec


def _string(tokens: _Tokens) -> str:
    literal = tokens.take("str")
    try:
        return _unquote(literal)
    except LocatorSyntaxError as exc:
        tokens.i -= 1
        raise tokens.error(str(exc)) from None


def _boolean(tokens: _Tokens) -> bool:
    word = tokens.peek()[1]
    if word not in ("True", "False"):
        raise tokens.error(f"expected True or False, found {word!r}")
    tokens.i += 1
    return word == "True"
