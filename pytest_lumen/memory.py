"""The two-tier memory of lessons: what earlier model-driven runs learned about failing actions.

Tier 1 (``tool_fallback``, ``best_practice``) goes into the model's system prompt once per
test; Tier 2 (``error_recovery``, ``site_specific``) is looked up when an action fails
(trigger A, :meth:`MemoryStore.recall_on_error`) and when the page's domain changes
(trigger B, :meth:`MemoryStore.recall_on_domain`). After a test, failure-then-recovery
pairs in its action log become lessons (:meth:`MemoryStore.learn`).

The file is read and written under the same ``filelock`` lock as the cache files and
every write is atomic, so pytest-xdist workers can learn at the same time without losing
a lesson or a count. The module has no logging dependency: it reports what it did as
event dicts through the ``on_event`` callback.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import MemoryFileError
from .fileio import DEFAULT_LOCK_TIMEOUT, atomic_write_text, locked

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
# Tools that end a step: an action after a failure that merely gives up or declares the
# step done is not a recovery worth teaching.
_TERMINAL_COMMANDS = frozenset({"done", "fail"})
_GENERIC_ERRORS = frozenset({"error", "unknown error", "unknown", "failed"})
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

_OS_REMEDY = "check that the file and its folder exist, are readable and are writable by this user"
_NEWER_REMEDY = (
    "upgrade pytest-lumen to read it, or point lumen_memory_path at another file "
    "(or move this one away) to start a fresh memory"
)

EventCallback = Callable[[dict[str, Any]], None]


class MemoryFileWarning(UserWarning):
    """memory.json was unreadable; it was moved aside and the memory starts again from the seeds."""


# --------------------------------------------------------------------------- models


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
        return (_lower(self.failed_command), _lower(self.error_pattern))

    @property
    def identity(self) -> tuple[str, str | None, str | None]:
        """What finds this lesson again in a file re-read from disk."""
        return (self.lesson, self.failed_command, self.error_pattern)


class MemoryFile(BaseModel):
    """The whole ``memory.json``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    version: int = Field(default=SUPPORTED_VERSION, ge=1, le=SUPPORTED_VERSION)
    lessons: list[Lesson] = Field(default_factory=list)


@dataclass(frozen=True)
class ActionOutcome:
    """One entry of a test's action log: a model-chosen tool call and how it ended.

    ``command`` is the tool name (``fill``, ``click``, ...); ``domain`` the host of the page
    the action ran on.
    """

    command: str
    ok: bool
    error: str | None = None
    domain: str | None = None


# --------------------------------------------------------------------------- seeds


def seed_lessons(today: date) -> list[Lesson]:
    """The three lessons every memory starts with."""
    day = today.isoformat()

    def seed(text: str, category: Category, failed_command: str | None = None) -> Lesson:
        return Lesson(
            lesson=text,
            category=category,
            failed_command=failed_command,
            created_at=day,
            last_used=day,
            source="seed",
        )

    return [
        seed(
            "If fill(ref, value) fails on an element, focus the element with click(ref) "
            "and then enter the value with type(text).",
            "tool_fallback",
            "fill",
        ),
        seed(
            'To submit text typed into a search box, use press(key="Enter") instead of '
            "clicking a search button: an autocomplete dropdown often covers the button.",
            "best_practice",
        ),
        seed(
            "When an overlay, cookie banner or popup is in front of the element you need, "
            'dismiss it first (press(key="Escape") or its close button), then act on the '
            "element behind it.",
            "best_practice",
        ),
    ]


# --------------------------------------------------------------------------- text helpers


def _lower(value: str | None) -> str | None:
    return value.strip().lower() if value is not None else None


def _bullets(lessons: Iterable[Lesson]) -> list[str]:
    return ["- " + " ".join(lesson.lesson.split()) for lesson in lessons]


def format_tier1(lessons: Iterable[Lesson]) -> str:
    """The system-prompt block of Tier-1 lessons ("" when there are none)."""
    lines = _bullets(lessons)
    if not lines:
        return ""
    head = "## Lessons from experience\n\nThese are lessons learned from previous runs. Follow them."
    return "\n".join([head, *lines])


def format_error_tips(lessons: Iterable[Lesson]) -> str:
    """The block appended to a failed action's error in the next message ("" when none)."""
    lines = _bullets(lessons)
    return "\n".join(["Tips from previous experience:", *lines]) if lines else ""


