"""Where lessons come from: the built-in seeds, and failure-then-recovery pairs of an action log."""

from __future__ import annotations

import itertools
from datetime import date

from ..outcome.action_log import ActionOutcome
from ..urls import normalize_host
from .lesson_file import Category, Lesson
from .patterns import error_key, is_substantive

# Tools that end a step: an action after a failure that merely gives up or declares the
# step done is not a recovery worth teaching.
_TERMINAL_COMMANDS = frozenset({"done", "fail"})


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


def extract_lessons(actions: list[ActionOutcome], *, today: date | None = None) -> list[Lesson]:
    """Failure-then-recovery pairs of an action log, as ``error_recovery`` lessons.

    A pair is a failed action with a substantive error directly followed by a successful
    action of another command (not ``done``/``fail``). Pure: reads nothing, writes nothing.
    """
    day = (today or date.today()).isoformat()
    found: list[Lesson] = []
    for failed, following in itertools.pairwise(actions):
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
                use_count=1,
                created_at=day,
                last_used=day,
                source="learned",
                triggered_domains=[host] if host else [],
            )
        )
    return found
