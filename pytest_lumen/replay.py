"""Replaying a cached step with zero model calls: verify the element, act, verify the effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from . import actions as A
from .checks import run_check
from .errors import LumenAssertionError, LumenError
from .events import HealEnd, HealStart, ToolEnd, ToolStart
from .fingerprint import CAPTURE_JS, Fingerprint
from .heal import Relocator, dismiss_overlay
from .keys import normalize_url
from .similarity import VERIFY_THRESHOLD, similarity
from .state import Stopwatch, TestState

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

FIRST_LOOK_MS = 1000.0  # how long the primary locator alone is awaited before fallbacks race it


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
        if target is not None:
            try:
                loc = self._resolve(target)
            except Unresolved as problem:
                loc, target, heal = self._relocate(step, i, action, target, str(problem))
            action = action.model_copy(update={"target": target})
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

    def _resolve(self, target: A.Target) -> Locator:
        """The primary locator, checked: exactly one element, visible, and still the recorded one."""
        loc = target.locator.build(self.page)
        fp = self._capture(loc, min(FIRST_LOOK_MS, self.timeout_ms))
        if fp is None and target.fallbacks:
            self._wait_any(target, loc)
            fp = self._capture(loc, 1)
        elif fp is None:
            fp = self._capture(loc, self.timeout_ms)
        if fp is None:
            raise Unresolved(f"no element matches {target.locator.describe()}")
        if fp.box is None or fp.box.width == 0 or fp.box.height == 0:
            try:
                loc.wait_for(state="visible", timeout=self.timeout_ms)
            except PlaywrightError:
                raise Unresolved(f"{target.locator.describe()} is not visible") from None
        if target.fingerprint is not None:
            score = similarity(target.fingerprint, fp)
            if score < VERIFY_THRESHOLD:
                raise Unresolved(f"{target.locator.describe()} now finds a different element (similarity {score:.2f} < {VERIFY_THRESHOLD})")
        return loc

    def _capture(self, loc: Locator, timeout_ms: float) -> Optional[Fingerprint]:
        try:
            return Fingerprint.model_validate(loc.evaluate(CAPTURE_JS, timeout=timeout_ms))
        except PlaywrightTimeout:
            return None
        except PlaywrightError as exc:
            if "strict mode violation" in str(exc):
                count = loc.count()
                raise Unresolved(f"{_describe(loc)} matches {count} elements, not exactly one") from None
            return None

    def _wait_any(self, target: A.Target, primary: Locator) -> None:
        """Wait until the primary or any fallback shows up (a drifted page must not cost the full timeout)."""
        race = primary
        for spec in target.fallbacks:
            race = race.or_(spec.build(self.page))
        try:
            race.first.wait_for(state="attached", timeout=max(self.timeout_ms - FIRST_LOOK_MS, 1))
        except PlaywrightError:
            pass

    def _relocate(self, step: int, i: int, action: Any, target: A.Target, problem: str) -> tuple[Locator, A.Target, HealRecord]:
        before = target.locator.describe()
        self.state.events.emit(HealStart(step=step, action=i, before=before, error=problem))
        found = self.relocator.find(target)
        if found is None:
            self.state.events.emit(HealEnd(step=step, action=i, ok=False, before=before, detail=self.relocator.last_reason))
            raise ActionFailed(i, action, f"{problem}; zero-token heal found nothing ({self.relocator.last_reason})", [])
        old = [target.locator, *target.fallbacks]
        fallbacks = [s for s in old if s != found.spec]
        healed = A.Target(locator=found.spec, fallbacks=fallbacks, fingerprint=target.fingerprint)
        after = found.spec.describe()
        self.state.events.emit(HealEnd(step=step, action=i, ok=True, level=found.level, before=before, after=after,
                                       detail=f"score {found.score:.2f}"))
        return found.locator, healed, HealRecord(i, found.level, before, after)

    def _verify_effect(self, i: int, action: Any, loc: Optional[Locator], values: dict[str, str], before_url: str) -> None:
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


def _describe(loc: Locator) -> str:
    return str(loc)


def _first_line(exc: BaseException) -> str:
    text = str(exc.message if isinstance(exc, LumenError) else exc).strip()
    text = text.split("\nCall log:", 1)[0].strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__
