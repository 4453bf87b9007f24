"""The package's layout rules: small modules, classes and functions, JavaScript in ``.js`` files, a docstring on every
module, no import cycle (type-only imports included) and at most 12 modules at the package's top.

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
MAX_TOP_MODULES = 12
JS_MARKERS = ("=>", "function", "const ")
MAX_PARAMETERS = 6
# The package's layers, top to bottom (docs/architecture.md): a module imports modules of its own layer and of the
# layers below it, never one above. Each entry is a sub-package or a module at the package's top.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__", "plugin", "fixtures"),  # the front door, pytest's hooks and fixtures
    ("run",),  # the run: its session, selection, figures' report, summary
    ("agent", "export", "reports"),  # one test's agent; the export tool; Allure and pytest-html
    ("record", "replay"),  # a step recorded by the model; a step replayed from the cache
    ("heal", "memory", "planner", "testing"),  # the zero-token heal; lessons; the model seam and its fakes
    ("context",),  # one test's settings, cache, secrets, events, figures and heals
    ("events", "outcome"),  # what a test did: its events, figures, usage and heals
    ("page",),  # what a page shows, and actions on it
    ("cache",),  # the cache files and their model
    ("config", "errors", "secrets", "templates", "urls", "playwright_internals", "browser"),  # the base
)

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


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """``pytest_lumen.run.session`` for ``pytest_lumen/run/session.py`` (a package: its ``__init__.py``)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(tree: ast.Module, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules that a module imports anywhere in it: at its top, in a function, or under
    ``if TYPE_CHECKING`` (a cycle of type-only imports is a cycle too). ``from . import x`` imports the module ``x``
    when there is one; an import of a package is an edge to its ``__init__``."""
    base = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = ".".join([*base[:len(base) - node.level + 1], *([node.module] if node.module else [])]) \
                if node.level else (node.module or "")
            found.update(f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target for alias in node.names)
    edges = set()
    for target in found:
        while target not in known and "." in target:
            target = target.rsplit(".", 1)[0]
        if target in known and target != name:
            edges.add(target)
    return edges


def import_graph(paths: list[Path], root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    names = {module_name(p, root): p for p in paths}
    return {name: imported_modules(parse(p), name, p.name == "__init__.py", set(names)) for name, p in names.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def long_functions(tree: ast.Module, prefix: str) -> dict[str, int]:
    """``<prefix>::Class.function`` of every function over MAX_FUNCTION_LINES lines (its docstring counted)."""
    long: dict[str, int] = {}

    def walk(node: ast.AST, qualname: str) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, qualname)
                continue
            name = f"{qualname}.{child.name}" if qualname else child.name
            lines = child.end_lineno - child.lineno + 1  # type: ignore[operator]
            if not isinstance(child, ast.ClassDef) and lines > MAX_FUNCTION_LINES:
                long[f"{prefix}::{name}"] = lines
            walk(child, name)

    walk(tree, "")
    return long


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
    long = {name: n for p in MODULES for name, n in long_functions(parse(p), shown(p)).items()}
    assert long == {}, f"functions over {MAX_FUNCTION_LINES} lines: give their parts names"


@pytest.mark.parametrize(("source", "found"), [
    ("def f():\n" + "    x = 1\n" * 49, {}),  # 50 lines: the most a function may have
    ("def f():\n" + "    x = 1\n" * 50, {"m.py::f": 51}),
    ("class C:\n    def g(self):\n" + "        x = 1\n" * 50, {"m.py::C.g": 51}),
    ("def f():\n    def inner():\n" + "        x = 1\n" * 50, {"m.py::f": 52, "m.py::f.inner": 51}),
])
def test_the_function_rule_names_each_long_function(source: str, found: dict[str, int]) -> None:
    assert long_functions(ast.parse(source), "m.py") == found


def test_at_most_12_modules_at_the_package_top() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, f"{len(top)} modules at the top ({', '.join(top)}): give the new ones a sub-package"


def test_no_import_cycle_type_only_imports_included() -> None:
    graph = import_graph(MODULES)
    assert graph["pytest_lumen.plugin"] >= {"pytest_lumen.run.session", "pytest_lumen.fixtures"}  # the graph is read
    assert "pytest_lumen.context" in graph["pytest_lumen.replay.viewport"]  # type-only imports are edges too
    assert cycles(graph) == [], "import cycles: give the shared part a module of its own, or pass what is needed"


def layer_of(module: str, package: str = "pytest_lumen") -> int:
    """The index in ``LAYERS`` of a module's sub-package (or top module); a module of no layer is a KeyError."""
    part = module.removeprefix(package).lstrip(".").split(".")[0] or "__init__"
    return next(i for i, layer in enumerate(LAYERS) if part in layer)


def upward_imports(graph: dict[str, set[str]], package: str = "pytest_lumen") -> list[str]:
    """Every import of a module of a higher layer, as ``importer -> imported``."""
    return sorted(f"{name} -> {other}" for name, imported in graph.items() for other in imported
                  if layer_of(other, package) < layer_of(name, package))


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {module_name(p).split(".")[1] if "." in module_name(p) else "__init__" for p in MODULES}
    placed = {part for layer in LAYERS for part in layer}
    assert parts - placed == set(), "give the new part a layer in LAYERS (and docs/architecture.md's diagram)"
    assert placed - parts == set(), "LAYERS names a part the package no longer has"


def test_layers_point_one_way() -> None:
    graph = import_graph(MODULES)
    assert "pytest_lumen.heal.attempt" in graph["pytest_lumen.replay.replayer"]  # the graph is read, downward is fine
    assert upward_imports(graph) == [], "imports of a higher layer: move the shared part down, or pass what is needed"


def test_the_direction_check_names_an_upward_import(tmp_path: Path) -> None:
    package = tmp_path / "pytest_lumen"
    for folder in ("heal", "replay", "page"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "replay" / "r.py").write_text("from ..heal import h\n")
    (package / "heal" / "h.py").write_text("from ..page import p\n")
    (package / "page" / "p.py").write_text("def f():\n    from ..replay import r\n")
    graph = import_graph(sorted(package.rglob("*.py")), package)
    assert upward_imports(graph) == ["pytest_lumen.page.p -> pytest_lumen.replay.r"]


def test_no_function_takes_over_six_parameters() -> None:
    """Values that travel together are one object (a step's replay, a test's context), not six parameters."""
    many = {f"{shown(p)}::{node.name}": n for p in MODULES for node in ast.walk(parse(p))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (n := parameter_count(node)) > MAX_PARAMETERS}
    assert many == {}, f"functions over {MAX_PARAMETERS} parameters: give the values that travel together one object"


def test_a_module_name_is_one_concept() -> None:
    """Two modules of one name in different packages are one concept at two layers, and each docstring says so by
    naming the other (``page/dialogs.py`` and ``heal/dialogs.py``); otherwise one of them needs another name."""
    by_name: dict[str, list[Path]] = {}
    for path in MODULES:
        if path.name not in ("__init__.py", "__main__.py"):
            by_name.setdefault(path.name, []).append(path)
    unsaid = sorted(f"{shown(p)} does not name {shown(o).removeprefix('pytest_lumen/')}"
                    for paths in by_name.values() if len(paths) > 1 for p in paths for o in paths
                    if o != p and shown(o).removeprefix("pytest_lumen/") not in (ast.get_docstring(parse(p)) or ""))
    assert unsaid == [], "modules of one name: rename one, or say in both docstrings that they are one concept"


def parameter_count(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's parameters, ``self`` and ``cls`` not counted, ``*args`` and ``**kwargs`` one each."""
    args = node.args
    named = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg not in ("self", "cls")]
    return len(named) + (args.vararg is not None) + (args.kwarg is not None)


def test_the_cycle_check_finds_a_cycle_of_type_only_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    files = {
        "__init__.py": '"""A package."""\n',
        "a.py": "from .sub import b\n",
        "sub/__init__.py": "",
        "sub/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n",
        "c.py": "def f():\n    from . import a\n",
        "d.py": "from .a import x\n",
    }
    for name, text in files.items():
        (package / name).write_text(text)
    graph = import_graph(sorted(package.rglob("*.py")), package)
    assert graph["pkg.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.c"} and graph["pkg.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    (package / "c.py").write_text("def f():\n    pass\n")
    assert cycles(import_graph(sorted(package.rglob("*.py")), package)) == []


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