def format_site_tips(lessons: Iterable[Lesson]) -> str:
    """The block added to the step message when the page's domain changed ("" when none)."""
    lines = _bullets(lessons)
    return "\n".join(["Tips for this site:", *lines]) if lines else ""


def normalize_host(value: str | None) -> str:
    """A host for domain matching: lower-cased, no scheme, port, trailing dot or ``www.``.

    Accepts a bare host (``www.Shop.example``) or a URL (``https://shop.example:8443/x``).
    """
    if not value:
        return ""
    text = value.strip().lower()
    if "://" in text:
        try:
            text = urlsplit(text).hostname or ""
        except ValueError:
            return ""
    elif "/" in text:
        text = text.split("/", 1)[0]
    if text.startswith("[") and "]" in text:  # [::1]:8080
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # host:port (a bare IPv6 address has several colons)
        text = text.split(":", 1)[0]
    text = text.strip(".")
    if text.startswith("www."):
        text = text[4:]
    return text


def host_matches(host: str, domain: str) -> bool:
    """True when ``host`` is ``domain`` or one of its subdomains (not merely ending the same)."""
    host, domain = normalize_host(host), normalize_host(domain)
    if not host or not domain:
        return False
    return host == domain or host.endswith("." + domain)


_CALL_LOG_RE = re.compile(r"\bcall log:", re.IGNORECASE)
_PREFIX_RES = (
    re.compile(r"^\s*[A-Za-z_]*Error\s*:\s*"),  # Error: / TimeoutError:
    re.compile(r"^\s*(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*\s*:\s*"),  # locator.click: / page.goto:
)
_NOISE_RES = (
    re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE),  # URLs
    re.compile(r'"[^"\n]*"'),  # "double quoted"
    re.compile(r"(?<!\w)'[^'\n]*'(?!\w)"),  # 'single quoted' (not the ' in can't)
    re.compile(r"`[^`\n]*`"),
    re.compile(r"\b(?:ref\s*=\s*)?e\d+\b", re.IGNORECASE),  # snapshot refs: e37, ref=e37
    re.compile(r"\b\d+(?:[.,]\d+)*(?:ms|px|s)?\b", re.IGNORECASE),  # 30000ms, 2, 1.5s
    re.compile(r"\(\s*\)|\[\s*\]|\{\s*\}|<\s*>"),  # brackets emptied by the above
)
_SPACE_BEFORE_PUNCT_RE = re.compile(r"\s+([,.;:!?)\]])")
_EDGE_CHARS = " \t.,;:!?-=|"


def _normalize_error(error: str) -> str:
    """The error's first meaningful line without the parts that vary from run to run."""
    text = _CALL_LOG_RE.split(error, maxsplit=1)[0]
    lines = [line for line in text.splitlines() if line.strip()]
    text = lines[0] if lines else ""
    changed = True
    while changed:
        before = text
        for prefix in _PREFIX_RES:
            text = prefix.sub("", text, count=1)
        changed = text != before
    for noise in _NOISE_RES:
        text = noise.sub(" ", text)
    text = " ".join(text.split())
    text = _SPACE_BEFORE_PUNCT_RE.sub(r"\1", text)
    return text.strip(_EDGE_CHARS).lower()


def error_key(error: str) -> str:
    """A short, stable key phrase of an error (at most 60 characters, maybe "").

    The first line, without Playwright's call log and API prefix, snapshot refs, quoted
    strings, numbers and URLs, whitespace collapsed, lower-cased, cut at a word boundary.
    It is always a substring of the normalized form of the error it came from, so that
    the same error met again recalls the lesson.
    """
    text = _normalize_error(error)
    if len(text) > PATTERN_MAX_CHARS:
        cut = text[:PATTERN_MAX_CHARS]
        if text[PATTERN_MAX_CHARS].isalnum() and " " in cut:
            cut = cut.rsplit(" ", 1)[0]
        text = cut
    return text.strip(_EDGE_CHARS)


def is_substantive(error: str | None) -> bool:
    """True for an error worth learning from: 8+ characters and more than a generic word."""
    if not error:
        return False
    text = error.strip()
    if len(text) < MIN_ERROR_CHARS:
        return False
    return text.lower().strip(_EDGE_CHARS) not in _GENERIC_ERRORS


