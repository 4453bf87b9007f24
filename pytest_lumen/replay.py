"""Replaying a cached step with zero model calls: verify the element, act, verify the effect.

Before an action on an element, the primary locator must find exactly one visible element
that is still the recorded one (its fingerprint); an interaction also needs it enabled.
When it is not, the zero-token cascade (``heal.py``) looks for the element, retrying until
the action timeout. After the action, its recorded effect (the URL after a navigation, the
value after a fill, the state after a check) must hold. Any failed check is a replay
failure, never a pass.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from . import actions as A
from .checks import run_check
from .errors import LumenAssertionError, LumenError
from .events import HealEnd, HealStart, ToolEnd, ToolStart
from .fingerprint import Fingerprint, capture_only
from .heal import Policy, Relocated, Relocator, dismiss_overlay, policy_for
from .keys import normalize_url
from .similarity import SURE, VERIFY_THRESHOLD, pins_hold, similarity
from .state import Stopwatch, TestState
from .targets import bind_target, fallbacks_for

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

FIRST_LOOK_MS = 500.0  # how long the primary locator alone is awaited before the cascade runs
RETRY_MS = 150.0  # pause between attempts while the page may still be changing
MAX_FALLBACKS = 8
NEEDS_ENABLED = ("click", "fill", "type", "press", "select_option", "check")


@dataclass
class ActionFailed(Exception):
    """A cached action could not be replayed; ``done`` holds the actions replayed before it."""

    index: int
    action: Any
    error: str
    done: list[Any]

    def __str__(self) -> str:
        return f"action {self.index + 1} ({self.action.kind}): {self.error}"


@dataclass
class HealRecord:
    action: int
    level: str
    before: str
    after: str


class Unresolved(Exception):
    """The primary locator did not lead to the recorded element."""


class Replayer:
    """Replays the actions of one cached step on a page."""

    def __init__(self, page: Page, state: TestState, guard: Callable[[str], None] = lambda url: None) -> None:
        self.page = page
        self.state = state
        self.guard = guard
        self.timeout_ms = state.settings.action_timeout * 1000
        self.relocator = Relocator(page)

    def replay(self, step: int, actions: list[Any], values: dict[str, str]) -> tuple[list[Any], list[HealRecord]]:
        """Replay every action; returns the actions (with healed targets) and the heals made."""
        done: list[Any] = []
        heals: list[HealRecord] = []
        for i, action in enumerate(actions):
            tool_id = f"{action.kind}:{i}"
            target = action.target_or_none
            before = target.locator.describe() if target else None
            self.state.events.emit(ToolStart(step=step, tool=action.kind, toolId=tool_id, source="cache", locator=before))
            watch = Stopwatch()
            try:
                action, heal = self._replay_one(step, i, action, values)
            except ActionFailed as failed:
                failed.done = done
                self.state.events.emit(ToolEnd(step=step, tool=action.kind, toolId=tool_id, outcome="error",
                                               duration_ms=watch.ms, locator=before, error=failed.error))
                raise
            if heal is not None:
                heals.append(heal)
            after = action.target_or_none
            self.state.events.emit(ToolEnd(step=step, tool=action.kind, toolId=tool_id, outcome="ok", duration_ms=watch.ms,
                                           locator=after.locator.describe() if after else None))
            done.append(action)
        return done, heals

    # --- one action -------------------------------------------------------------------

    def _replay_one(self, step: int, i: int, action: Any, values: dict[str, str]) -> tuple[Any, Optional[HealRecord]]:
        target: Optional[A.Target] = action.target_or_none
        loc: Optional[Locator] = None
        heal: Optional[HealRecord] = None
        deadline = time.monotonic() + self.timeout_ms / 1000
        if target is not None and _is_group_check(action):
            loc = bind_target(target, values).locator.build(self.page)  # a count: the locator of all, no identity
        elif target is not None:
            loc, target, heal = self._locate(step, i, action, target, values, deadline)
            action = action.model_copy(update={"target": target})
            if action.kind in NEEDS_ENABLED:
                self._await_enabled(i, action, loc, deadline)
        before_url = self.page.url
        if isinstance(action, A.Goto):
            self.guard(A.absolute_url(A.substitute(action.url, values), before_url))
        try:
            if isinstance(action, A.Expect):
                run_check(self.page, action, loc, values, self.timeout_ms)
            else:
                self._perform(action, loc, values)
        except LumenAssertionError:
            raise
        except (PlaywrightError, LumenError) as exc:
            raise ActionFailed(i, action, _first_line(exc), []) from None
        self._verify_effect(i, action, loc, values, before_url)
        return action, heal

    def _perform(self, action: Any, loc: Optional[Locator], values: dict[str, str]) -> None:
        try:
            A.perform(self.page, action, loc, values, self.timeout_ms)
        except PlaywrightError as exc:
            if "intercepts pointer events" not in str(exc) or dismiss_overlay(self.page) is None:
                raise
            A.perform(self.page, action, loc, values, self.timeout_ms)

    # --- finding the element ----------------------------------------------------------

    def _locate(self, step: int, i: int, action: Any, target: A.Target, values: dict[str, str],
                deadline: float) -> tuple[Locator, A.Target, Optional[HealRecord]]:
        """The recorded element: by the primary locator, else by the cascade, retried until ``deadline``."""
        bound = bind_target(target, values)
        policy = policy_for(action, bound.fingerprint)
        primary = bound.locator.build(self.page)
        try:
            self._capture(primary, min(FIRST_LOOK_MS, self.timeout_ms))
        except Unresolved:
            pass  # several elements: _resolve says so below
        while True:
            try:
                return self._resolve(bound, primary, policy), target, None
            except Unresolved as unresolved:
                problem = str(unresolved)
            except PlaywrightError as exc:  # the page navigated while it was read
                problem = f"{bound.locator.describe()} could not be read ({_first_line(exc)})"
            found = self._try_cascade(bound, policy)
            if found is not None:
                return found.locator, self._healed(target, found), self._report(step, i, target, problem, found)
            if time.monotonic() >= deadline:
                self._report(step, i, target, problem, None)
                raise ActionFailed(i, action, f"{problem}; zero-token heal found nothing ({self.relocator.last_reason})", [])
            self.page.wait_for_timeout(RETRY_MS)

    def _resolve(self, target: A.Target, loc: Locator, policy: Policy = Policy()) -> Locator:
        """The primary locator, checked: exactly one element, visible, and clearly still the recorded one."""
        where = target.locator.describe()
        try:
            fp = self._capture(loc, 0)
        except Unresolved as several:
            raise Unresolved(f"{where} {several}") from None
        if fp is None:
            raise Unresolved(f"no element matches {where}")
        if fp.box is None or fp.box.width == 0 or fp.box.height == 0:
            raise Unresolved(f"{where} is not visible")
        recorded = target.fingerprint
        if recorded is None:
            return loc
        score = similarity(recorded, fp, policy.ignore)
        if score >= SURE and pins_hold(recorded, fp, policy.pinned):
            return loc
        why = self.relocator.doubt(recorded, loc, fp, score, policy, VERIFY_THRESHOLD)
        if why is not None:
            raise Unresolved(f"{where} finds an element that is not clearly the recorded one ({why})")
        return loc

    def _capture(self, loc: Locator, timeout_ms: float) -> Optional[Fingerprint]:
        """The fingerprint of the only element ``loc`` matches; None when none shows up within ``timeout_ms``."""
        count, fp = self._count_and_capture(loc)
        if count == 0 and timeout_ms > 0:
            try:
                loc.first.wait_for(state="attached", timeout=timeout_ms)
            except PlaywrightError:
                return None
            count, fp = self._count_and_capture(loc)
        if count > 1:
            raise Unresolved(f"matches {count} elements, not exactly one")
        return fp

    @staticmethod
    def _count_and_capture(loc: Locator) -> tuple[int, Optional[Fingerprint]]:
        try:
            return capture_only(loc)
        except PlaywrightError:  # a page in navigation: nothing to see yet
            return 0, None

    def _try_cascade(self, target: A.Target, policy: Policy) -> Optional[Relocated]:
        try:
            return self.relocator.find(target, policy)
        except PlaywrightError as exc:  # the page changed under the scan: try again on the next round
            self.relocator.last_reason = f"the page changed during the search ({_first_line(exc)})"
            return None

    def _healed(self, target: A.Target, found: Relocated) -> A.Target:
        """The target as it is now: the locator that found it, fallbacks, and its current fingerprint (templatized)."""
        specs = [*fallbacks_for(found.fingerprint, found.spec), target.locator, *target.fallbacks]
        fallbacks: list[Any] = []
        for spec in specs:
            if spec != found.spec and spec not in fallbacks:
                fallbacks.append(spec)
        healed = A.Target(locator=found.spec, fallbacks=fallbacks[:MAX_FALLBACKS], fingerprint=found.fingerprint)
        return A.Target.model_validate_json(self.state.secrets.templatize(healed.model_dump_json()))

    def _report(self, step: int, i: int, target: A.Target, problem: str, found: Optional[Relocated]) -> Optional[HealRecord]:
        """Emit the heal's events; the record of a successful heal."""
        before = target.locator.describe()
        self.state.events.emit(HealStart(step=step, action=i, before=before, error=problem))
        if found is None:
            self.state.events.emit(HealEnd(step=step, action=i, ok=False, before=before, detail=self.relocator.last_reason))
            return None
        after = self.state.secrets.templatize(found.spec.describe())
        self.state.events.emit(HealEnd(step=step, action=i, ok=True, level=found.level, before=before, after=after,
                                       detail=f"score {found.score:.2f}"))
        return HealRecord(i, found.level, before, after)

    def _await_enabled(self, i: int, action: Any, loc: Locator, deadline: float) -> None:
        """An interaction needs an enabled element: wait for it until the deadline, else fail."""
        remaining_ms = max((deadline - time.monotonic()) * 1000, 100.0)
        try:
            expect(loc).to_be_enabled(timeout=remaining_ms)
        except AssertionError:
            raise ActionFailed(i, action, f"{action.target.locator.describe()} is disabled", []) from None
        except PlaywrightError as exc:
            raise ActionFailed(i, action, _first_line(exc), []) from None

    # --- after the action -------------------------------------------------------------

    def _verify_effect(self, i: int, action: Any, loc: Optional[Locator], values: dict[str, str], before_url: str) -> None:
        if isinstance(action, A.Check) and loc is not None:
            self._verify_checked(i, action, loc)
        effect: Optional[A.Effect] = action.after
        if effect is None:
            return
        if effect.url is not None:
            expected = A.substitute(effect.url, values)
            try:
                self.page.wait_for_url(lambda url: normalize_url(url) == expected, timeout=self.timeout_ms)
            except PlaywrightError:
                raise ActionFailed(i, action, f"after the action the page should be at {expected}, "
                                              f"but it is at {normalize_url(self.page.url)}", []) from None
        if effect.value is not None and loc is not None:
            want = A.substitute(effect.value, values)
            try:
                got = loc.input_value(timeout=self.timeout_ms)
            except PlaywrightError as exc:
                raise ActionFailed(i, action, f"could not read the field's value: {_first_line(exc)}", []) from None
            if got != want:
                raise ActionFailed(i, action, "after the fill the field does not hold the value that was typed", [])

    def _verify_checked(self, i: int, action: A.Check, loc: Locator) -> None:
        try:
            state = loc.is_checked(timeout=self.timeout_ms)
        except PlaywrightError:
            return  # the check navigated away or re-rendered: its URL effect, if any, is checked next
        if state != action.checked:
            raise ActionFailed(i, action, f"after the action the element should be {'checked' if action.checked else 'unchecked'}", [])


def _is_group_check(action: Any) -> bool:
    """A count check targets all elements like the recorded one: its locator is used as it is."""
    return isinstance(action, A.Expect) and action.check == "count"


def _first_line(exc: BaseException) -> str:
    text = str(exc.message if isinstance(exc, LumenError) else exc).strip()
    text = text.split("\nCall log:", 1)[0].strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__
