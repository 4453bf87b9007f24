"""One cached step as the replayer replays it (``StepReplay``), one of its actions as it is tried (``ActionReplay``),
and why an action could not be replayed (``ActionFailed``, for the agent to report or to heal with the model).

What travels together travels as one object: the page acted on now, the test's context, the step's sentence, its
values and its placeholder rule, the actions done so far and the heals made. Whatever heals or translates an action
takes the ``ActionReplay`` and reads the step from it; a failure is built complete where it is raised.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cache.model import Action
from ..events import ReplayPath
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from ..cache.model import Step
    from ..context import TestContext
    from ..errors import InputUnhandledError
    from ..outcome.heal import Heal
    from ..secrets import PlaceholderRule


@dataclass
class ActionFailed(Exception):
    """A cached action could not be replayed; ``done`` holds the actions replayed before it.

    ``performed``: the action itself was done, only what followed it differed from the recording
    (another URL, another value in the field); it must not be done again. ``path``: how the
    action was tried (through the identity gate, or the full path), for its ``tool.end`` event.
    ``log``: Playwright's call log of the action, when Playwright failed it (what it waited for, what was in the way).
    """

    index: int
    action: Action
    error: str
    done: list[Action] = field(default_factory=list)
    performed: bool = False
    path: ReplayPath | None = None
    log: str = ""

    def __str__(self) -> str:
        return f"action {self.index + 1} ({self.action.kind}): {self.error}"


@dataclass(eq=False)
class StepReplay:
    """One cached step being replayed: which (``index``, from 0) and what (``cached``), on which page now, for which
    test (``ctx``), with which values and placeholder rule (what it writes holds the step's placeholders, not its
    values), and what it came to so far: the actions as done (``done``: a healed target, a fill done again), the
    heals made, and the actions done by the one before them (``merged``: a listbox's option chosen natively)."""

    ctx: TestContext
    index: int
    cached: Step
    values: dict[str, str]
    page: Page
    placeholders: PlaceholderRule
    done: list[Action] = field(default_factory=list)
    heals: list[Heal] = field(default_factory=list)
    merged: set[int] = field(default_factory=set)

    @property
    def instruction(self) -> str:
        """The step's sentence, as the test wrote it (its placeholders unfilled)."""
        return self.cached.instruction

    def action(self, index: int, action: Action | None = None, *, via_gate: bool = True) -> ActionReplay:
        """The step's action ``index`` as it is tried now (``action``: as it stands, by default as cached)."""
        return ActionReplay(self, index, self.cached.actions[index] if action is None else action, via_gate)

    def following(self, index: int) -> Action | None:
        """The cached action after action ``index``, if any."""
        return self.cached.actions[index + 1] if index + 1 < len(self.cached.actions) else None

    def as_done(self) -> list[Action]:
        """The actions as done, those merged into the one before them left out."""
        return [a for i, a in enumerate(self.done) if i not in self.merged]

    def recorded_page(self, index: int) -> str:
        """The page (normalized URL, the step's values filled in) the cached action ``index`` was recorded on: the
        page the last action before it led to or opened, else where the step started."""
        for earlier in reversed(self.cached.actions[:index]):
            after = earlier.after
            if after is not None and (after.popup or after.url):
                return substitute(after.popup or after.url or "", self.values)
        return substitute(self.cached.url, self.values)


@dataclass(frozen=True)
class ActionReplay:
    """One cached action of a step as the replayer tries it: which one (``index``), the action (with its target as
    found so far), and how it is tried.

    ``via_gate``: the identity gate may be tried (not for a fill done again because its value did not stick).
    ``path``: the way it is being tried, for its events. The step (``step``) holds the values, the page and what was
    done: a failure keeps the actions before this one as they are when it fails, a fill done again meanwhile included.
    """

    step: StepReplay
    index: int
    action: Action
    via_gate: bool = True
    path: ReplayPath | None = None

    @property
    def values(self) -> dict[str, str]:
        """The step's values, by placeholder name."""
        return self.step.values

    def doing(self, action: Action) -> ActionReplay:
        """The same attempt, with the action as it is now (its healed target, its new option, as it was done)."""
        return dataclasses.replace(self, action=action)

    def on(self, path: ReplayPath | None) -> ActionReplay:
        """The same attempt, tried the ``path`` way (through the gate, the full path; None: no element)."""
        return dataclasses.replace(self, path=path)

    def unhandled(self, error: InputUnhandledError, log: str = "") -> ActionFailed:
        """The failure, as performed, of an action whose input reached the page and did not do what it should in
        time (``InputUnhandledError``): it is never done again."""
        return self.failed(error.explained(), performed=True, log=log)

    def failed(self, error: str, *, performed: bool = False, log: str = "") -> ActionFailed:
        """The failure of this attempt, complete: the action, why, what was done before it, how it was tried (and
        Playwright's call log, when Playwright failed it)."""
        return ActionFailed(self.index, self.action, error, list(self.step.done[:self.index]), performed, self.path,
                            log)
