"""Replaying a cached step with zero model calls: verify the element, act, verify the effect.

Before an action on an element, the primary locator must find exactly one visible element
that is still the recorded one (its fingerprint); an interaction also needs it enabled.
On an unchanged page that check rides along with the action itself (the identity gate,
``identity.py``): one browser round trip, as in a hand-written test. Otherwise the primary
locator's element is looked at and compared, and when it is not the recorded one the
zero-token cascade (``heal.py``) looks for the element, retrying until the action timeout.
An open modal dialog that does not hold the element is closed before acting. After the
action, its recorded effect (the URL after a navigation, the value after a fill) must hold.
Any failed check is a replay failure, never a pass.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from . import actions as A
from . import identity
from .checks import run_check
from .errors import LumenAssertionError, LumenError
from .events import HealEnd, HealStart, ToolEnd, ToolStart
from .fingerprint import Look, capture_only
from .heal import Policy, Relocated, Relocator, close_blocking_modal, dismiss_overlay, policy_for
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
GATED = ("click", "fill", "select_option", "check", "hover", "expect")  # not type/press: repeated, they type twice
GATE_MS = FIRST_LOOK_MS  # how long the gated action waits before the full path takes over


@dataclass
class ActionFailed(Exception):
    """A cached action could not be replayed; ``done`` holds the actions replayed before it.

    ``performed``: the action itself was done, only what followed it differed from the recording
    (another URL, another value in the field); it must not be done again.
    """

    index: int
    action: Any
    error: str
    done: list[Any]
    performed: bool = False

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

    def __init__(self, page: Page, state: TestState, guard: Callable[[str], None] = lambda url: None,
                 gate: bool = False) -> None:
        self.page = page
        self.state = state
        self.guard = guard
        self.gate = gate  # the ``lumen-identity`` selector engine is registered: the one-round-trip path is open
        self.timeout_ms = state.settings.action_timeout * 1000
        self.relocator = Relocator(page)
        self.last_path: Optional[Literal["gate", "full"]] = None  # how the last action was replayed (tool.end's path)

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
                                               duration_ms=watch.ms, locator=before, error=failed.error,
                                               path=self.last_path))
                raise
            if heal is not None:
                heals.append(heal)
            after = action.target_or_none
            self.state.events.emit(ToolEnd(step=step, tool=action.kind, toolId=tool_id, outcome="ok", duration_ms=watch.ms,
                                           locator=after.locator.describe() if after else None, path=self.last_path))
            done.append(action)
        return done, heals

    # --- one action -------------------------------------------------------------------

    def _replay_one(self, step: int, i: int, action: Any, values: dict[str, str]) -> tuple[Any, Optional[HealRecord]]:
        target: Optional[A.Target] = action.target_or_none
        loc: Optional[Locator] = None
        heal: Optional[HealRecord] = None
        deadline = time.monotonic() + self.timeout_ms / 1000
        self.last_path = None if target is None else "full"
        if target is not None and self.gate and action.kind in GATED and not _is_group_check(action):
            self.last_path = "gate"
            if self._replay_gated(i, action, target, values):
                return action, None
            self.last_path = "full"
        if target is not None and _is_group_check(action):
            loc = bind_target(target, values).locator.build(self.page)  # a count: the locator of all, no identity
        elif target is not None:
            loc, target, heal, enabled = self._locate(step, i, action, target, values, deadline)
            action = action.model_copy(update={"target": target})
            if action.kind in NEEDS_ENABLED and not enabled:
                self._await_enabled(i, action, loc, deadline)
        before_url = self.page.url
        if isinstance(action, A.Goto):
            self.guard(A.absolute_url(A.substitute(action.url, values), before_url))
        if loc is not None and not isinstance(action, A.Expect):
            close_blocking_modal(self.page, loc)
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

    def _replay_gated(self, i: int, action: Any, target: A.Target, values: dict[str, str]) -> bool:
        """Replay the action through the identity gate and check its effect; False: take the full path."""
        before_url = self.page.url
        acted_on = self._act_gated(i, action, target, values)
        if acted_on is None:
            return False
        try:
            self._verify_effect(i, action, acted_on, values, before_url)
        except ActionFailed:
            if not isinstance(action, A.Fill):
                self.state.stats.gate_hits += 1  # it went through the gate; what followed it failed
                raise
            # A field that does not hold the typed value: behind a modal <dialog> the page is inert
            # and a fill "succeeds" typing nothing, or the page was busy. A fill can be repeated: the
            # full path closes the modal, fills again, and its read-back is final.
            self.state.stats.gate_misses += 1
            return False
        self.state.stats.gate_hits += 1
        return True

    def _act_gated(self, i: int, action: Any, target: A.Target, values: dict[str, str]) -> Optional[Locator]:
        """Act through the identity gate, in one round trip: the gated locator when it acted,
        None when nothing was done (take the full path).

        A gated action that failed before acting did nothing; one that began to act ("performing"
        in its log) and then ran out of time, waiting for the navigation it started, goes on to its
        effect check. Only actions that do no harm when repeated go this way, and clicks, which
        Playwright performs only once every check has passed.
        """
        bound = bind_target(target, values)
        if bound is not target:
            return None  # a variable's value is in the fingerprint: it must not reach a selector
        primary = bound.locator.build(self.page)
        loc = identity.gated(primary, bound.fingerprint, bound.locator.kind == "role", fail_fast=True)
        if loc is None:
            return None
        acted_on = self._through_gate(i, action, loc, primary, bound, values)
        if acted_on is None:
            self.state.stats.gate_misses += 1
        return acted_on

    def _through_gate(self, i: int, action: Any, loc: Locator, primary: Locator, bound: A.Target,
                      values: dict[str, str]) -> Optional[Locator]:
        """The gated attempt itself (see ``_act_gated``)."""
        if isinstance(action, A.Expect):
            try:  # a check that holds on the recorded element holds; one that does not is left to the full path
                run_check(self.page, action, loc, values, GATE_MS)
            except (LumenAssertionError, PlaywrightError):
                return None
            return loc
        timeout = GATE_MS
        for attempt in (1, 2):
            try:
                A.perform(self.page, action, loc, values, timeout)
                break
            except PlaywrightTimeoutError as exc:
                log = str(exc)
                if A.began_to_act(log):
                    break  # it acted (or was acting) when time ran out: the effect check decides
                if attempt == 2:
                    return None
                if "intercepts pointer events" in log and dismiss_overlay(self.page) is not None:
                    continue
                if "locator resolved to" not in log:
                    return None  # nothing passed the gate in time: the full path looks and heals
                timeout = self.timeout_ms - GATE_MS  # the recorded element is there, not ready yet: wait for it
            except PlaywrightError as exc:
                if A.began_to_act(str(exc)):
                    raise ActionFailed(i, action, _first_line(exc), []) from None
                return None  # not the recorded element (identity.MISMATCH), a re-render, a page in navigation
        if isinstance(action, A.Fill):  # a fill may change the text around the field: find it again without it
            return identity.gated(primary, bound.fingerprint, bound.locator.kind == "role", after_fill=True)
        return loc

    def _perform(self, action: Any, loc: Optional[Locator], values: dict[str, str]) -> None:
        try:
            A.perform(self.page, action, loc, values, self.timeout_ms)
        except PlaywrightError as exc:
            if "intercepts pointer events" not in str(exc) or dismiss_overlay(self.page) is None:
                raise
            A.perform(self.page, action, loc, values, self.timeout_ms)

    # --- finding the element ----------------------------------------------------------

    def _locate(self, step: int, i: int, action: Any, target: A.Target, values: dict[str, str],
                deadline: float) -> tuple[Locator, A.Target, Optional[HealRecord], bool]:
        """The recorded element: by the primary locator, else by the cascade, retried until ``deadline``.

        Also whether the element is known to be enabled: one page round trip answers that, the
        count and the identity for the primary locator; an element found by the cascade is not known.
        """
        bound = bind_target(target, values)
        policy = policy_for(action, bound.fingerprint)
        primary = bound.locator.build(self.page)
        look = self._look(primary, min(FIRST_LOOK_MS, self.timeout_ms))
        while True:
            try:
                self._resolve(bound, look, policy, primary)
                return primary, target, None, look.enabled
            except Unresolved as unresolved:
                problem = str(unresolved)
            except PlaywrightError as exc:  # the page navigated while it was read
                problem = f"{bound.locator.describe()} could not be read ({_first_line(exc)})"
            found = self._try_cascade(bound, policy)
            if found is not None and self._primary_now(bound, policy, primary):
                return primary, target, None, False  # the page was still rendering: nothing changed, no heal
            if found is not None:
                return found.locator, self._healed(target, found), self._report(step, i, target, problem, found), False
            if time.monotonic() >= deadline:
                self._report(step, i, target, problem, None)
                raise ActionFailed(i, action, f"{problem}; zero-token heal found nothing ({self.relocator.last_reason})", [])
            self.page.wait_for_timeout(RETRY_MS)
            look = self._look(primary, 0)

    def _primary_now(self, target: A.Target, policy: Policy, primary: Locator) -> bool:
        """Whether the primary locator now finds the recorded element (it appeared while the cascade ran)."""
        try:
            self._resolve(target, _look_now(primary), policy, primary)
        except (Unresolved, PlaywrightError):
            return False
        return True

    def _resolve(self, target: A.Target, look: Look, policy: Policy, loc: Locator) -> None:
        """Raise ``Unresolved`` unless the look saw exactly one visible element that is clearly still the recorded one."""
        where = target.locator.describe()
        if look.count > 1:
            raise Unresolved(f"{where} matches {look.count} elements, not exactly one")
        fp = look.fingerprint
        if fp is None:
            raise Unresolved(f"no element matches {where}")
        if fp.box is None or fp.box.width == 0 or fp.box.height == 0:
            raise Unresolved(f"{where} is not visible")
        recorded = target.fingerprint
        if recorded is None:
            return
        score = similarity(recorded, fp, policy.ignore)
        if score >= SURE and pins_hold(recorded, fp, policy.pinned):
            return
        why = self.relocator.doubt(recorded, loc, fp, score, policy, VERIFY_THRESHOLD)
        if why is not None:
            raise Unresolved(f"{where} finds an element that is not clearly the recorded one ({why})")

    @staticmethod
    def _look(loc: Locator, timeout_ms: float) -> Look:
        """One look at ``loc``; when it matches nothing, wait up to ``timeout_ms`` for an element and look again."""
        look = _look_now(loc)
        if look.count == 0 and timeout_ms > 0:
            try:
                loc.first.wait_for(state="attached", timeout=timeout_ms)
            except PlaywrightError:
                return look
            look = _look_now(loc)
        return look

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
        # A check's new state needs no read-back: Playwright's set_checked fails when the state did not change.
        effect: Optional[A.Effect] = action.after
        if effect is None:
            return
        if effect.url is not None:
            expected = A.substitute(effect.url, values)
            try:
                # domcontentloaded, not commit: the new page's own scripts have run, so its handlers are there
                # when the next action comes (recording observed the page only after that point too)
                self.page.wait_for_url(lambda url: normalize_url(url) == expected, timeout=self.timeout_ms,
                                       wait_until="domcontentloaded")
            except PlaywrightError:
                raise ActionFailed(i, action, f"after the action the page should be at {expected}, "
                                              f"but it is at {normalize_url(self.page.url)}", [], performed=True) from None
        if effect.value is not None and loc is not None:
            want = A.substitute(effect.value, values)
            try:
                got = loc.input_value(timeout=self.timeout_ms)
            except PlaywrightError as exc:
                raise ActionFailed(i, action, f"could not read the field's value: {_first_line(exc)}", [],
                                   performed=True) from None
            if got != want:
                raise ActionFailed(i, action, "after the fill the field does not hold the value that was typed", [],
                                   performed=True)


def _is_group_check(action: Any) -> bool:
    """A count check targets all elements like the recorded one: its locator is used as it is."""
    return isinstance(action, A.Expect) and action.check == "count"


def _look_now(loc: Locator) -> Look:
    try:
        return capture_only(loc)
    except PlaywrightError:  # a page in navigation: nothing to see yet
        return Look()


def _first_line(exc: BaseException) -> str:
    text = str(exc.message if isinstance(exc, LumenError) else exc).strip()
    text = text.split("\nCall log:", 1)[0].strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__
