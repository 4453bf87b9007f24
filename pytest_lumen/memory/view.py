"""One test's view of the memory: prompt blocks in, action log out."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any

from ..cache.fileio import DEFAULT_LOCK_TIMEOUT
from ..outcome.action_log import ActionOutcome
from ..urls import normalize_host
from .lesson_file import EventCallback, Lesson
from .prompts import format_error_tips, format_site_tips, format_tier1
from .recall import MemoryStore


class MemorySession:
    """The memory as one test's model-driven steps use it: prompt blocks in, action log out.

    Nothing is read until the model needs something, so a test that only replays never
    opens ``memory.json``. The Tier-1 block is computed once per session (one
    ``tier1_loaded`` event per test); trigger B fires when the page's host changes, and
    the tips found then are repeated in later steps' messages on the same host without
    being recalled (and counted) again.
    """

    def __init__(
        self,
        path: Path,
        *,
        on_event: EventCallback | None = None,
        today: Callable[[], date] = date.today,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> None:
        self.path = Path(path)
        self._options: dict[str, Any] = {"on_event": on_event, "today": today, "lock_timeout": lock_timeout}
        self._store: MemoryStore | None = None
        self._tier1: str | None = None
        self._site_host: str | None = None
        self._site_text = ""

    @property
    def store(self) -> MemoryStore:
        """The loaded store (loaded on first use)."""
        if self._store is None:
            store = MemoryStore(self.path, **self._options)
            store.load()
            self._store = store
        return self._store

    @property
    def used(self) -> bool:
        """True once anything asked the memory for something."""
        return self._store is not None

    def tier1_text(self) -> str:
        """The system-prompt block (``format_tier1``), the same for every step of the test."""
        if self._tier1 is None:
            self._tier1 = format_tier1(self.store.get_tier1())
        return self._tier1

    def site_tips(self, url_or_host: str) -> str:
        """The ``Tips for this site`` block for the page's host; trigger B runs on a host change."""
        host = normalize_host(url_or_host)
        if host != self._site_host:
            self._site_host = host
            self._site_text = format_site_tips(self.store.recall_on_domain(host)) if host else ""
        return self._site_text

    def error_tips(self, command: str, error: str, url_or_host: str | None = None) -> str:
        """The ``Tips from previous experience`` block for a failed action (trigger A)."""
        host = normalize_host(url_or_host) or None
        return format_error_tips(self.store.recall_on_error(command, error, host))

    def observe(self, log: Iterable[ActionOutcome]) -> list[Lesson]:
        """Learn from a test's action log."""
        actions = list(log)
        if self._store is None and not actions:
            return []
        return self.store.learn(actions)

    def close(self) -> None:
        """Write what is pending (recall counts, first-use seeds); nothing if the memory was never used."""
        if self._store is not None:
            self._store.save()

