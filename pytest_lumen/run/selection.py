"""Which tests a run selected, and so where it may look for cache files that no test owns.

The command-line arguments are read as pytest reads them (``resolve_collection_argument``): a path,
then ``::``-separated names and a ``[...]`` parametrization, or with ``--pyargs`` a module name; when
none was given pytest's own choice (``testpaths``, else the invocation folder) is the run's scope.
A run that names tests (``file::test``), or filters them (``-k``, ``-m``, a splitter's
deselection), is not a full run.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from ..cache import CacheStore


class Argument(BaseModel):
    """One collection argument: the path it names, and whether it names tests inside it."""

    path: Path
    names_tests: bool

    @classmethod
    def read(cls, config: pytest.Config, arg: str) -> Argument:
        """``arg`` as pytest reads it (``file.py::Class::test[param]``; with ``--pyargs``, ``pkg.module::test``)."""
        base = arg.partition("[")[0]
        path, *names = base.split("::")
        if config.getoption("pyargs", False):
            path = _module_path(path) or path
        located = Path(path)
        return cls(path=(located if located.is_absolute() else config.invocation_params.dir / located).resolve(),
                   names_tests=bool(names))


def _module_path(name: str) -> str | None:
    """The file or package folder of a module named on the command line with ``--pyargs``, if it is found."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin in (None, "namespace"):
        return None
    origin = Path(spec.origin)
    return str(origin.parent if origin.name == "__init__.py" else origin)


class Selection(BaseModel):
    """The cache files of the collected and the selected tests, the run's scope, and how much of it ran."""

    collected: set[Path] = Field(default_factory=set)  # before -k, -m or a splitter (pytest-split) deselected any
    files: set[Path] = Field(default_factory=set)  # of the tests that ran
    scope: list[Path] = Field(default_factory=list)  # the paths the run was given
    full_run: bool = True
    whole_modules: bool = True  # no node ids given: each collected module was collected whole
    deselected: bool = False

    def select(self, config: pytest.Config, files: set[Path]) -> None:
        """Note the selected tests' cache files, the run's scope and whether it is a full run of it."""
        arguments = [Argument.read(config, arg) for arg in config.args]
        names_tests = any(a.names_tests for a in arguments)
        filtered = bool(config.getoption("keyword")) or bool(config.getoption("markexpr"))
        self.files = files
        self.scope = [a.path for a in arguments] or [config.rootpath.resolve()]
        self.full_run = not (names_tests or filtered or self.deselected)
        self.whole_modules = not names_tests

    def merge(self, other: Selection) -> None:
        """Add a worker's selection (the controller collects nothing itself under xdist)."""
        self.files |= other.files
        self.scope = sorted(set(self.scope) | set(other.scope))
        self.full_run = self.full_run and other.full_run
        self.collected |= other.collected
        self.whole_modules = self.whole_modules and other.whole_modules

    def unused(self, store: CacheStore, rootdir: Path, used: set[str]) -> list[Path]:
        """Cache files under the run's scope that no collected test owns and no one ``used`` (shown as the store shows them).

        A partial run (``-k``, ``-m``, a shard) looks only in the folders of the test modules it
        collected; one given node ids (``file::test``) looks nowhere.
        """
        if not (self.full_run or self.whole_modules):
            return []
        modules = {p.parent for p in self.collected}
        owned = self.collected | self.files
        unused = []
        for path in store.files():
            test_file = (rootdir / path.parent.relative_to(store.root)).resolve()
            in_scope = any(test_file == s or s in test_file.parents for s in self.scope)
            seen = in_scope if self.full_run else path.parent in modules
            if seen and path not in owned and store.display(path) not in used:
                unused.append(path)
        return unused
