"""``ScriptedPlanner``: an in-process planner that follows a script, for fast tests of the recording path.

It stands where ``AnthropicPlanner`` stands, as httpx's ``MockTransport`` stands for a network
transport: no server, no SDK, no model. A script names elements by role and name, and each is
resolved to its ref in the newest snapshot of the request, the way ``FakeAnthropic`` does it::

    planner = ScriptedPlanner([
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
        {"tool": "done"},
    ])
    agent = Agent(page, ctx, lambda: planner)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..outcome.usage import Usage
from ..testing.stand_in import action_input, estimated_input_tokens, estimated_output_tokens, first_user_text, pick_turn
from .base import PlanReply, PlanRequest, ToolCall

Entry = dict[str, Any] | list[dict[str, Any]] | ToolCall | PlanReply
"""One scripted reply: an action dict, a list of them (several tool calls in one reply), a ``ToolCall``
(sent as it is) or a whole ``PlanReply``."""
Reply = Entry | Callable[[PlanRequest], Entry]
"""An entry, or a callable that makes one from the request."""

__all__ = ["Entry", "Reply", "ScriptExhausted", "ScriptedPlanner"]


class ScriptExhausted(AssertionError):
    """The model was asked once more than its script has replies for."""


class ScriptedPlanner:
    """A ``Planner`` that answers from a script, in process.

    ``script`` is a list of replies, one per request (across the steps of a test, in order), or a
    callable answering every request (``from_steps`` follows a ``FakeAnthropic`` script by step).
    A reply is a dict ``{"tool": name, "target": {"role", "name"?, "nth"?}, "input": {...}, "text": ...}``
    (``"ref": "e3"`` in place of ``target`` names a ref as it is; a target not in the snapshot becomes
    the ref ``e0-missing``), a list of such dicts (one reply with several tool calls), a ``ToolCall``, a
    ``PlanReply``, or a callable ``(PlanRequest) -> reply``.
    A request past the end of the list raises ``ScriptExhausted``. Each reply reports an estimated
    usage (about four characters a token), so a test's figures count it. ``requests`` keeps every request.
    ``cache_turns`` is what the driver reads of a planner (see ``Planner``): True, as ``AnthropicPlanner``.
    """

    def __init__(self, script: Iterable[Reply] | Callable[[PlanRequest], Entry], *,
                 model: str = "scripted", cache_turns: bool = True) -> None:
        self.model = model
        self.cache_turns = cache_turns
        self._answer: Callable[[PlanRequest], Entry]
        if callable(script):
            self._answer = script
            self._replies: list[Reply] | None = None
        else:
            self._replies = list(script)
            self._answer = self._next
        self.requests: list[PlanRequest] = []

    @classmethod
    def from_steps(cls, steps: list[dict[str, Any]], *, model: str = "scripted") -> ScriptedPlanner:
        """A planner following a ``FakeAnthropic`` script: ``[{"match": ..., "actions": [...]}, ...]``.

        As with the fake server, the step whose ``match`` strings are all in the first message is
        followed, reply by reply; past its last reply, or with no matching step, it answers ``done``.
        """
        def answer(request: PlanRequest) -> Entry:
            actions = pick_turn(steps, {"messages": request.messages})
            return actions if actions is not None else {"tool": "done", "input": {"summary": "done"}}
        return cls(answer, model=model)

    @property
    def calls(self) -> int:
        """How many requests were answered (or asked for)."""
        return len(self.requests)

    def plan(self, request: PlanRequest) -> PlanReply:
        """The script's next reply to ``request``, with an estimated usage."""
        started = time.perf_counter()
        self.requests.append(request)
        reply = self._reply(self._answer(request), request)
        return dataclasses.replace(reply, latency_ms=(time.perf_counter() - started) * 1000)

    def _next(self, request: PlanRequest) -> Entry:
        assert self._replies is not None
        index = len(self.requests) - 1
        if index >= len(self._replies):
            step = first_user_text({"messages": request.messages}).split("\n", 1)[0]
            count = f"{len(self._replies)} repl{'y' if len(self._replies) == 1 else 'ies'}"
            raise ScriptExhausted(f"ScriptedPlanner: the script has {count}, and the model was asked for reply "
                                  f"{index + 1} (in {step!r}); add replies, or end the step with "
                                  f'{{"tool": "done"}}')
        reply = self._replies[index]
        return reply(request) if callable(reply) else reply

    def _reply(self, entry: Entry, request: PlanRequest) -> PlanReply:
        """The reply for an entry; one without a usage gets one estimated from the request."""
        if isinstance(entry, PlanReply):
            reply = entry
        elif isinstance(entry, ToolCall):
            reply = PlanReply(tool_calls=[entry], stop_reason="tool_use")
        elif isinstance(entry, (dict, list)):
            actions = [entry] if isinstance(entry, dict) else entry
            calls = [ToolCall(id=f"toolu_scripted_{len(self.requests)}" + (f"_{i}" if i else ""), name=str(a["tool"]),
                              input=action_input(a, {"messages": request.messages})) for i, a in enumerate(actions)]
            text = str(actions[0].get("text", f"(scripted) {', '.join(c.name for c in calls)}")) if actions else ""
            reply = PlanReply(tool_calls=calls, text=text, stop_reason="tool_use")
        else:
            raise TypeError(f"ScriptedPlanner: a reply must be a dict, a list of dicts, a ToolCall or a PlanReply, not {entry!r}")
        if reply.usage.total:
            return reply
        body = {"system": request.system, "messages": request.messages, "tools": request.tools}
        blocks = [{"type": "tool_use", "input": call.input} for call in reply.tool_calls]
        usage = Usage(input_tokens=estimated_input_tokens(body), output_tokens=estimated_output_tokens(blocks))
        return dataclasses.replace(reply, usage=usage)
