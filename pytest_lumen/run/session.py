"""The run-wide object the hooks hand off to: settings, figures, selection, each test's context and its end.

It serves every process of a run alike; what only an xdist worker or only the controller does is its role's
(``roles.py``).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ..browser import BrowserChoice, choose_browser
from ..cache import CacheStore
from ..cache.handle import TestCache
from ..cache.keys import cache_slug
from ..cache.sharing import shared_name, shared_nodeid
from ..config import Mode, Settings, has_api_key
from ..context import TestContext, _silent
from ..errors import LumenError, without_key
from ..memory import MemorySession
from ..outcome.figures import RunStats
from ..planner.scripted import ScriptBook
from ..reports import Reports
from ..secrets import Secrets, secret_env_values
from . import heals_report
from .attempts import Attempts, attempt_of
from .names import clean_nodeid, test_name
from .report_redaction import remember as remember_secrets
from .run_record import RunRecord
from .selection import Selection
from .workers import is_worker

EVENTS_FILE = "lumen_events.jsonl"
MEMORY_EVENTS_FILE = "memory_events.jsonl"

SESSION = pytest.StashKey["LumenSession"]()  # the run's, on pytest's config
CONTEXT = pytest.StashKey[TestContext]()  # the test's agent context, for its reports (reports/)
AGENTS = "_lumen_agents"  # the fixture that builds every agent, ``agent``'s and ``agent_for``'s (fixtures.py)


def plugins_planner(item: pytest.Item) -> bool:
    """Whether a test gets the plugin's own ``lumen_planner``, not one a conftest, a module or a class overrides it with.

    Relies on the fixture closure pytest computes for a collected test (``item._fixtureinfo.name2fixturedefs``, which
    plugins read: a name's last definition is the one the test gets). When it cannot be read, the test is taken to
    have a planner of its own: the first planner the plugin makes says what it lacks.
    """
    defs: Any = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {}).get("lumen_planner")
    return bool(defs) and str(getattr(defs[-1].func, "__module__", "")).startswith("pytest_lumen.")


def _write_events(ctx: TestContext) -> None:
    """The test's ``lumen_events.jsonl`` and ``memory_events.jsonl`` (secret values redacted)."""
    if ctx.events.events:
        ctx.events.write(ctx.output_dir / EVENTS_FILE)
    if ctx.memory_events:
        lines = "".join(json.dumps(ctx.secrets.redact_data(e), ensure_ascii=False) + "\n" for e in ctx.memory_events)
        ctx.output_dir.mkdir(parents=True, exist_ok=True)
        (ctx.output_dir / MEMORY_EVENTS_FILE).write_text(lines, encoding="utf-8")


class LumenSession:
    """One per pytest process: what the hooks and fixtures hand their work to (an xdist worker's and the controller's
    alike: ``roles.py`` has what only one of them does)."""

    def __init__(self, settings: Settings, reports: Reports | None = None) -> None:
        self.settings = settings
        self.stats = RunStats()
        self.reports = reports or Reports()  # Allure steps, pytest-html extras (when those plugins run)
        self.attempts = Attempts()  # under pytest-rerunfailures a rerun's figures replace its earlier attempt's
        self.store = CacheStore(settings.cache_dir, settings.lock_timeout, display_root=settings.rootdir)
        self.browser: BrowserChoice | None = choose_browser()
        self.env_secrets = secret_env_values(settings.secret_env)
        self.selection = Selection()
        # --lumen-script: the planner's script, read (and checked: a ScriptError) as the run starts
        self.script = ScriptBook.load(settings.script, self.store.display(settings.script)) if settings.script else None
        self.stopped: str | None = None  # a usage error an xdist worker found as it collected (plugin.py)

    def header(self) -> str:
        """The run header line: mode, cache folder, model (or the script in its place) and browser."""
        s = self.settings
        browser = self.browser.label if self.browser else "none found (see 'Quickstart' in the pytest-lumen docs)"
        model = f"scripted ({self.script.shown})" if self.script is not None else s.model
        return f"lumen: mode={s.mode.value}, cache={self.store.display(s.cache_dir)}, model={model}, browser={browser}"

    def keyless(self, config: pytest.Config, items: list[pytest.Item]) -> str | None:
        """The usage error of a run whose tests need the model and that has no API key; None when it needs none, has
        a key or a script, or its tests have planners of their own (``plugins_planner``).

        Record mode needs the model for every test that makes an agent, heal mode for those with no cache file yet;
        a heal of a test that has one finds out at its first planner (the ``lumen_planner`` fixture says the same).
        """
        s = self.settings
        if s.mode is Mode.REPLAY or self.script is not None or has_api_key() or config.getoption("collectonly", False):
            return None
        driven = [item for item in items if AGENTS in getattr(item, "fixturenames", ()) and plugins_planner(item)]
        recorded = [item for item in driven if self.cache_path(item).exists()]
        needy = driven if s.mode is Mode.RECORD else [item for item in driven if item not in recorded]
        if not needy:
            return None
        shown = [clean_nodeid(item) for item in needy[:3]] + ([f"{len(needy) - 3} more"] if len(needy) > 3 else [])
        named = f"{', '.join(shown[:-1])} and {shown[-1]}" if len(shown) > 1 else shown[0]
        why = "to record" if s.mode is Mode.RECORD else "to record what has no cache file yet:"
        have = (f"{len(recorded)} of these {len(driven)} tests {'has' if len(recorded) == 1 else 'have'} a cache file"
                if recorded else "nothing is recorded for these tests yet")
        return without_key(f"{s.mode_from} needs the model {why} {named}", f"{s.replay_command} ({have})")

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
                               item=item)
        ctx.cache.shared = shared_name(item) is not None
        # the test as pytest names it (a parameter's id, a re-record command): never rewritten
        ctx.secrets.keep([item.nodeid, clean_nodeid(item), item.nodeid.split("::", 1)[0]])
        remember_secrets(item, ctx.secrets)
        item.stash[CONTEXT] = ctx
        return ctx

    def new_context(self, nodeid: str, cache_path: Path, output_dir: Path, progress: Callable[[str], None] = _silent, *,
                    item: pytest.Item | None = None, rerun: str | None = None) -> TestContext:
        """A test's context: its cache file, a fresh secrets register, events and figures (and Allure steps).

        ``item``: pytest's test item (its node id and attempt count its figures once, ``attempts.py``); ``rerun``:
        the test a person reruns to re-record it, when that is not ``nodeid`` (an ``agent_for`` block).
        """
        ctx = TestContext(nodeid=nodeid, settings=self.settings, cache=TestCache(self.store, cache_path, nodeid, rerun),
                          secrets=Secrets(self.env_secrets), output_dir=output_dir, progress=progress,
                          item_id=item.nodeid if item is not None else None, attempt=attempt_of(item))
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
        log = [replace(entry, error=redact(entry.error) if entry.error else None) for entry in ctx.action_log]
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
        self.selection.collected = {self.cache_path(item) for item in items}

    def collection_finished(self, session: pytest.Session) -> None:
        """Stop before any test when the tests need the model and there is no API key (``keyless``); else note which
        cache files the selected tests own (``select``)."""
        message = self.keyless(session.config, session.items)
        if message is not None:
            self.stop_at_start(session, message)
        self.select(session.config, session.items)

    def stop_at_start(self, session: pytest.Session, message: str) -> None:
        """Stop the run before any test, with pytest's usage error (exit status 4). An xdist worker cannot raise one (its
        controller would report an internal error): it runs none of its tests, and the controller reports the error."""
        if not is_worker(session.config):
            raise pytest.UsageError(message)
        self.stopped = message
        session.items.clear()

    def select(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """Note the cache files of the selected tests, and whether this is a full run of the paths given."""
        self.selection.select(config, {self.cache_path(item) for item in items})

    def finish_run(self, output_dir: Path, exitstatus: int) -> RunRecord:
        """The run's end (on xdist's controller: ``roles.ControllerPlugin``): the heals report, the unused cache files, pruning
        after a full, passing run, and what the run did (written as ``lumen-run.json`` when it did anything)."""
        report = heals_report.write_report(self.stats.heals, self.settings.mode.value, output_dir)
        unused = self.selection.unused(self.store, self.settings.rootdir, self.stats.used_cache_files)
        pruned = []
        if self.settings.prune and exitstatus == 0 and self.selection.full_run:
            for path in unused:
                path.unlink()
                pruned.append(path)
        record = RunRecord(mode=self.settings.mode.value, stats=self.stats,
                           unused=[self.store.display(p) for p in unused], pruned=[self.store.display(p) for p in pruned],
                           full_run=self.selection.full_run, whole_modules=self.selection.whole_modules,
                           heals_report=str(report) if report else None)
        if record.active:
            record.write(output_dir)
        return record
