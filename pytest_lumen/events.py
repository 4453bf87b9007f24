"""Events of a test (``lumen_events.jsonl``): pydantic models and the JSONL writer."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from .outcome.usage import Usage
from .secrets import map_strings

StopReason = Literal["timeout", "max_actions", "token_budget", "model_error", "user_interrupted", "cache_miss", "replay_failed",
                     "assertion_failed", "model_gave_up", "navigation_refused", "secret_leak", "input_unhandled"]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# How a cached action was replayed: through the identity gate (one round trip), or the full path.
ReplayPath = Literal["gate", "full"]


class Event(BaseModel):
    type: str
    ts: str = Field(default_factory=_now)
    step: int | None = None  # index of the step in the test, from 0
    attempt: int = 1  # which run of the test (a rerun under pytest-rerunfailures is attempt 2, 3, ...)


class LifecycleStart(Event):
    type: Literal["lifecycle.start"] = "lifecycle.start"
    instruction: str
    step_kind: Literal["run", "expect"]
    mode: str
    cache: Literal["hit", "miss", "ignored"]
    key: str
    url: str


class LifecycleEnd(Event):
    type: Literal["lifecycle.end"] = "lifecycle.end"
    outcome: Literal["replayed", "healed", "recorded", "failed"]
    duration_ms: float


class ToolStart(Event):
    type: Literal["tool.start"] = "tool.start"
    tool: str
    toolId: str
    source: Literal["cache", "model"]
    locator: str | None = None


class ToolEnd(Event):
    type: Literal["tool.end"] = "tool.end"
    tool: str
    toolId: str
    outcome: Literal["ok", "error"]
    duration_ms: float
    locator: str | None = None
    error: str | None = None
    # a cached action with an element: "gate" = checked and done in one round trip, "full" = looked at first
    path: ReplayPath | None = None


class HealStart(Event):
    type: Literal["heal.start"] = "heal.start"
    action: int
    before: str | None = None
    error: str


class HealEnd(Event):
    type: Literal["heal.end"] = "heal.end"
    action: int
    level: str | None = None
    ok: bool
    before: str | None = None
    after: str | None = None
    detail: str | None = None


class HealPictures(Event):
    """A heal's pictures, once its action was done (any level): the page before the healed action acted and after it.

    File names in the test's output folder, next to ``lumen_events.jsonl``; a picture withheld (the page showed
    a value the test passed) or not taken (an ``effect`` heal is known only after its action) is absent."""

    type: Literal["heal.pictures"] = "heal.pictures"
    action: int
    level: str
    before: str | None = None
    after: str | None = None


class ModelRequest(Event):
    type: Literal["model.request"] = "model.request"
    model: str
    latency_ms: float
    usage: Usage
    prompt_chars: int
    stop_reason: str | None = None


class StepFinal(Event):
    type: Literal["step.final"] = "step.final"
    iterations: int
    model_calls: int
    usage: Usage


class ViewportChanged(Event):
    """Replay runs at another viewport than the cache file was recorded at (once per test; replay goes on)."""

    type: Literal["viewport"] = "viewport"
    recorded: str  # "1280x720"
    replayed: str


class ErrorEvent(Event):
    type: Literal["error"] = "error"
    reason: StopReason
    message: str




class EventLog:
    """Collects a test's events; ``write`` puts them into a JSONL file, passed through ``redact``.

    Each event is stamped with the test's ``attempt`` and handed to the ``listeners`` (the
    Allure steps of ``reports/allure.py``) as it happens.
    """

    def __init__(self, redact: Callable[[str], str] = lambda s: s) -> None:
        self.events: list[Event] = []
        self.redact = redact
        self.attempt = 1
        self.listeners: list[Callable[[Event], None]] = []

    def emit(self, event: Event) -> None:
        event.attempt = self.attempt
        self.events.append(event)
        for listener in self.listeners:
            listener(event)

    def lines(self) -> list[str]:
        """One JSON line per event, every string passed through ``redact`` (numbers stay numbers)."""
        return [json.dumps(map_strings(e.model_dump(mode="json", exclude_none=True), self.redact), ensure_ascii=False)
                for e in self.events]

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(line + "\n" for line in self.lines()), encoding="utf-8")


def read_events(path: Path) -> list[dict[str, Any]]:
    """The events of a ``lumen_events.jsonl`` file, as dicts."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class Stopwatch:
    """Milliseconds since creation (for the events' ``duration_ms``)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    @property
    def ms(self) -> float:
        return round((time.perf_counter() - self.start) * 1000, 1)


class ToolSpan:
    """One action's ``tool.start`` event now, and its ``tool.end`` (paired by ``toolId``, with the duration) later."""

    def __init__(self, log: EventLog, step: int, tool: str, tool_id: str, source: Literal["cache", "model"],
                 locator: str | None = None) -> None:
        self.log, self.step, self.tool, self.tool_id = log, step, tool, tool_id
        self.watch = Stopwatch()
        log.emit(ToolStart(step=step, tool=tool, toolId=tool_id, source=source, locator=locator))

    def end(self, ok: bool, *, locator: str | None = None, error: str | None = None,
            path: ReplayPath | None = None) -> None:
        """Emit the ``tool.end`` event."""
        self.log.emit(ToolEnd(step=self.step, tool=self.tool, toolId=self.tool_id, outcome="ok" if ok else "error",
                              duration_ms=self.watch.ms, locator=locator, error=error, path=path))
