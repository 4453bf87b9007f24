"""A test module rewritten as plain Playwright: each ``agent.run``/``agent.expect`` statement replaced by its
cached actions, the ``agent`` argument dropped, the imports it needs added and pytest-lumen's dropped.

Calls are found with ``ast`` and matched to the cache file's steps by kind, instruction template and order
(the n-th call with an instruction is its n-th cached step with it). What cannot be matched statically (a
call in a loop or a branch, an instruction that is not a literal) is an ``ExportError`` naming the test.
"""

from __future__ import annotations

import ast
import textwrap
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..cache.keys import step_key
from ..cache.model import CacheFile, Step
from ..errors import ExportError
from ..templates import placeholders
from .actions import INDENT, Scope, py_str, step_lines
from .edits import Edit, Source, apply_edits
from .imports import fix_imports
from .per_profile import MARKER, profile_views, test_name

AGENT = "agent"
IMPORT_PYTEST = "import pytest"
IMPORT_PAGE = "from playwright.sync_api import Page"
CURRENT_PAGE = "page.context.pages[-1]"  # what ``agent.page`` was: the newest tab still open
ALLOWED_PARENTS = (ast.FunctionDef, ast.With)  # where a call runs exactly once, in order


@dataclass
class ModuleExport:
    """The rewritten module, the tests it exported and those it could not (with why)."""

    text: str
    exported: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def agent_call(node: ast.AST) -> tuple[str, ast.Call] | None:
    """("run" | "expect", the call) when ``node`` is an ``agent.run(...)``/``agent.expect(...)`` statement."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == AGENT
                and func.attr in ("run", "expect")):
            return func.attr, node.value
    return None


def _variables(call: ast.Call, scope: Scope, instruction: str) -> list[str] | None:
    """Bind the call's variables to their expressions in ``scope``; their names (None: not known statically)."""
    node = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "variables"), None)
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return []
    if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys):
        names = []
        for k, v in zip(node.keys, node.values, strict=True):
            name = str(k.value)  # type: ignore[union-attr]
            typed = isinstance(v, ast.Name) and v.id in scope.str_names  # a ``str`` argument of the test
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                scope.values[name] = py_str(v.value)
            else:
                scope.values[name] = ast.unparse(v) if typed else f"str({ast.unparse(v)})"
            names.append(name)
        return names
    expr = ast.unparse(node)
    scope.values.update({n: f"str(({expr})[{py_str(n)}])" for n in sorted(placeholders(instruction))})
    return None


class TestRewrite:
    """The edits that turn one test function into plain Playwright, from its cache file."""

    __test__ = False  # not a pytest test class

    def __init__(self, src: Source, func: ast.FunctionDef, cache: CacheFile) -> None:
        self.src, self.func, self.cache = src, func, cache
        self.scope = Scope(str_names={a.arg for a in func.args.args
                                      if isinstance(a.annotation, ast.Name) and a.annotation.id == "str"})
        self.edits: list[Edit] = []
        self.imports: set[str] = set()

    def fail(self, message: str, remedy: str = "") -> ExportError:
        return ExportError(f"{self.func.name}: {message}", remedy=remedy or None)

    def run(self) -> None:
        """Compute the edits; an ``ExportError`` says why the test cannot be exported."""
        self._params()
        calls = self._calls()
        if len(calls) != len(self.cache.steps):
            raise self.fail(f"it makes {len(calls)} agent calls and its cache file holds {len(self.cache.steps)} steps",
                            remedy="re-record the test, then export again")
        seen: Counter[tuple[str, str]] = Counter()
        for stmt, kind, call in calls:
            self._replace(stmt, self._step(kind, call, seen))
        self.imports |= self.scope.imports

    def _calls(self) -> list[tuple[ast.stmt, str, ast.Call]]:
        """The agent call statements in source order; every other use of ``agent`` is ``agent.page`` or an error."""
        found: list[tuple[ast.stmt, str, ast.Call]] = []
        handled: set[int] = set()
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(self.func):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
        for node in ast.walk(self.func):
            hit = agent_call(node)
            if hit is None:
                continue
            parent = parents[id(node)]
            if not isinstance(parent, ALLOWED_PARENTS):
                raise self.fail(f"agent.{hit[0]}() on line {node.lineno} is inside a {type(parent).__name__.lower()} "  # type: ignore[attr-defined]
                                "(a loop or a branch): its steps cannot be matched to the cache in order")
            found.append((node, *hit))  # type: ignore[arg-type]
            handled.add(id(hit[1].func.value))  # type: ignore[attr-defined]
        for node in ast.walk(self.func):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == AGENT
                    and node.attr == "page"):
                handled.add(id(node.value))
                self.edits.append(Edit(*self.src.span(node), CURRENT_PAGE))
            if isinstance(node, ast.Name) and node.id == AGENT and id(node) not in handled:
                raise self.fail(f"line {node.lineno} uses the agent in a way plain Playwright cannot say",
                                remedy="keep only agent.run(), agent.expect() and agent.page in the test")
        return sorted(found, key=lambda f: (f[0].lineno, f[0].col_offset))

    def _step(self, kind: str, call: ast.Call, seen: Counter[tuple[str, str]]) -> Step:
        first = call.args[0] if call.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            raise self.fail(f"agent.{kind}() on line {call.lineno} has no literal instruction to match to the cache")
        instruction = first.value
        names = _variables(call, self.scope, instruction)
        same = [s for s in self.cache.steps if s.kind == kind and s.instruction == instruction]
        nth = seen[(kind, instruction)]
        seen[(kind, instruction)] += 1
        if nth >= len(same) or (names is not None and same[nth].key != step_key(instruction, names)):
            raise self.fail(f"agent.{kind}({instruction!r}) on line {call.lineno} has no cached step",
                            remedy="re-record the test, then export again")
        return same[nth]

    def _replace(self, stmt: ast.stmt, step: Step) -> None:
        """The statement's lines become a comment naming the step, then its Playwright lines."""
        src = self.src
        assert stmt.end_lineno is not None and stmt.end_col_offset is not None
        last = src.lines[stmt.end_lineno - 1]
        rest = last.encode("utf-8")[stmt.end_col_offset:].decode("utf-8").strip()
        if rest and not rest.startswith("#"):
            raise self.fail(f"line {stmt.end_lineno} holds more than the agent call", remedy="put it on a line of its own")
        pad = " " * stmt.col_offset
        label = step.instruction.replace("\n", " ")
        comment = f"# {'expect: ' if step.kind == 'expect' else ''}{label}" + (f"  {rest}" if rest else "")
        lines = step_lines(step, self.scope) or ["pass  # no actions were recorded"]
        text = "\n".join([comment, *lines]).replace("\n", "\n" + pad)
        start = src.offset(stmt.lineno, stmt.col_offset)
        end = src.starts[stmt.end_lineno] - (1 if last.endswith("\n") else 0)
        self.edits.append(Edit(start, end, text))

    def _params(self) -> None:
        """Drop the ``agent`` argument; a test without ``page`` takes pytest-playwright's ``page`` in its place."""
        args = self.func.args.args
        index = next((i for i, a in enumerate(args) if a.arg == AGENT), None)
        if index is None:
            raise self.fail("the agent is not a positional argument of the test")
        start, end = self.src.span(args[index])
        if not any(a.arg == "page" for a in args):
            self.imports.add(IMPORT_PAGE)
            self.edits.append(Edit(start, end, "page: Page"))
            return
        if index + 1 < len(args):
            end = self.src.offset(args[index + 1].lineno, args[index + 1].col_offset)
        elif index > 0:
            start = self.src.span(args[index - 1])[1]
        self.edits.append(Edit(start, end, ""))


