"""The run-wide object the hooks hand off to: settings, figures, and building each test's agent."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any, Callable, Optional

import pytest
from slugify import slugify

from .browser import BrowserChoice, choose_browser
from .cache import CacheFile, CacheStore
from .config import Settings
from .errors import LumenError
from .events import EventLog
from .memory import MemorySession
from .report import RunStats
from .secrets import Secrets, secret_env_values
from .state import TestState

BROWSER_NAMES = {"chromium", "firefox", "webkit"}
EVENTS_FILE = "lumen_events.jsonl"
MEMORY_EVENTS_FILE = "memory_events.jsonl"
HEALS_REPORT = "lumen-heals.md"


def test_name(item: pytest.Item) -> str:
    """The test's name without pytest-playwright's browser parameter (one cache serves every browser)."""
    name = item.name
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("browser_name") in BROWSER_NAMES and "[" in name:
        base, params = name.split("[", 1)
        parts = [p for p in params.rstrip("]").split("-") if p not in BROWSER_NAMES]
        name = f"{base}[{'-'.join(parts)}]" if parts else base
    return name


def clean_nodeid(item: pytest.Item) -> str:
    """The node id with the browser parameter dropped, as written into cache files and fix commands."""
    prefix = item.nodeid.rsplit("::", 1)[0]
    return f"{prefix}::{test_name(item)}"


def cache_slug(name: str) -> str:
    """A file name for a test, slugged as pytest-playwright slugs its output folders."""
    return slugify(name, lowercase=False, regex_pattern=r"[^-A-Za-z0-9_]+") or "test"


class LumenSession:
    """One per pytest process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.stats = RunStats()
        self.store = CacheStore(settings.cache_dir, settings.lock_timeout, display_root=settings.rootdir)
        self.browser: Optional[BrowserChoice] = choose_browser()
        self.env_secrets = secret_env_values(settings.secret_env)
        self.selected_files: set[Path] = set()
        self.scope: list[Path] = []
        self.full_run = True
        self.unused: list[Path] = []
        self.pruned: list[Path] = []

    def cache_path(self, item: pytest.Item) -> Path:
        try:
            rel = Path(item.path).resolve().relative_to(self.settings.rootdir.resolve())
        except ValueError:
            rel = Path(Path(item.path).name)
        return self.store.path_for(rel.as_posix(), cache_slug(test_name(item)))

    def new_state(self, item: pytest.Item, output_dir: Path, progress: Callable[[str], None]) -> TestState:
        secrets = Secrets(self.env_secrets)
        return TestState(
            nodeid=clean_nodeid(item),
            settings=self.settings,
            store=self.store,
            cache_path=self.cache_path(item),
            output_dir=output_dir,
            stats=self.stats,
            secrets=secrets,
            events=EventLog(),
            progress=progress,
        )

    def new_memory(self, state: TestState) -> MemorySession:
        """The test's lesson memory: nothing is read unless the model is used."""
        events = state.memory_events

        def on_event(event: dict[str, Any]) -> None:
            events.append(event)

        return MemorySession(self.settings.memory_file, on_event=on_event, lock_timeout=self.settings.lock_timeout)

    def finish(self, state: TestState, passed: bool, memory: Optional[MemorySession] = None) -> Optional[str]:
        """After a test: learn lessons, write its cache file (if it passed and changed) and its artifacts."""
        if memory is not None:
            self._finish_memory(state, memory)
        written = None
        if passed and state.changed and state.steps:
            cache = CacheFile(test=state.nodeid, steps=state.steps)
            self.store.save(state.cache_path, cache, secrets=state.secrets)
            written = state.cache_display
            self.stats.cache_files_written.add(written)
            self.stats.used_cache_files.add(written)
            self.stats.heals.extend(vars(h) for h in state.heals)
        if state.events.events:
            state.events.write(state.output_dir / EVENTS_FILE)
        if state.memory_events:
            lines = "".join(json.dumps(state.secrets.redact_data(e), ensure_ascii=False) + "\n" for e in state.memory_events)
            state.output_dir.mkdir(parents=True, exist_ok=True)
            (state.output_dir / MEMORY_EVENTS_FILE).write_text(lines, encoding="utf-8")
        return written

    def _finish_memory(self, state: TestState, memory: MemorySession) -> None:
        """Learn from the test's model-driven actions; a memory problem warns, it never fails the test."""
        redact = state.secrets.redact
        log = [{**entry, "error": redact(entry["error"]) if entry.get("error") else None} for entry in state.action_log]
        try:
            if log:
                memory.observe(log)
            memory.close()
        except LumenError as exc:
            warnings.warn(f"pytest-lumen: lessons not saved: {redact(str(exc))}", stacklevel=1)

    @staticmethod
    def junit_properties(state: TestState) -> list[tuple[str, Any]]:
        """The test's figures for JUnit XML (``record_property``-style)."""
        return [
            ("lumen_model_calls", state.model_calls),
            ("lumen_tokens", state.usage.total),
            ("lumen_healed", len(state.heals)),
            ("lumen_cache_file", state.cache_display),
        ]

    def select(self, items: list[pytest.Item], scope: list[Path], deselected: bool) -> None:
        """Note the cache files of the selected tests, and whether this is a full run of ``scope``."""
        self.selected_files = {self.cache_path(item) for item in items}
        self.scope = [p.resolve() for p in scope]
        self.full_run = not deselected

    def selection_json(self) -> dict[str, Any]:
        """What a worker selected, for the controller (which collects nothing itself under xdist)."""
        return {"files": sorted(map(str, self.selected_files)), "scope": sorted(map(str, self.scope)), "full_run": self.full_run}

    def merge_selection(self, data: dict[str, Any]) -> None:
        self.selected_files.update(Path(p) for p in data["files"])
        self.scope = sorted(set(self.scope) | {Path(p) for p in data["scope"]})
        self.full_run = self.full_run and data["full_run"]

    def unused_cache_files(self) -> list[Path]:
        """Cache files under the run's scope that no selected test owns (empty unless a full run)."""
        if not self.full_run:
            return []
        root = self.settings.cache_dir
        unused = []
        for path in self.store.files():
            test_file = self.settings.rootdir / path.parent.relative_to(root)
            in_scope = any(test_file.resolve() == s or s in test_file.resolve().parents for s in self.scope)
            if in_scope and path not in self.selected_files:
                unused.append(path)
        return unused
