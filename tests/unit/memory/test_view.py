"""Unit tests of one test's view of the memory (pytest_lumen.memory.view), as the driver calls it."""

from __future__ import annotations

from pathlib import Path

from pytest_lumen.memory import ActionOutcome, MemorySession, seed_lessons

from .helpers import TODAY, Recorder, make_lesson, read_memory, write_memory

# ------------------------------------------------------------------ one test's session (what the driver calls)


def test_session_touches_nothing_until_used(mem_path: Path) -> None:
    session = MemorySession(mem_path, today=lambda: TODAY)
    assert session.observe([]) == []
    session.close()
    assert not session.used and not mem_path.parent.exists()


def test_session_blocks_triggers_and_learning(mem_path: Path) -> None:
    write_memory(
        mem_path,
        [*seed_lessons(TODAY), make_lesson("shop tip", "site_specific", domain="shop.example")],
    )
    events = Recorder()
    session = MemorySession(mem_path, on_event=events, today=lambda: TODAY)
    system = session.tier1_text()
    assert system.startswith("## Lessons from experience\n") and session.tier1_text() == system
    assert session.site_tips("https://www.shop.example/") == "Tips for this site:\n- shop tip"
    assert session.site_tips("https://shop.example/cart") == "Tips for this site:\n- shop tip"
    assert session.site_tips("http://127.0.0.1:8000/") == ""
    tips = session.error_tips("fill", "Element is not an <input>", "http://127.0.0.1:8000/form")
    assert tips.startswith("Tips from previous experience:\n- If fill")
    [stored] = session.observe(
        [
            ActionOutcome("fill", ok=False, error="Element is not an <input>", domain="127.0.0.1"),
            ActionOutcome("click", ok=True, domain="127.0.0.1"),
        ]
    )
    assert stored.triggered_domains == ["127.0.0.1"]
    assert [event["event"] for event in events.events] == [
        "tier1_loaded", "domain_recall", "domain_recall", "error_recall", "lesson_recorded",
    ]
    by_text = {entry["lesson"]: entry for entry in read_memory(mem_path)}
    assert by_text["shop tip"]["use_count"] == 1  # one host change to it, one recall
    assert by_text[seed_lessons(TODAY)[0].lesson]["triggered_domains"] == ["127.0.0.1"]
