"""Export a suite: for each test module with cache files, its plain Playwright version in an output folder, and
what the modules need to run there without the plugin.

The cache folder mirrors the test files (``.lumen-cache/<test file>/<test>.json``): each folder of it names
a module under the rootdir, whose rewritten text is written to the same relative path under ``out``.
Nothing written holds a secret: values come from the test's own expressions or the environment, and the
text is checked against the secret-looking environment values before it is written.

Beside the modules (``write_support``): the suite's ``conftest.py`` files and packages' ``__init__.py`` on the
way to them, the files the modules name (``referenced_files``: the uploads), and a ``pytest.ini`` with the suite's
pytest options (pytest-lumen's own left out) whose ``pythonpath`` lets the copies import what they imported where
they were. The root ``conftest.py`` gets a ``browser_type_launch_args`` fixture: the Chromium pytest-lumen would
launch there (``pytest_lumen.browser.choose_browser``), while pytest-lumen is installed.
"""

from __future__ import annotations

import ast
import configparser
import importlib
import os
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cache.codec import loads
from ..cache.keys import cache_slug
from ..cache.model import CacheFile
from ..config import DEFAULT_SECRET_ENV, OPTIONS
from ..errors import ExportError
from ..secrets import Secrets, secret_env_values
from .imports import fix_imports
from .per_profile import MARKER, MARKER_LINE, PROFILE_FIXTURE
from .source import ModuleExport, rewrite_module

HEADER = ("# Exported by pytest-lumen (python -m pytest_lumen.export) from {cache}: plain Playwright,\n"
          "# runs without the plugin (pytest -p no:lumen).\n")


@dataclass
class SuiteExport:
    """What an export wrote: each module's output path and its result."""

    modules: dict[Path, ModuleExport] = field(default_factory=dict)
    support: list[Path] = field(default_factory=list)  # what else was written: conftest.py, pytest.ini, data files

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
    """Write the plain Playwright version of every recorded test module under ``rootdir`` into ``out``, and what
    the modules need to run there (``write_support``).

    ``only``: the test files to export (default: every module with cache files).
    """
    rootdir = rootdir.resolve()
    if out.resolve() == rootdir:
        raise ExportError(f"the output folder is the rootdir {rootdir}: the export would overwrite the suite's own test "
                          "modules and conftest.py", remedy="write it to another folder: --out ../exported")
    cache_dir = (cache_dir or rootdir / ".lumen-cache").resolve()
    wanted = {p.resolve() for p in only} if only else None
    secrets = Secrets(secret_env_values(DEFAULT_SECRET_ENV))
    result = SuiteExport()
    sources: dict[Path, str] = {}  # each exported module's source -> its exported text
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
        sources[module] = exported.text
    result.support = write_support(rootdir, out, sources) if sources else []
    return result


# --- what the exported modules need beside them ---------------------------------------------------------------------

COPIED = "# Copied by pytest-lumen's export (python -m pytest_lumen.export) from {source}.\n"
NEW_CONFTEST = '"""The exported tests\' fixtures (written by pytest-lumen\'s export)."""\n\nimport pytest\n'
# The plugin's system-Chromium fallback (run/browser_fixture.py) for a run without the plugin, while it is installed.
BROWSER_FIXTURE = """

# Added by pytest-lumen's export: the Chromium pytest-lumen would launch on this machine when Playwright has none of
# its own (a system Chromium, or LUMEN_CHROMIUM), as the plugin did for the suite. Without pytest-lumen installed,
# or with a browser chosen (--browser-channel, executable_path), pytest-playwright's launch arguments as they are.
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    try:
        from pytest_lumen.browser import choose_browser
    except ImportError:
        return browser_type_launch_args
    choice = choose_browser()
    chosen = "executable_path" in browser_type_launch_args or "channel" in browser_type_launch_args
    if choice is None or chosen or browser_type.name != "chromium":
        return browser_type_launch_args
    executable = choice.for_run(browser_type_launch_args.get("headless", True))
    return {**browser_type_launch_args, "executable_path": executable} if executable else browser_type_launch_args
"""
# Where pytest finds a rootdir's options, in its order, and the section that holds them (pyproject.toml: its table).
INI_FILES = (("pytest.ini", "pytest"), (".pytest.ini", "pytest"), ("pyproject.toml", ""), ("tox.ini", "pytest"),
             ("setup.cfg", "tool:pytest"))
