"""The JavaScript that runs in the page: the files of ``page/js/``, put together for Playwright.

Each ``js/<name>.js`` file declares functions. A script is some of those files in one scope,
wrapped so that it evaluates to one of its functions: Playwright's ``evaluate()`` calls it with
the element (or elements) and the evaluate argument, which carries every constant from Python
(field lists, role tables, selectors). A selector engine's source cannot take an argument, so
its constants are the one generated line of it: ``const CONFIG = <json>;``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

PACKAGE = __name__.rpartition(".")[0]  # the package that holds js/
JS_DIR = "js"


@functools.cache
def source(name: str) -> str:
    """The text of ``js/<name>.js`` as it is sent, in ASCII (``ascii_only``)."""
    return ascii_only(written(name))


def written(name: str) -> str:
    """The text of ``js/<name>.js`` as the file holds it."""
    return (resources.files(PACKAGE) / JS_DIR / f"{name}.js").read_text(encoding="utf-8")  # joinpath(a, b) is 3.11+


def ascii_only(text: str) -> str:
    """JavaScript ``text`` with every character past ASCII written as its ``\\u`` escape (a pair of them past the
    Basic Multilingual Plane). In ``js/`` such characters stand in comments only, where the escape only shows them
    (``tests/unit/page/test_scripts.py``; code writes its own escapes: after a backslash, in a raw template, the two
    would differ). One character past ASCII makes a script a two-byte string in the page, and Playwright sends the
    selector engines' sources, inside its own injected script, to every document a query runs in: one "\u2212" in a
    comment of the identity engine made the first query on every page 4.5 ms slower."""
    return _PAST_ASCII.sub(lambda m: json.dumps(m.group())[1:-1], text)  # JSON's escapes are JavaScript's


_PAST_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.cache
def function(name: str, files: tuple[str, ...]) -> str:
    """An expression for ``evaluate()``: the function ``name``, declared in ``files`` (names of ``js/`` files)."""
    return _scope(files, name)


def applied(name: str, files: tuple[str, ...], expression: str) -> str:
    """An expression for ``evaluate()``: what the function ``name``, declared in ``files``, returns for the function
    ``expression`` (itself an expression for ``evaluate()``)."""
    return _scope(files, f"{name}({expression})")


def configured(name: str, files: tuple[str, ...], config: Mapping[str, Any]) -> str:
    """An expression for ``evaluate()``: a function of one object that calls ``name`` (declared in ``files``) with
    ``config`` and that object's keys. Constants ride in the source, which the page compiles once, not in the
    argument, which Playwright serializes on every call."""
    return _scope(files, f"(arg) => {name}({{...CONFIG, ...arg}})", "const CONFIG = " + json.dumps(config) + ";")


def engine(name: str, files: tuple[str, ...], config: Mapping[str, Any]) -> str:
    """A selector engine's source: what ``name(CONFIG)`` returns, ``name`` declared in ``files``."""
    return _scope(files, name + "(CONFIG)", "const CONFIG = " + json.dumps(config) + ";")


def _scope(files: tuple[str, ...], result: str, preamble: str = "") -> str:
    """The files' declarations in one function scope, evaluating to ``result`` (a JS expression)."""
    lines = ["(() => {", preamble, *(source(name) for name in files), "return " + result + ";", "})()"]
    return "\n".join(line for line in lines if line)
