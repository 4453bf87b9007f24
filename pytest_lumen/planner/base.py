"""The planner protocol: the one place where the model is called, so that another can be plugged in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..outcome.usage import Usage


@dataclass(frozen=True)
class ToolCall:
    """One tool call of the model: ``name`` with ``input``; ``id`` pairs it with its result."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class PlanRequest:
    """What the model is shown: the system prompt, the messages (Anthropic format) and the tools."""

    system: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]

    @property
    def prompt_chars(self) -> int:
        import json

        return len(self.system) + len(json.dumps(self.messages)) + len(json.dumps(self.tools))


@dataclass(frozen=True)
class PlanReply:
    """The model's answer: its tool calls (one or more, carried out in order), any text, and the usage of the request."""

    tool_calls: list[ToolCall]
    text: str = ""
    usage: Usage = field(default_factory=Usage)
    stop_reason: str | None = None
    latency_ms: float = 0.0


@runtime_checkable
class Planner(Protocol):
    """Anything that chooses the next actions. ``AnthropicPlanner`` is the real one.

    ``model`` names the model (the figures and the cost estimate). ``cache_turns`` is True when the
    planner's API caches prompt prefixes: the driver then sends a step's conversation append-only, each
    page state as a diff against the one before when shorter; when False, only the newest page state, whole.
    """

    model: str
    cache_turns: bool

    def plan(self, request: PlanRequest) -> PlanReply:
        """Answer one request; raise ``ModelError`` when the model cannot be used."""
        ...
