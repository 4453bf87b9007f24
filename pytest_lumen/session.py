"""The run-wide object the hooks hand off to: settings, figures, and building each test's agent."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

import pytest
from slugify import slugify

from .browser import BrowserChoice, choose_browser
from .cache import CacheFile, CacheStore
from .config import Settings
from .events import EventLog
from .report import RunStats
from .secrets import Secrets, secret_env_values
from .state import TestState

if TYPE_CHECKING:
    from .planner.base import Planner

BROWSER_NAMES = {"chromium", "firefox", "webkit"}
EVENTS_FILE = "lumen_events.jsonl"


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
        self.store = CacheStore(settings.cache_dir, settings.lock_timeout)
        self.browser: Optional[BrowserChoice] = choose_browser()
        self.env_secrets = secret_env_values(settings.secret_env)
        self.selected_files: set[Path] = set()
        self.scope: list[Path] = []
        self.full_run = True

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

    def finish(self, state: TestState, passed: bool) -> Optional[str]:
        """Write the test's cache file when it passed and changed, and its events; returns what was written."""
        written = None
        if passed and state.changed and state.steps:
            cache = CacheFile(test=state.nodeid, steps=state.steps)
            self.store.save(state.cache_path, cache, check=lambda text, path: state.secrets.check(text, state.cache_display))
            written = state.cache_display
            self.stats.cache_files_written.add(written)
            self.stats.heals.extend(vars(h) for h in state.heals)
        if state.events.events:
            state.events.write(state.output_dir / EVENTS_FILE)
        return written

    def select(self, items: list[pytest.Item], scope: list[Path], deselected: bool) -> None:
        """Note the cache files of the selected tests, and whether this is a full run of ``scope``."""
        self.selected_files = {self.cache_path(item) for item in items}
        self.scope = [p.resolve() for p in scope]
        self.full_run = not deselected

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
