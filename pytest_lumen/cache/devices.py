"""One cache file, every device profile: what a run on one profile writes beside the recordings of the others.

A run keeps each step's actions as its profile did them (``TestCache.keep``). Written, they join the file's other
profiles step by step (the same key and occurrence): a profile whose actions are the same (the same kinds, elements
and values; fingerprints aside, which differ with the layout) shares one copy, ``actions`` (the one the file shared
before, while a profile still does it: recording a phone leaves the desktop's lines as they were); a profile whose
actions differ keeps its own in ``per_profile``, and a heal on one profile rewrites that profile's only; a profile
that has not recorded a step yet is left out of its ``on``. A file that holds one profile is written as before, with
no profile fields but ``profiles`` when its viewport does not say it.
Conditional steps (``branches``) are shared by every profile: the page chooses the branch.
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


def merged_file(old: CacheFile | None, ours: CacheFile, profile: str) -> CacheFile:
    """The file to write: ``ours`` (this run's steps, as ``profile`` did them) joined with what ``old`` (the file on
    disk) holds for the other profiles."""
    held = old.held_profiles() if old is not None else None
    if old is None or held is None or held == [profile]:
        return _alone(ours, profile)
    every = _ordered([*held, profile])
    before = {(s.key, s.ordinal): s for s in old.steps}
    steps = [_merged_step(before.get((s.key, s.ordinal)), s, profile, held, every) for s in ours.steps]
    return ours.model_copy(update={"steps": steps, "viewport": old.viewport, "profiles": every})


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
    if ours.branches is not None:
        return ours
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

