"""One reply of the model carried out: its tool calls in order, each validated, performed and verified.

The first call that fails stops the rest of the reply; every tool_use still gets its tool_result (the
Messages API requires one for each id): the ones not run say so. An action that loaded another document
or changed tabs stops the rest too, as their refs point into a page that is gone. ``done`` (or a run
step's ``skip``) ends the step, as the last call of a reply, after the actions before it succeeded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cache.model import Action
from ..errors import LumenAssertionError, LumenError, StepAbortedError
from ..outcome.action_log import ActionOutcome
from ..planner.base import PlanReply, ToolCall
from .conversation import NOT_RUN, Conversation, Result
from .snapshot import Observation
from .tools import validate_call

MAX_INVALID_REPLIES = 3  # unusable tool calls in a row before the step fails with model_error
ENDINGS = ("done", "skip", "fail")  # calls that end a step: only as the last call of a reply
MOVED = "not run: an earlier call of this reply loaded another page; act on it once you see it"


@dataclass
class DrivenStep:
    """One step while the model drives it: the conversation, the page it last saw, what was done."""

    index: int
    instruction: str
    kind: str
    values: dict[str, str]
    talk: Conversation
    obs: Observation
    system: str = ""
    performed: list[Action] = field(default_factory=list)
    log: list[ActionOutcome] = field(default_factory=list)  # for the memory
    invalid: int = 0  # unusable replies in a row
    conditional: bool = False
    already: int = 0  # actions of the step replay did before the model took over (a heal)
    attempts: int = 0  # tool calls the model asked for that are not done, fail or skip
    looked: int = 0  # how many actions were performed when the reply being carried out began (after its look)

    def unusable(self, problem: str) -> None:
        """Count an unusable reply; too many in a row stop the step."""
        self.invalid += 1
        if self.invalid >= MAX_INVALID_REPLIES:
            raise StepAbortedError(f"the model gave {self.invalid} unusable replies in a row (last: {problem})",
                                   reason="model_error",
                                   remedy="run again; if it persists, try another model with --lumen-model")


class Hands(Protocol):
    """What carries out a call on the page (the driver)."""

    def act(self, step: DrivenStep, call: ToolCall) -> tuple[str, bool]:
        """Carry out a valid call: its status for the model, and whether it failed."""
        ...

    def moved(self) -> bool:
        """Whether the last action loaded another document or changed tabs."""
        ...

    def settle(self, step: DrivenStep) -> None:
        """The step ends: note a navigation that came after its last action's effect."""
        ...

    def observe(self) -> Observation:
        """The page as the model may see it now."""
        ...


def too_early(step: DrivenStep, call: ToolCall) -> tuple[str, str] | None:
    """Why ``done`` cannot end the step yet, (for the log, for the model); None when it can.

    A check needs an assertion; an action step needs an action (by the model, or replayed before a
    heal), unless it applies only if something is on the page.
    """
    if call.name != "done" or step.performed:
        return None
    if step.kind == "expect":
        return "done without any expect_* assertion", "make at least one expect_* assertion before done"
    if step.already or call.input.get("conditional"):
        return None
    return ("done without any action", "nothing was done in this step: act first, or call fail (or skip, when the "
            "step applies only if something is on the page)")


def gave_up(kind: str, call: ToolCall) -> LumenError:
    """The error for the model's ``fail``: a false statement, or a step it could not do."""
    reason = str(call.input.get("reason", "no reason given"))
    if kind == "expect":
        return LumenAssertionError(f"the statement does not hold on this page: {reason}")
    missing = str(call.input.get("missing") or "").strip()
    if missing:  # not the app, not the wording: an interaction pytest-lumen does not offer
        return StepAbortedError(f"the model could not do the step: no tool can {missing} ({reason})",
                                reason="model_gave_up",
                                remedy=f"pytest-lumen has no tool to {missing} yet: do that part with Playwright in the "
                                       f"test (the page fixture), and keep agent.run() for the steps around it")
    return StepAbortedError(f"the model could not do the step: {reason}", reason="model_gave_up",
                            remedy="check that the app works by hand, then reword the instruction")


def too_many(limit: int) -> StepAbortedError:
    """The error for a step that needs more actions than allowed."""
    return StepAbortedError(f"the step needed more than {limit} actions", reason="max_actions",
                            remedy="split the instruction into smaller steps or raise --lumen-max-actions")


def carry_out(hands: Hands, step: DrivenStep, reply: PlanReply, tools: list[dict[str, Any]], max_actions: int) -> bool:
    """Carry out one reply of the model and note it in the conversation; True when the step is done."""
    if not reply.tool_calls:
        step.unusable("the model answered without a tool call")
        step.talk.add(reply.text or "(no text)", (), step.obs, note="Reply with a tool call.")
        return False
    calls = reply.tool_calls
    step.looked = len(step.performed)
    results: list[Result] = []
    touched = False  # whether the page may have changed (then it is observed again)
    for position, call in enumerate(calls):
        if call.name in ENDINGS and position < len(calls) - 1:
            outcome = _refused(step, call, f"{call.name} must be the last tool call of a reply")
        elif _ends(step, call):
            hands.settle(step)
            return True
        else:
            outcome = _act(hands, step, call, tools, max_actions)
            touched = touched or not outcome.status.startswith("invalid")
        results.append(outcome)
        if outcome.is_error:
            break
        rest = calls[position + 1:]
        if any(c.name not in ENDINGS for c in rest) and hands.moved():  # a done right after it still ends the step
            results += [Result(c, MOVED, True) for c in rest]
            break
    results += [Result(c, NOT_RUN, True) for c in calls[len(results):]]
    step.obs = hands.observe() if touched else step.obs
    step.talk.add(reply.text, results, step.obs)
    return False


def _ends(step: DrivenStep, call: ToolCall) -> bool:
    """True when ``call`` ends the step (``done``, or a run step's ``skip``); ``fail`` raises."""
    if call.name == "fail":
        raise gave_up(step.kind, call)
    if (call.name == "done" and too_early(step, call) is None) or (call.name == "skip" and step.kind == "run"):
        step.conditional = call.name == "skip" or call.input.get("conditional") is True  # skip: a condition not met
        return True
    return False


def _act(hands: Hands, step: DrivenStep, call: ToolCall, tools: list[dict[str, Any]], max_actions: int) -> Result:
    """Validate a call that does not end the step and carry it out; what came of it."""
    early = too_early(step, call)
    if early is not None:
        return _refused(step, call, early[1], early[0])
    step.attempts += 1
    if step.attempts > max_actions:  # several calls a reply: the bound is on actions, not on replies
        raise too_many(max_actions)
    problem = validate_call(call.name, call.input, tools)
    if problem is not None:
        return _refused(step, call, problem)
    status, is_error = hands.act(step, call)
    if is_error and status.startswith("invalid"):
        step.unusable(status)
    else:
        step.invalid = 0
    return Result(call, status, is_error)


def _refused(step: DrivenStep, call: ToolCall, problem: str, logged: str = "") -> Result:
    """An unusable call: counted, and sent back as invalid."""
    step.unusable(logged or problem)
    return Result(call, f"invalid call: {problem}", True)