LUMEN_SWITCHES = frozenset(o.flag for o in OPTIONS if o.flag and o.kind == "switch")


def write_support(rootdir: Path, out: Path, modules: dict[Path, str]) -> list[Path]:
    """Beside the exported ``modules`` (their sources under ``rootdir`` -> their exported text): the suite's
    ``conftest.py`` files and ``__init__.py`` files on the way to them, the root one with ``BROWSER_FIXTURE``; the
    files they name (``referenced_files``); a ``pytest.ini`` with the suite's options. Returns the paths written."""
    copies = support_files(rootdir, list(modules))
    marked = any(f"@pytest.mark.{MARKER}(" in text for text in modules.values())  # a test per device profile
    written: list[Path] = []
    read = {source: source.read_text(encoding="utf-8") for source in copies}
    for source, text in read.items():
        if source.name == "conftest.py":
            text = COPIED.format(source=source.relative_to(rootdir.parent).as_posix()) + text
        written.append(_write(out / source.relative_to(rootdir), with_browser_fixture(text, marked)
                              if source == rootdir / "conftest.py" else text))
    if not (rootdir / "conftest.py").is_file():
        written.append(_write(out / "conftest.py", with_browser_fixture(NEW_CONFTEST, marked)))
    texts = {**modules, **read}
    for source, text in texts.items():
        for name in sorted(referenced_files(text)):
            found = Path(os.path.normpath(source.parent / name))
            target = out / found.relative_to(rootdir) if found.is_relative_to(rootdir) else None
            if target is not None and found.exists() and target not in written:  # a copy of the day's file
                target.parent.mkdir(parents=True, exist_ok=True)
                if found.is_dir():
                    shutil.copytree(found, target, dirs_exist_ok=True)
                else:
                    shutil.copy2(found, target)
                written.append(target)
    name, options = ini_options(rootdir)
    roots = import_roots([*modules, *copies])
    carried = carried_options(options, rootdir, roots)
    if marked:
        carried["markers"] = "\n".join([*carried.get("markers", "").split("\n"), MARKER_LINE]).strip("\n")
    written.append(_write(out / "pytest.ini", ini_text(name, carried)))
    return written


def _write(target: Path, text: str) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def support_files(rootdir: Path, modules: list[Path]) -> list[Path]:
    """The ``conftest.py`` files from the rootdir down to each module's folder, and the ``__init__.py`` files below
    the rootdir (the rootdir's own would make the output folder a package of another name)."""
    folders: set[Path] = set()
    for module in modules:
        folders.update(f for f in module.parents if f == rootdir or f.is_relative_to(rootdir))
    names = {folder: ("conftest.py",) if folder == rootdir else ("__init__.py", "conftest.py") for folder in folders}
    return [folder / name for folder in sorted(folders) for name in names[folder] if (folder / name).is_file()]


def referenced_files(text: str) -> set[str]:
    """The files and folders a module names as ``Path(__file__).parent / "name"``, as the exported uploads do."""
    return {node.right.value for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, str) and ast.unparse(node.left) == "Path(__file__).parent"}


def with_browser_fixture(conftest: str, profiles: bool = False) -> str:
    """A conftest's text with ``BROWSER_FIXTURE`` at its end (and ``import pytest``), unless it chose the browser's
    launch arguments itself; and ``profiles.PROFILE_FIXTURE`` when tests are marked per device profile."""
    own = any(isinstance(node, ast.FunctionDef) and node.name == "browser_type_launch_args"
              for node in ast.parse(conftest).body)
    if own and not profiles:
        return conftest
    text = fix_imports(conftest, {"import pytest"}).rstrip("\n") + "\n" + ("" if own else BROWSER_FIXTURE)
    return text + (PROFILE_FIXTURE if profiles else "")


