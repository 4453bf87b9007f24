"""A cached step on the run's device profile (pytest_lumen.replay.device_profile): its own recording, a borrowed one
tried with the zero-token heal only, or none."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from pytest_lumen.cache.model import CacheFile, Step
from pytest_lumen.cache.viewport import Viewport
from pytest_lumen.errors import CacheMissError, LumenAssertionError
from pytest_lumen.replay.device_profile import on_profile, profile_miss_error, profile_misses
from tests.unit.cache.test_devices import click, step

PHONE = "narrow-touch-mobile"
DESKTOP = Viewport(width=1280, height=720)


def ctx_on(profile: str, file: CacheFile) -> Any:
    """What ``on_profile`` reads of a test's context: its cache's profile and file."""
    cache = SimpleNamespace(profile=profile, file=lambda: file, display=".lumen-cache/t.json")
    return SimpleNamespace(cache=cache, record_command='pytest t.py --lumen-record --device "Pixel 7"',
                           settings=SimpleNamespace(device="Pixel 7"))


def in_file(cached: Step, profiles: list[str]) -> CacheFile:
    return CacheFile(test="t", viewport=DESKTOP, profiles=profiles, steps=[cached])


def test_a_profile_replays_its_own_recording_and_borrows_only_where_it_has_none() -> None:
    own = step(click("Cart")).model_copy(update={"per_profile": {PHONE: [click("Menu"), click("Cart")]}})
    assert on_profile(own, ctx_on(PHONE, in_file(own, ["wide", PHONE])), may_record=False).step.actions == [
        click("Menu"), click("Cart")]

    desktop_only = step(click("Cart"))
    borrowed = on_profile(desktop_only, ctx_on(PHONE, in_file(desktop_only, ["wide"])), may_record=False)
    assert (borrowed.step.actions, borrowed.borrowed) == ([click("Cart")], "wide")
    assert on_profile(desktop_only, ctx_on(PHONE, in_file(desktop_only, ["wide"])), may_record=True).step is None


@pytest.mark.parametrize("on, replayed", [(None, True), ([PHONE], True), (["wide"], False)])
def test_a_conditional_step_replays_where_it_was_recorded_and_is_never_borrowed(on: list[str] | None,
                                                                                 replayed: bool) -> None:
    conditional = step().model_copy(update={"actions": [], "branches": [[click("Close")], []], "on": on})
    seen = on_profile(conditional, ctx_on(PHONE, in_file(conditional, ["wide", PHONE])), may_record=False)
    assert (seen.step is conditional, seen.borrowed) == (replayed, None)


def test_a_borrowed_check_that_fails_is_a_miss_naming_the_profiles_and_the_command() -> None:
    desktop_only = step(click("Cart"))
    failed = LumenAssertionError("expected 'Total: $37.00', got 'Total: $24.50'")
    miss = profile_miss_error(ctx_on(PHONE, in_file(desktop_only, ["wide"])), desktop_only, failed)
    text = str(miss)
    assert "no recording for the device profile narrow-touch-mobile" in text and "holds wide" in text
    assert '--lumen-record --device "Pixel 7"' in text and "Total: $24.50" in text


def test_only_a_borrowed_recording_turns_a_failure_into_this_profiles_miss() -> None:
    desktop_only = step(click("Cart"))
    ctx = ctx_on(PHONE, in_file(desktop_only, ["wide"]))
    failed = LumenAssertionError("expected 'Total: $37.00', got 'Total: $24.50'")
    with pytest.raises(LumenAssertionError), profile_misses(ctx, desktop_only, None):
        raise failed  # the profile's own recording: the app's failure, as it is
    with pytest.raises(CacheMissError, match="no recording for the device profile"), \
            profile_misses(ctx, desktop_only, "wide"):
        raise failed
