"""Helpers shared by the memory unit tests: lessons, memory files, an event recorder."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from pytest_lumen.memory import ActionOutcome, Lesson, MemoryStore

TODAY = date(2026, 3, 12)


def make_lesson(text: str, category: str = "error_recovery", **fields: object) -> Lesson:
    values: dict[str, object] = {
        "lesson": text,
        "category": category,
        "created_at": "2026-01-01",
        "last_used": TODAY.isoformat(),
        "source": "learned",
    }
    values.update(fields)
    return Lesson(**values)  # type: ignore[arg-type]


def write_memory(path: Path, lessons: list[Lesson], version: int = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"version": version, "lessons": [lesson.model_dump(mode="json") for lesson in lessons]}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def read_memory(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["lessons"]


class Recorder:
    def __init__(self) -> None:
        self.events: list[dict] = []

    def __call__(self, event: dict) -> None:
        self.events.append(event)

    def of(self, kind: str) -> list[dict]:
        return [event for event in self.events if event["event"] == kind]


def store_at(path: Path, today: date = TODAY, events: Recorder | None = None) -> MemoryStore:
    return MemoryStore(path, on_event=events, today=lambda: today)


def recovery(failed: str, error: str, following: str, domain: str | None = None) -> list[ActionOutcome]:
    return [ActionOutcome(failed, False, error, domain), ActionOutcome(following, True, None, domain)]
