"""The event models and the redacted event log (pytest_lumen.events)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pytest_lumen.events import ErrorEvent, EventLog, LifecycleStart, ModelRequest, ToolEnd, read_events
from pytest_lumen.outcome.usage import Usage


def test_event_models_serialize_with_type_first_and_validate():
    event = LifecycleStart(step=0, instruction="log in as %user%", step_kind="run", mode="replay", cache="hit", key="0" * 16,
                           url="/")
    data = event.model_dump(mode="json")
    assert data["type"] == "lifecycle.start" and data["ts"].endswith("Z")
    with pytest.raises(ValidationError):
        ErrorEvent(reason="sky_fell", message="x")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        ToolEnd(tool="click", toolId="click:0", outcome="maybe", duration_ms=1)  # type: ignore[arg-type]


def test_event_log_redacts_every_line(tmp_path):
    log = EventLog(redact=lambda s: s.replace("hunter2", "%pw%"))
    log.emit(ErrorEvent(reason="replay_failed", message="typed hunter2 into the field"))
    log.emit(ModelRequest(model="m", latency_ms=1.0, usage=Usage(input_tokens=3), prompt_chars=10))
    path = tmp_path / "lumen_events.jsonl"
    log.write(path)
    assert "hunter2" not in path.read_text()
    events = read_events(path)
    assert events[0]["message"] == "typed %pw% into the field"
    assert events[1]["usage"]["input_tokens"] == 3


def test_each_event_is_stamped_with_the_attempt_and_handed_to_the_listeners(tmp_path):
    log, seen = EventLog(), []
    log.listeners.append(seen.append)
    log.attempt = 2  # a rerun under pytest-rerunfailures
    log.emit(ErrorEvent(reason="replay_failed", message="x"))
    assert seen == log.events and seen[0].attempt == 2
    log.write(tmp_path / "e.jsonl")
    assert read_events(tmp_path / "e.jsonl")[0]["attempt"] == 2
