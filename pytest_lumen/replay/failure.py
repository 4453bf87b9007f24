"""Why a cached action could not be replayed, for the agent to report or to heal with the model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..events import ReplayPath


@dataclass
class ActionFailed(Exception):
    """A cached action could not be replayed; ``done`` holds the actions replayed before it.

    ``performed``: the action itself was done, only what followed it differed from the recording
    (another URL, another value in the field); it must not be done again. ``path``: how the
    action was tried (through the identity gate, or the full path), for its ``tool.end`` event.
    """

    index: int
    action: Any
    error: str
    done: list[Any] = field(default_factory=list)
    performed: bool = False
    path: ReplayPath | None = None

    def __str__(self) -> str:
        return f"action {self.index + 1} ({self.action.kind}): {self.error}"
