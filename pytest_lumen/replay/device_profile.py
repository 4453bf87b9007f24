"""A cached step on the run's device profile (``cache/profile.py``): its own recording, or none.

A step replays the actions recorded for the run's profile. A profile with no recording of the step is never replayed
silently from another one: in replay mode the nearest recorded profile's actions are tried with the zero-token heal
only, and reported as a ``profile`` heal when they pass (the file then holds this profile too); when they fail, the
failure names the profiles the file holds and the command that records this one. In heal and record mode, the model
records the missing profile.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cache.profile import Profile
from ..errors import CacheMissError, LumenAssertionError
from ..heal.attempt import ActionFailed
from ..heal.record import PROFILE
from ..outcome.heal import Heal, HealLevel

if TYPE_CHECKING:
    from ..cache.model import Action, Step
    from ..context import TestContext


@dataclass(frozen=True)
class OnProfile:
    """The cached step as the run's profile replays it (``step``; None: nothing to replay, a miss), and the profile
    whose recording it borrows when it has none of its own (``borrowed``)."""

    step: Step | None
    borrowed: str | None = None


def on_profile(cached: Step | None, ctx: TestContext, may_record: bool) -> OnProfile:
    """The step's actions for the test's profile (``ctx.cache.profile``); a profile without them borrows the nearest
    one's, unless the model may record them (``may_record``: a miss then)."""
    profile = ctx.cache.profile
    file = ctx.cache.file() if cached is not None and profile is not None else None
    if cached is None or file is None or profile is None:
        return OnProfile(cached)
    held = file.held_profiles()
    if cached.branches is not None:  # shared by the profiles that recorded it; never borrowed (the page picks a branch)
        recorded = held is None or profile not in held or cached.actions_for(profile, held) is not None
        return OnProfile(cached if recorded else None)
    own = cached.actions_for(profile, held)
    if own is not None:  # the step as the file has it when every profile shares it (no copy, every step of a replay)
        return OnProfile(cached if cached.on is None and not cached.per_profile else _with(cached, own))
    nearest = Profile.parse(profile).nearest(cached.recorded_on(held or []))
    if may_record or nearest is None:
        return OnProfile(None)
    borrowed = cached.actions_for(nearest, held)
    assert borrowed is not None, "the nearest profile is one that recorded the step"
    return OnProfile(_with(cached, borrowed), nearest)


def _with(cached: Step, actions: list[Action]) -> Step:
    """The step with one profile's actions, as a run of one profile keeps it (``cache/devices.py`` joins them)."""
    return cached.model_copy(update={"actions": actions, "on": None, "per_profile": None})


def profile_heal(ctx: TestContext, cached: Step, borrowed: str) -> Heal:
    """The ``profile`` heal: a step with no recording for the run's profile, replayed from the nearest one's."""
    profile = ctx.cache.profile
    return Heal(test=ctx.nodeid, step=cached.instruction, action=0, level=HealLevel(kind=PROFILE),
                before=f"recorded on {borrowed}", after=f"replayed on {profile}", cache_file=ctx.cache.display,
                evidence=f"no recording for {profile}: {borrowed}'s actions replayed at zero tokens, each element "
                         f"identity-checked and every effect verified")


def profile_miss_error(ctx: TestContext, cached: Step, failed: ActionFailed | LumenAssertionError) -> CacheMissError:
    """A step with no recording for the run's profile, whose nearest profile's actions did not replay here."""
    file, profile = ctx.cache.file(), ctx.cache.profile
    held = (file.held_profiles() if file is not None else None) or []
    return CacheMissError(
        f"this step has no recording for the device profile {profile} (the cache file holds "
        f"{', '.join(cached.recorded_on(held)) or 'none'}); the nearest one's actions did not replay here: {failed}",
        path=ctx.cache.display, step=cached.instruction,
        remedy=f"record this profile: {ctx.record_command}" + ("" if ctx.settings.device else
                                                                " (with the browser_context_args of this run)")
        + "; it is written beside the others in the same file")


@contextmanager
def profile_misses(ctx: TestContext, cached: Step, borrowed: str | None) -> Iterator[None]:
    """What fails while a step replays another profile's recording (``borrowed``: an action, or a check that does not
    hold here) is this profile's miss (``profile_miss_error``), never a model heal nor a failure of the app."""
    __tracebackhide__ = True
    try:
        yield
    except (ActionFailed, LumenAssertionError) as failed:
        if borrowed is None:
            raise
        raise profile_miss_error(ctx, cached, failed) from None
