"""Cost estimation, usage arithmetic, event models and the run figures' xdist hand-off."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from pytest_lumen.events import ErrorEvent, EventLog, LifecycleStart, ModelRequest, ToolEnd, read_events
from pytest_lumen.report import RunStats
from pytest_lumen.usage import Usage, estimate_cost, price_for


def test_cost_uses_the_model_family_price_row():
    usage = Usage(input_tokens=1_000_000, output_tokens=1_000_000)
    assert estimate_cost("claude-sonnet-5-5", usage) == pytest.approx(3.0 + 15.0)
    assert estimate_cost("claude-haiku-5-5", usage) == pytest.approx(1.0 + 5.0)
    assert estimate_cost("claude-opus-5-5", usage) == pytest.approx(5.0 + 25.0)


def test_cache_tokens_are_priced_apart():
    read = Usage(cache_read_input_tokens=1_000_000)
    write = Usage(cache_creation_input_tokens=1_000_000)
    assert estimate_cost("claude-sonnet-5-5", read) == pytest.approx(0.30)
    assert estimate_cost("claude-sonnet-5-5", write) == pytest.approx(3.75)


def test_unknown_model_is_priced_as_sonnet():
    assert price_for("my-fine-tune") == price_for("claude-sonnet-5-5")


def test_usage_adds_and_totals():
    total = Usage(input_tokens=1, output_tokens=2) + Usage(cache_read_input_tokens=3, cache_creation_input_tokens=4)
    assert total.total == 10 and total.output_tokens == 2


def test_event_models_serialize_with_type_first_and_validate():
    event = LifecycleStart(step=0, instruction="log in as %user%", step_kind="run", mode="replay", cache="hit", key="0" * 16, url="/")
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


def test_run_stats_survive_the_xdist_hand_off():
    worker = RunStats(steps_replayed=2, steps_recorded=1)
    worker.steps_healed["fallback"] += 1
    worker.add_model_call("claude-sonnet-5-5", Usage(input_tokens=100, output_tokens=10))
    worker.cache_files_written.add(".lumen-cache/a.json")
    controller = RunStats(steps_replayed=1)
    controller.merge(json.loads(json.dumps(worker.to_json())))
    assert controller.steps_replayed == 3 and controller.healed_total == 1 and controller.model_calls == 1
    assert controller.usage.input_tokens == 100 and controller.cost > 0
    assert controller.cache_files_written == {".lumen-cache/a.json"}
