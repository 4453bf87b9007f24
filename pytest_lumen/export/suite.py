"""Export a suite: for each test module with cache files, its plain Playwright version in an output folder.

The cache folder mirrors the test files (``.lumen-cache/<test file>/<test>.json``): each folder of it names
a module under the rootdir, whose rewritten text is written to the same relative path under ``out``.
Nothing written holds a secret: values come from the test's own expressions or the environment, and the
text is checked against the secret-looking environment values before it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..cache.codec import loads
from ..cache.keys import cache_slug
from ..cache.model import CacheFile
from ..config import DEFAULT_SECRET_ENV
from ..errors import ExportError
from ..secrets import Secrets, secret_env_values
from .source import ModuleExport, rewrite_module

HEADER = ("# Exported by pytest-lumen (python -m pytest_lumen.export) from {cache}: plain Playwright,\n"
          "# runs without the plugin (pytest -p no:lumen).\n")


@dataclass
class SuiteExport:
    """What an export wrote: each module's output path and its result."""

    modules: dict[Path, ModuleExport] = field(default_factory=dict)

    @property
    def skipped(self) -> dict[str, str]:
        """``<module>::<test>`` -> why it was not exported."""
        return {f"{path.name}::{name}": why for path, m in self.modules.items() for name, why in m.skipped.items()}


def cache_folders(cache_dir: Path) -> list[Path]:
    """The folders of the cache that hold test cache files (each named after a test module)."""
    return sorted({p.parent for p in cache_dir.rglob("*.json") if p.parent != cache_dir})


def load_caches(folder: Path, display_root: Path) -> dict[str, CacheFile]:
    """The cache files of one test module, by file name (the test's slug)."""
    caches = {}
    for path in sorted(folder.glob("*.json")):
        shown = path.relative_to(display_root) if path.is_relative_to(display_root) else path
        caches[path.stem] = loads(path.read_text(encoding="utf-8-sig"), shown)
    return caches


def export_suite(rootdir: Path, out: Path, cache_dir: Path | None = None, only: list[Path] | None = None) -> SuiteExport:
    """Write the plain Playwright version of every recorded test module under ``rootdir`` into ``out``.

    ``only``: the test files to export (default: every module with cache files).
    """
    rootdir = rootdir.resolve()
    cache_dir = (cache_dir or rootdir / ".lumen-cache").resolve()
    wanted = {p.resolve() for p in only} if only else None
    secrets = Secrets(secret_env_values(DEFAULT_SECRET_ENV))
    result = SuiteExport()
    for folder in cache_folders(cache_dir):
        rel = folder.relative_to(cache_dir)
        module = rootdir / rel
        if wanted is not None and module.resolve() not in wanted:
            continue
        if not module.is_file():
            raise ExportError(f"the cache folder {folder} names a test module that does not exist: {module}",
                              remedy="delete the stale cache folder (pytest --lumen-prune), or pass --rootdir")
        exported = rewrite_module(module.read_text(encoding="utf-8"), load_caches(folder, rootdir), cache_slug)
        shown = folder.relative_to(rootdir).as_posix() if folder.is_relative_to(rootdir) else str(folder)
        exported.text = HEADER.format(cache=shown) + exported.text
        target = out / rel
        try:
            compile(exported.text, str(target), "exec")  # the export is code that runs, or nothing is written
        except SyntaxError as exc:
            raise ExportError(f"the exported module does not compile ({exc.msg}, line {exc.lineno}); nothing was written",
                              path=module, remedy="report it as a bug of pytest-lumen's export, with the test module") from None
        secrets.check(exported.text, target)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(exported.text, encoding="utf-8")
        result.modules[target] = exported
    return result
