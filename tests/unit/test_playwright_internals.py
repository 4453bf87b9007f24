"""Playwright's internals stay in one module (pytest_lumen.playwright_internals), and reading call logs
without a page: how far a timed-out action got with its input.

The contract tests against real Playwright errors are in tests/browser/test_playwright_internals.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pytest_lumen
from pytest_lumen import playwright_internals
from pytest_lumen.playwright_internals import acting_in_page, input_sent

PACKAGE = Path(pytest_lumen.__file__).resolve().parent
HOME = Path(playwright_internals.__file__).resolve()
PRIVATE = {"_impl_obj", "_selector", "_channel", "_connection", "_object", "_loop", "_dispatcher_fiber"}
MESSAGES = ("Call log", "intercepts pointer events", "locator resolved to", "action done", "performing ",
            "waiting for element to be visible",
            "already registered", "strict mode violation", "has been closed", "Target crashed", "did not change its state")
PRIVATE_MODULE = "playwright._impl"  # its classes, TargetClosedError among them, are not the public API


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = [n for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    return {id(n.body[0].value) for n in nodes
            if n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}


def readings(source: str) -> list[str]:
    """Private Playwright attributes and modules, and Playwright message text, that ``source`` reads (docstrings
    aside)."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
            alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        found += [PRIVATE_MODULE for module in modules if module.startswith(PRIVATE_MODULE)]
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE and not (
                isinstance(node.value, ast.Name) and node.value.id == "self"):  # our own attribute of that name
            found.append(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            found += [text for text in PRIVATE if text in node.value]
            found += [text for text in MESSAGES if text.lower() in node.value.lower()]
    return found


def test_only_playwright_internals_reads_playwright_internals() -> None:
    elsewhere = {path.relative_to(PACKAGE).as_posix(): found for path in sorted(PACKAGE.rglob("*.py")) if path != HOME
                 and (found := readings(path.read_text(encoding="utf-8")))}
    assert elsewhere == {}, "move these into pytest_lumen/playwright_internals.py, with a contract test"


@pytest.mark.parametrize(("source", "found"), [
    ("x = loc._impl_obj._selector", ["_selector", "_impl_obj"]),
    ("impl = getattr(page, '_impl_obj', None)", ["_impl_obj"]),
    ("covered = 'intercepts pointer events' in str(exc)", ["intercepts pointer events"]),
    ("text = message.split('Call log:', 1)[0]", ["Call log"]),
    ("CALL_LOG = re.compile(r'\\bcall log:', re.I)", ["Call log"]),
    ('def f():\n    """Without Playwright\'s Call log."""\n    return self._loop()', []),
    ("from playwright._impl._errors import TargetClosedError", ["playwright._impl"]),
    ("import playwright._impl._errors", ["playwright._impl"]),
    ("gone = 'Target crashed' in str(exc)", ["Target crashed"]),
    ("from playwright.sync_api import Error", []),
])
def test_the_check_finds_private_attributes_and_message_text_not_prose(source: str, found: list[str]) -> None:
    assert sorted(readings(source)) == sorted(found)


STABLE = "  - attempting click action\n    - waiting for element to be visible, enabled and stable\n"
INTERCEPTED = "    - performing click action\n    - <div class=\"toast\"></div> intercepts pointer events\n"


@pytest.mark.parametrize(("log", "sent"), [
    ("Timeout 500ms exceeded.\nCall log:\n  - waiting for locator\n    - locator resolved to <button>", "no"),
    ("Timeout 500ms exceeded.\nCall log:\n" + STABLE + "    - performing click action\n", "sent"),
    ("Timeout 500ms exceeded.\nCall log:\n    - performing click action\n    - click action done\n"
     "    - waiting for scheduled navigations to finish", "done"),
    # a toast came over the button as the events went out: Playwright's interceptor kept them from the page
    ("Timeout 500ms exceeded.\nCall log:\n" + STABLE + INTERCEPTED + "  - retrying click action\n    - waiting 20ms\n", "no"),
    ("Timeout 500ms exceeded.\nCall log:\n" + STABLE + INTERCEPTED + "  - retrying click action\n"
     "    - performing click action\n", "sent"),
])
def test_a_timed_out_action_is_read_by_how_far_its_input_got(log: str, sent: str) -> None:
    assert input_sent(log) == sent


FILL = "Timeout 500ms exceeded.\nCall log:\n  - waiting for locator(\"#n\")\n    - locator resolved to <input id=\"n\">\n"


@pytest.mark.parametrize(("log", "acting"), [
    (FILL + '  - fill("Ada")\n  - attempting fill action\n    - waiting for element to be visible, enabled and editable\n',
     True),
    (FILL + '  - fill("Ada")\n  - attempting fill action\n    - waiting for element to be visible, enabled and editable\n'
     "    - element is not enabled\n  - retrying fill action\n    - waiting 20ms\n", False),
    (FILL + "  - attempting select option action\n    - waiting for element to be visible and enabled\n", True),
    (FILL + "  - attempting select option action\n    - waiting for element to be visible and enabled\n"
     "    - selected specified option(s)\n", False),  # chose: acted (options.holds tells), not acting
    ('Timeout 500ms exceeded.\nCall log:\n  - waiting for locator("#n")\n', False),
    # Playwright writes a line that came again as one, counted: the last call of three was acting, or answered
    (FILL + "  - attempting fill action\n    3 × waiting for element to be visible, enabled and editable\n", True),
    (FILL + "  - attempting fill action\n    3 × waiting for element to be visible, enabled and editable\n"
     "      - element is not enabled\n", False),
])
def test_a_timed_out_fill_or_select_was_acting_only_when_its_log_ends_at_its_call_into_the_page(
        log: str, acting: bool) -> None:
    assert acting_in_page(log) is acting
