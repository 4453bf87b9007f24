"""Unit tests of where lessons come from and how the model reads them: extraction, error keys, prompt blocks."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_lumen.memory import (
    ActionOutcome,
    error_key,
    extract_lessons,
    format_error_tips,
    format_site_tips,
    format_tier1,
)

from .helpers import TODAY, make_lesson, recovery, store_at, write_memory

# ------------------------------------------------------------------ prompt blocks


def test_format_blocks() -> None:
    lessons = [make_lesson("one  line\nbroken"), make_lesson("two")]
    assert format_error_tips(lessons) == "Tips from previous experience:\n- one line broken\n- two"
    assert format_site_tips(lessons) == "Tips for this site:\n- one line broken\n- two"
    assert format_tier1(lessons) == (
        "## Lessons from experience\n\n"
        "These are lessons learned from previous runs. Follow them.\n"
        "- one line broken\n- two"
    )
    assert format_error_tips([]) == format_site_tips([]) == format_tier1([]) == ""


# ------------------------------------------------------------------ extraction


def test_failure_then_different_success_becomes_a_lesson() -> None:
    actions = [
        ActionOutcome("goto", True, domain="shop.example"),
        ActionOutcome("fill", False, "Error: locator.fill: Element is not an <input> [ref=e37]", "shop.example"),
        ActionOutcome("click", True, domain="shop.example"),
    ]
    [lesson] = extract_lessons(actions, today=TODAY)
    assert lesson.category == "error_recovery" and lesson.source == "learned"
    assert lesson.failed_command == "fill"
    assert lesson.error_pattern == "element is not an <input>"
    assert lesson.domain is None
    assert lesson.triggered_domains == ["shop.example"]
    assert lesson.lesson == "When fill fails with 'element is not an <input>', try click instead."
    assert lesson.created_at == lesson.last_used == TODAY.isoformat()


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(recovery("click", "element is not visible", "CLICK"), id="same-command-retried"),
        pytest.param(recovery("click", "  error  ", "press"), id="generic-error"),
        pytest.param(recovery("click", "Unknown error", "press"), id="unknown-error"),
        pytest.param(recovery("click", "short", "press"), id="too-short"),
        pytest.param(recovery("click", "", "press"), id="empty-error"),
        pytest.param(recovery("click", "e12 12345 678", "press"), id="nothing-left-after-noise"),
        pytest.param(recovery("click", "element is not visible", "done"), id="gave-up"),
        pytest.param(
            [ActionOutcome("press", True), ActionOutcome("click", False, "element is not visible")],
            id="last-action-fails",
        ),
        pytest.param(
            [ActionOutcome("click", False, "element is not visible"),
             ActionOutcome("press", False, "keyboard is not ready yet")],
            id="failure-then-failure",
        ),
        pytest.param([], id="empty-log"),
    ],
)
def test_no_lesson_extracted(actions: list[ActionOutcome]) -> None:
    assert extract_lessons(actions, today=TODAY) == []


@pytest.mark.parametrize(
    ("error", "key"),
    [
        ("Error: locator.click: Timeout 30000ms exceeded.\nCall log:\n  - waiting for e5", "timeout exceeded"),
        ("too many arguments: expected 2, received 3", "too many arguments: expected, received"),
        ("can't click 'Submit' at https://shop.example/a?b=1 [ref=e37]", "can't click at"),
        ("TimeoutError: page.goto: net::ERR_CONNECTION_REFUSED", "net::err_connection_refused"),
        ("word " * 30, ("word " * 12).strip()),
    ],
)
def test_error_key(error: str, key: str) -> None:
    assert error_key(error) == key
    assert len(error_key(error)) <= 60


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(error=st.text(min_size=8, max_size=300))
def test_a_learned_lesson_is_recalled_by_the_same_error(error: str) -> None:
    lessons = extract_lessons(recovery("fill", error, "click"), today=TODAY)
    if not lessons:
        return
    assert len(lessons[0].error_pattern or "") <= 60
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        write_memory(path, lessons)
        found = store_at(path).recall_on_error("fill", error)
    assert [lesson.lesson for lesson in found] == [lessons[0].lesson]
