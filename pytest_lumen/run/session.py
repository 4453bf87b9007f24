"""The run-wide object the hooks hand off to: settings, figures, selection, each test's context and its end."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from slugify import slugify

from .attempts import Attempts, attempt_of
from .browser import BrowserChoice, choose_browser
from .cache import CacheStore
from .cache.handle import TestCache
from .cache.sharing import shared_name, shared_nodeid
from .config import Settings
from .context import TestContext, _silent
from .errors import LumenError
from .memory import MemorySession
from .report_redaction import remember as remember_secrets
from .reports import Reports
from .secrets import Secrets, secret_env_values
from .shards import write_run_record
from .stash import CONTEXT
from .stats import RunStats
from .summary import print_summary, write_github_summary, write_heals_report

BROWSER_NAMES = {"chromium", "firefox", "webkit"}
EVENTS_FILE = "lumen_events.jsonl"
MEMORY_EVENTS_FILE = "memory_events.jsonl"


def test_name(item: pytest.Item) -> str:
    """The test's name without pytest-playwright's browser parameter (one cache serves every browser)."""
    name = item.name
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("browser_name") in BROWSER_NAMES and "[" in name:
        base, params = name.split("[", 1)
        parts = [p for p in params.rstrip("]").split("-") if p not in BROWSER_NAMES]
        name = f"{base}[{'-'.join(parts)}]" if parts else base
    return name


test_name.__test__ = False  # type: ignore[attr-defined]  # a function attribute pytest reads: not a test


def clean_nodeid(item: pytest.Item) -> str:
    """The node id with the browser parameter dropped, as written into cache files and fix commands."""
    prefix = item.nodeid.rsplit("::", 1)[0]
    return f"{prefix}::{test_name(item)}"


def cache_slug(name: str) -> str:
    """A file name for a test, slugged as pytest-playwright slugs its output folders."""
    return slugify(name, lowercase=False, regex_pattern=r"[^-A-Za-z0-9_]+") or "test"


def _write_events(ctx: TestContext) -> None:
    """The test's ``lumen_events.jsonl`` and ``memory_events.jsonl`` (secret values redacted)."""
    if ctx.events.events:
        ctx.events.write(ctx.output_dir / EVENTS_FILE)
    if ctx.memory_events:
        lines = "".join(json.dumps(ctx.secrets.redact_data(e), ensure_ascii=False) + "\n" for e in ctx.memory_events)
        ctx.output_dir.mkdir(parents=True, exist_ok=True)
        (ctx.output_dir / MEMORY_EVENTS_FILE).write_text(lines, encoding="utf-8")


