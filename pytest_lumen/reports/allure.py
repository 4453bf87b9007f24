"""Allure steps from a test's events: each ``agent.run``/``agent.expect`` step an Allure step, its actions sub-steps.

An ``EventLog`` listener (``events.py``), so the steps follow exactly what ``lumen_events.jsonl``
records: a step's model requests are sub-steps with their usage as parameters, each of its heals a
sub-step with attachments (the heal as text, and its pictures: the page before the healed action
acted, the healed element highlighted, and after it).
Imported only when allure-pytest writes results (``reports/__init__.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import uuid4

from allure_commons import plugin_manager
from allure_commons.types import AttachmentType

from ..events import ErrorEvent, Event, HealEnd, LifecycleEnd, LifecycleStart, ModelRequest, StepFinal, ToolEnd, ToolStart
from .pictures import heal_text, heal_title, picture_files

if TYPE_CHECKING:
    from ..context import TestContext
    from ..outcome.heal import Heal
    from ..outcome.usage import Usage


def usage_params(usage: Usage) -> dict[str, str]:
    """Token counts as Allure parameters."""
    return {"input tokens": str(usage.input_tokens), "output tokens": str(usage.output_tokens),
            "cache read tokens": str(usage.cache_read_input_tokens),
            "cache write tokens": str(usage.cache_creation_input_tokens)}


class AllureSteps:
    """Turns one test's events into Allure steps as they are emitted (an ``EventLog`` listener)."""

    def __init__(self, ctx: TestContext) -> None:
        self.ctx = ctx
        self.step: str | None = None  # the open step's uuid
        self.actions: list[str] = []  # the open action sub-steps' uuids
        self.heals_before = 0  # heals of the test before the open step
        self.failing = False  # the step ended failed: it is closed by the error event that follows

    def __call__(self, event: Event) -> None:
        if isinstance(event, LifecycleStart):
            self._start_step(event)
        elif isinstance(event, ToolStart):
            self.actions.append(self._start(f"{event.tool} {event.locator or ''}".strip(), {"source": event.source}))
        elif isinstance(event, ToolEnd) and self.actions:
            self._stop(self.actions.pop(), event.error if event.outcome == "error" else None)
        elif isinstance(event, HealEnd):
            self._heal_tried(event)
        elif isinstance(event, ModelRequest):
            self._leaf(f"model request ({event.model})", {**usage_params(event.usage), "latency ms": str(event.latency_ms)})
        elif isinstance(event, StepFinal):
            self._leaf(f"model: {event.model_calls} call(s), {event.usage.total} tokens", usage_params(event.usage))
        elif isinstance(event, LifecycleEnd):
            self._end_step(event)
        elif isinstance(event, ErrorEvent) and self.failing:
            self._close_step(f"{event.reason}: {event.message}")

    # --- steps ------------------------------------------------------------------------------

    def _start_step(self, event: LifecycleStart) -> None:
        self._close_step(None)  # a step left open (never: each step ends), so that nesting stays right
        self.heals_before = len(self.ctx.heals)
        self.step = self._start(event.instruction, {"kind": event.step_kind, "cache": event.cache, "mode": event.mode})

    def _end_step(self, event: LifecycleEnd) -> None:
        while self.actions:  # an action whose span did not end (an exception out of the replay)
            self._stop(self.actions.pop(), "the action did not finish")
        for heal in self.ctx.heals[self.heals_before:]:
            self._attach_heal(heal)
        if event.outcome == "failed":
            self.failing = True
        else:
            self._leaf(f"outcome: {event.outcome}", {"duration ms": str(event.duration_ms)})
            self._close_step(None)

    def _close_step(self, error: str | None) -> None:
        while self.actions:
            self._stop(self.actions.pop(), "the step ended")
        if self.step is not None:
            self._stop(self.step, error)
        self.step, self.failing = None, False

    def _heal_tried(self, event: HealEnd) -> None:
        if event.ok:
            self._leaf(f"healed [{event.level}]: {event.before} -> {event.after}", {"detail": event.detail or ""})
        else:
            self._leaf(f"heal not found: {event.before}", {"detail": event.detail or ""}, error=event.detail or "no element")

    def _attach_heal(self, heal: Heal) -> None:
        """The heal as a sub-step of the step, holding its text and its before and after pictures as attachments."""
        title = heal_title(heal)
        uuid = self._start(title, {"level": str(heal.level), "before": heal.before, "after": heal.after})
        plugin_manager.hook.attach_data(body=self.ctx.secrets.redact(heal_text(heal)), name=title,
                                        attachment_type=AttachmentType.TEXT, extension="txt")
        for which, picture in picture_files(self.ctx, heal):
            plugin_manager.hook.attach_file(source=str(picture), name=f"{title}: {which}",
                                            attachment_type=AttachmentType.PNG, extension="png")
        self._stop(uuid, None)

    # --- allure-commons' hooks ---------------------------------------------------------------

    def _start(self, title: str, params: dict[str, str]) -> str:
        uuid = str(uuid4())
        redact = self.ctx.secrets.redact
        plugin_manager.hook.start_step(uuid=uuid, title=redact(title), params={k: redact(v) for k, v in params.items()})
        return uuid

    def _stop(self, uuid: str, error: str | None) -> None:
        failure = AssertionError(self.ctx.secrets.redact(error)) if error is not None else None
        plugin_manager.hook.stop_step(uuid=uuid, exc_type=type(failure) if failure else None, exc_val=failure, exc_tb=None)

    def _leaf(self, title: str, params: dict[str, str], error: str | None = None) -> None:
        """A step with nothing under it: something that happened at one moment, with its figures as parameters."""
        self._stop(self._start(title, params), error)
