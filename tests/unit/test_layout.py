"""The package's layout rules: small modules and classes, JavaScript in ``.js`` files, a docstring on every module.

And the tests' own layout: ``tests/unit/<package>/`` and ``tests/browser/<package>/`` mirror ``pytest_lumen/<package>/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pytest_lumen

PACKAGE = Path(pytest_lumen.__file__).resolve().parent
TESTS = Path(__file__).resolve().parents[1]
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 200
MAX_FUNCTION_LINES = 50
MAX_JS_LINES = 3
JS_MARKERS = ("=>", "function", "const ")

MODULES = sorted(PACKAGE.rglob("*.py"))


def shown(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def docstring_nodes(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (prose, not code)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def javascript_literals(tree: ast.Module) -> list[tuple[int, int]]:
    """(line, line count) of every string literal over MAX_JS_LINES lines that reads as JavaScript."""
    prose = docstring_nodes(tree)
    return [(node.lineno, len(node.value.splitlines())) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
            and len(node.value.splitlines()) > MAX_JS_LINES and any(m in node.value for m in JS_MARKERS)]


def test_the_package_is_found() -> None:
    assert PACKAGE / "__init__.py" in MODULES and len(MODULES) > 20


def test_no_module_is_over_400_lines() -> None:
    long = {shown(p): n for p in MODULES if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}, f"modules over {MAX_MODULE_LINES} lines: split them by idea"


def test_no_class_is_over_200_lines() -> None:
    big = {f"{shown(p)}::{node.name}": node.end_lineno - node.lineno + 1  # type: ignore[operator]
           for p in MODULES for node in ast.walk(parse(p))
           if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES}  # type: ignore[operator]
    assert big == {}, f"classes over {MAX_CLASS_LINES} lines"


def test_no_function_is_over_50_lines() -> None:
    long = {f"{shown(p)}::{node.name}": node.end_lineno - node.lineno + 1  # type: ignore[operator]
            for p in MODULES for node in ast.walk(parse(p)) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES}  # type: ignore[operator]
    assert long == {}, f"functions over {MAX_FUNCTION_LINES} lines: split them into named steps"


def test_javascript_lives_in_js_files_not_in_python_strings() -> None:
    inline = {f"{shown(p)}:{line}": lines for p in MODULES for line, lines in javascript_literals(parse(p))}
    assert inline == {}, f"JavaScript string literals over {MAX_JS_LINES} lines: move them to pytest_lumen/page/js/"


def test_every_module_has_a_docstring() -> None:
    missing = [shown(p) for p in MODULES if ast.get_docstring(parse(p)) is None]
    assert missing == []


@pytest.mark.parametrize(("source", "found"), [
    ('X = """\nconst a = 1;\nconst b = 2;\nconst c = 3;\nreturn a;\n"""', [(1, 5)]),
    ('X = """(el) => {\n  el.click();\n  return 1;\n}"""', [(1, 4)]),
    ('X = """function f() {\n  return 1;\n}"""', []),  # three lines: small enough
    ('X = """one\ntwo\nthree\nfour\nfive"""', []),  # no JavaScript in it
    ('"""A module that says what each function does,\n\nover\nfour lines."""', []),  # a docstring is prose
    ('def f():\n    """A function\n\n    that => here\n    is documented."""', []),
])
def test_the_javascript_check_flags_code_not_prose(source: str, found: list[tuple[int, int]]) -> None:
    assert javascript_literals(ast.parse(source)) == found


@pytest.mark.parametrize("kind", ["unit", "browser"])
def test_test_folders_mirror_the_sub_packages(kind: str) -> None:
    """``tests/<kind>/<folder>/`` exists only for a ``pytest_lumen/<folder>/`` package, and holds an ``__init__.py``."""
    root = TESTS / kind
    folders = [p for p in root.rglob("*") if p.is_dir()
               and not any(part == "__pycache__" or part.startswith(".") for part in p.relative_to(root).parts)]
    strays = [p.relative_to(root).as_posix() for p in folders
              if not (PACKAGE / p.relative_to(root) / "__init__.py").exists()]
    assert strays == []
    assert [p.relative_to(root).as_posix() for p in folders if not (p / "__init__.py").exists()] == []
