"""The planner protocol: the one place where the model is called, so that another can be plugged in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..outcome.usage import Usage

# How a call's result begins when the page moved on between the look the model chose from and its call (an app
# that navigates once its server answered): the model is shown the page again and chooses again. The scripted
# planners and the fake model do so too: they repeat the action, found on the page they are shown then.
MOVED_ON = "the page moved on since the look you chose from"


@dataclass(frozen=True)
class ToolCall:
    """One tool call of the model: ``name`` with ``input``; ``id`` pairs it with its result."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class PlanRequest:
    """What the model is shown: the system prompt, the messages (Anthropic format) and the tools.

    And, for a planner that answers by test and step (the scripted planner; the model itself is not told): ``test``,
    the node id of the test asking (``tests/test_shop.py::test_sign_in``, an ``agent_for`` block's
    ``<folder>/_fixtures::<name>``), ``step``, the sentence as the test writes it (placeholders unfilled), and
    ``occurrence``, how many steps of the test with that sentence came before it.
    """

    system: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    test: str = ""
    step: str = ""
    occurrence: int = 0

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
    A planner may also say ``calls_model = False`` (``ScriptedPlanner`` does): it calls no model, so its
    replies are counted as scripted replies, with no tokens, no cost and no token budget (``calls_model``).
    """

    model: str
    cache_turns: bool

    def plan(self, request: PlanRequest) -> PlanReply:
        """Answer one request; raise ``ModelError`` when the model cannot be used."""
        ...


def calls_model(planner: Planner) -> bool:
    """Whether a planner's replies come from a model (counted as model calls, with tokens and a cost): True unless it
    says ``calls_model = False``."""
    return bool(getattr(planner, "calls_model", True))
