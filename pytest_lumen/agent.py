"""``Agent.run`` and ``Agent.expect``: find the step in the cache, then replay it, heal it, or let the model drive."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cache.keys import step_key
from .cache.model import Action, Step
from .errors import HealRejectedError, LumenError, first_line, stop_reason
from .events import ErrorEvent, LifecycleEnd, LifecycleStart, Stopwatch
from .heal.attempt import ActionFailed, StepReplay
from .heal.record import model_heal, pictured_after, take_picture
from .outcome.heal import Heal
from .page.changes import PageClosed
from .page.device import profile_of
from .page.guard import NavigationGuard
from .page.perform import current_url
from .page.tabs import Tabs
from .page.tracing import trace_group
from .record.driver import DriveResult, ModelDriver, StepTask
from .record.mode_policy import ModePolicy
from .replay.branches import choose_branch, describe_branches
from .replay.device_profile import on_profile, profile_heal, profile_misses
from .replay.diagnosis import as_observed, branch_miss_error, closed_error, heal_brief, miss_error, replay_error
from .replay.replayer import Replayer
from .replay.viewport import note_viewport
from .secrets import password_fills
from .templates import placeholders
from .urls import normalize_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .context import TestContext
    from .memory.view import MemorySession
    from .planner.base import Planner


class Agent:
    """Runs natural-language steps on a Playwright page (the ``agent`` fixture).

    ``run("log in as %user%", variables={"user": "alice"})`` replays the cached
    actions of the step, heals them when the page changed, or lets the model choose
    them (record and heal modes). ``expect("the cart holds one blue mug")`` does the
    same for a check, which is never healed into passing.
    """

    def __init__(self, page: Page, ctx: TestContext, planner: Callable[[], Planner], memory: MemorySession | None = None,
                 trace_steps: bool = False, identity_gate: bool = False) -> None:
        self.tabs = Tabs(page)
        self.ctx = ctx
        self.settings = ctx.settings
        self.policy = ModePolicy.of(ctx.settings)  # replay, heal or record: every decision the mode makes
        self.memory = memory
        self.trace_steps = trace_steps
        self.identity_gate = identity_gate  # the ``lumen-identity`` engine is registered (see page/identity.py)
        self.guard = NavigationGuard(ctx.settings.allowed_origins, ctx.cache.display)
        self._planner_factory = planner
        self._planner: Planner | None = None

    # --- public API -------------------------------------------------------------------

    def run(self, instruction: str, variables: dict[str, Any] | None = None) -> None:
        """Carry out ``instruction`` on the page; ``%name%`` placeholders stand for ``variables[name]``."""
        __tracebackhide__ = True
        self._step("run", instruction, variables)

    def expect(self, statement: str, variables: dict[str, Any] | None = None) -> None:
        """Assert ``statement`` about the page; a cached, deterministic check with zero tokens on replay."""
        __tracebackhide__ = True
        self._step("expect", statement, variables)

    @property
    def page(self) -> Page:
        """The page the agent acts on: the test's ``page``, or the tab or popup an action opened, until it closes."""
        return self.tabs.current

    @property
    def model_calls(self) -> int:
        """Model requests this test has made so far."""
        return self.ctx.figures.model_calls

    # --- one step ---------------------------------------------------------------------

    def _step(self, kind: str, template: str, variables: dict[str, Any] | None) -> None:
        __tracebackhide__ = True
        values = self._values(template, variables)
        fresh = self._wanted(kind, template, values)
        index = len(self.ctx.cache.steps)
        policy = self.policy
        cached = self._lookup(fresh) if policy.reads_cache() else None
        if self.ctx.cache.profile is None:  # once per test: the file read by the lookup says what it was recorded at
            self.ctx.cache.profile = profile_of(self.page).key
            note_viewport(self.ctx, self.page, self.ctx.cache.file() if policy.reads_cache() else None)
        mine = on_profile(cached, self.ctx, policy.may_record())  # the device profile's own recording, or none
        cached = mine.step
        self.ctx.events.emit(LifecycleStart(step=index, instruction=template, step_kind=kind, mode=policy.mode.value,  # type: ignore[arg-type]
                                            cache=policy.cache_state(cached is not None), key=fresh.key, url=fresh.url))
        watch = Stopwatch()
        try:
            with trace_group(self.page, template, self.trace_steps):
                outcome = self._do(index, values, cached, fresh, mine.borrowed)
        except BaseException as exc:
            self.ctx.figures.steps_failed += 1
            self.ctx.events.emit(LifecycleEnd(step=index, outcome="failed", duration_ms=watch.ms))
            self.ctx.events.emit(ErrorEvent(step=index, reason=stop_reason(exc), message=first_line(exc)))  # type: ignore[arg-type]
            if isinstance(exc, LumenError):  # the step's error as the test shows it: naming the step, no secret in it
                raise exc.completed(step=template, redact=self.ctx.secrets.redact) from None
            raise
        self.ctx.events.emit(LifecycleEnd(step=index, outcome=outcome, duration_ms=watch.ms))  # type: ignore[arg-type]

    def _values(self, template: str, variables: dict[str, Any] | None) -> dict[str, str]:
        """The step's variables as strings; every placeholder of the instruction must have one."""
        values = {str(k): str(v) for k, v in (variables or {}).items()}
        missing = sorted(placeholders(template) - set(values))
        if missing:
            named = ", ".join("%" + m + "%" for m in missing)
            raise LumenError(f"the instruction uses {named} but variables has no value for it",
                             step=template, remedy="pass variables={...} with every placeholder the instruction names")
        self.ctx.secrets.add_variables(values)
        return values

    def _wanted(self, kind: str, template: str, values: dict[str, str]) -> Step:
        """The step as the cache would hold it, before any action: its key, occurrence and starting URL.

        The key is the instruction and its variable names; the URL (``page.url``: no round trip) is evidence.
        """
        self.guard.note(self.page.url)
        key = step_key(template, values)
        return Step(key=key, ordinal=self.ctx.cache.next_ordinal(key), kind=kind, instruction=template,  # type: ignore[arg-type]
                    url=self._url(self.page.url), variables=sorted(values))

    def _url(self, url: str) -> str:
        """A URL as a step records it (evidence only, never substituted): normalized, secret values replaced."""
        return self.ctx.secrets.hide_secrets(normalize_url(url, self.settings.base_url))

    def _do(self, index: int, values: dict[str, str], cached: Step | None, fresh: Step, borrowed: str | None = None) -> str:
        """Replay, heal or record the step; the outcome for its ``lifecycle.end`` event (``borrowed``: the device
        profile whose recording it replays, having none of its own: ``replay/device_profile.py``)."""
        __tracebackhide__ = True
        values = {**self.ctx.secrets.variables, **values}  # earlier steps' values fill their placeholders too
        if cached is not None:  # a variable the cached step filled into a password field is a secret from the start
            self.ctx.secrets.mark_secret(password_fills([*cached.actions, *(a for b in cached.branches or [] for a in b)]))
        if cached is None:
            if not self.policy.may_record():
                raise miss_error(self.ctx, fresh, self.ctx.cache.file())
            # the URL the browser shows (a router may have rewritten it since the last Playwright call)
            fresh = fresh.model_copy(update={"url": self._url(current_url(self.page))})
            driven = self._drive(index, fresh, values)
            kept = {"branches": [driven.actions]} if driven.conditional else {"actions": driven.actions}
            self.ctx.cache.keep(fresh.model_copy(update=kept), changed=True)
            self.ctx.figures.steps_recorded += 1
            return "recorded"
        if cached.branches is not None:
            return self._do_branch(index, values, cached, fresh)
        replayer = Replayer(self.page, self.ctx, guard=self.guard, gate=self.identity_gate, tabs=self.tabs)
        try:
            with profile_misses(self.ctx, cached, borrowed):
                done, heals = replayer.replay(index, cached, values)
        except ActionFailed as failed:
            if not self.policy.may_heal_with_model():
                raise replay_error(self.ctx, cached, failed, fresh.url) from None
            self._heal_with_model(index, cached, failed, values)
            return "healed"
        if borrowed is not None:
            heals = [profile_heal(self.ctx, cached, borrowed), *heals]
        if heals:
            self._healed(cached, heals, done)
            return "healed"
        self.ctx.cache.keep(cached.model_copy(update={"actions": done}), changed=False)
        self.ctx.figures.steps_replayed += 1
        return "replayed"

    def _do_branch(self, index: int, values: dict[str, str], cached: Step, fresh: Step) -> str:
        """A conditional step: replay the branch the page calls for; one never seen is a miss (recorded in heal mode)."""
        assert cached.branches is not None
        try:
            branch = choose_branch(self.page, cached.branches, values, self.settings.action_timeout * 1000)
        except PageClosed as closed:
            raise closed_error(self.ctx, cached, str(closed)) from None
        if branch is None:
            if not self.policy.may_record():
                raise branch_miss_error(self.ctx, cached, describe_branches(cached.branches))
            driven = self._drive(index, cached, values)
            self.ctx.cache.keep(cached.model_copy(update={"branches": [*cached.branches, driven.actions]}), changed=True)
            self.ctx.figures.steps_recorded += 1
            return "recorded"
        outcome = self._do(index, values, cached.model_copy(update={"actions": cached.branches[branch], "branches": None}),
                           fresh)
        branches = list(cached.branches)
        branches[branch] = self.ctx.cache.steps[-1].actions  # the branch as replayed (healed, maybe)
        self.ctx.cache.replace_last(cached.model_copy(update={"branches": branches}))
        return outcome

    def _lookup(self, wanted: Step) -> Step | None:
        """The cached step with the wanted key and occurrence; a bad cache file names the step."""
        try:
            cache = self.ctx.cache.file()
        except LumenError as exc:
            raise exc.completed(step=wanted.instruction) from None
        return cache.find(wanted.key, wanted.ordinal) if cache else None

    # --- heals ----------------------------------------------------------------------------

    def _heal_with_model(self, index: int, cached: Step, failed: ActionFailed, values: dict[str, str]) -> None:
        """Keep what replayed, then let the model finish the step from where replay stopped."""
        kept = failed.done + ([as_observed(failed.action, self.page.url,
                                                              self.ctx.secrets.placeholders_for(cached.variables))]
                              if failed.performed else [])
        replay = StepReplay(self.ctx, index, cached, values, self.page,
                            self.ctx.secrets.placeholders_for(cached.variables)).action(failed.index, failed.action)
        picture = take_picture(replay, "before")  # as replay left the page
        actions = kept + self._drive(index, cached, values, heal=heal_brief(failed), already=len(kept)).actions
        after = "; ".join(a.describe() for a in actions[len(failed.done):]) or "no actions"
        self._healed(cached, [pictured_after(replay, model_heal(replay, after, picture))], actions)

    def _healed(self, cached: Step, heals: list[Heal], actions: list[Action]) -> None:
        """Keep a healed step, count it by the level of its first heal; under --lumen-strict refuse it."""
        if not self.policy.keeps_heals():
            diff = "\n".join(f"  action {h.action + 1} [{h.level}]: {h.before}  ->  {h.after}" for h in heals)
            raise HealRejectedError(
                f"the step healed, and --lumen-strict accepts no heal; the proposed cache change:\n{diff}",
                path=self.ctx.cache.display, step=cached.instruction,
                remedy=f"review the change, then accept it by re-recording ({self.ctx.record_command}) or "
                       f"by running once without --lumen-strict")
        self.ctx.heals.extend(heals)
        self.ctx.cache.keep(cached.model_copy(update={"actions": actions}), changed=True)
        self.ctx.figures.steps_healed[heals[0].level.kind] += 1

    # --- the model ----------------------------------------------------------------------

    def _drive(self, index: int, step: Step, values: dict[str, str], heal: str = "", already: int = 0) -> DriveResult:
        if self._planner is None:
            self._planner = self._planner_factory()
        driver = ModelDriver(self.page, self._planner, self.ctx, guard=self.guard, memory=self.memory, tabs=self.tabs)
        return driver.drive(StepTask(index, step.instruction, step.kind, values, names=step.variables, heal=heal,
                                     already=already, ordinal=step.ordinal))
