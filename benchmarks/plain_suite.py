"""The example suite written in plain pytest-playwright, from its cache: the baseline of ``scale.py``.

For every test of a suite module, ``plain_module`` writes a test that does the same browser
work without pytest-lumen: each ``agent.run(...)`` / ``agent.expect(...)`` statement becomes
the Playwright calls of its cached step, on the step's primary locators (what a person
writes by hand; no fallbacks, no fingerprint checks); every other statement of the test
(``page.goto(...)``, a plain ``expect``) is kept as written, and statements that read the
agent itself (``agent.page``) are dropped. ``%variables%`` are filled from the test's own
``variables={...}`` arguments, so the values come from the same fixtures.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from pytest_lumen.cache import CacheStore
from pytest_lumen.cache.model import LocatorSpec, Target
from pytest_lumen.templates import PLACEHOLDER

PAGE = "p"  # the page the steps act on: the test's page, or the tab a click opened
TIMEOUT = 5000


class Unsupported(ValueError):
    """A cached action or a test statement the plain translation does not cover."""


def _expr(template: str, variables: dict[str, str]) -> str:
    """A Python expression for ``template`` with its ``%name%`` parts taken from ``variables`` (expressions)."""
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(template):
        if match.group(1) in variables:
            parts += [repr(template[last:match.start()]), f"str({variables[match.group(1)]})"]
            last = match.end()
    parts.append(repr(template[last:]))
    return " + ".join(p for p in parts if p != "''") or "''"


def _locator(target: Target | LocatorSpec) -> str:
    spec = target.locator if isinstance(target, Target) else target
    return f"{PAGE}.{spec.describe()}"


def _action_lines(action: Any, variables: dict[str, str], test_dir: str) -> list[str]:
    """The plain Playwright lines of one cached action."""
    kind, t = action.kind, f"timeout={TIMEOUT}"
    lines = []
    for dialog in action.dialogs or []:
        answer = (f"d.accept({_expr(dialog.text, variables)})" if dialog.accept and dialog.text is not None
                  else "d.accept()" if dialog.accept else "d.dismiss()")
        lines.append(f"{PAGE}.once('dialog', lambda d: {answer})")
    if kind == "click":
        how = (", button=" + repr(action.button) if action.button else "") + (", click_count=2" if action.clicks else "")
        call = f"{_locator(action.target)}.click({t}{how})"
        if action.after is not None and action.after.popup is not None:
            return [*lines, f"with {PAGE}.context.expect_page() as opened:", f"    {call}", f"{PAGE} = opened.value"]
        return [*lines, call]
    if kind == "fill":
        return [*lines, f"{_locator(action.target)}.fill({_expr(action.value, variables)}, {t})"]
    if kind == "type":
        where = _locator(action.target) if action.target else f"{PAGE}.keyboard"
        return [*lines, f"{where}.type({_expr(action.text, variables)})"]
    if kind == "press":
        where = _locator(action.target) if action.target else f"{PAGE}.keyboard"
        return [*lines, f"{where}.press({action.key!r})"]
    if kind == "select_option":
        return [*lines, f"{_locator(action.target)}.select_option({_expr(action.value, variables)}, {t})"]
    if kind == "check":
        return [*lines, f"{_locator(action.target)}.set_checked({action.checked}, {t})"]
    if kind == "hover":
        return [*lines, f"{_locator(action.target)}.hover({t})"]
    if kind == "upload":
        files = ", ".join(f"str({test_dir} / {_expr(f, variables)})" for f in action.files)
        return [*lines, f"with {PAGE}.expect_file_chooser({t}) as chooser:", f"    {_locator(action.target)}.click({t})",
                f"chooser.value.set_files([{files}])"]
    if kind == "expect":
        return [*lines, _expect_line(action, variables)]
    raise Unsupported(f"no plain translation for a {kind!r} action")


def _expect_line(action: Any, variables: dict[str, str]) -> str:
    t, expected = f"timeout={TIMEOUT}", action.expected
    if action.check == "url":
        return f"expect({PAGE}).to_have_url(re.compile(re.escape({_expr(str(expected), variables)}) + '$'), {t})"
    where = _locator(action.target)
    if action.check == "visible":
        return f"expect({where}).{'to_be_visible' if expected in (None, True) else 'to_be_hidden'}({t})"
    if action.check == "text":
        return f"expect({where}).to_contain_text({_expr(str(expected), variables)}, {t})"
    if action.check == "value":
        return f"expect({where}).to_have_value({_expr(str(expected), variables)}, {t})"
    if action.check == "checked":
        return f"expect({where}).to_be_checked(checked={bool(expected)}, {t})"
    if action.check == "count":
        items = f"{where}.{action.items.describe()}" if action.items is not None else where
        return f"expect({items}).to_have_count({int(expected)}, {t})"
    raise Unsupported(f"no plain translation for an expect of {action.check!r}")


def _agent_call(stmt: ast.stmt) -> ast.Call | None:
    """``agent.run(...)`` / ``agent.expect(...)`` as a statement, else None."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        func = stmt.value.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "agent" \
                and func.attr in ("run", "expect"):
            return stmt.value
    return None


