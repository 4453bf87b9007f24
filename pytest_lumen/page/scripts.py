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
from collections.abc import Mapping
from importlib import resources
from typing import Any

PACKAGE = __name__.rpartition(".")[0]  # the package that holds js/
JS_DIR = "js"


@functools.cache
def source(name: str) -> str:
    """The code of ``js/<name>.js`` (``compact``)."""
    return compact((resources.files(PACKAGE) / JS_DIR / f"{name}.js").read_text(encoding="utf-8"))  # joinpath(a, b): 3.11+


def compact(text: str) -> str:
    """JavaScript as the page needs it: without its comment lines, indentation and blank lines. Playwright sends a
    selector engine's source again to every document a query runs in, and the page reads all of it there: the
    comments were a third of the identity engine. Lines stay lines (a line break may end a statement), and what
    follows code on its line stays (a ``//`` there may be in a string); a string or template literal never spans lines
    in ``js/`` (``tests/unit/page/test_scripts.py``)."""
    lines = (line.strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


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