def _pattern_matches(pattern: str | None, error: str) -> bool:
    if pattern is None or not pattern.strip():
        return True
    needle = " ".join(pattern.split()).lower()
    return needle in error.lower() or needle in _normalize_error(error)


# --------------------------------------------------------------------------- extraction


def extract_lessons(actions: list[ActionOutcome], *, today: date | None = None) -> list[Lesson]:
    """Failure-then-recovery pairs of an action log, as ``error_recovery`` lessons.

    A pair is a failed action with a substantive error directly followed by a successful
    action of another command (not ``done``/``fail``). Pure: reads nothing, writes nothing.
    """
    day = (today or date.today()).isoformat()
    found: list[Lesson] = []
    for failed, following in zip(actions, actions[1:]):
        failed_cmd = (failed.command or "").strip().lower()
        next_cmd = (following.command or "").strip().lower()
        if failed.ok or not following.ok or not failed_cmd or not next_cmd:
            continue
        if next_cmd == failed_cmd or next_cmd in _TERMINAL_COMMANDS:
            continue
        if not is_substantive(failed.error):
            continue
        pattern = error_key(failed.error or "")
        if not pattern:
            continue
        host = normalize_host(failed.domain)
        found.append(
            Lesson(
                lesson=f"When {failed_cmd} fails with '{pattern}', try {next_cmd} instead.",
                category="error_recovery",
                failed_command=failed_cmd,
                error_pattern=pattern,
                domain=None,
                use_count=1,
                created_at=day,
                last_used=day,
                source="learned",
                triggered_domains=[host] if host else [],
            )
        )
    return found


# --------------------------------------------------------------------------- the store


@dataclass
class _Usage:
    """Recall updates made in memory since the last write, re-applied onto the file on disk."""

    count: int = 0
    last_used: str = ""
    domains: list[str] = field(default_factory=list)


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _add_domain(domains: list[str], host: str) -> bool:
    if host and host not in domains:
        domains.append(host)
        return True
    return False