def import_roots(files: list[Path]) -> list[Path]:
    """Where pytest made each file importable from (its ``prepend`` import mode): the first folder above it that is not
    a package. The copies get them as ``pythonpath``, so that they import what the originals imported."""
    roots: dict[Path, None] = {}
    for path in files:
        folder = path.parent
        while (folder / "__init__.py").is_file():
            folder = folder.parent
        roots[folder] = None
    return list(roots)


def ini_options(rootdir: Path) -> tuple[str, dict[str, str]]:
    """The name of the rootdir's pytest configuration file, as pytest picks it, and its options as ini text;
    ``("", {})`` when it has none."""
    for name, section in INI_FILES:
        path = rootdir / name
        if not path.is_file():
            continue
        if not section:
            options = _pyproject_options(path)
            if options is not None:
                return name, options
            continue
        config = configparser.ConfigParser(interpolation=None, strict=False)
        config.optionxform = str  # type: ignore[assignment,method-assign]  # keys as written
        try:
            config.read(path, encoding="utf-8")
        except configparser.Error as exc:
            raise ExportError(f"its pytest options cannot be read: {exc}", path=path,
                              remedy="fix the file (pytest cannot read it either)") from None
        if config.has_section(section):
            return name, {key: value.strip() for key, value in config.items(section)}
        if name.endswith("pytest.ini"):  # pytest takes it even without a [pytest] section
            return name, {}
    return "", {}


def _pyproject_options(path: Path) -> dict[str, str] | None:
    """``[tool.pytest.ini_options]`` (and ``[tool.pytest]``'s own keys) as ini text; None without either."""
    toml: Any = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")  # pytest's own on 3.10
    table = toml.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("pytest")
    if not isinstance(table, dict):
        return None
    merged = {**{k: v for k, v in table.items() if k != "ini_options"}, **table.get("ini_options", {})}
    return {key: "\n".join(map(str, v)) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else str(v)
            for key, v in merged.items()}


def carried_options(options: dict[str, str], rootdir: Path, roots: list[Path]) -> dict[str, str]:
    """The options a run without the plugin takes: pytest-lumen's ini keys, flags and required plugin left out, and
    ``pythonpath`` made absolute, with the import roots after the suite's own entries."""
    kept = {key: value for key, value in options.items() if not key.startswith("lumen_")}
    if "addopts" in kept:
        kept["addopts"] = shlex.join(without_lumen_flags(shlex.split(kept["addopts"])))
    if "required_plugins" in kept:
        kept["required_plugins"] = " ".join(p for p in kept["required_plugins"].split() if not p.startswith("pytest-lumen"))
    paths = [str(rootdir / p) for p in shlex.split(kept.get("pythonpath", ""))] + [str(r) for r in roots]
    kept["pythonpath"] = "\n".join(shlex.quote(p) for p in dict.fromkeys(paths))
    return {key: value for key, value in kept.items() if value.strip()}


def without_lumen_flags(args: list[str]) -> list[str]:
    """Command-line arguments without pytest-lumen's flags (``--lumen-mode replay`` and ``--lumen-mode=replay``)."""
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("--lumen"):
            skip = "=" not in arg and arg not in LUMEN_SWITCHES
        else:
            kept.append(arg)
    return kept


def ini_text(source: str, options: dict[str, str]) -> str:
    """A ``pytest.ini`` of ``options``, saying where they came from."""
    origin = f"the suite's {source}" if source else "no configuration file of the suite"
    lines = [f"# Written by pytest-lumen's export: the pytest options of {origin}, without pytest-lumen's own;",
             "# pythonpath: where the suite's test modules and conftest.py imported from, so that these import the same.",
             "[pytest]"]
    for key, value in options.items():
        first, *rest = value.split("\n")
        lines.append(f"{key} = {first}".rstrip())
        lines.extend(f"    {line}" for line in rest if line.strip())
    return "\n".join(lines) + "\n"
