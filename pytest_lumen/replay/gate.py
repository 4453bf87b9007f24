"""Replay through the identity gate: check the element and act on it in one browser round trip.

On an unchanged page, the recorded element's identity check rides along with Playwright's own
action (the ``lumen-identity`` selector engine, ``page/identity.py``): one round trip, as in a
hand-written test. When the gate does not let the action through, nothing was done and the
replayer takes the full path (look, compare, heal).

A gated fill's value is not read back on its own: the fill's query keeps the field it acted on in the
page, and the next gated action's locator starts with the condition that this field holds the value
(``page/holds.py``), checked in that action's own round trip. Only when that action misses the gate, or
none follows in the step on the same page, does the replayer read the value back (``settle``); a fill
whose value did not stick is then done again on the full path, where it was done: not once the page went to
another route (the app moved on to another record, whose form is just like it).

The check is never carried into the next step, although that would save the read-back's round trip: between two
steps the test's own code runs (a wait for a redirect, a change made through the app's backend, an ``expect`` of
the value), and after it a value read could be the test's, a fill done again could land on another record, and a
value the test asserts must already be there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..cache.model import Action, Check, Expect, Fill, Fingerprint, SelectOption, Target
from ..errors import InputUnhandledError, LumenAssertionError, first_line
from ..heal.attempt import ActionFailed, ActionReplay, StepReplay
from ..outcome.figures import Figures
from ..page import holds, identity
from ..page.checks import run_check
from ..page.perform import On, perform
from ..page.targets import bind_target
from ..playwright_internals import acting_in_page, call_log, element_resolved, input_sent, pointer_intercepted
from ..templates import substitute
from . import effects
from .timed_out import TimedOut, where_kept

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

GATE_MS = 500.0  # how long a gated attempt waits before the page is asked whether the recorded element is there
MIN_WAIT_MS = 100.0
GATED = ("click", "tap", "fill", "select_option", "check", "hover", "expect")  # not type/press: repeated, they type twice


def gateable(action: Action) -> bool:
    """Whether an action may go through the gate: an element action that is safe to try, not a count."""
    return (action.target_or_none is not None and action.kind in GATED
            and not (isinstance(action, Expect) and action.check == "count" and action.items is None))


@dataclass(frozen=True)
class Passed:
    """An action the gate let through, done, its effect checked; ``renamed_route``: the route the very element's
    recorded navigation now leads to (``effects.verify_effect``), for the replayer to report and keep."""

    renamed_route: str | None = None


@dataclass(frozen=True)
class Pending:
    """A gated fill whose value is still to be checked: by the next gated action, or read back."""

    index: int
    action: Fill
    field: Locator  # finds the filled field again (its live text left out), to read it back
    value: str
    token: str  # the page keeps the very field the fill acted on under it (``holds.provided``)


def value_checked_later(action: Action, target: Target, values: dict[str, str]) -> str | None:
    """The value whose check a fill leaves to the next action: when the value is its only recorded effect
    and the field is in the page itself (a condition cannot reach into a frame); else None, checked at once."""
    effect = action.after
    if (not isinstance(action, Fill) or effect is None or effect.value is None or effect.url is not None
            or target.locator.frame() is not None):
        return None
    return substitute(effect.value, values)


def kept_unlogged(action: Action) -> bool:
    """Whether the page keeps the element a gated action acts on (``holds.stayed`` reads whether it stayed there, in
    its frame when it is in one: ``timed_out.where_kept``): a fill or a select, which act in the page with no sign in
    Playwright's log once they found it (a timed-out one may have acted)."""
    return isinstance(action, (Fill, SelectOption))


