"""One cached action as the replayer tries it, and why it could not be replayed (for the agent to report or to heal
with the model): a failure is built complete where it is raised, from the action being tried."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cache.model import Action
from ..events import ReplayPath


@dataclass
class ActionFailed(Exception):
    """A cached action could not be replayed; ``done`` holds the actions replayed before it.

    ``performed``: the action itself was done, only what followed it differed from the recording
    (another URL, another value in the field); it must not be done again. ``path``: how the
    action was tried (through the identity gate, or the full path), for its ``tool.end`` event.
    """

    index: int
    action: Action
    error: str
    done: list[Action] = field(default_factory=list)
    performed: bool = False
    path: ReplayPath | None = None

    def __str__(self) -> str:
        return f"action {self.index + 1} ({self.action.kind}): {self.error}"


@dataclass(frozen=True)
class ActionReplay:
    """One cached action as the replayer tries it: which one (``step``, ``index``), the action (with its target as
    found so far), the step's values, and how it is tried.

    ``done``: the step's actions as replayed so far (the replayer's list: a failure keeps those before this one, as
    they are when it fails, a fill done again meanwhile included). ``via_gate``: the identity gate may be tried (not
    for a fill done again because its value did not stick). ``path``: the way it is being tried, for its events.
    """

    step: int
    index: int
    action: Action
    values: dict[str, str]
    done: Sequence[Action] = ()
    via_gate: bool = True
    path: ReplayPath | None = None

    def doing(self, action: Action) -> ActionReplay:
        """The same attempt, with the action as it is now (its healed target, its new option, as it was done)."""
        return dataclasses.replace(self, action=action)

    def on(self, path: ReplayPath | None) -> ActionReplay:
        """The same attempt, tried the ``path`` way (through the gate, the full path; None: no element)."""
        return dataclasses.replace(self, path=path)

    def failed(self, error: str, *, performed: bool = False) -> ActionFailed:
        """The failure of this attempt, complete: the action, why, what was done before it, and how it was tried."""
        return ActionFailed(self.index, self.action, error, list(self.done[:self.index]), performed, self.path)
