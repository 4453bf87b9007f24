"""A model-driven step: observe, ask the planner, act, until the model says done."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from . import actions as A
from .checks import run_check
from .errors import LumenAssertionError, LumenError, ModelError, StepAbortedError
from .events import ToolEnd, ToolStart
from .keys import normalize_url
from .navigation import SETTLE_MS, NavigationWatch
from .planner.base import PlanRequest, ToolCall
from .planner.prompts import result_message, step_message, system_prompt
from .planner.tools import EXPECT_TOOLS, RUN_TOOLS, validate_call
from .snapshot import Observation, observe
from .state import Stopwatch, TestState
from .targets import focused_target, group_target, target_for

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

MAX_INVALID_REPLIES = 3  # unusable tool calls in a row before the step fails with model_error
OMITTED = "(page state omitted: a newer one follows)"


class ToolInputError(Exception):
    """The model's call cannot be carried out as given (unknown ref, bad argument)."""


@dataclass
class Turn:
    call: Optional[ToolCall]
    text: str
    status: str
    is_error: bool


@dataclass
class DriveResult:
    actions: list[Any]
    iterations: int
    model_calls: int
    log: list[dict[str, Any]] = field(default_factory=list)


class ModelDriver:
    """Runs one step through the planner; returns the actions it performed, ready to cache."""

    def __init__(self, page: Page, planner: Any, state: TestState, *, guard: Callable[[str], None] = lambda url: None,
                 memory: Any = None) -> None:
        self.page = page
        self.planner = planner
        self.state = state
        self.guard = guard
        self.memory = memory
        self.settings = state.settings
        self._url_after = ""  # the normalized URL right after the last performed action

    # --- the loop ------------------------------------------------------------------

    def drive(self, step: int, instruction: str, kind: str, values: dict[str, str], heal: str = "") -> DriveResult:
        """Let the model carry out one step; the actions it performed, ready to cache."""
        with NavigationWatch(self.page) as self._navigation:
            return self._loop(step, instruction, kind, values, heal)

    def _loop(self, step: int, instruction: str, kind: str, values: dict[str, str], heal: str) -> DriveResult:
        tools = RUN_TOOLS if kind == "run" else EXPECT_TOOLS
        self._instruction = instruction
        system = system_prompt(self.memory.tier1_text() if self.memory else "")
        obs = self._observe()
        site_tips = self.memory.site_tips(obs.url) if self.memory else ""
        first = step_message(instruction, kind, obs, heal=heal, site_tips=site_tips)
        turns: list[Turn] = []
        performed: list[Any] = []
        log: list[dict[str, Any]] = []
        invalid = 0
        deadline = time.monotonic() + self.settings.step_timeout
        calls_before = self.state.model_calls
        for iteration in range(1, self.settings.max_actions + 1):
            if time.monotonic() > deadline:
                raise StepAbortedError(f"the step took longer than {self.settings.step_timeout:g}s", reason="timeout",
                                       remedy="split the instruction into smaller steps or raise --lumen-step-timeout")
            request = PlanRequest(system=system, messages=self._messages(first, turns, obs), tools=tools)
            reply = self.state.plan(self.planner, request, step)
            if not reply.tool_calls:
                invalid += 1
                self._check_invalid(invalid, "the model answered without a tool call")
                turns.append(Turn(None, reply.text or "(no text)", "Reply with exactly one tool call.", True))
                continue
            call = reply.tool_calls[0]
            if call.name == "done" and kind == "expect" and not performed:
                invalid += 1
                self._check_invalid(invalid, "done without any expect_* assertion")
                turns.append(Turn(call, reply.text, "invalid call: make at least one expect_* assertion before done", True))
                continue
            if call.name == "done":
                self._late_navigation(performed)
                return DriveResult(performed, iteration, self.state.model_calls - calls_before, log)
            if call.name == "fail":
                reason = str(call.input.get("reason", "no reason given"))
                if kind == "expect":
                    raise LumenAssertionError(f"the statement does not hold on this page: {reason}")
                raise StepAbortedError(f"the model could not do the step: {reason}", reason="model_gave_up",
                                       remedy="check that the app works by hand, then reword the instruction")
            problem = validate_call(call.name, call.input, tools)
            if problem is None:
                status, is_error, obs = self._act(step, call, obs, values, performed, log)
                if is_error and status.startswith("invalid"):
                    invalid += 1
                    self._check_invalid(invalid, status)
                else:
                    invalid = 0
            else:
                invalid += 1
                self._check_invalid(invalid, problem)
                status, is_error = f"invalid call: {problem}", True
            turns.append(Turn(call, reply.text, status, is_error))
        raise StepAbortedError(f"the step needed more than {self.settings.max_actions} actions", reason="max_actions",
                               remedy="split the instruction into smaller steps or raise --lumen-max-actions")

    def _check_invalid(self, count: int, problem: str) -> None:
        if count >= MAX_INVALID_REPLIES:
            raise StepAbortedError(f"the model gave {count} unusable replies in a row (last: {problem})", reason="model_error",
                                   remedy="run again; if it persists, try another model with --lumen-model")

    @staticmethod
    def _messages(first: str, turns: list[Turn], obs: Observation) -> list[dict[str, Any]]:
        """The conversation with only the newest page state, to keep the prompt small."""
        head = first
        if turns:
            head = first.split("\n\nCurrent page:\n", 1)[0] + "\n\n" + OMITTED
        messages: list[dict[str, Any]] = [{"role": "user", "content": head}]
        for i, turn in enumerate(turns):
            last = i == len(turns) - 1
            if turn.call is None:
                messages.append({"role": "assistant", "content": turn.text})
                messages.append({"role": "user", "content": turn.status})
                continue
            content: list[dict[str, Any]] = []
            if turn.text:
                content.append({"type": "text", "text": turn.text})
            content.append({"type": "tool_use", "id": turn.call.id, "name": turn.call.name, "input": turn.call.input})
            messages.append({"role": "assistant", "content": content})
            body = result_message(turn.status, obs) if last else turn.status + "\n" + OMITTED
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": turn.call.id, "content": body, "is_error": turn.is_error}]})
        return messages

    # --- acting --------------------------------------------------------------------

    def _act(self, step: int, call: ToolCall, obs: Observation, values: dict[str, str], performed: list[Any],
             log: list[dict[str, Any]]) -> tuple[str, bool, Observation]:
        tool_id = f"{call.name}:{len(log)}"
        self.state.events.emit(ToolStart(step=step, tool=call.name, toolId=tool_id, source="model"))
        watch = Stopwatch()
        self._late_navigation(performed)
        before_url = self.page.url
        try:
            action, loc = self._build(call, obs)
            if isinstance(action, A.Goto):
                self.guard(A.absolute_url(A.substitute(action.url, values), before_url))
            if isinstance(action, A.Expect):
                run_check(self.page, action, loc, values, self.settings.action_timeout * 1000)
            else:
                self._navigation.start()
                self._perform(action, loc, values)
                self._navigation.settle(max(self.settings.action_timeout * 1000, SETTLE_MS))
                action = action.model_copy(update={"after": A.effect_after(self.page, action, loc, before_url)})
        except ToolInputError as exc:
            return self._after(step, call, tool_id, watch, log, f"invalid call: {exc}", True, obs)
        except LumenAssertionError as exc:
            return self._after(step, call, tool_id, watch, log, f"error: this check does not hold now: {exc.message}", True, None)
        except (PlaywrightError, LumenError) as exc:
            if isinstance(exc, (ModelError, StepAbortedError)) or type(exc).__name__ == "NavigationRefusedError":
                raise
            message = _short_error(exc)
            tips = self.memory.error_tips(call.name, message, self.page.url) if self.memory else ""
            return self._after(step, call, tool_id, watch, log, f"error: {message}" + (f"\n\n{tips}" if tips else ""),
                               True, None, error=message)
        action = self._templatized(action)
        performed.append(action)
        self._url_after = normalize_url(self.page.url)
        target = getattr(action, "target", None)
        return self._after(step, call, tool_id, watch, log, f"ok: {call.name} done", False, None,
                           locator=target.locator.describe() if target else None)

    def _after(self, step: int, call: ToolCall, tool_id: str, watch: Stopwatch, log: list[dict[str, Any]], status: str,
               is_error: bool, obs: Optional[Observation], *, error: str | None = None,
               locator: str | None = None) -> tuple[str, bool, Observation]:
        self.state.events.emit(ToolEnd(step=step, tool=call.name, toolId=tool_id, outcome="error" if is_error else "ok",
                                       duration_ms=watch.ms, locator=locator, error=error or (status if is_error else None)))
        if not status.startswith("invalid"):  # the model's own mistakes teach nothing about pages
            log.append({"command": call.name, "ok": not is_error, "error": error or (status if is_error else None),
                        "url": self.page.url})
        what = locator or self._describe_input(call)
        outcome = "error" if is_error else "ok"
        self.state.progress(self.state.secrets.redact(
            f"{self._instruction!r} -> {call.name} {what} [{outcome}] (tokens so far: {self.state.usage.total})"))
        return status, is_error, obs or self._observe()

    def _perform(self, action: Any, loc: Optional[Locator], values: dict[str, str]) -> None:
        """Perform the model's action. One that timed out after it acted (a click waiting for the slow
        navigation it started) was done: it is kept, and its effect is taken as for any other."""
        try:
            A.perform(self.page, action, loc, values, self.settings.action_timeout * 1000)
        except PlaywrightTimeoutError as exc:
            if not A.began_to_act(str(exc)):
                raise

    def _late_navigation(self, performed: list[Any]) -> None:
        """A navigation that came after the last action's effect was taken (the page asked its server
        first, the model was thinking) is that action's effect too: replay must wait for it as well.

        It also brings ``page.url`` up to date, so the next step's key is taken from the page the
        replay will be on (replay needs no such round trip: it waits for each recorded effect).
        """
        now = normalize_url(A.current_url(self.page))
        if not performed or isinstance(performed[-1], A.Expect):
            return
        if now != self._url_after:
            performed[-1] = performed[-1].model_copy(update={"after": A.Effect(url=self.state.secrets.templatize(now))})
            self._url_after = now

    def _observe(self) -> Observation:
        """The page as the model may see it: secret values shown as their placeholders."""
        obs = observe(self.page, self.settings.snapshot_chars)
        tpl = self.state.secrets.templatize
        return dataclasses.replace(obs, url=tpl(obs.url), title=tpl(obs.title), snapshot=tpl(obs.snapshot))

    def _templatized(self, action: Any) -> Any:
        """The action with every known value (page text included) turned back into its %placeholder%."""
        return type(action).model_validate(self.state.secrets.redact_data(action.model_dump(mode="json")))

    @staticmethod
    def _describe_input(call: ToolCall) -> str:
        return " ".join(f"{k}={v!r}" for k, v in call.input.items())

    def _ref(self, call: ToolCall, obs: Observation) -> Optional[tuple[A.Target, Locator]]:
        ref = call.input.get("ref")
        if ref is None:
            return None
        if ref not in obs.refs:
            raise ToolInputError(f"ref {ref!r} is not in the latest snapshot; use a ref shown there")
        return target_for(self.page, self.page.get_by_ref(ref))

    def _build(self, call: ToolCall, obs: Observation) -> tuple[Any, Optional[Locator]]:
        """The cacheable action for a tool call, and the live locator to act on."""
        args, name = call.input, call.name
        tpl = self.state.secrets.templatize
        resolved = self._ref(call, obs)
        target, loc = resolved if resolved else (None, None)
        if name in ("type", "press") and target is None:
            focused = focused_target(self.page)
            if focused is not None:
                target, loc = focused
        if name == "click":
            return A.Click(target=target), loc
        if name == "fill":
            return A.Fill(target=target, value=tpl(args["value"])), loc
        if name == "type":
            return A.TypeText(text=tpl(args["text"]), target=target), loc
        if name == "press":
            return A.Press(key=args["key"], target=target), loc
        if name == "select_option":
            return A.SelectOption(target=target, value=tpl(args["value"])), loc
        if name == "check":
            return A.Check(target=target, checked=args.get("checked", True)), loc
        if name == "hover":
            return A.Hover(target=target), loc
        if name == "goto":
            return A.Goto(url=tpl(normalize_url(args["url"]))), None
        if name == "scroll":
            return A.Scroll(direction=args.get("direction", "down"), target=target), loc
        if name == "wait_for":
            if not args.get("text") and args.get("ms") is None:
                raise ToolInputError("wait_for needs text or ms")
            return A.WaitFor(text=tpl(args["text"]) if args.get("text") else None, ms=args.get("ms")), None
        if name.startswith("expect_"):
            return self._build_expect(name[len("expect_"):], args, target, loc)
        raise ToolInputError(f"tool {name!r} cannot be carried out here")

    def _build_expect(self, check: str, args: dict[str, Any], target: Optional[A.Target],
                      loc: Optional[Locator]) -> tuple[A.Expect, Optional[Locator]]:
        tpl = self.state.secrets.templatize
        if check == "url":
            return A.Expect(check="url", expected=tpl(normalize_url(args["url"]) if "://" in args["url"] else args["url"])), None
        if target is None:
            raise ToolInputError(f"expect_{check} needs a ref")
        if check == "count":
            group = group_target(target)
            return A.Expect(check="count", target=group, expected=args["count"]), group.locator.build(self.page)
        expected: Any = {"visible": None, "text": None, "value": None, "checked": args.get("checked")}[check]
        if check == "text":
            expected = tpl(args["text"])
        elif check == "value":
            expected = tpl(args["value"])
        return A.Expect(check=check, target=target, expected=expected), loc  # type: ignore[arg-type]


def _short_error(exc: BaseException) -> str:
    """The first line of a Playwright error, without its call log."""
    text = str(exc.message if isinstance(exc, LumenError) else exc).strip()
    first = text.split("\nCall log:", 1)[0].strip()
    return first.splitlines()[0][:300] if first else type(exc).__name__