class Gate:
    """Replays one action through the identity gate, counting hits and misses in the test's figures."""

    def __init__(self, page: Page, figures: Figures, timeout_ms: float) -> None:
        self.page = page
        self.figures = figures
        self.timeout_ms = timeout_ms
        self.rest_ms = max(timeout_ms - GATE_MS, MIN_WAIT_MS)  # a second attempt's time (never 0: no limit to Playwright)
        self.timed_out = TimedOut(page, timeout_ms, self.rest_ms)
        self.pending: Pending | None = None
        self.absent: tuple[int, float] | None = None  # (action, ms): its miss saw no element of the recorded role and name

    def settle(self, step: StepReplay) -> ActionReplay | None:
        """Read back the pending fill's value now (one round trip): the fill to do again (on the full path) when it
        did not stick, else None. When the page went elsewhere since (another route: the app moved on to another
        record or view), a field found there is no place to fill it again: the fill fails, as performed."""
        pending, self.pending = self.pending, None
        if pending is None:
            return None
        try:
            held = pending.field.input_value(timeout=GATE_MS) == pending.value
        except PlaywrightTimeoutError:  # a busy machine, or the field is gone: the page says which
            held = _present(pending.field) and self._holds_after_all(pending)
        except PlaywrightError:
            held = False  # changed: filling it again on the full path finds out
        if held:
            return None
        self.figures.gate_hits -= 1  # it went through the gate, and did not hold
        self.figures.gate_misses += 1
        again = step.action(pending.index, pending.action, via_gate=False)
        if not holds.stayed(self.page, pending.token):
            raise again.on("gate").failed("the value it filled was not in the field after it, and the page had gone "
                                          "to another address meanwhile (when recorded, the fill stayed on its page): "
                                          "it is not filled again there", performed=True)
        return again

    def _holds_after_all(self, pending: Pending) -> bool:
        """The pending fill's value read with the rest of the action's time (the field is there)."""
        try:
            return pending.field.input_value(timeout=self.rest_ms) == pending.value
        except PlaywrightError:
            return False

    def take_absent(self, i: int) -> float:
        """How long action ``i``'s miss saw no element of the recorded role and name (the full path need not wait
        for it again); 0 for any other action (a fill done again meanwhile); read once."""
        absent, self.absent = self.absent, None
        return absent[1] if absent is not None and absent[0] == i else 0.0

    def drop(self) -> None:
        """Forget the pending fill (the step failed: nothing more is checked)."""
        self.pending = None

    def replay(self, replay: ActionReplay, target: Target) -> Passed | None:
        """Act through the gate and check the effect; None: nothing was done, take the full path.

        ``replay``: the action tried the ``gate`` way (its failures say so)."""
        action, values = replay.action, replay.values
        was = effects.before(self.page)
        self.absent = None
        value = value_checked_later(action, target, values)
        token = holds.token() if value is not None or kept_unlogged(action) else None
        acted_on = self._act(replay, target, token)
        if acted_on is None:
            return None
        self.pending = None  # the action was resolved with the pending fill's condition: the value held
        if value is not None and token is not None and isinstance(action, Fill):
            self.pending = Pending(replay.index, action, acted_on, value, token)
            self.figures.gate_hits += 1
            return Passed()
        try:  # the gate confirmed the very element: a renamed route is the app's naming
            renamed_route = effects.verify_effect(replay, acted_on, self.timeout_ms, was=was, confirmed=True)
        except ActionFailed:
            if not isinstance(action, Fill):
                self.figures.gate_hits += 1  # it went through the gate; what followed it failed
                raise
            # A field that does not hold the typed value: behind a modal <dialog> the page is inert
            # and a fill "succeeds" typing nothing, or the page was busy. A fill can be repeated: the
            # full path closes the modal, fills again, and its read-back is final.
            self.figures.gate_misses += 1
            return None
        self.figures.gate_hits += 1
        return Passed(renamed_route)

    def _act(self, replay: ActionReplay, target: Target, token: str | None = None) -> Locator | None:
        """Act through the identity gate, in one round trip: the gated locator when it acted,
        None when nothing was done (take the full path). ``token``: the page keeps the element it acts on under it
        (a fill, a select: ``kept_unlogged``).

        A gated action that failed before acting did nothing; one that began to act ("performing"
        in its log) and then ran out of time, waiting for the navigation it started, goes on to its
        effect check. Only actions that do no harm when repeated go this way, and clicks, which
        Playwright performs only once every check has passed.
        """
        action, values = replay.action, replay.values
        bound = bind_target(target, values)
        if bound is not target:
            return None  # a variable's value is in the fingerprint: it must not reach a selector
        primary = bound.locator.build(self._root())
        counted = isinstance(action, Expect) and action.check == "count"  # a list's content is what is counted
        fp = bound.fingerprint
        named = fp is not None and bound.locator.exact_role() == (fp.role, fp.name)
        loc = identity.gated(primary, fp, after_fill=counted, fail_fast=True, named_exactly=named, keep=token)
        if loc is None:
            return None
        def again() -> Locator | None:  # built only for a second attempt (``TimedOut.after_acting``)
            return None if token is None else identity.gated(primary, fp, after_fill=counted, fail_fast=True,
                                                             named_exactly=named, keep=holds.kept_only(token))
        reread = _reread(self.page, action, bound, named)
        acted_on = self._attempt(replay, loc, _named(primary, fp, named), token, again, reread)
        if acted_on is None:
            self.figures.gate_misses += 1
        elif isinstance(action, Fill):
            return reread
        return acted_on

    def _root(self) -> Page | Locator:
        """Where the next action's locator searches: the page, on condition that the pending fill's value held."""
        if self.pending is None:
            return self.page
        return holds.provided(self.page, self.pending.token, self.pending.value)

    def _attempt(self, replay: ActionReplay, loc: Locator, named: Locator, token: str | None = None,
                 again: Callable[[], Locator | None] = lambda: None, reread: Locator | None = None) -> Locator | None:
        """The gated attempt itself (see ``_act``): ``loc`` when it acted, None when it did nothing.

        A miss is decided by the page, not by the clock: when the first, short attempt ran out of time before
        Playwright found the element, the page is asked (one round trip) whether an element with the recorded
        role and name is there (``named``); if it is, a busy machine was slow, and the attempt goes on with the
        rest of the action's time (the engine throws at once if it is not the recorded element); if not, the full
        path looks for it. A fill or select (``token``) whose time ran out as it acted in the page goes on in
        ``TimedOut.after_acting``, never to the full path. A check's control is read after its click by ``reread``."""
        action, values = replay.action, replay.values
        if isinstance(action, Expect):
            return self._checked(replay, action, loc, named)
        timeout = GATE_MS
        for attempt in (1, 2):
            try:
                perform(action, On(self.page, loc, values, timeout, state_ms=self.timeout_ms, reread=reread))
                return loc
            except InputUnhandledError as unhandled:  # a check's click done, its state not shown in time
                raise replay.unhandled(unhandled) from None
            except PlaywrightTimeoutError as exc:
                log = str(exc)
                if token is not None and acting_in_page(log):
                    return self.timed_out.after_acting(replay, loc, exc, token, again() if attempt == 1 else None)
                if self.timed_out.acted_anyway(replay, loc, exc, reread=reread):
                    return loc  # its input reached the page when time ran out: the effect check decides
                if attempt == 2 or pointer_intercepted(log):  # an overlay in the way: the full path reads it, and
                    return None  # dismisses it only harmlessly
                if not element_resolved(log) and not _present(named):
                    self.absent = (replay.index, GATE_MS)
                    return None  # no such element on the page: the full path looks and heals (without waiting again)
                if token is not None and element_resolved(log) and \
                        not holds.stayed(where_kept(self.page, action.target_or_none), token):
                    return None  # found where the page is no more: the gated query would find nothing now
                # the element is there (not ready yet, or a busy machine): wait for it
                timeout = self.rest_ms
            except PlaywrightError as exc:
                if input_sent(str(exc)) != "no":  # its input reached the page, or may: it is never done again
                    raise replay.failed(first_line(exc), performed=True, log=call_log(str(exc))) from None
                return None  # not the recorded element (identity.MISMATCH), a re-render, a page in navigation
        return None

    def _checked(self, replay: ActionReplay, action: Expect, loc: Locator, named: Locator) -> Locator | None:
        """A gated check: ``loc`` when it holds on the recorded element, None when it does not (the full path decides);
        a check that fails at once on an element with the recorded role and name there waits the rest of the time."""
        try:
            run_check(self.page, action, loc, replay.values, GATE_MS)
        except PlaywrightError:
            return None  # not the recorded element (identity.MISMATCH), a page in navigation
        except LumenAssertionError:
            if not _present(named):
                self.absent = (replay.index, GATE_MS)
                return None
            try:
                run_check(self.page, action, loc, replay.values, self.rest_ms)
            except (LumenAssertionError, PlaywrightError):
                return None
        return loc


