"""One cached action as the replayer tries it, and its failure built where it is raised (pytest_lumen.heal.attempt)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from pytest_lumen.cache.model import Action, Click, Effect, Fill, LocatorSpec, Step, Target
from pytest_lumen.heal.attempt import ActionFailed, ActionReplay, StepReplay
from pytest_lumen.replay.effects import _failed

NAME = Target(locator=LocatorSpec(kind="label", value="Name"))
SAVE = Target(locator=LocatorSpec(kind="role", value="button", name="Save", exact=True))


def _fill(value: str) -> Fill:
    return Fill(target=NAME, value=value, after=Effect(value=value))


def _step(actions: list[Action], values: dict[str, str] | None = None, index: int = 0) -> StepReplay:
    cached = Step(key="0" * 16, instruction="save %who%", url="/", actions=actions)
    return StepReplay(cast(Any, None), index, cached, values or {}, cast(Any, None), lambda text: text)


def test_a_failure_holds_the_actions_done_before_it_as_they_are_when_it_fails() -> None:
    step = _step([_fill("Ada"), Click(target=SAVE)])
    step.done.append(_fill("Ada"))
    replay = step.action(1)
    step.done[0] = _fill("Ada L.")  # a fill done again while this action was tried (its value had not stuck)
    step.done.append(Click(target=SAVE))  # and what comes after it is not "before"
    failed = replay.on("full").failed("no element matches", performed=True)
    assert isinstance(failed, ActionFailed)
    assert (failed.index, failed.action, failed.error, failed.performed, failed.path) == (
        1, Click(target=SAVE), "no element matches", True, "full")
    assert failed.done == [_fill("Ada L.")]
    assert str(failed) == "action 2 (click): no element matches"


def test_an_attempt_is_not_changed_by_what_is_derived_from_it() -> None:
    replay = _step([Click(target=SAVE)], {"who": "Ada"}, index=3).action(0)
    healed = Click(target=NAME)
    tried = replay.doing(healed).on("gate")
    assert (tried.action, tried.path, tried.step.index, tried.values) == (healed, "gate", 3, {"who": "Ada"})
    assert tried.step is replay.step  # one step, whatever is derived from its action
    assert (replay.action, replay.path, replay.via_gate) == (Click(target=SAVE), None, True)
    with pytest.raises(AttributeError):
        replay.path = "full"  # type: ignore[misc]


def test_an_effect_that_did_not_follow_was_performed_unless_the_element_was_a_relabel() -> None:
    replay = _step([Click(target=SAVE)]).action(0).on("full")
    plain = _failed(replay, "after the action the page should be at /done, but it is at /", strict=False)
    assert (plain.error, plain.performed) == ("after the action the page should be at /done, but it is at /", True)
    relabel = _failed(replay, "after the action the page should be at /done, but it is at /", strict=True)
    assert relabel.error == ('the relabelled get_by_role("button", name="Save", exact=True) did not lead where it was '
                             'recorded to (after the action the page should be at /done, but it is at /)')
    assert (relabel.performed, relabel.path) == (False, "full")  # nothing of it is kept by a model heal


def test_a_step_knows_what_follows_an_action_and_leaves_out_what_was_merged() -> None:
    step = _step([Click(target=SAVE), Click(target=NAME)])
    assert (step.following(0), step.following(1)) == (Click(target=NAME), None)
    assert step.instruction == "save %who%"
    step.done.extend([Click(target=SAVE), Click(target=NAME)])
    step.merged.add(1)  # done by the action before it (a listbox's option, chosen natively)
    assert step.as_done() == [Click(target=SAVE)]
    assert isinstance(step.action(1, via_gate=False), ActionReplay) and not step.action(1, via_gate=False).via_gate


def test_an_action_was_recorded_on_the_page_the_last_action_before_it_led_to_or_opened() -> None:
    new = Click(target=SAVE, after=Effect(url="/items/%who%/new"))
    opened = Click(target=SAVE, after=Effect(popup="/help"))
    cached = Step(key="0" * 16, instruction="save %who%", url="/items",
                  actions=[_fill("x"), new, _fill("y"), opened, Click(target=SAVE)])
    step = StepReplay(cast(Any, None), 0, cached, {"who": "ann"}, cast(Any, None), lambda text: text)
    assert [step.recorded_page(i) for i in range(5)] == ["/items", "/items", "/items/ann/new", "/items/ann/new", "/help"]
