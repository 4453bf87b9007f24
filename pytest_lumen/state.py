"""Per-test state shared by the agent, the replayer and the model driver."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .cache import CacheFile, CacheStore, Step
from .config import Settings
from .errors import StepAbortedError
from .events import ErrorEvent, EventLog, ModelRequest
from .planner.base import PlanReply, PlanRequest
from .secrets import Secrets
from .usage import Usage

if TYPE_CHECKING:
    from .report import RunStats


@dataclass
class Heal:
    """One healed action, for the report: what the cache said before and after."""

    test: str
    step: str
    action: int
    level: str
    before: str
    after: str
    cache_file: str


@dataclass
class TestState:
    """Everything one test's agent knows: settings, cache file, secrets, events, usage."""

    nodeid: str
    settings: Settings
    store: CacheStore
    cache_path: Path
    output_dir: Path
    stats: RunStats
    secrets: Secrets
    events: EventLog = field(default_factory=EventLog)
    progress: Callable[[str], None] = lambda line: None
    steps: list[Step] = field(default_factory=list)
    changed: bool = False
    usage: Usage = field(default_factory=Usage)
    model_calls: int = 0
    heals: list[Heal] = field(default_factory=list)
    visited_origins: set[str] = field(default_factory=set)
    action_log: list[dict[str, Any]] = field(default_factory=list)
    memory_events: list[dict[str, Any]] = field(default_factory=list)
    _cache: Optional[CacheFile] = None
    _cache_loaded: bool = False
    _ordinals: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.events.redact = self.secrets.redact

    @property
    def cache_display(self) -> str:
        """The cache file path as users see it (relative to the rootdir)."""
        try:
            return str(self.cache_path.relative_to(self.settings.rootdir))
        except ValueError:
            return str(self.cache_path)

    def cache(self) -> Optional[CacheFile]:
        """The test's cache file, read once (a bad file raises ``CacheFileError``)."""
        if not self._cache_loaded:
            self._cache_loaded = True
            self._cache = self.store.load(self.cache_path, nodeid=self.nodeid)
            self.stats.used_cache_files.add(self.cache_display)
        return self._cache

    def next_ordinal(self, key: str) -> int:
        ordinal = self._ordinals[key]
        self._ordinals[key] += 1
        return ordinal

    def plan(self, planner: object, request: PlanRequest, step: int) -> PlanReply:
        """Call the model once, account for it and enforce the token budget."""
        reply: PlanReply = planner.plan(request)  # type: ignore[attr-defined]
        self.model_calls += 1
        self.usage = self.usage + reply.usage
        self.stats.add_model_call(getattr(planner, "model", "unknown"), reply.usage)
        self.events.emit(ModelRequest(step=step, model=getattr(planner, "model", "unknown"), latency_ms=round(reply.latency_ms, 1),
                                      usage=reply.usage, prompt_chars=request.prompt_chars, stop_reason=reply.stop_reason))
        budget = self.settings.max_tokens
        if budget and self.usage.total > budget:
            raise StepAbortedError(
                f"the test used {self.usage.total} tokens, over its budget of {budget}",
                reason="token_budget",
                remedy="raise --lumen-max-tokens, or split the step into smaller instructions",
            )
        return reply

    def fail_event(self, step: int, reason: str, message: str) -> None:
        self.events.emit(ErrorEvent(step=step, reason=reason, message=message))  # type: ignore[arg-type]


class Stopwatch:
    """Milliseconds since creation."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    @property
    def ms(self) -> float:
        return round((time.perf_counter() - self.start) * 1000, 1)