def _reread(page: Page, action: Action, bound: Target, named_exactly: bool) -> Locator | None:
    """How the element is found again after the action, without what the action may change: a fill's field without
    the text around it (to read its value back), a check's control without what its click's answer may change (to
    read its state: ``identity.answered``); None for any other action."""
    if isinstance(action, Check):
        return identity.answered(bound.locator.build(page), bound.fingerprint, named_exactly)
    if isinstance(action, Fill):
        return identity.gated(bound.locator.build(page), bound.fingerprint, after_fill=True, named_exactly=named_exactly)
    return None


def _named(primary: Locator, fp: Fingerprint | None, named_exactly: bool) -> Locator:
    """The primary locator narrowed to the recorded role and name (no identity engine): is such an element there?"""
    if fp is None or fp.role is None or named_exactly:
        return primary
    return primary.and_(primary.page.get_by_role(fp.role, name=fp.name, exact=True)  # type: ignore[arg-type]
                        if fp.name is not None else primary.page.get_by_role(fp.role))  # type: ignore[arg-type]


def _present(named: Locator) -> bool:
    """Whether the page holds an element the locator finds now (one round trip, no waiting)."""
    try:
        return named.count() > 0
    except PlaywrightError:  # a page in navigation: nothing to act on yet, the full path waits for it
        return False
