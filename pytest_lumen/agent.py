"""``Agent.run`` and ``Agent.expect``: replay from the cache, heal, or let the model drive."""

from __future__ import annotations

import contextlib
from urllib.parse import urlsplit
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Optional

from . import actions as A
from .cache import CacheFile, Step
from .config import Mode
from .driver import ModelDriver
from .errors import (CacheMissError, HealRejectedError, LumenAssertionError, LumenError, NavigationRefusedError,
                     ReplayError, StepAbortedError)
from .events import LifecycleEnd, LifecycleStart, StepFinal
from .keys import is_loopback_host, normalize_url, origin_of, step_key
from .replay import ActionFailed, Replayer
from .state import Heal, Stopwatch, TestState

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .planner.base import Planner


class Agent:
    """Runs natural-language steps on a Playwright page (the ``agent`` fixture).

    ``run("log in as %user%", variables={"user": "alice"})`` replays the cached
    actions of the step, heals them when the page changed, or lets the model choose
    them (record and heal modes). ``expect("the cart holds one blue mug")`` does the
    same for a check, which is never healed into passing.
    """

    def __init__(self, page: Page, state: TestState, planner: Callable[[], Planner], memory: Any = None,
                 trace_steps: bool = False, identity_gate: bool = False) -> None:
        self.page = page
        self.trace_steps = trace_steps
        self.identity_gate = identity_gate  # the ``lumen-identity`` engine is registered (see identity.py)
        self.state = state
        self._planner_factory = planner
        self._planner: Optional[Planner] = None
        self.memory = memory
        self.settings = state.settings

    # --- public API -------------------------------------------------------------------

    def run(self, instruction: str, variables: Optional[dict[str, Any]] = None) -> None:
        """Carry out ``instruction`` on the page; ``%name%`` placeholders stand for ``variables[name]``."""
        __tracebackhide__ = True
        self._step("run", instruction, variables)

    def expect(self, statement: str, variables: Optional[dict[str, Any]] = None) -> None:
        """Assert ``statement`` about the page; a cached, deterministic check with zero tokens on replay."""
        __tracebackhide__ = True
        self._step("expect", statement, variables)

    @property
    def model_calls(self) -> int:
        """Model requests this test has made so far."""
        return self.state.model_calls

    # --- one step ---------------------------------------------------------------------

    def _step(self, kind: str, template: str, variables: Optional[dict[str, Any]]) -> None:
        __tracebackhide__ = True
        values = {str(k): str(v) for k, v in (variables or {}).items()}
        missing = sorted({m for m in A.PLACEHOLDER.findall(template)} - set(values))
        if missing:
            raise LumenError(f"the instruction uses {', '.join('%' + m + '%' for m in missing)} but variables has no value for it",
                             step=template, remedy="pass variables={...} with every placeholder the instruction names")
        self.state.secrets.add_variables(values)
        self._note_origin(self.page.url)
        url = self.state.secrets.templatize(normalize_url(self.page.url, self.settings.base_url))
        key = step_key(url, template, values)
        ordinal = self.state.next_ordinal(key)
        index = len(self.state.steps)
        mode = self.settings.mode
        cached = None if mode is Mode.RECORD else self._cached(key, ordinal, template)
        self.state.events.emit(LifecycleStart(step=index, instruction=template, step_kind=kind, mode=mode.value,  # type: ignore[arg-type]
                                              cache="ignored" if mode is Mode.RECORD else ("hit" if cached else "miss"),
                                              key=key, url=url))
        watch = Stopwatch()
        fresh = Step(key=key, ordinal=ordinal, kind=kind, instruction=template, url=url, variables=sorted(values))  # type: ignore[arg-type]
        try:
            with self._trace_group(template):
                outcome = self._do(index, kind, template, values, cached, fresh)
        except BaseException as exc:
            self.state.stats.steps_failed += 1
            self.state.events.emit(LifecycleEnd(step=index, outcome="failed", duration_ms=watch.ms))
            self._fail_event(index, exc)
            if isinstance(exc, LumenError):
                exc.step = exc.step or template
                raise self._redacted(exc) from None
            raise
        self.state.events.emit(LifecycleEnd(step=index, outcome=outcome, duration_ms=watch.ms))  # type: ignore[arg-type]

    def _do(self, index: int, kind: str, template: str, values: dict[str, str], cached: Optional[Step], fresh: Step) -> str:
        __tracebackhide__ = True
        values = {**self.state.secrets.variables, **values}  # earlier steps' values fill their placeholders too
        if cached is None:
            if self.settings.mode is Mode.REPLAY:
                raise self._miss_error(fresh)
            actions = self._drive(index, kind, template, values)
            self._keep(fresh.model_copy(update={"actions": actions}), changed=True)
            self.state.stats.steps_recorded += 1
            return "recorded"
        replayer = Replayer(self.page, self.state, guard=self._guard, gate=self.identity_gate)
        try:
            done, heals = replayer.replay(index, cached.actions, values)
        except ActionFailed as failed:
            if self.settings.mode is not Mode.HEAL:
                raise self._replay_error(cached, failed) from None
            heal = self._heal_context(cached, failed)
            kept = failed.done + ([self._as_observed(failed.action)] if failed.performed else [])
            actions = kept + self._drive(index, kind, template, values, heal=heal)
            after = "; ".join(self._describe_action(a) for a in actions[len(failed.done):]) or "no actions"
            self._healed(cached, [Heal(test=self.state.nodeid, step=cached.instruction, action=failed.index, level="model",
                                       before=self._describe_action(failed.action), after=after,
                                       cache_file=self.state.cache_display)], actions)
            return "healed"
        if heals:
            self._healed(cached, [Heal(test=self.state.nodeid, step=cached.instruction, action=h.action, level=h.level,
                                       before=h.before, after=h.after, cache_file=self.state.cache_display) for h in heals], done)
            return "healed"
        self._keep(cached.model_copy(update={"actions": done}), changed=False)
        self.state.stats.steps_replayed += 1
        return "replayed"

    # --- the cache ----------------------------------------------------------------------

    def _cached(self, key: str, ordinal: int, template: str) -> Optional[Step]:
        try:
            cache = self.state.cache()
        except LumenError as exc:
            exc.step = exc.step or template
            exc.args = (exc.render(),)
            raise
        return cache.find(key, ordinal) if cache else None

    def _keep(self, step: Step, changed: bool) -> None:
        self.state.steps.append(step)
        self.state.changed = self.state.changed or changed

    def _fix_command(self) -> str:
        return f'pytest --lumen-record "{self.state.nodeid}"'

    def _miss_error(self, wanted: Step) -> CacheMissError:
        cache: Optional[CacheFile] = self.state.cache()
        lines = [f"no cached step for this instruction (replay mode never calls the model)",
                 f"  test: {self.state.nodeid}",
                 f"  looked for: key {wanted.key} #{wanted.ordinal}: url {wanted.url!r}, variables {wanted.variables}"]
        if cache is None:
            lines.append("  the test has no cache file yet")
        else:
            lines.append("  nearest cached steps:")
            for near in cache.nearest(wanted.instruction):
                diffs = []
                if near.instruction != wanted.instruction:
                    diffs.append("instruction differs")
                if near.url != wanted.url:
                    diffs.append(f"url {near.url!r}")
                if near.variables != wanted.variables:
                    diffs.append(f"variables {near.variables}")
                if near.ordinal != wanted.ordinal:
                    diffs.append(f"occurrence #{near.ordinal}")
                lines.append(f"    - {near.instruction!r} ({', '.join(diffs) or 'same'})")
        return CacheMissError("\n".join(lines), path=self.state.cache_display, step=wanted.instruction,
                              remedy=f"record it: {self._fix_command()}  (or run with --lumen-mode=heal and an API key)")

    def _replay_error(self, cached: Step, failed: ActionFailed) -> ReplayError:
        return ReplayError(
            f"cached {self._describe_action(failed.action)} could not be replayed: {failed.error}\n"
            f"  test: {self.state.nodeid}",
            path=self.state.cache_display, step=cached.instruction,
            remedy=f"if the app changed on purpose, re-record: {self._fix_command()} "
                   f"(or heal with --lumen-mode=heal); if not, this is a regression")

    @staticmethod
    def _describe_action(action: Any) -> str:
        target = action.target_or_none
        return f"{action.kind} on {target.locator.describe()}" if target else action.kind

    def _heal_context(self, cached: Step, failed: ActionFailed) -> str:
        done = "; ".join(self._describe_action(a) for a in failed.done) or "nothing"
        if failed.performed:
            what = (f"The next recorded action, {self._describe_action(failed.action)}, was performed, but what "
                    f"followed differs from the recording: {failed.error}. Do not repeat it.")
        else:
            what = f"The next recorded action, {self._describe_action(failed.action)}, failed: {failed.error}"
        return (f"This step was recorded before, but the page changed. Already replayed: {done}.\n{what}\n"
                f"Continue from the current page and complete the step.")

    def _as_observed(self, action: Any) -> Any:
        """A performed action whose effect differed, kept with the effect seen now (a heal accepts the change)."""
        effect = action.after
        if effect is not None and effect.url is not None:
            effect = effect.model_copy(update={"url": self.state.secrets.templatize(normalize_url(self.page.url))})
        elif effect is not None:
            effect = None  # the field holds another value than the one typed: the app reformats it
        return action.model_copy(update={"after": effect})

    def _healed(self, cached: Step, heals: list[Heal], actions: list[Any]) -> None:
        """Keep a healed step, count it by the level of its first heal; under --lumen-strict refuse it."""
        if self.settings.strict:
            diff = "\n".join(f"  action {h.action + 1} [{h.level}]: {h.before}  ->  {h.after}" for h in heals)
            raise HealRejectedError(
                f"the step healed, and --lumen-strict accepts no heal; the proposed cache change:\n{diff}",
                path=self.state.cache_display, step=cached.instruction,
                remedy=f"review the change, then accept it by re-recording ({self._fix_command()}) or "
                       f"by running once without --lumen-strict")
        self.state.heals.extend(heals)
        self._keep(cached.model_copy(update={"actions": actions}), changed=True)
        self.state.stats.steps_healed[heals[0].level.split(":")[0]] += 1

    # --- the model ----------------------------------------------------------------------

    def _drive(self, index: int, kind: str, template: str, values: dict[str, str], heal: str = "") -> list[Any]:
        if self._planner is None:
            self._planner = self._planner_factory()
        driver = ModelDriver(self.page, self._planner, self.state, guard=self._guard, memory=self.memory)
        calls_before, usage_before = self.state.model_calls, self.state.usage
        result = driver.drive(index, template, kind, values, heal=heal)
        self.state.action_log.extend(result.log)
        used = self.state.usage.model_copy()
        self.state.events.emit(StepFinal(step=index, iterations=result.iterations, model_calls=self.state.model_calls - calls_before,
                                         usage=used.model_copy(update={k: getattr(used, k) - getattr(usage_before, k) for k in type(used).model_fields})))
        return result.actions

    # --- navigation guard -----------------------------------------------------------------

    def _note_origin(self, url: str) -> None:
        if url.startswith(("http://", "https://")):
            self.state.visited_origins.add(origin_of(url))

    def _guard(self, url: str) -> None:
        """Refuse navigation to origins the test did not visit and the ini does not allow."""
        if url == "about:blank":
            return
        if urlsplit(url).scheme not in ("http", "https"):
            raise NavigationRefusedError(f"navigation to {url!r} refused: only http(s) pages may be opened",
                                         path=self.state.cache_display)
        origin = origin_of(url)
        allowed = self.state.visited_origins | {o.rstrip("/").lower() for o in self.settings.allowed_origins}
        if is_loopback_host(urlsplit(url).hostname) or origin in allowed:
            return
        raise NavigationRefusedError(f"navigation to {origin} refused: it is not an allowed origin "
                                     f"(allowed: loopback, {', '.join(sorted(allowed)) or 'none'})",
                                     path=self.state.cache_display)

    # --- reporting helpers ----------------------------------------------------------------

    @contextlib.contextmanager
    def _trace_group(self, name: str) -> Iterator[None]:
        if not self.trace_steps:  # no round trips for groups nobody records
            yield
            return
        tracing = self.page.context.tracing
        try:
            tracing.group(name)
        except Exception:  # noqa: BLE001 - tracing off: groups are a no-op
            yield
            return
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                tracing.group_end()

    def _fail_event(self, index: int, exc: BaseException) -> None:
        if isinstance(exc, StepAbortedError):
            reason = exc.reason
        elif isinstance(exc, KeyboardInterrupt):
            reason = "user_interrupted"
        elif isinstance(exc, CacheMissError):
            reason = "cache_miss"
        elif isinstance(exc, LumenAssertionError):
            reason = "assertion_failed"
        elif isinstance(exc, NavigationRefusedError):
            reason = "navigation_refused"
        elif type(exc).__name__ == "ModelError":
            reason = "model_error"
        else:
            reason = "replay_failed"
        self.state.fail_event(index, reason, str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def _redacted(self, exc: LumenError) -> LumenError:
        """The same error, re-rendered, with every secret value replaced (messages end up in logs and reports)."""
        exc.message = self.state.secrets.redact(exc.message)
        exc.args = (exc.render(),)
        return exc
