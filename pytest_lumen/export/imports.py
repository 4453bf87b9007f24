"""An exported module's imports: those its Playwright lines need added, pytest-lumen's unused ones dropped.

A name from a module already imported from joins that statement (``from playwright.sync_api import Page,
expect``); the standard library's imports go before the others, and a plain ``import x`` before the ``from``
imports of its section, as isort puts them.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Sequence

from .actions import IMPORT_OS, IMPORT_PATH, IMPORT_RE, IMPORT_URLJOIN
from .edits import Edit, Source, apply_edits

STDLIB_IMPORTS = frozenset({IMPORT_OS, IMPORT_PATH, IMPORT_RE, IMPORT_URLJOIN})
PLUGIN_PACKAGE = "pytest_lumen"


def name_order(name: str) -> tuple[int, str]:
    """isort's order by type: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def _from_line(module: str, names: list[str]) -> str:
    return f"from {module} import {', '.join(sorted(dict.fromkeys(names), key=lambda n: name_order(n.split(' as ')[0])))}"


def fix_imports(text: str, needed: set[str]) -> str:
    """``text`` with the ``needed`` import lines added (where missing) and pytest-lumen's unused names dropped."""
    return _add(_prune_and_join(text, needed), needed)


def _top_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    return [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]


def _have(top: Sequence[ast.Import | ast.ImportFrom]) -> set[str]:
    """The import lines the module has, each name of a ``from`` import also on its own."""
    froms = [n for n in top if isinstance(n, ast.ImportFrom) and n.module and n.level == 0]
    return {ast.unparse(n) for n in top} | {f"from {n.module} import {ast.unparse(a)}" for n in froms for a in n.names}


def _prune_and_join(text: str, needed: set[str]) -> str:
    """Drop pytest-lumen's names nothing uses; join needed names to a ``from`` import of their module."""
    tree = ast.parse(text)
    src = Source(text)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    top = _top_imports(tree)
    froms = {n.module for n in top if isinstance(n, ast.ImportFrom) and n.module and n.level == 0}
    joined: dict[str, list[str]] = {}
    for line in sorted(needed - _have(top)):
        node = ast.parse(line).body[0]
        if isinstance(node, ast.ImportFrom) and node.module in froms:
            joined.setdefault(node.module, []).extend(ast.unparse(a) for a in node.names)
    edits: list[Edit] = []
    for node in top:
        if not isinstance(node, ast.ImportFrom) or node.level != 0 or not node.module:
            continue
        names = [ast.unparse(a) for a in node.names]
        if node.module.split(".")[0] == PLUGIN_PACKAGE:
            names = [ast.unparse(a) for a in node.names if (a.asname or a.name) in used]
        if names == [ast.unparse(a) for a in node.names] and node.module not in joined:
            continue
        if names or node.module in joined:
            edits.append(Edit(*src.span(node), _from_line(node.module, names + joined.pop(node.module, []))))
        else:
            edits.append(_drop(src, node))
    return apply_edits(text, edits)


def _add(text: str, needed: set[str]) -> str:
    """Add the needed import lines the module does not have yet."""
    tree = ast.parse(text)
    top = _top_imports(tree)
    return apply_edits(text, _insert(tree, Source(text), top, sorted(needed - _have(top))))


def _drop(src: Source, node: ast.stmt) -> Edit:
    """Remove an import statement's lines, and a blank line it leaves doubled."""
    assert node.end_lineno is not None
    start, end = src.starts[node.lineno - 1], src.starts[node.end_lineno]
    before = src.lines[node.lineno - 2] if node.lineno >= 2 else ""
    after = src.lines[node.end_lineno] if node.end_lineno < len(src.lines) else ""
    if not before.strip() and not after.strip() and after:
        end += len(after)
    return Edit(start, end, "")


def _insert(tree: ast.Module, src: Source, top: Sequence[ast.stmt], lines: list[str]) -> list[Edit]:
    """Edits adding new import statements: the standard library's first, the others after the last import."""
    stdlib = sorted((x for x in lines if x in STDLIB_IMPORTS), key=lambda x: (x.startswith("from"), x))
    others = sorted(x for x in lines if x not in STDLIB_IMPORTS)
    first = next((n for n in top if not (isinstance(n, ast.ImportFrom) and n.module == "__future__")), None)
    last = top[-1] if top else None
    after = src.starts[last.end_lineno] if last is not None and last.end_lineno else _after_docstring(tree, src)
    edits = []
    if stdlib:
        at = src.starts[first.lineno - 1] if first is not None else after
        apart = "\n" if first is not None and _third_party(first) else ""  # a blank line between the sections
        edits.append(Edit(at, at, "".join(x + "\n" for x in stdlib) + apart))
    plain = [x for x in others if x.startswith("import ")]
    before = next((n for n in top if _third_party(n) and (isinstance(n, ast.ImportFrom) or ast.unparse(n) > plain[0])),
                  None) if plain else None
    if before is not None:
        at = src.starts[before.lineno - 1]
        edits.insert(0, Edit(at, at, "".join(x + "\n" for x in plain)))  # first: the stdlib's lines go above them
        others = [x for x in others if x not in plain]
    if others:
        edits.append(Edit(after, after, "".join(x + "\n" for x in others)))
    return edits


def _third_party(node: ast.stmt) -> bool:
    """An import of neither the standard library nor ``__future__``: isort's third-party section."""
    if isinstance(node, ast.ImportFrom):
        module = (node.module or "") if node.level == 0 else ""
    else:
        module = node.names[0].name if isinstance(node, ast.Import) else ""
    root = module.split(".")[0]
    return bool(root) and root != "__future__" and root not in sys.stdlib_module_names


def _after_docstring(tree: ast.Module, src: Source) -> int:
    first = tree.body[0] if tree.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and first.end_lineno:
        return src.starts[first.end_lineno]
    return 0
