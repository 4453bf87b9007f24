"""The store of one ``memory.json``: the two recall triggers, and learning after a test.

Tier 1 (``tool_fallback``, ``best_practice``) goes into the model's system prompt once per
test; Tier 2 (``error_recovery``, ``site_specific``) is looked up when an action fails
(trigger A, :meth:`MemoryStore.recall_on_error`) and when the page's domain changes
(trigger B, :meth:`MemoryStore.recall_on_domain`). After a test, failure-then-recovery
pairs in its action log become lessons (:meth:`MemoryStore.learn`).

The file is read and written under the same ``filelock`` lock as the cache files and
every write is atomic, so pytest-xdist workers can learn at the same time without losing
a lesson or a count. The store has no logging dependency: it reports what it did as
event dicts through the ``on_event`` callback.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from ..cache.fileio import DEFAULT_LOCK_TIMEOUT
from ..outcome.action_log import ActionOutcome
from ..urls import host_matches, normalize_host
from .disk import DiskState, MemoryDisk, memory_text
from .lesson_file import (
    SNIPPET_CHARS,
    TIER1_CATEGORIES,
    TIER1_MAX,
    EventCallback,
    Lesson,
    lowered,
    memory_event,
)
from .lessons import extract_lessons, seed_lessons
from .merge import PendingUses, merge_lesson, promote, prune
from .patterns import pattern_matches


class MemoryStore:
    """The lessons of one ``memory.json``, with the two recall triggers and post-test learning.

    Nothing is written by loading and reading alone (except to write back a pruned file);
    recall counts and learned lessons are written by :meth:`save` and :meth:`learn`, which
    re-read the file under its lock and merge, so concurrent workers lose nothing.
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
        self._disk = MemoryDisk(self.path, lock_timeout)
        self._on_event = on_event
        self._today = today
        self._lessons: list[Lesson] = []
        self._loaded = False
        self._dirty = False  # the file on disk lacks something we hold (seeds, recall counts)
        self._pending = PendingUses()

    # ----------------------------------------------------------------- reading

    def load(self) -> None:
        """Read the file (seeds when it is missing), prune stale lessons and write that back.

        A file that is not JSON or not a valid memory file is moved aside to
        ``memory.json.corrupt-<UTC time>`` with a :class:`MemoryFileWarning`, and the memory
        starts again from the seeds. A file of a newer format raises :class:`MemoryFileError`.
        """
        events: list[dict[str, Any]] = []
        if not self._disk.exists():
            lessons, state = seed_lessons(self._today()), "missing"
        else:
            with self._disk.locked():
                lessons, state = self._read()
                kept = prune(lessons, self._today())
                if len(kept) != len(lessons):
                    self._disk.write(memory_text(kept))
                    events.append(
                        memory_event(
                            "lessons_pruned",
                            pruned_count=len(lessons) - len(kept),
                            remaining_count=len(kept),
                        )
                    )
                    lessons = kept
        self._lessons = lessons
        self._loaded = True
        self._dirty = state != "ok" or bool(self._pending)
        for lesson in self._lessons:  # recall counts not yet saved survive a reload
            self._pending.apply(lesson)
        self._emit_all(events)

    @property
    def lessons(self) -> list[Lesson]:
        """A copy of every lesson held (changing it changes nothing in the store)."""
        self._ensure_loaded()
        return [lesson.model_copy(deep=True) for lesson in self._lessons]

    def get_tier1(self) -> list[Lesson]:
        """The system-prompt lessons: tool_fallback and best_practice, seeds first, then most used, 10 at most."""
        self._ensure_loaded()
        eligible = [lesson for lesson in self._lessons if lesson.category in TIER1_CATEGORIES]
        eligible.sort(key=lambda lesson: (lesson.source != "seed", -lesson.use_count))
        chosen = [lesson.model_copy(deep=True) for lesson in eligible[:TIER1_MAX]]
        self._emit(memory_event("tier1_loaded", count=len(chosen), lessons=[lesson.lesson for lesson in chosen]))
        return chosen

    def recall_on_error(self, command: str, error: str, domain: str | None = None) -> list[Lesson]:
        """Trigger A: lessons for a failed ``command`` whose error_pattern occurs in ``error``.

        Both compare case-insensitively; a lesson without error_pattern matches on the command
        alone. Each match counts as a use (use_count, last_used, triggered_domains), written
        at the next :meth:`save` or :meth:`learn`.
        """
        self._ensure_loaded()
        wanted = lowered(command) or ""
        error = error or ""
        matched = [
            lesson
            for lesson in self._lessons
            if wanted
            and lowered(lesson.failed_command) == wanted
            and pattern_matches(lesson.error_pattern, error)
        ]
        self._count_uses(matched, domain)
        self._emit(
            memory_event(
                "error_recall",
                command=command,
                error_snippet=error[:SNIPPET_CHARS],
                matched=len(matched),
                lessons=[lesson.lesson for lesson in matched],
            )
        )
        return [lesson.model_copy(deep=True) for lesson in matched]

    def recall_on_domain(self, domain: str) -> list[Lesson]:
        """Trigger B: lessons whose domain is ``domain`` or a parent of it (www.shop.example -> shop.example).

        A match counts as a use like in trigger A, so a site tip that keeps being shown is
        not pruned as unused.
        """
        self._ensure_loaded()
        matched = [
            lesson
            for lesson in self._lessons
            if lesson.domain and host_matches(domain or "", lesson.domain)
        ]
        self._count_uses(matched, domain)
        self._emit(
            memory_event(
                "domain_recall",
                domain=domain,
                matched=len(matched),
                lessons=[lesson.lesson for lesson in matched],
            )
        )
        return [lesson.model_copy(deep=True) for lesson in matched]

    # ----------------------------------------------------------------- writing

    def learn(self, actions: list[ActionOutcome]) -> list[Lesson]:
        """Record the failure-then-recovery lessons of a test's action log; return them as stored.

        Under the lock: re-read the file, add recall counts made since loading, merge each
        extracted lesson (same failed_command and error_pattern: count one more use, else
        append), promote, write. Writes nothing when there is nothing new.
        """
        self._ensure_loaded()
        extracted = extract_lessons(actions, today=self._today())
        if not extracted and not self._dirty:
            return []
        return self._merge_and_write(extracted)

    def save(self) -> None:
        """Write recall counts (and the seeds, on first use) if anything changed; else do nothing."""
        self._ensure_loaded()
        if self._dirty:
            self._merge_and_write([])

    # ----------------------------------------------------------------- internals

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            self.load()

    def _read(self) -> tuple[list[Lesson], DiskState]:
        """The lessons on disk (caller holds the lock), the seeds if there are none, and how they were found."""
        lessons, state = self._disk.read()
        return (lessons if lessons is not None else seed_lessons(self._today())), state

    def _count_uses(self, matched: list[Lesson], domain: str | None) -> None:
        if not matched:
            return
        self._pending.count(matched, normalize_host(domain), self._today().isoformat())
        self._dirty = True

    def _merge_and_write(self, extracted: list[Lesson]) -> list[Lesson]:
        events: list[dict[str, Any]] = []
        with self._disk.locked():
            lessons, state = self._read()
            before = memory_text(lessons) if state == "ok" else None
            # Recall counts go onto the lessons as they are now on disk. A lesson that is no
            # longer there was removed on purpose (pruned or edited out) and stays removed.
            self._pending.apply_once(lessons)
            stored = [merge_lesson(lessons, new, events) for new in extracted]
            for lesson in lessons:
                promote(lesson, events)
            text = memory_text(lessons)
            if text != before:  # e.g. seeds another worker already wrote: no rewrite
                self._disk.write(text)
        self._lessons = lessons
        self._pending.clear()
        self._dirty = False
        self._emit_all(events)
        unique: dict[int, Lesson] = {id(lesson): lesson for lesson in stored}
        return [lesson.model_copy(deep=True) for lesson in unique.values()]

    def _emit(self, event: dict[str, Any]) -> None:
        if self._on_event is not None:
            self._on_event(event)

    def _emit_all(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._emit(event)
