"""Lessons as the model reads them: the three text blocks of a prompt (see docs/memory.md)."""

from __future__ import annotations

from collections.abc import Iterable

from .lesson_file import Lesson


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
