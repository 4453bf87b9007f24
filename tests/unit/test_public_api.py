"""The public API is small and consistent: what the docs import is exported, what is exported is used.

* every name the docs import from ``pytest_lumen`` is in ``__all__``, and every name of ``__all__``
  (but the errors, which users meet when they are raised, and ``__version__``) is imported from
  ``pytest_lumen`` in a code block of the README or the docs;
* no doc imports a public name from a sub-module (``pytest_lumen.planner.anthropic_planner``);
* every exported error is raised by the package, or is the base of one that is;
* the type of every public fixture is exported, so that users can annotate with it.
"""

from __future__ import annotations

import ast
import builtins
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import pytest_lumen
from pytest_lumen import errors
from pytest_lumen.events import StopReason
from tests.unit.test_docs_sync import ROOT, code_blocks

PACKAGE = ROOT / "pytest_lumen"
USER_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def doc_imports() -> dict[str, set[str]]:
    """Each ``from pytest_lumen... import`` in the docs' Python blocks: module -> names (with the file)."""
    found: dict[str, set[str]] = {}
    for path in USER_DOCS:
        for block in code_blocks(path.read_text(encoding="utf-8"), "python"):
            for node in ast.walk(ast.parse(block, str(path))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pytest_lumen"):
                    for alias in node.names:
                        found.setdefault(alias.name, set()).add(f"{path.name}: from {node.module}")
    return found


def exported_errors() -> set[str]:
    return {name for name in pytest_lumen.__all__
            if isinstance(getattr(errors, name, None), type) and issubclass(getattr(errors, name), errors.LumenError)}


def test_every_name_the_docs_import_from_pytest_lumen_is_exported() -> None:
    imported = {name for name, places in doc_imports().items() if any(p.endswith("from pytest_lumen") for p in places)}
    assert imported, "no `from pytest_lumen import ...` found in the docs"
    assert imported - set(pytest_lumen.__all__) == set(), "docs import names pytest_lumen does not export"


def test_every_exported_name_is_imported_in_the_docs() -> None:
    imported = {name for name, places in doc_imports().items() if any(p.endswith("from pytest_lumen") for p in places)}
    expected = set(pytest_lumen.__all__) - exported_errors() - {"__version__"}
    assert expected - imported == set(), "exported names no code block of the docs imports from pytest_lumen"


def test_no_doc_imports_a_public_name_from_a_sub_module() -> None:
    deep = {(name, place) for name, places in doc_imports().items() for place in places
            if name in pytest_lumen.__all__ and not place.endswith("from pytest_lumen")}
    assert deep == set(), "import these from pytest_lumen"


def constructed_names() -> set[str]:
    """The names called anywhere in the package outside errors.py (``raise X(...)``, ``X(...)``)."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path == PACKAGE / "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                names.add(func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "")
    return names


def test_every_exported_error_is_raised_or_the_base_of_one_that_is() -> None:
    raised = exported_errors() & constructed_names()
    bases = {base.__name__ for name in raised for base in getattr(errors, name).__mro__}
    assert exported_errors() - raised - bases == set(), "exported errors the package never raises"


def test_every_error_a_step_stops_with_is_a_reason_its_error_event_can_hold() -> None:
    # an error's ``reason`` is written into the step's ``error`` event; one the model does not allow failed the writing
    stops = {cls.reason for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.LumenError)
             and cls is not errors.ExportError}  # the export tool's, raised outside any test
    assert stops - set(typing.get_args(StopReason)) == set()
    documented = (ROOT / "docs" / "troubleshooting.md").read_text(encoding="utf-8").split("The hierarchy:")[0]
    assert {reason for reason in typing.get_args(StopReason) if f"`{reason}`" not in documented} == set()


def fixture_return_names() -> dict[str, set[str]]:
    """The names in the return annotation of each public fixture of the package (``Iterator[Agent]``: Agent)."""
    fixtures: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_") or node.returns is None:
                continue
            decorators = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
            if any(isinstance(d, ast.Attribute) and d.attr == "fixture" for d in decorators):
                fixtures[node.name] = {n.id for n in ast.walk(node.returns) if isinstance(n, ast.Name)}
    return fixtures


def test_the_type_of_every_public_fixture_is_exported() -> None:
    fixtures = fixture_return_names()
    assert {"agent", "agent_for", "lumen_session", "lumen_settings", "lumen_planner"} <= set(fixtures)
    generic = {"Iterator", "Generator", "Callable", "Any", *dir(builtins)}
    missing = {f"{fixture}: {name}" for fixture, names in fixtures.items() for name in names - generic
               if name not in pytest_lumen.__all__}
    assert missing == set(), "fixture types users cannot import from pytest_lumen"


@pytest.mark.parametrize("name", ["AgentFactory", "LumenSession", "Usage", "AnthropicPlanner"])
def test_names_are_the_package_objects(name: str) -> None:
    obj = getattr(pytest_lumen, name)
    assert obj.__name__ == name and obj.__module__.startswith("pytest_lumen.")


def test_importing_the_package_does_not_import_the_sdk_until_anthropic_planner_is_used() -> None:
    code = ("import sys, pytest_lumen; print('anthropic' in sys.modules); "
            "pytest_lumen.AnthropicPlanner; print('anthropic' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(ROOT))
    assert result.stdout.split() == ["False", "True"]
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        pytest_lumen.Nope  # noqa: B018