def _dump(lessons: list[Lesson]) -> str:
    data = MemoryFile(version=SUPPORTED_VERSION, lessons=lessons).model_dump(mode="json")
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


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
        self._on_event = on_event
        self._today = today
        self._lock_timeout = lock_timeout
        self._lessons: list[Lesson] = []
        self._loaded = False
        self._dirty = False  # the file on disk lacks something we hold (seeds, recall counts)
        self._usage: dict[tuple[str, str | None, str | None], _Usage] = {}

    # ----------------------------------------------------------------- reading

    def load(self) -> None:
        """Read the file (seeds when it is missing), prune stale lessons and write that back.

        A file that is not JSON or not a valid memory file is moved aside to
        ``memory.json.corrupt-<UTC time>`` with a :class:`MemoryFileWarning`, and the memory
        starts again from the seeds. A file of a newer format raises :class:`MemoryFileError`.
        """
        events: list[dict[str, Any]] = []
        if not self._exists():
            lessons, state = seed_lessons(self._today()), "missing"
        else:
            with self._locked():
                lessons, state = self._read_disk()
                kept = self._prune(lessons)
                if len(kept) != len(lessons):
                    self._write(kept)
                    events.append(
                        self._event(
                            "lessons_pruned",
                            pruned_count=len(lessons) - len(kept),
                            remaining_count=len(kept),
                        )
                    )
                    lessons = kept
        self._lessons = lessons
        self._loaded = True
        self._dirty = state != "ok" or bool(self._usage)
        for lesson in self._lessons:  # recall counts not yet saved survive a reload
            self._apply_usage(lesson)
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
        self._emit(
            self._event("tier1_loaded", count=len(chosen), lessons=[lesson.lesson for lesson in chosen])
        )
        return chosen

    def recall_on_error(self, command: str, error: str, domain: str | None = None) -> list[Lesson]:
        """Trigger A: lessons for a failed ``command`` whose error_pattern occurs in ``error``.

        Both compare case-insensitively; a lesson without error_pattern matches on the command
        alone. Each match counts as a use (use_count, last_used, triggered_domains), written
        at the next :meth:`save` or :meth:`learn`.
        """
        self._ensure_loaded()
        wanted = _lower(command) or ""
        error = error or ""
        matched = [
            lesson
            for lesson in self._lessons
            if wanted
            and _lower(lesson.failed_command) == wanted
            and _pattern_matches(lesson.error_pattern, error)
        ]
        self._count_uses(matched, domain)
        self._emit(
            self._event(
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
            self._event(
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

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The file's lock; a file-system error taking it becomes a MemoryFileError.

        (Errors inside the block are already MemoryFileErrors, so only the lock's own reach here.)
        """
        try:
            with locked(self.path, self._lock_timeout):
                yield
        except OSError as exc:
            raise self._os_error("cannot lock", exc) from exc

    def _exists(self) -> bool:
        try:
            return self.path.exists() or self.path.is_symlink()
        except OSError as exc:
            raise self._os_error("cannot look for", exc) from exc

    def _os_error(self, doing: str, exc: OSError) -> MemoryFileError:
        return MemoryFileError(
            f"{doing} the memory file {self.path.name}: {exc.strerror or exc}",
            path=self.path,
            remedy=_OS_REMEDY,
        )

    def _read_disk(self) -> tuple[list[Lesson], str]:
        """The lessons on disk (caller holds the lock) and how they were found: ok, missing, corrupt."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return seed_lessons(self._today()), "missing"
        except OSError as exc:
            raise self._os_error("cannot read", exc) from exc
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            return self._set_aside(f"it is not JSON ({type(exc).__name__})"), "corrupt"
        self._check_version(data)
        try:
            lessons = MemoryFile.model_validate(data, strict=True).lessons
        except (ValidationError, ValueError, TypeError, RecursionError) as exc:
            return self._set_aside(f"it is not a valid memory file ({_first_problem(exc)})"), "corrupt"
        return lessons, "ok"

    def _check_version(self, data: object) -> None:
        if not isinstance(data, dict):
            return
        version = data.get("version")
        if type(version) is int and version > SUPPORTED_VERSION:
            raise MemoryFileError(
                f"{self.path.name} has memory format version {version}, newer than the "
                f"version {SUPPORTED_VERSION} this pytest-lumen reads",
                path=self.path,
                remedy=_NEWER_REMEDY,
            )

    def _set_aside(self, why: str) -> list[Lesson]:
        """Move the unreadable file to ``<name>.corrupt-<UTC time>``, warn, and return the seeds."""
        stamp = _utc_now().strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():  # never overwrite an earlier set-aside file
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.replace(self.path, target)
        except OSError as exc:
            raise self._os_error("cannot move aside the unreadable", exc) from exc
        warnings.warn(
            MemoryFileWarning(
                f"pytest-lumen: the memory file {self.path} could not be used because {why}; "
                f"it was moved to {target} and the memory starts again from the seed lessons"
            ),
            stacklevel=2,
        )
        return seed_lessons(self._today())

    def _write(self, lessons: list[Lesson]) -> None:
        self._write_text(_dump(lessons))

    def _write_text(self, text: str) -> None:
        try:
            atomic_write_text(self.path, text)
        except OSError as exc:
            raise self._os_error("cannot write", exc) from exc

    def _prune(self, lessons: list[Lesson]) -> list[Lesson]:
        oldest_kept = self._today() - timedelta(days=PRUNE_AFTER_DAYS)
        return [
            lesson
            for lesson in lessons
            if lesson.source == "seed"
            or lesson.use_count >= KEEP_USE_COUNT
            or date.fromisoformat(lesson.last_used) >= oldest_kept
        ]

    def _count_uses(self, matched: list[Lesson], domain: str | None) -> None:
        if not matched:
            return
        day = self._today().isoformat()
        host = normalize_host(domain)
        for lesson in matched:
            lesson.use_count += 1
            lesson.last_used = day
            _add_domain(lesson.triggered_domains, host)
            usage = self._usage.setdefault(lesson.identity, _Usage())
            usage.count += 1
            usage.last_used = day
            _add_domain(usage.domains, host)
        self._dirty = True

    def _apply_usage(self, lesson: Lesson) -> bool:
        usage = self._usage.get(lesson.identity)
        if usage is None:
            return False
        lesson.use_count += usage.count
        lesson.last_used = max(lesson.last_used, usage.last_used)
        for host in usage.domains:
            _add_domain(lesson.triggered_domains, host)
        return True

    def _merge_and_write(self, extracted: list[Lesson]) -> list[Lesson]:
        events: list[dict[str, Any]] = []
        with self._locked():
            lessons, state = self._read_disk()
            before = _dump(lessons) if state == "ok" else None
            # Recall counts go onto the lessons as they are now on disk. A lesson that is no
            # longer there was removed on purpose (pruned or edited out) and stays removed.
            applied: set[tuple[str, str | None, str | None]] = set()
            for lesson in lessons:
                if lesson.identity not in applied and self._apply_usage(lesson):
                    applied.add(lesson.identity)
            stored = [self._merge_one(lessons, new, events) for new in extracted]
            for lesson in lessons:
                self._promote(lesson, events)
            text = _dump(lessons)
            if text != before:  # e.g. seeds another worker already wrote: no rewrite
                self._write_text(text)
        self._lessons = lessons
        self._usage.clear()
        self._dirty = False
        self._emit_all(events)
        unique: dict[int, Lesson] = {id(lesson): lesson for lesson in stored}
        return [lesson.model_copy(deep=True) for lesson in unique.values()]

    def _merge_one(self, lessons: list[Lesson], new: Lesson, events: list[dict[str, Any]]) -> Lesson:
        for existing in lessons:
            if existing.key == new.key:
                existing.use_count += 1
                existing.last_used = max(existing.last_used, new.last_used)
                for host in new.triggered_domains:
                    _add_domain(existing.triggered_domains, host)
                events.append(
                    self._event(
                        "lesson_deduplicated", lesson=existing.lesson, new_use_count=existing.use_count
                    )
                )
                return existing
        added = new.model_copy(deep=True, update={"use_count": 1})
        lessons.append(added)
        events.append(
            self._event(
                "lesson_recorded",
                lesson=added.lesson,
                category=added.category,
                failed_command=added.failed_command,
                error_pattern=added.error_pattern,
            )
        )
        return added

    def _promote(self, lesson: Lesson, events: list[dict[str, Any]]) -> None:
        if (
            lesson.category == "error_recovery"
            and lesson.domain is None
            and lesson.use_count >= PROMOTE_USE_COUNT
            and len(set(lesson.triggered_domains)) >= PROMOTE_DOMAINS
        ):
            lesson.category = "best_practice"
            events.append(
                self._event(
                    "lesson_promoted",
                    lesson=lesson.lesson,
                    use_count=lesson.use_count,
                    triggered_domains=list(lesson.triggered_domains),
                )
            )

    @staticmethod
    def _event(kind: str, **payload: Any) -> dict[str, Any]:
        stamp = _utc_now().isoformat(timespec="milliseconds").replace("+00:00", "Z")
        return {"event": kind, "ts": stamp, **payload}

    def _emit(self, event: dict[str, Any]) -> None:
        if self._on_event is not None:
            self._on_event(event)

    def _emit_all(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._emit(event)


# --------------------------------------------------------------------------- one test's view


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

    def observe(self, log: Iterable[ActionOutcome | Mapping[str, Any]]) -> list[Lesson]:
        """Learn from an action log: ``ActionOutcome``s or dicts with command, ok, error and url/domain."""
        actions = [_as_outcome(entry) for entry in log]
        if self._store is None and not actions:
            return []
        return self.store.learn(actions)

    def close(self) -> None:
        """Write what is pending (recall counts, first-use seeds); nothing if the memory was never used."""
        if self._store is not None:
            self._store.save()


def _as_outcome(entry: ActionOutcome | Mapping[str, Any]) -> ActionOutcome:
    if isinstance(entry, ActionOutcome):
        return entry
    where = entry.get("domain") or entry.get("url")
    error = entry.get("error")
    return ActionOutcome(
        command=str(entry.get("command") or ""),
        ok=bool(entry.get("ok")),
        error=str(error) if error is not None else None,
        domain=(normalize_host(str(where)) or None) if where else None,
    )


def _first_problem(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        errors = exc.errors()
        if errors:
            first = errors[0]
            where = ".".join(str(part) for part in first.get("loc", ())) or "top level"
            more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
            return f"{where}: {first.get('msg', 'invalid')}{more}"
    return type(exc).__name__


__all__ = [
    "ActionOutcome",
    "EVENT_TYPES",
    "Lesson",
    "MemoryFile",
    "MemoryFileError",
    "MemoryFileWarning",
    "MemorySession",
    "MemoryStore",
    "error_key",
    "extract_lessons",
    "format_error_tips",
    "format_site_tips",
    "format_tier1",
    "host_matches",
    "is_substantive",
    "normalize_host",
    "seed_lessons",
]
