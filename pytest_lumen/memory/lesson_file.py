"""What the memory holds and reports: the lesson models and the format's constants.

``memory.json`` is a :class:`MemoryFile` of :class:`Lesson` s; the store reports what it
did as event dicts (``{"event": <one of EVENT_TYPES>, "ts": ..., ...}``) made by
:func:`memory_event`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timezone
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

SUPPORTED_VERSION = 1
TIER1_MAX = 10
PRUNE_AFTER_DAYS = 90
KEEP_USE_COUNT = 5  # a learned lesson used this often is never pruned
PROMOTE_USE_COUNT = 5
PROMOTE_DOMAINS = 3
PATTERN_MAX_CHARS = 60
SNIPPET_CHARS = 200
MIN_ERROR_CHARS = 8

Category = Literal["tool_fallback", "best_practice", "error_recovery", "site_specific"]
Source = Literal["seed", "learned"]
TIER1_CATEGORIES: frozenset[str] = frozenset({"tool_fallback", "best_practice"})
EVENT_TYPES: tuple[str, ...] = (
    "tier1_loaded",
    "error_recall",
    "domain_recall",
    "lesson_recorded",
    "lesson_deduplicated",
    "lesson_promoted",
    "lessons_pruned",
)
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

EventCallback = Callable[[dict[str, Any]], None]
LessonIdentity = tuple[str, str | None, str | None]  # Lesson.identity


def lowered(value: str | None) -> str | None:
    """``value`` trimmed and lower-cased, as commands and patterns are compared (None stays None)."""
    return value.strip().lower() if value is not None else None


class Lesson(BaseModel):
    """One piece of advice for the model, with the facts that decide when it is shown."""

    model_config = ConfigDict(extra="forbid", strict=True)

    lesson: str
    category: Category
    failed_command: str | None = None
    error_pattern: str | None = None
    domain: str | None = None
    use_count: int = Field(default=0, ge=0)
    created_at: str
    last_used: str
    source: Source = "learned"
    triggered_domains: list[str] = Field(default_factory=list)

    @field_validator("created_at", "last_used")
    @classmethod
    def _is_iso_date(cls, value: str) -> str:
        if not _DATE_RE.fullmatch(value):
            raise ValueError("must be a date written YYYY-MM-DD")
        date.fromisoformat(value)  # rejects 2026-02-30 and the like
        return value

    @property
    def key(self) -> tuple[str | None, str | None]:
        """What makes two lessons the same for deduplication: (failed_command, error_pattern)."""
        return (lowered(self.failed_command), lowered(self.error_pattern))

    @property
    def identity(self) -> LessonIdentity:
        """What finds this lesson again in a file re-read from disk."""
        return (self.lesson, self.failed_command, self.error_pattern)


class MemoryFile(BaseModel):
    """The whole ``memory.json``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    version: int = Field(default=SUPPORTED_VERSION, ge=1, le=SUPPORTED_VERSION)
    lessons: list[Lesson] = Field(default_factory=list)


def add_domain(domains: list[str], host: str) -> bool:
    """Append ``host`` to ``domains`` unless it is empty or already there; True if it was added."""
    if host and host not in domains:
        domains.append(host)
        return True
    return False


def utc_now() -> datetime:
    """The current time in UTC (event timestamps, set-aside file names)."""
    return datetime.now(timezone.utc)


def memory_event(kind: str, **payload: Any) -> dict[str, Any]:
    """An event dict: ``event`` and ``ts`` (UTC, ISO 8601 with milliseconds) first, then ``payload``."""
    stamp = utc_now().isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return {"event": kind, "ts": stamp, **payload}