class LumenSession:
    """One per pytest process: what the hooks and fixtures hand their work to."""

    def __init__(self, settings: Settings, reports: Reports | None = None) -> None:
        self.settings = settings
        self.stats = RunStats()
        self.reports = reports or Reports()  # Allure steps, pytest-html extras (when those plugins run)
        self.attempts = Attempts()  # under pytest-rerunfailures a rerun's figures replace its earlier attempt's
        self.store = CacheStore(settings.cache_dir, settings.lock_timeout, display_root=settings.rootdir)
        self.browser: BrowserChoice | None = choose_browser()
        self.env_secrets = secret_env_values(settings.secret_env)
        self.selected_files: set[Path] = set()
        self.collected_files: set[Path] = set()  # before -k, -m or a splitter (pytest-split) deselected any
        self.whole_modules = True  # no node ids given: each collected module was collected whole
        self.scope: list[Path] = []
        self.full_run = True
        self.deselected = False
        self.unused: list[Path] = []
        self.pruned: list[Path] = []
        self.heals_report: Path | None = None

    def header(self) -> str:
        """The run header line: mode, cache folder, model and browser."""
        s = self.settings
        browser = self.browser.label if self.browser else "none found (install chromium, see README)"
        return f"lumen: mode={s.mode.value}, cache={self.store.display(s.cache_dir)}, model={s.model}, browser={browser}"

    # --- each test ------------------------------------------------------------------------

    def cache_path(self, item: pytest.Item) -> Path:
        """Where the cache file of a test item lives."""
        try:
            rel = Path(item.path).resolve().relative_to(self.settings.rootdir.resolve())
        except ValueError:
            rel = Path(Path(item.path).name)
        return self.store.path_for(rel.as_posix(), cache_slug(shared_name(item) or test_name(item)))

    def context_for(self, item: pytest.Item, output_dir: Path, progress: Callable[[str], None]) -> TestContext:
        """The context of a test item's agent (its secrets also redact pytest's report of the item)."""
        ctx = self.new_context(shared_nodeid(item) or clean_nodeid(item), self.cache_path(item), output_dir, progress,
                               item_id=item.nodeid, attempt=attempt_of(item))
        ctx.cache.shared = shared_name(item) is not None
        # the test as pytest names it (a parameter's id, a re-record command): never rewritten
        ctx.secrets.keep([item.nodeid, clean_nodeid(item), item.nodeid.split("::", 1)[0]])
        remember_secrets(item, ctx.secrets)
        item.stash[CONTEXT] = ctx
        return ctx

    def new_context(self, nodeid: str, cache_path: Path, output_dir: Path, progress: Callable[[str], None] = _silent,
                    item_id: str | None = None, attempt: int = 1) -> TestContext:
        """A test's context: its cache file, a fresh secrets register, events and figures (and Allure steps)."""
        ctx = TestContext(nodeid=nodeid, settings=self.settings, cache=TestCache(self.store, cache_path, nodeid),
                          secrets=Secrets(self.env_secrets), output_dir=output_dir, progress=progress,
                          item_id=item_id, attempt=attempt)
        self.reports.watch(ctx)
        return ctx

    def new_memory(self, ctx: TestContext) -> MemorySession:
        """The test's lesson memory: nothing is read unless the model is used."""
        return MemorySession(self.settings.memory_file, on_event=ctx.memory_events.append,
                             lock_timeout=self.settings.lock_timeout)

    def finish(self, ctx: TestContext, passed: bool, memory: MemorySession | None = None) -> str | None:
        """After a test: learn lessons, write its cache file (if it passed and changed), its artifacts and figures."""
        if memory is not None:
            self._finish_memory(ctx, memory)
        written = None
        try:
            cache = ctx.cache.to_write() if passed else None
            if cache is not None:
                self.store.save(ctx.cache.path, cache, secrets=ctx.secrets, merge=ctx.cache.merge)
                written = ctx.cache.display
                self.stats.cache_files_written.add(written)
                self.stats.heals.extend(ctx.heals)
        finally:  # a file that could not be written (a secret in it, a lock) still leaves the test's figures and events
            if ctx.cache.used or written:
                self.stats.used_cache_files.add(ctx.cache.display)
            self.attempts.count(self.stats.figures, ctx.item_id, ctx.attempt, ctx.figures)
            if ctx.viewport_note:
                self.stats.viewports.append(f"{ctx.nodeid}: {ctx.viewport_note}")
            _write_events(ctx)
        return written

    def _finish_memory(self, ctx: TestContext, memory: MemorySession) -> None:
        """Learn from the test's model-driven actions; a memory problem warns, it never fails the test."""
        redact = ctx.secrets.redact
        log = [{**entry, "error": redact(entry["error"]) if entry.get("error") else None} for entry in ctx.action_log]
        try:
            if log:
                memory.observe(log)
            memory.close()
        except LumenError as exc:
            warnings.warn(f"pytest-lumen: lessons not saved: {redact(str(exc))}", stacklevel=1)

    def add_report_extras(self, item: pytest.Item, report: pytest.TestReport) -> None:
        """The test's heals and pictures in pytest-html's report of it (when pytest-html runs)."""
        self.reports.add_extras(report, item.stash.get(CONTEXT, None))

    @staticmethod
    def junit_properties(ctx: TestContext) -> list[tuple[str, Any]]:
        """The test's figures for JUnit XML (``record_property``-style); ``lumen_viewport`` when replay ran at another one."""
        properties: list[tuple[str, Any]] = [
            ("lumen_model_calls", ctx.figures.model_calls),
            ("lumen_tokens", ctx.figures.usage.total),
            ("lumen_healed", len(ctx.heals)),
            ("lumen_cache_file", ctx.cache.display),
        ]
        if ctx.viewport_note:
            properties.append(("lumen_viewport", ctx.viewport_note))
        return properties

    # --- the run ----------------------------------------------------------------------------

    def collect(self, items: list[pytest.Item]) -> None:
        """Note the cache files of every collected test, before any is deselected."""
        self.collected_files = {self.cache_path(item) for item in items}

    def select(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """Note the cache files of the selected tests, and whether this is a full run of the paths given."""
        args = [a for a in config.args if not a.startswith("-")]
        narrowed = any("::" in a for a in args) or bool(config.getoption("keyword")) or bool(config.getoption("markexpr"))
        scope = [self._arg_path(config, a.split("::")[0]) for a in args] or [config.rootpath]
        self.selected_files = {self.cache_path(item) for item in items}
        self.scope = [p.resolve() for p in scope]
        self.full_run = not (narrowed or self.deselected)
        self.whole_modules = not any("::" in a for a in args)

    @staticmethod
    def _arg_path(config: pytest.Config, arg: str) -> Path:
        path = Path(arg)
        return path if path.is_absolute() else config.invocation_params.dir / arg

    def selection_json(self) -> dict[str, Any]:
        """What a worker selected, for the controller (which collects nothing itself under xdist)."""
        return {"files": sorted(map(str, self.selected_files)), "scope": sorted(map(str, self.scope)), "full_run": self.full_run,
                "collected": sorted(map(str, self.collected_files)), "whole_modules": self.whole_modules}

    def worker_output(self) -> dict[str, Any]:
        """A worker's figures and selection, for the controller (xdist's ``workeroutput``)."""
        return {**self.stats.to_json(), "selection": self.selection_json()}

    def merge_worker(self, data: dict[str, Any] | None) -> None:
        """Add a finished worker's figures and selection (None: a worker that sent none, e.g. one that crashed)."""
        if not data:
            return
        self.stats.merge(data)
        selection = data["selection"]
        self.selected_files.update(Path(p) for p in selection["files"])
        self.scope = sorted(set(self.scope) | {Path(p) for p in selection["scope"]})
        self.full_run = self.full_run and selection["full_run"]
        self.collected_files.update(Path(p) for p in selection["collected"])
        self.whole_modules = self.whole_modules and selection["whole_modules"]

    def unused_cache_files(self) -> list[Path]:
        """Cache files under the run's scope that no collected test owns and no ``agent_for`` used.

        A partial run (``-k``, ``-m``, a shard) looks only in the folders of the test modules it
        collected; one given node ids (``file::test``) looks nowhere.
        """
        if not (self.full_run or self.whole_modules):
            return []
        modules = {p.parent for p in self.collected_files}
        owned = self.collected_files | self.selected_files
        root = self.settings.cache_dir
        unused = []
        for path in self.store.files():
            test_file = self.settings.rootdir / path.parent.relative_to(root)
            in_scope = any(test_file.resolve() == s or s in test_file.resolve().parents for s in self.scope)
            seen = in_scope if self.full_run else path.parent in modules
            if seen and path not in owned and self.store.display(path) not in self.stats.used_cache_files:
                unused.append(path)
        return unused

    def session_finish(self, config: pytest.Config, exitstatus: int) -> None:
        """On an xdist worker: its figures for the controller; elsewhere, ``finish_run``."""
        if hasattr(config, "workeroutput"):
            config.workeroutput["lumen"] = self.worker_output()
            return
        self.finish_run(Path(config.getoption("--output", default="test-results")), exitstatus)

    def finish_run(self, output_dir: Path, exitstatus: int) -> None:
        """On the controller: the heals report, the unused cache files, pruning after a full, passing run, ``lumen-run.json``."""
        self.heals_report = write_heals_report(self, output_dir)
        self.unused = self.unused_cache_files()
        if self.settings.prune and exitstatus == 0 and self.full_run:
            for path in self.unused:
                path.unlink()
                self.pruned.append(path)
        write_run_record(self, output_dir)

    def report(self, config: pytest.Config, terminalreporter: Any) -> None:
        """The ``lumen`` terminal section and the GitHub step summary, once per run (not on xdist workers)."""
        if hasattr(config, "workerinput"):
            return
        print_summary(terminalreporter, self)
        write_github_summary(self)
