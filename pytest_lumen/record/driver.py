"""A model-driven step: observe, ask the planner, act, until the model says done.

The conversation lives in ``conversation.py``, the tools and how their calls become actions in
``tools.py``; here is the loop, its limits (actions, time, tokens, unusable replies) and its accounting.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Action, DialogAnswer, Effect, Expect, Goto, SelectOption
from ..cache.profile import Profile
from ..errors import (
    InputUnhandledError,
    LumenAssertionError,
    LumenError,
    ModelError,
    NavigationRefusedError,
    StepAbortedError,
    first_line,
)
from ..events import ModelRequest, StepFinal, ToolSpan
from ..outcome.action_log import ActionOutcome
from ..page.checks import run_check
from ..page.dialogs import DialogWatch, UnexpectedDialog
from ..page.dialogs import describe as describe_dialogs
from ..page.guard import NavigationGuard
from ..page.options import chosen
from ..page.perform import On, effect_after, perform_once
from ..page.tabs import PopupWatch, Tabs
from ..planner.base import MOVED_ON, PlanReply, PlanRequest, ToolCall, calls_model
from ..secrets import PlaceholderRule, map_strings, password_fills
from ..templates import substitute
from ..urls import normalize_host, normalize_url, same_place
from .conversation import KEEP_PAGES, Conversation, step_message, system_prompt
from .dialogs import answer_from, dialog_request
from .late import LateEffects
from .reply import DrivenStep, carry_out, too_many
from .snapshot import SHOW_ITEMS, Observation, observe, show_items
from .tools import RefGone, ToolInputError, held_on, to_action, tools_for
from .watch import SETTLE_MS, NavigationWatch

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from ..context import TestContext
    from ..memory.view import MemorySession
    from ..planner.base import Planner

# A tab or popup an action opens is reported after the action returns. Where the browser says that the
# page asked for one (Chromium), it is waited for as long as an action may take; elsewhere, and for a
# page a handler opens a moment later (after a timer, a fetch), an action that can open one waits this
# long for it (replay knows from the cache whether one comes, and waits for it as long as it may take).
OPENERS = ("click", "tap", "press")
POPUP_GRACE_MS = 300.0


@dataclass(frozen=True)
class StepTask:
    """A step the model is asked to carry out: its index, sentence, kind (``run``, ``expect``) and values.

    ``names``: the variables the test passed to this step (by default all of ``values``): their values
    become placeholders in what it records, as whole tokens (``secrets.py``); secrets everywhere.
    ``heal``: the brief of the replay the model finishes (a heal); ``already``: the actions replay did before it.
    ``ordinal``: how many steps of the test with the same sentence came before it (a scripted planner reads it).
    """

    index: int
    instruction: str
    kind: str
    values: dict[str, str]
    names: Collection[str] | None = None
    heal: str = ""
    already: int = 0
    ordinal: int = 0


@dataclass
class DriveResult:
    """What one model-driven step did: the actions to cache, the model turns, the action log for the memory."""

    actions: list[Action]
    iterations: int
    log: list[ActionOutcome] = field(default_factory=list)
    conditional: bool = False  # the step applies only if something is on the page (``skip``, done's ``conditional``)


def moved_on(step: DrivenStep, now: str, failure: BaseException | None = None, acted: bool = False) -> str:
    """What the model is told of a call not carried out, or failed before it acted (``acted``: it was sent; a check
    never is), on a page that moved on since the look it chose from and before any call of its reply acted (``now``:
    the page's address as the model is shown it, against the look's, a fragment that is no route aside; or the ref
    it chose names no element now: ``RefGone``): nothing was done, choose again; "" otherwise."""
    here = same_place(now, step.obs.url)
    if acted or len(step.performed) > step.looked or (here and not isinstance(failure, RefGone)):
        return ""
    why = first_line(failure) if isinstance(failure, RefGone) and here else f"it is at {now} now"
    return f"error: {MOVED_ON} ({why}): nothing was done; choose again from the page below"


class ModelDriver:
    """Runs one step through the planner; returns the actions it performed, ready to cache."""

    def __init__(self, page: Page, planner: Planner, ctx: TestContext, *, guard: NavigationGuard | None = None,
                 memory: MemorySession | None = None, tabs: Tabs | None = None) -> None:
        self.page = page
        self.tabs = tabs or Tabs(page)
        self.planner = planner
        self.ctx = ctx
        self.guard = guard or NavigationGuard((), ctx.cache.display)
        self.memory = memory
        self.settings = ctx.settings
        self.task: StepTask | None = None  # the step being driven (``drive``)
        self.placeholders: PlaceholderRule = ctx.secrets.hide_secrets  # the step's placeholder rule (set by ``drive``)
        self._looked: tuple[Page, int] | None = None  # the page of the model's last look, and its documents then

    # --- the loop ------------------------------------------------------------------

    def drive(self, task: StepTask) -> DriveResult:
        """Let the model carry out one step: the actions it performed, ready to cache, and whether it is conditional.

        The model calls and their tokens are counted in the test's figures, the actions' outcomes go
        to its action log (for the memory), and a ``step.final`` event sums the step up.
        """
        calls_before, usage_before = self.ctx.figures.model_calls, self.ctx.figures.usage
        self.task = task
        self.placeholders = self.ctx.secrets.placeholders_for(task.values if task.names is None else task.names)
        late = LateEffects(self.page, self.placeholders, self.settings.action_timeout * 1000, self.ctx.background_requests)
        with NavigationWatch(self.page) as self._navigation, PopupWatch(self.page.context) as self._popups, late:
            self._late = late
            result = self._loop(task)
        self.ctx.action_log.extend(result.log)
        used = self.ctx.figures.usage
        delta = used.model_copy(update={k: getattr(used, k) - getattr(usage_before, k) for k in type(used).model_fields})
        self.ctx.events.emit(StepFinal(step=task.index, iterations=result.iterations,
                                       model_calls=self.ctx.figures.model_calls - calls_before, usage=delta))
        return result

    def _plan(self, request: PlanRequest, step: int) -> PlanReply:
        """Call the model once, count it in the test's figures and enforce the token budget. A planner that calls no
        model (a script) is counted apart: no tokens, no cost, no budget."""
        request = dataclasses.replace(request, test=self.ctx.nodeid, step=self.task.instruction,  # a script reads them
                                      occurrence=self.task.ordinal) if self.task else request
        reply: PlanReply = self.planner.plan(request)
        model = self.planner.model
        figures = self.ctx.figures
        counted = figures.add_reply(model, reply.usage, scripted=not calls_model(self.planner))
        self.ctx.events.emit(ModelRequest(step=step, model=model, latency_ms=round(reply.latency_ms, 1), usage=counted,
                                          prompt_chars=request.prompt_chars, stop_reason=reply.stop_reason))
        budget = self.settings.max_tokens
        if budget and figures.usage.total > budget:
            raise StepAbortedError(
                f"the test used {figures.usage.total} tokens, over its budget of {budget}",
                reason="token_budget",
                remedy="raise --lumen-max-tokens, or split the step into smaller instructions",
            )
        return reply

    def _loop(self, task: StepTask) -> DriveResult:
        tools = tools_for(task.kind, touch=self.ctx.cache.profile is not None
                          and Profile.parse(self.ctx.cache.profile).touch)
        system = system_prompt(self.memory.tier1_text() if self.memory else "")
        obs = self.observe(quiet=True)
        site_tips = self.memory.site_tips(obs.url) if self.memory else ""
        talk = Conversation(step_message(task.instruction, task.kind, obs, heal=task.heal, site_tips=site_tips), obs,
                            incremental=self.planner.cache_turns, budget=KEEP_PAGES * self.settings.snapshot_chars)
        step = DrivenStep(task.index, task.instruction, task.kind, task.values, talk, obs, system, already=task.already)
        deadline = time.monotonic() + self.settings.step_timeout
        for iteration in range(1, self.settings.max_actions + 1):
            if time.monotonic() > deadline:
                raise StepAbortedError(f"the step took longer than {self.settings.step_timeout:g}s", reason="timeout",
                                       remedy="split the instruction into smaller steps or raise --lumen-step-timeout")
            reply = self._plan(PlanRequest(system=system, messages=talk.messages(), tools=tools), task.index)
            if carry_out(self, step, reply, tools, self.settings.max_actions):
                return DriveResult(step.performed, iteration, step.log, step.conditional)
        raise too_many(self.settings.max_actions)

    def moved(self) -> bool:
        """Whether the last action loaded another document or changed tabs: the refs the model saw are gone."""
        return self._navigation.requested or self.tabs.current is not self.page

    def settle(self, step: DrivenStep) -> None:
        """The step ends: a navigation after its last action's effect is that action's too."""
        self._late.apply(step.performed)

    # --- acting --------------------------------------------------------------------

    def act(self, step: DrivenStep, call: ToolCall) -> tuple[str, bool]:
        """Carry out a valid call; its status for the model and whether it failed."""
        self._navigation.start()  # what ``moved`` reads is this call's
        if call.name == SHOW_ITEMS:  # not an action: the next look shows the items asked for
            return show_items(self.page, step.obs, call.input)
        span = ToolSpan(self.ctx.events, step.index, call.name, f"{call.name}:{len(step.log)}", "model")
        self._late.apply(step.performed)
        before_url, self._acted = self.page.url, False  # whether the call was sent to the page: set by ``_carry_out``
        if told := moved_on(step, self.ctx.secrets.redact(before_url)):  # its refs and focus are of a page gone
            return self._after(step, call, span, told, error=told)
        try:
            action = self._carry_out(step, call, before_url)
        except ToolInputError as exc:
            return self._after(step, call, span, f"invalid call: {exc}", error=f"invalid call: {exc}")
        except (PlaywrightError, LumenError) as exc:
            if isinstance(exc, (ModelError, StepAbortedError, NavigationRefusedError, InputUnhandledError)):
                raise  # InputUnhandledError: a click may still land, the model must not do it again
            self._late.abandoned()
            told = moved_on(step, self.ctx.secrets.redact(before_url), exc, self._acted)  # sent: never again
            if told or isinstance(exc, LumenAssertionError):
                status = told or f"error: this check does not hold now: {exc.message}"
                return self._after(step, call, span, status, error=status)
            message = first_line(exc)
            tips = self.memory.error_tips(call.name, message, self.page.url) if self.memory else ""
            status = f"error: {message}" + (f"\n\n{tips}" if tips else "")
            return self._after(step, call, span, status, error=message or status)
        action = self._with_placeholders(action)
        self.ctx.secrets.mark_secret(password_fills([action]))  # from now on kept out everywhere
        step.performed.append(action)
        target = action.target_or_none
        opened = describe_dialogs(action.dialogs or [])
        return self._after(step, call, span, f"ok: {call.name} done" + (f"; {opened}" if opened else ""),
                           locator=target.locator.describe() if target else None)

    def _carry_out(self, step: DrivenStep, call: ToolCall, before_url: str) -> Action:
        """Do the call on the page; the action with its effect. A check is run, never performed."""
        timeout_ms = self.settings.action_timeout * 1000
        action, loc = to_action(call, self.page, step.obs.refs, self.placeholders, substitute(step.instruction, step.values))
        if isinstance(action, Goto):
            self.guard.goto(action.url, step.values, before_url)
        if isinstance(action, Expect):
            run_check(self.page, action, loc, step.values, timeout_ms)
            return held_on(self.page, action, loc, call.input.get("ref"))
        self._navigation.start()
        ask = lambda kind, message: self._ask_dialog(step, action, kind, message)  # noqa: E731
        self._popups.start(self.page)
        self._late.acting()
        self._acted = True
        with DialogWatch.of(self.page.context).answering(ask, step.values, self.placeholders, self.page) as dialogs:
            perform_once(action, On(self.page, loc, step.values, timeout_ms, self.ctx.test_dir))  # timed out after acting: done
        self._navigation.settle(max(timeout_ms, SETTLE_MS))
        may_open = action.kind in OPENERS and not self._navigation.requested  # a click that navigated opened no tab
        asked = self._popups.asked(self.page)
        popup = self._popups.wait(timeout_ms if asked else POPUP_GRACE_MS if may_open else 0, self.page)
        effect = effect_after(self.page, action, loc, before_url)  # after that wait: a navigation during it counts
        if popup is not None:  # later actions act on the page it opened, as they will on replay
            effect = (effect or Effect()).model_copy(update={"popup": normalize_url(popup.url)})
            self.tabs.opened(popup)
        sent = self._late.acted()  # after the navigation's round trip: what the action sent is known
        if sent:
            effect = (effect or Effect()).model_copy(update={"requests": sent})
        if isinstance(action, SelectOption) and loc is not None:  # which option it was: found again if renamed
            action = action.model_copy(update={"option": chosen(loc, timeout_ms)})
        return action.model_copy(update={"after": effect, "dialogs": dialogs.seen or None})

    def _ask_dialog(self, step: DrivenStep, action: Action, kind: str, message: str) -> DialogAnswer:
        """Show the model a dialog the action opened; its answer (dismiss, when it gives none it can use)."""
        reply = self._plan(dialog_request(step.system, step.instruction, action.describe(), kind, message), step.index)
        try:
            return answer_from(reply, kind, message)
        except UnexpectedDialog:
            return DialogAnswer(type=kind, message=message, accept=False)  # type: ignore[arg-type]

    def _after(self, step: DrivenStep, call: ToolCall, span: ToolSpan, status: str, *,
               error: str | None = None, locator: str | None = None) -> tuple[str, bool]:
        """End the call's span, log it for the memory, show progress; the status and whether it failed.

        ``error``: what failed, for the span and the memory (None: the call succeeded).
        """
        is_error = error is not None
        span.end(not is_error, locator=locator, error=error)
        if not status.startswith(("invalid", f"error: {MOVED_ON}")):  # its own mistakes and a race teach nothing
            step.log.append(ActionOutcome(call.name, ok=not is_error, error=error,
                                          domain=normalize_host(self.page.url) or None))
        what = locator or " ".join(f"{k}={v!r}" for k, v in call.input.items())
        outcome = "error" if is_error else "ok"
        self.ctx.progress(self.ctx.secrets.redact(
            f"{step.instruction!r} -> {call.name} {what} [{outcome}] (tokens so far: {self.ctx.figures.usage.total})"))
        return status, is_error

    def observe(self, quiet: bool = False) -> Observation:
        """The page as the model may see it (the agent's current tab): secret values shown as their placeholders.

        A look at another document than the last look's (an action loaded it, the app went there or reloaded on its
        own, a tab opened: ``NavigationWatch.documents``) is ``quiet``, as a step's first look is: what the new page
        fetches to render (a list filled from its API after load) is there when the model looks. A route a
        single-page app pushes is no other document."""
        if self.tabs.current is not self.page:
            self.page = self.tabs.current
            self._navigation.follow(self.page)
            self._late.follow(self.page)
        quiet = quiet or self._looked != (self.page, self._navigation.documents)
        obs = observe(self.page, self.settings.snapshot_chars, quiet)
        self._looked = (self.page, self._navigation.documents)
        redact = self.ctx.secrets.redact  # the model sees no value as a whole token (it types placeholders back)
        return dataclasses.replace(obs, url=redact(obs.url), title=redact(obs.title), snapshot=redact(obs.snapshot))

    def _with_placeholders(self, action: Action) -> Action:
        """The action with the step's values (page text included) turned back into their %placeholders%."""
        return type(action).model_validate(map_strings(action.model_dump(mode="json"), self.placeholders))
