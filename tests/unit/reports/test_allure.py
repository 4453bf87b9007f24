"""A test's events as Allure steps (pytest_lumen.reports.allure), through allure-commons' real hooks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import allure_commons
import pytest

from pytest_lumen.config import Mode, Settings
from pytest_lumen.context import TestContext
from pytest_lumen.events import (
    ErrorEvent,
    HealEnd,
    LifecycleEnd,
    LifecycleStart,
    ModelRequest,
    StepFinal,
    ToolSpan,
)
from pytest_lumen.outcome.heal import Heal
from pytest_lumen.outcome.usage import Usage
from pytest_lumen.reports.allure import AllureSteps
from pytest_lumen.run.session import LumenSession


class Recorder:
    """An allure-commons plugin that keeps what it is told, as a tree would be built from it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    @allure_commons.hookimpl
    def start_step(self, uuid: str, title: str, params: dict[str, str]) -> None:
        self.calls.append(("start", title, params))

    @allure_commons.hookimpl
    def stop_step(self, uuid: str, exc_type: Any, exc_val: Any, exc_tb: Any) -> None:
        self.calls.append(("stop", str(exc_val) if exc_val is not None else None))

    @allure_commons.hookimpl
    def attach_data(self, body: str, name: str, attachment_type: Any, extension: str) -> None:
        self.calls.append(("attach", name, body))

    @allure_commons.hookimpl
    def attach_file(self, source: str, name: str, attachment_type: Any, extension: str) -> None:
        self.calls.append(("file", name, Path(source).name))


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    rec = Recorder()
    allure_commons.plugin_manager.register(rec)
    yield rec
    allure_commons.plugin_manager.unregister(rec)


def _ctx(tmp_path: Path) -> TestContext:
    lumen = LumenSession(Settings(mode=Mode.HEAL, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache", model="m"))
    ctx = lumen.new_context("test_a.py::test_a", tmp_path / ".lumen-cache/a.json", tmp_path / "out")
    ctx.secrets.add_variables({"pw": "hunter2-secret"})
    ctx.events.listeners.append(AllureSteps(ctx))
    return ctx


def _start(ctx: TestContext, step: int, text: str = "log in") -> None:
    ctx.events.emit(LifecycleStart(step=step, instruction=text, step_kind="run", mode="heal", cache="hit", key="k", url="/"))


def test_a_step_is_a_step_its_actions_and_model_requests_sub_steps_its_heal_a_sub_step_with_its_pictures(tmp_path: Path,
                                                                                    recorder: Recorder) -> None:
    ctx = _ctx(tmp_path)
    (ctx.output_dir).mkdir()
    (ctx.output_dir / "heal-step1-action1-before.png").write_bytes(b"\x89PNG")
    (ctx.output_dir / "heal-step1-action1-after.png").write_bytes(b"\x89PNG")
    _start(ctx, 0)
    span = ToolSpan(ctx.events, 0, "click", "click:0", "cache", 'get_by_test_id("go")')
    ctx.events.emit(HealEnd(step=0, action=0, ok=True, level="fallback:role", before="a", after="b", detail="score 0.9"))
    span.end(True)
    ctx.events.emit(ModelRequest(step=0, model="m", latency_ms=5.0, usage=Usage(input_tokens=7, output_tokens=2),
                                 prompt_chars=1))
    ctx.events.emit(StepFinal(step=0, iterations=1, model_calls=1, usage=Usage(input_tokens=7, output_tokens=2)))
    ctx.heals.append(Heal(test=ctx.nodeid, step="log in", action=0, level="fallback:role", before='get_by_test_id("go")',
                          after="get_by_role(...)", cache_file="a.json", picture="out/heal-step1-action1-before.png",
                          after_picture="out/heal-step1-action1-after.png"))
    ctx.events.emit(LifecycleEnd(step=0, outcome="healed", duration_ms=3.0))
    calls = recorder.calls
    assert calls[0] == ("start", "log in", {"kind": "run", "cache": "hit", "mode": "heal"})
    assert calls[1] == ("start", 'click get_by_test_id("go")', {"source": "cache"})
    assert calls[2][:2] == ("start", "healed [fallback:role]: a -> b") and calls[3] == ("stop", None)
    assert calls[4] == ("stop", None)  # the click
    assert calls[5] == ("start", "model request (m)", {"input tokens": "7", "output tokens": "2", "cache read tokens": "0",
                                                       "cache write tokens": "0", "latency ms": "5.0"})
    assert calls[7][1] == "model: 1 call(s), 9 tokens"
    # the heal, a sub-step of the step: its text, then the page before its action and after it
    assert calls[9] == ("start", "healed action 1 [fallback:role]",
                        {"level": "fallback:role", "before": 'get_by_test_id("go")', "after": "get_by_role(...)"})
    assert calls[10][:2] == ("attach", "healed action 1 [fallback:role]") and "before: get_by_test_id" in calls[10][2]
    assert calls[11] == ("file", "healed action 1 [fallback:role]: before", "heal-step1-action1-before.png")
    assert calls[12] == ("file", "healed action 1 [fallback:role]: after", "heal-step1-action1-after.png")
    assert calls[13] == ("stop", None)
    assert calls[14][1] == "outcome: healed" and calls[-1] == ("stop", None) and len(calls) == 17


def test_a_failed_step_fails_with_its_error_redacted_and_an_unfinished_action_is_closed(tmp_path: Path,
                                                                                       recorder: Recorder) -> None:
    ctx = _ctx(tmp_path)
    _start(ctx, 0, "type the password")
    ToolSpan(ctx.events, 0, "fill", "fill:0", "cache", "#pw")  # never ended: an exception left the replay
    ctx.events.emit(LifecycleEnd(step=0, outcome="failed", duration_ms=3.0))
    ctx.events.emit(ErrorEvent(step=0, reason="replay_failed", message="typed hunter2-secret nowhere"))
    _start(ctx, 1, "next")
    opened = [c for c in recorder.calls if c[0] == "start"]
    stopped = [c for c in recorder.calls if c[0] == "stop"]
    assert [c[1] for c in opened] == ["type the password", "fill #pw", "next"]
    assert stopped == [("stop", "the action did not finish"), ("stop", "replay_failed: typed %pw% nowhere")]