def _variables(call: ast.Call, source: str) -> dict[str, str]:
    for kw in call.keywords:
        if kw.arg == "variables" and isinstance(kw.value, ast.Dict):
            return {ast.literal_eval(k): ast.get_source_segment(source, v) or "None"
                    for k, v in zip(kw.value.keys, kw.value.values, strict=True)}
    return {}


def plain_test(func: ast.FunctionDef, source: str, steps: list[Any]) -> str:
    """The plain version of one suite test, given its cached steps (``SUITE``: the suite module's folder)."""
    args = [a.arg for a in func.args.args if a.arg != "agent"]
    body, index = [f"{PAGE} = page"], 0
    for stmt in func.body:
        call = _agent_call(stmt)
        if call is None:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # a docstring
            if any(isinstance(n, ast.Name) and n.id == "agent" for n in ast.walk(stmt)):
                continue  # reads the agent itself (agent.page): no plain counterpart
            body += (ast.get_source_segment(source, stmt) or "").splitlines()
            continue
        if index >= len(steps) or steps[index].instruction != ast.literal_eval(call.args[0]):
            raise Unsupported(f"{func.name}: its cached steps do not follow its agent calls")
        variables = _variables(call, source)
        for action in steps[index].actions:
            body += _action_lines(action, variables, "SUITE")
        index += 1
    return f"\n\ndef {func.name}({', '.join(args)}) -> None:\n" + "".join(f"    {line}\n" for line in body)


def plain_module(module: Path, store: CacheStore, depth: int = 0) -> str:
    """A plain pytest-playwright module doing the browser work of the suite module ``module`` (its cache in ``store``),
    to be written ``depth`` folders below the module's own folder."""
    source = module.read_text(encoding="utf-8")
    tree = ast.parse(source)
    tests = []
    for func in tree.body:
        if isinstance(func, ast.FunctionDef) and func.name.startswith("test_"):
            cache = store.load(store.path_for(module.name, func.name))
            if cache is None:
                raise Unsupported(f"{module.name}::{func.name} has no cache file")
            tests.append(plain_test(func, source, cache.steps))
    header = (f'"""Generated by benchmarks/plain_suite.py from {module.name} and its cache: plain Playwright."""\n\n'
              "import re\nfrom pathlib import Path\n\nfrom playwright.sync_api import Page, expect\n\n"
              f"SUITE = Path(__file__).resolve().parents[{depth}]  # the folder of {module.name}\n")
    return header + "".join(tests)


def write_plain_suite(suite: Path, out: Path) -> list[Path]:
    """Write ``test_plain_<name>.py`` for every ``test_<name>.py`` of ``suite`` into ``out`` (``suite`` or a folder
    inside it); returns the files written."""
    store = CacheStore(suite / ".lumen-cache")
    depth = len(out.resolve().relative_to(suite.resolve()).parts)
    written = []
    for module in sorted(suite.glob("test_*.py")):
        path = out / f"test_plain_{module.stem.removeprefix('test_')}.py"
        path.write_text(plain_module(module, store, depth), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # print the plain version of the example suite
    import sys

    here = Path(__file__).resolve().parent
    store = CacheStore(here.parent / "example_suite" / ".lumen-cache")
    for module in sorted((here.parent / "example_suite").glob("test_*.py")):
        sys.stdout.write(plain_module(module, store))
