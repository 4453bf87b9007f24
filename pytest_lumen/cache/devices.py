"""One cache file, every device profile: what a run on one profile writes beside the recordings of the others.

A run keeps each step's actions as its profile did them (``TestCache.keep``). Written, they join the file's other
profiles step by step (the same key and occurrence): a profile whose actions are the same (the same kinds, elements
and values; fingerprints aside, which differ with the layout) shares one copy, ``actions`` (the one the file shared
before, while a profile still does it: recording a phone leaves the desktop's lines as they were); a profile whose
actions differ keeps its own in ``per_profile``, and a heal on one profile rewrites that profile's only; a profile
that has not recorded a step yet is left out of its ``on``. A step this run did not take stays for the profiles that
recorded it (and no longer for this one). A file that holds one profile is written as before, with no profile fields
but ``profiles`` when its viewport does not say it.
Conditional steps (``branches``) are shared by every profile: the page chooses the branch. A step recorded as
conditional on one profile and plain on another is kept as this run recorded it, for the profiles that recorded it
that way; the others are left out of its ``on`` (their replay is a miss that names the command recording them again,
never a replay of the other kind).
"""

from __future__ import annotations

from typing import Any

from .model import Action, CacheFile, Step
from .profile import ORDER, Profile

NOT_COMPARED = frozenset({"fingerprint", "fallbacks"})  # what the layout changes, not what the action does


def same_actions(one: list[Action], other: list[Action]) -> bool:
    """Whether two recordings of a step do the same: the same actions on the same elements with the same values."""
    return [_compared(a.model_dump(mode="json")) for a in one] == [_compared(a.model_dump(mode="json")) for a in other]


def _compared(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _compared(v) for k, v in data.items() if k not in NOT_COMPARED}
    if isinstance(data, list):
        return [_compared(item) for item in data]
    return data


def merged_file(old: CacheFile | None, ours: CacheFile, profile: str, shared: bool = False) -> CacheFile:
    """The file to write: ``ours`` (this run's steps, as ``profile`` did them) joined with what ``old`` (the file on
    disk) holds for the other profiles. ``shared``: the file of several tests (``sharing.py``), whose steps this run
    did not take another test may take on this profile too: they stay this profile's."""
    held = old.held_profiles() if old is not None else None
    if old is None or held is None or held == [profile]:
        return _alone(ours, profile)
    every = _ordered([*held, profile])
    before = {(s.key, s.ordinal): s for s in old.steps}
    taken = {(s.key, s.ordinal) for s in ours.steps}
    after: dict[tuple[str, int] | None, list[Step]] = {}  # the steps only the others took, after the step they follow
    last: tuple[str, int] | None = None
    for step in old.steps:
        if (step.key, step.ordinal) in taken:
            last = (step.key, step.ordinal)
        elif (theirs := as_recorded(step, held, without=None if shared else profile)) is not None:
            after.setdefault(last, []).append(theirs)
    steps = list(after.get(None, []))
    for step in ours.steps:
        steps.append(_merged_step(before.get((step.key, step.ordinal)), step, profile, held, every))
        steps.extend(after.get((step.key, step.ordinal), []))
    return ours.model_copy(update={"steps": steps, "viewport": old.viewport, "profiles": every})


def as_recorded(step: Step, held: list[str], without: str | None = None) -> Step | None:
    """``step`` in a file that holds more profiles than ``held`` (those it was written beside): each profile keeps
    the recording it had, none is given one (``on`` says whose the shared copy is), and ``without`` (a profile whose
    run did not take the step this time) keeps none; None when no profile keeps one."""
    own = {key: actions for key, actions in (step.per_profile or {}).items() if key != without}
    shared = [key for key in held if key != without and key not in own and (step.on is None or key in step.on)]
    if not shared and not own:
        return None
    return step.model_copy(update={"on": _ordered(shared), "per_profile": own or None})


def _alone(ours: CacheFile, profile: str) -> CacheFile:
    """A file of one profile: its steps as they are; ``profiles`` only where the viewport does not say it."""
    said = Profile.of(ours.viewport).key if ours.viewport is not None else None
    steps = [s.model_copy(update={"on": None, "per_profile": None}) for s in ours.steps]
    return ours.model_copy(update={"steps": steps, "profiles": None if said == profile else [profile]})


def _merged_step(old: Step | None, ours: Step, profile: str, held: list[str], every: list[str]) -> Step:
    """``ours`` (``profile``'s actions) with the other profiles' recordings of the same step. The copy the file
    shares stays the one it shared while another profile still does it (no churn in the others' lines); else it is
    ``profile``'s."""
    ours = ours.model_copy(update={"on": None, "per_profile": None})
    if ours.branches is not None or (old is not None and old.branches is not None):
        alike = [key for key in held if key != profile and old is not None and (old.branches is None) ==
                 (ours.branches is None) and old.actions_for(key, held) is not None]
        on = _ordered([*alike, profile])
        return ours.model_copy(update={"on": None if set(on) == set(every) else on})
    done = {key: actions for key in held if key != profile and old is not None
            and (actions := old.actions_for(key, held)) is not None}
    kept = old is not None and any(same_actions(actions, old.actions) for actions in done.values())
    shared = old.actions if old is not None and kept else ours.actions
    done[profile] = ours.actions
    on = [key for key, actions in done.items() if same_actions(actions, shared)]
    own = {key: actions for key, actions in done.items() if key not in on}
    return ours.model_copy(update={"actions": shared, "on": None if set(on) | set(own) == set(every) else _ordered(on),
                                   "per_profile": own or None})


def _ordered(keys: list[str]) -> list[str]:
    """Profile keys without repeats, wide before narrow, then as given."""
    unique = list(dict.fromkeys(keys))
    return sorted(unique, key=lambda key: -ORDER.index(Profile.parse(key).width))