def rewrite_module(text: str, caches: dict[str, CacheFile], name_of: Callable[[str], str]) -> ModuleExport:
    """The module with every test that takes ``agent`` exported from its cache file (``caches``: by file name).

    ``name_of`` turns a test function's name into its cache file's name. A test that cannot be exported keeps
    its body under ``@pytest.mark.skip`` with the reason (the export says so too).
    """
    src = Source(text)
    tree = ast.parse(text)
    result = ModuleExport(text="")
    edits: list[Edit] = []
    imports: set[str] = set()
    for func in _test_functions(tree):
        cache = caches.get(name_of(func.name))
        try:
            if cache is None:
                raise ExportError(f"{func.name}: no cache file (the test was never recorded, or it is parametrized)",
                                  remedy="record it (pytest --lumen-record), then export again")
            views = profile_views(cache)
            rewrite = TestRewrite(src, func, cache) if views is None else PerProfile(src, func, views)
            rewrite.run()
        except ExportError as exc:
            result.skipped[func.name] = exc.message
            edits.append(Edit(*_decorator_spot(src, func), f"@pytest.mark.skip(reason={py_str('not exported: ' + exc.message)})\n"
                              + " " * func.col_offset))
            imports.add(IMPORT_PYTEST)
            continue
        edits += rewrite.edits
        imports |= rewrite.imports
        result.exported.append(func.name)
    out = apply_edits(text, edits)
    result.text = fix_imports(out, imports)
    return result


class PerProfile:
    """One test function as a copy per device profile (``per_profile.py``): each copy rewritten from that profile's view
    of the cache file, named and marked for its profile, all of them in the function's place."""

    def __init__(self, src: Source, func: ast.FunctionDef, views: dict[str, CacheFile]) -> None:
        self.src, self.func, self.views = src, func, views
        self.edits: list[Edit] = []
        self.imports: set[str] = {IMPORT_PYTEST}

    def run(self) -> None:
        """Compute the one edit; an ``ExportError`` says why a copy cannot be written."""
        func, src = self.func, self.src
        assert func.end_lineno is not None
        start = src.offset(min([d.lineno for d in func.decorator_list] + [func.lineno]), 0)
        end = src.starts[func.end_lineno]
        segment = textwrap.dedent(src.text[start:end])
        if not self.views:
            raise ExportError(f"{func.name}: no device profile has recorded every step of it",
                              remedy="record it on each profile (pytest --lumen-record --device ...), then export again")
        first = next(iter(self.views))
        copies = []
        for key, view in self.views.items():
            own = Source(segment)
            parsed = next(n for n in ast.parse(segment).body if isinstance(n, ast.FunctionDef))
            rewrite = TestRewrite(own, parsed, view)
            rewrite.run()
            self.imports |= rewrite.imports
            text = apply_edits(segment, rewrite.edits).replace(f"def {func.name}(", f"def {test_name(func.name, key, first)}(", 1)
            copies.append(textwrap.indent(f"@pytest.mark.{MARKER}({py_str(key)})\n{text}", " " * func.col_offset))
        gap = "\n\n" if func.col_offset == 0 else "\n"
        self.edits.append(Edit(start, end, gap.join(copies)))


def _test_functions(tree: ast.Module) -> list[ast.FunctionDef]:
    """Test functions (and test methods of classes) that take the ``agent`` fixture."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and any(a.arg == AGENT for a in node.args.args):
            found.append(node)
    return found


def _decorator_spot(src: Source, func: ast.FunctionDef) -> tuple[int, int]:
    at = src.offset(func.lineno, func.col_offset)
    return at, at


__all__ = ["INDENT", "ModuleExport", "rewrite_module"]
