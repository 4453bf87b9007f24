"""How the lessons change over time: uses counted, new lessons merged, promotion, pruning.

These rules work on a list of lessons as read from disk under the lock; the events they
cause are appended to ``events`` for the store to report once the file is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from .lesson_file import (
    KEEP_USE_COUNT,
    PROMOTE_DOMAINS,
    PROMOTE_USE_COUNT,
    PRUNE_AFTER_DAYS,
    Lesson,
    LessonIdentity,
    add_domain,
    memory_event,
)


@dataclass
class _Usage:
    """Recall updates made in memory since the last write, re-applied onto the file on disk."""

    count: int = 0
    last_used: str = ""
    domains: list[str] = field(default_factory=list)


class PendingUses:
    """Recall counts not yet written: counted on the lessons held, and kept to re-apply onto a fresh read."""

    def __init__(self) -> None:
        self._by_identity: dict[LessonIdentity, _Usage] = {}

    def __bool__(self) -> bool:
        return bool(self._by_identity)

    def count(self, matched: list[Lesson], host: str, day: str) -> None:
        """Count one use of each of ``matched`` on ``host`` today, on the lesson and for later."""
        for lesson in matched:
            lesson.use_count += 1
            lesson.last_used = day
            add_domain(lesson.triggered_domains, host)
            usage = self._by_identity.setdefault(lesson.identity, _Usage())
            usage.count += 1
            usage.last_used = day
            add_domain(usage.domains, host)

    def apply(self, lesson: Lesson) -> bool:
        """Add the pending uses of this lesson (found by its identity) to it; False if it has none."""
        usage = self._by_identity.get(lesson.identity)
        if usage is None:
            return False
        lesson.use_count += usage.count
        lesson.last_used = max(lesson.last_used, usage.last_used)
        for host in usage.domains:
            add_domain(lesson.triggered_domains, host)
        return True

    def apply_once(self, lessons: list[Lesson]) -> None:
        """Apply the pending uses to ``lessons``, once per identity (a duplicate lesson gets none)."""
        applied: set[LessonIdentity] = set()
        for lesson in lessons:
            if lesson.identity not in applied and self.apply(lesson):
                applied.add(lesson.identity)

    def clear(self) -> None:
        """Forget the pending uses (they were written)."""
        self._by_identity.clear()


def merge_lesson(lessons: list[Lesson], new: Lesson, events: list[dict[str, Any]]) -> Lesson:
    """Add ``new`` to ``lessons``, or count one more use of the lesson with its key; return it as stored."""
    for existing in lessons:
        if existing.key == new.key:
            existing.use_count += 1
            existing.last_used = max(existing.last_used, new.last_used)
            for host in new.triggered_domains:
                add_domain(existing.triggered_domains, host)
            events.append(
                memory_event("lesson_deduplicated", lesson=existing.lesson, new_use_count=existing.use_count)
            )
            return existing
    added = new.model_copy(deep=True, update={"use_count": 1})
    lessons.append(added)
    events.append(
        memory_event(
            "lesson_recorded",
            lesson=added.lesson,
            category=added.category,
            failed_command=added.failed_command,
            error_pattern=added.error_pattern,
        )
    )
    return added


def promote(lesson: Lesson, events: list[dict[str, Any]]) -> None:
    """Make an ``error_recovery`` lesson that holds on enough sites a ``best_practice`` (Tier 1)."""
    if (
        lesson.category == "error_recovery"
        and lesson.domain is None
        and lesson.use_count >= PROMOTE_USE_COUNT
        and len(set(lesson.triggered_domains)) >= PROMOTE_DOMAINS
    ):
        lesson.category = "best_practice"
        events.append(
            memory_event(
                "lesson_promoted",
                lesson=lesson.lesson,
                use_count=lesson.use_count,
                triggered_domains=list(lesson.triggered_domains),
            )
        )


def prune(lessons: list[Lesson], today: date) -> list[Lesson]:
    """The lessons to keep: seeds, lessons used often enough, and those used in the last 90 days."""
    oldest_kept = today - timedelta(days=PRUNE_AFTER_DAYS)
    return [
        lesson
        for lesson in lessons
        if lesson.source == "seed"
        or lesson.use_count >= KEEP_USE_COUNT
        or date.fromisoformat(lesson.last_used) >= oldest_kept
    ]
