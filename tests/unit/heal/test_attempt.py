"""One cached action as the replayer tries it, and its failure built where it is raised (pytest_lumen.heal.attempt)."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import Click, Effect, Fill, LocatorSpec, Target
from pytest_lumen.heal.attempt import ActionFailed, ActionReplay
from pytest_lumen.replay.effects import _failed

NAME = Target(locator=LocatorSpec(kind="label", value="Name"))
SAVE = Target(locator=LocatorSpec(kind="role", value="button", name="Save", exact=True))


def _fill(value: str) -> Fill:
    return Fill(target=NAME, value=value, after=Effect(value=value))


def test_a_failure_holds_the_actions_done_before_it_as_they_are_when_it_fails() -> None:
    done: list[object] = [_fill("Ada")]
    replay = ActionReplay(0, 1, Click(target=SAVE), {}, done)  # type: ignore[arg-type]
    done[0] = _fill("Ada L.")  # a fill done again while this action was tried (its value had not stuck)
    done.append(Click(target=SAVE))  # and what comes after it is not "before"
    failed = replay.on("full").failed("no element matches", performed=True)
    assert isinstance(failed, ActionFailed)
    assert (failed.index, failed.action, failed.error, failed.performed, failed.path) == (
        1, Click(target=SAVE), "no element matches", True, "full")
    assert failed.done == [_fill("Ada L.")]
    assert str(failed) == "action 2 (click): no element matches"


def test_an_attempt_is_not_changed_by_what_is_derived_from_it() -> None:
    replay = ActionReplay(3, 0, Click(target=SAVE), {"who": "Ada"})
    healed = Click(target=NAME)
    tried = replay.doing(healed).on("gate")
    assert (tried.action, tried.path, tried.step, tried.values) == (healed, "gate", 3, {"who": "Ada"})
    assert (replay.action, replay.path, replay.via_gate) == (Click(target=SAVE), None, True)
    with pytest.raises(AttributeError):
        replay.path = "full"  # type: ignore[misc]


def test_an_effect_that_did_not_follow_was_performed_unless_the_element_was_a_relabel() -> None:
    replay = ActionReplay(0, 0, Click(target=SAVE), {}, path="full")
    plain = _failed(replay, "after the action the page should be at /done, but it is at /", strict=False)
    assert (plain.error, plain.performed) == ("after the action the page should be at /done, but it is at /", True)
    relabel = _failed(replay, "after the action the page should be at /done, but it is at /", strict=True)
    assert relabel.error == ('the relabelled get_by_role("button", name="Save", exact=True) did not lead where it was '
                             'recorded to (after the action the page should be at /done, but it is at /)')
    assert (relabel.performed, relabel.path) == (False, "full")  # nothing of it is kept by a model heal
