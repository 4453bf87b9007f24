"""Replaying a cached step with zero model calls: verify the element, act, verify the effect.

Before an action on an element, the primary locator must find exactly one visible element
that is still the recorded one (its fingerprint); an interaction also needs it enabled.
On an unchanged page that check rides along with the action itself (the identity gate,
``gate.py``): one browser round trip, as in a hand-written test. Otherwise the primary
locator's element is looked at and compared, and when it is not the recorded one the
zero-token cascade (``cascade.py``) looks for the element, retrying until the action timeout.
An open modal dialog that does not hold the element is closed before acting. After the
action, its recorded effect (the URL after a navigation, the value after a fill) must hold (``effects.py``).
Any failed check is a replay failure, never a pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Drag, Expect, Goto, SelectOption, Target
from ..errors import LumenAssertionError, LumenError, first_line
from ..events import ReplayPath, ToolSpan
from ..guard import NavigationGuard
from ..heals import Heal
from ..page import identity
from ..page.changes import LOOK_AGAIN_MS, wait_for_change
from ..page.dialogs import CachedAnswers, DialogWatch
from ..page.fingerprint import Look, capture_with_look_alikes
from ..page.perform import perform
from ..page.playwright_internals import pointer_intercepted
from ..page.tabs import PopupWatch, Tabs
from ..page.targets import bind_target
from . import effects, widgets
from .asserted import bound_check, holed
from .cascade import Missed, Policy, Relocated, Relocator, policy_for
from .equivalents import Equivalents
from .failure import ActionFailed
from .gate import Gate, gateable
from .looks import await_enabled, await_visible, first_look, look_now
from .names import normalized
from .options import relocate_option
from .overlays import close_blocking_modal, dismiss_overlay
from .reports import healed_target, pictured_after, report_relocation, route_heal, templatized
from .similarity import SURE, VERIFY_THRESHOLD, pins_hold, similarity
from .translate import act, as_native, found_nothing, reveal

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Locator, Page

    from ..cache.model import Step
    from ..context import TestContext

FIRST_LOOK_MS = 500.0  # how long the primary locator alone is awaited before the cascade runs
# How long an element the primary locator finds, but that is not usable (hidden, disabled), is awaited (by
# Playwright's own wait for its state, not a sleep) before replay says so: short, since it is there already.
USABLE_MS = 1000.0
FIELD_ACTIONS = ("fill", "type", "select_option", "check", "upload", "expect")  # a form filled (or checked) field by field
NEEDS_ENABLED = ("click", "fill", "type", "press", "select_option", "check", "upload", "drag")


class Unresolved(Exception):
    """The primary locator did not lead to the recorded element."""


class Unusable(Unresolved):
    """The primary locator found exactly one element, and it cannot be used as it is (hidden)."""


class Replayer:
    """Replays the actions of one cached step on a page."""

    def __init__(self, page: Page, ctx: TestContext, guard: NavigationGuard | None = None, gate: bool = False,
                 tabs: Tabs | None = None) -> None:
        self.ctx = ctx
        self.guard = guard or NavigationGuard((), ctx.cache.display)
        self.timeout_ms = ctx.settings.action_timeout * 1000
        self.tabs = tabs or Tabs(page)
        self._gated = gate  # the ``lumen-identity`` selector engine is registered, the one-round-trip path is open
        self.equivalents = Equivalents.with_lines(ctx.settings.equivalent_names)
        self._confirmed = False  # the last element the full path found was the very one (``_locate``)
        self.tpl: Callable[[str], str] = ctx.secrets.hide_secrets  # the step's rule for what it records (set by ``replay``)
        self._switch(page)

    def _switch(self, page: Page) -> None:
        """Act on ``page`` from now on (a tab an action opened, or its opener once it closed)."""
        self.page = page
        self.gate = Gate(page, self.ctx.figures, self.timeout_ms) if self._gated else None
        self.relocator = Relocator(page, self.equivalents)

    def replay(self, step: int, cached: Step, values: dict[str, str]) -> tuple[list[Any], list[Heal]]:
        """Replay every action of a cached step; returns the actions (with healed targets) and the heals made."""
        self._done: list[Any] = []
        self._heals: list[Heal] = []
        self._instruction = cached.instruction
        self.tpl = self.ctx.secrets.templater(cached.variables)
        for i, action in enumerate(cached.actions):
            if self.tabs.current is not self.page:
                self._settle(step, values)  # the last fill on the page it leaves must hold
                self._switch(self.tabs.current)
            self._replay_action(step, i, action, values)
        self._settle(step, values)
        return self._done, self._heals

    def _replay_action(self, step: int, i: int, action: Any, values: dict[str, str], via_gate: bool = True) -> None:
        """Replay action ``i`` in its tool span, keeping it (as done, with its healed target) and its heal."""
        target = action.target_or_none
        before = target.locator.describe() if target else None
        span = ToolSpan(self.ctx.events, step, action.kind, f"{action.kind}:{i}", "cache", before)
        try:
            action, heal, path = self._replay_answering_dialogs(step, i, action, values, via_gate)
        except ActionFailed as failed:
            if self.gate is not None:
                self.gate.drop()
            failed.done = self._done[:failed.index]  # a fill done again may be the one that failed
            span.end(False, locator=before, error=failed.error, path=failed.path)
            raise
        if heal is not None:
            self._heals.append(heal)
        if action.kind not in FIELD_ACTIONS:
            self.relocator.claims.forget()  # a click may re-render: what was found before is not known to be there now
        after = action.target_or_none
        span.end(True, locator=after.locator.describe() if after else None, path=path)
        self._done[i:i + 1] = [action]  # kept, or in place of itself: a fill done again

    def _settle(self, step: int, values: dict[str, str]) -> None:
        """Before anything is done without the gate: the last gated fill's value is read back, and when it
        did not stick (a busy page, a modal in the way), the fill is done again on the full path."""
        pending = self.gate.settle() if self.gate is not None else None
        if pending is not None:
            self._replay_action(step, pending.index, pending.action, values, via_gate=False)

    # --- one action -------------------------------------------------------------------

    def _replay_answering_dialogs(self, step: int, i: int, action: Any, values: dict[str, str],
                                  via_gate: bool = True) -> tuple[Any, Heal | None, ReplayPath | None]:
        """``_replay_one``, answering the dialogs the action opens as they were answered when recorded, and
        following the page it opens (a tab, a popup) as it did when recorded.

        A dialog without a recorded answer is dismissed and fails the action (it was performed), and so
        does a page that was recorded and does not open.
        """
        dialogs = DialogWatch.of(self.page.context)
        opens = action.after is not None and action.after.popup is not None
        with PopupWatch(self.page.context) if opens else nullcontext() as popups, \
                dialogs.answering(CachedAnswers(action.dialogs), values, self.tpl) as turn:
            done, heal, path = self._replay_one(step, i, action, values, via_gate)
            heal = pictured_after(self.ctx, self.page, step, i, heal) if heal is not None else None  # none on a hit
            popup = popups.wait(self.timeout_ms, self.page) if popups is not None else None
        if turn.unexpected:
            raise ActionFailed(i, done, f"{turn.unexpected[0]} opened, and nothing was recorded to answer it; "
                                        f"it was dismissed", performed=True, path=path)
        if opens:
            self.tabs.opened(_opened(i, done, path, popup))
        return done, heal, path

    def _replay_one(self, step: int, i: int, action: Any, values: dict[str, str],
                    via_gate: bool = True) -> tuple[Any, Heal | None, ReplayPath | None]:
        """Replay one action: through the gate when it can, else by the full path; the action as done, its heal, its path."""
        action = as_native(self.page, self.ctx, self._instruction, step, i, action, values, self._done[:i], self._heals)
        target: Target | None = action.target_or_none
        if via_gate and target is not None and self.gate is not None and gateable(action):
            passed = self.gate.replay(i, action, target, values)
            if passed is not None:
                action, heal = _moved(self.ctx, self.tpl, self._instruction, step, i, action, passed.moved)
                return action, heal, "gate"
        self._settle(step, values)
        path: ReplayPath | None = None if target is None else "full"
        try:
            action, heal = self._replay_full(step, i, action, target, values)
        except ActionFailed as failed:
            failed.path = failed.path or path
            raise
        return action, heal, path

    def _replay_full(self, step: int, i: int, action: Any, target: Target | None,
                     values: dict[str, str]) -> tuple[Any, Heal | None]:
        """Find the element (healing it when needed), act, and check the effect."""
        loc: Locator | None = None
        heal: Heal | None = None
        self._confirmed = False  # the primary locator found the very element: its role and name as recorded
        recorded = target.fingerprint if target is not None else None  # as recorded: a healed target is the new one
        deadline = time.monotonic() + self.timeout_ms / 1000
        if target is not None and _is_group_check(action):
            loc = bind_target(target, values).locator.build(self.page)  # a count: the locator of all, no identity
        elif target is not None:
            loc, target, heal, enabled = self._locate(step, i, action, target, values, deadline)
            action = action.model_copy(update={"target": target})
            if action.kind in NEEDS_ENABLED and not enabled:
                await_enabled(i, action, loc, min(deadline, time.monotonic() + USABLE_MS / 1000))
        if isinstance(action, SelectOption) and loc is not None:  # a renamed option is found again too
            action, renamed = relocate_option(self.ctx, self.tpl, self._instruction, step, i, action, loc, values,
                                              self.timeout_ms)
            heal = heal or renamed
        dest: Locator | None = None
        if isinstance(action, Drag) and action.to is not None:  # where it is dropped: found (and healed) alike
            dest, to, dest_heal, _ = self._locate(step, i, action, action.to, values, deadline, end="-drop")
            action, heal = action.model_copy(update={"to": to}), heal or dest_heal
        if isinstance(action, Goto):
            self.guard.goto(action.url, values, self.page.url)
        if loc is not None and not isinstance(action, Expect):
            close_blocking_modal(self.page, loc)
        was = effects.before(self.page)
        try:  # the action as done: as cached, or as the widget its element is now declares (``how``)
            acted, how = act(self.page, action, loc, recorded, values, self.timeout_ms, self.ctx.test_dir, dest, _perform)
            heal = heal or (widgets.report(self.ctx, self._instruction, step, i, action, how) if how else None)
        except LumenAssertionError:
            raise
        except (PlaywrightError, LumenError) as exc:
            raise ActionFailed(i, action, first_line(exc)) from None
        moved = _verify(self.page, i, acted, loc, values, self.timeout_ms, heal, was, self._confirmed)
        if moved is not None:
            return route_heal(self.ctx, self.tpl, self._instruction, step, i, action, moved)
        return action, heal

    # --- finding the element ----------------------------------------------------------

    def _locate(self, step: int, i: int, action: Any, target: Target, values: dict[str, str],
                deadline: float, end: str = "") -> tuple[Locator, Target, Heal | None, bool]:
        """The recorded element: by the primary locator, else by the cascade, retried until ``deadline``.

        Also whether the element is known to be enabled: one page round trip answers that, the
        count and the identity for the primary locator; an element found by the cascade is not known.
        """
        bound = bind_target(target, values)
        policy = policy_for(bound_check(action, values), bound.fingerprint)
        primary = bound.locator.build(self.page)
        awaited = self.gate.take_absent(i) if self.gate is not None and not end else 0.0  # awaited there: look once
        look = first_look(primary, bound.locator, max(min(FIRST_LOOK_MS, self.timeout_ms) - awaited, 0.0))
        unusable_until: float | None = None  # found but not usable: how long it is awaited
        revealed = False
        while True:
            unusable = False
            try:
                score = _resolve(self.relocator, bound, look, policy, primary)
                self.relocator.claims.claim(bound.fingerprint, look.fingerprint)
                self._confirmed = not end and identity.same_role_and_name(bound.fingerprint, look.fingerprint)
                return primary, _refreshed(target, primary, score, self.tpl), None, look.enabled
            except Unusable as found_unusable:
                problem, unusable = str(found_unusable), True
            except Unresolved as unresolved:
                problem = str(unresolved)
            except PlaywrightError as exc:  # the page navigated while it was read
                problem = f"{bound.locator.describe()} could not be read ({first_line(exc)})"
            if not revealed and (unusable or look.count == 0):  # closed <details> may hide it: opened once
                shown = reveal(self.page, self.ctx, self._instruction, step, i, action, bound.locator, USABLE_MS)
                if shown is not None:
                    self._heals.append(shown)
                    revealed, look = True, first_look(primary, bound.locator, 0)
                    continue
            found = _try_cascade(self.relocator, bound, policy)
            if isinstance(found, Relocated) and _primary_now(self.relocator, bound, policy, primary):
                return primary, target, None, False  # the page was still rendering: nothing changed, no heal
            if isinstance(found, Relocated):
                self.relocator.claims.claim(bound.fingerprint, found.fingerprint)
                healed = healed_target(target, found, self.tpl)
                heal = report_relocation(self.ctx, self.tpl, self._instruction, step, i, target, problem, found, self.page, end)
                return found.locator, healed, heal, False
            if unusable and unusable_until is None:
                unusable_until = min(deadline, time.monotonic() + USABLE_MS / 1000)
            give_up = deadline if not unusable or unusable_until is None else unusable_until
            if time.monotonic() >= give_up:
                report_relocation(self.ctx, self.tpl, self._instruction, step, i, target, problem, found)
                raise ActionFailed(i, action, found_nothing(self.page, problem, found, bound.fingerprint))
            if unusable:  # there, not shown: wait for it to be shown (Playwright's wait on its state), not a pause
                await_visible(primary, (give_up - time.monotonic()) * 1000)
            else:  # nothing found: look again when the page changed, not on a clock
                wait_for_change(self.page, min(LOOK_AGAIN_MS, (give_up - time.monotonic()) * 1000))
            look = first_look(primary, bound.locator, 0)

def _moved(ctx: TestContext, tpl: Callable[[str], str], instruction: str, step: int, i: int, action: Any,
           moved: str | None) -> tuple[Any, Heal | None]:
    """The action and its heal when its confirmed element led to a renamed route (``moved``), else unchanged."""
    return (action, None) if moved is None else route_heal(ctx, tpl, instruction, step, i, action, moved)


def _perform(page: Page, action: Any, loc: Locator | None, values: dict[str, str], timeout_ms: float, test_dir: Path,
             dest: Locator | None) -> None:
    """Perform the action; once more when an overlay intercepted the pointer and was dismissed."""
    try:
        perform(page, action, loc, values, timeout_ms, test_dir, dest)
    except PlaywrightError as exc:
        if not pointer_intercepted(str(exc)) or dismiss_overlay(page) is None:
            raise
        perform(page, action, loc, values, timeout_ms, test_dir, dest)


def _primary_now(relocator: Relocator, target: Target, policy: Policy, primary: Locator) -> bool:
    """Whether the primary locator now finds the recorded element (it appeared while the cascade ran)."""
    try:
        _resolve(relocator, target, look_now(primary, target.locator), policy, primary)
    except (Unresolved, PlaywrightError):
        return False
    return True


def _try_cascade(relocator: Relocator, target: Target, policy: Policy) -> Relocated | Missed:
    try:
        return relocator.find(target, policy)
    except PlaywrightError as exc:  # the page changed under the scan: try again on the next round
        return Missed(f"the page changed during the search ({first_line(exc)})")


def _resolve(relocator: Relocator, target: Target, look: Look, policy: Policy, loc: Locator) -> float:
    """How alike the look's element is to the recorded one (1.0: nothing recorded to compare); raise ``Unresolved``
    unless the look saw exactly one visible element that is clearly still the recorded one."""
    where = target.locator.describe()
    if look.count > 1:
        raise Unresolved(f"{where} matches {look.count} elements, not exactly one")
    fp = look.fingerprint
    if fp is None:
        raise Unresolved(f"no element matches {where}")
    if fp.box is None or fp.box.width == 0 or fp.box.height == 0:
        raise Unusable(f"{where} is not visible: it is found, and hidden")
    recorded = target.fingerprint
    if recorded is None:
        return 1.0
    fp = holed(recorded, fp, policy.asserted)  # a check's value is no evidence against its element
    shown = policy.shown_text
    if shown and normalized(shown) not in normalized(fp.text) and relocator.shows(shown):
        # a text check's locator now finds an element without the recorded text, and another shows it whole
        raise Unresolved(f"{where} finds an element that does not show {shown!r}; another element does")
    score = similarity(recorded, fp, policy.ignore, by_place=policy.by_place)
    if (score >= SURE or identity.holds(recorded, fp)) and pins_hold(recorded, fp, policy.pinned):
        return score  # the gate's rule too (``identity.holds``): one verdict, whichever path the action took
    why = relocator.doubt(recorded, loc, fp, score, policy, VERIFY_THRESHOLD)
    if why is not None:
        raise Unresolved(f"{where} finds an element that is not clearly the recorded one ({why})")
    return score


def _verify(page: Page, i: int, action: Any, loc: Locator | None, values: dict[str, str], timeout_ms: float,
            heal: Heal | None, was: effects.Before | None = None, confirmed: bool = False) -> str | None:
    """The action's recorded effect must hold; a relabel's exactly (found on evidence: the effect is part of it),
    and when it does not, the element was not the recorded one: nothing of the action is kept by a model heal.

    ``confirmed``: the primary locator found the very element (no heal): the renamed route it led to, if any."""
    strict = heal is not None and heal.level == "relabel"
    try:
        return effects.verify_effect(page, i, action, loc, values, timeout_ms, strict, was,
                                     confirmed=confirmed and heal is None)
    except ActionFailed as failed:
        if strict:
            failed.performed = False
            failed.error = f"the relabelled {action.target.locator.describe()} did not lead where it was recorded to " \
                           f"({failed.error})"
        raise


def _refreshed(target: Target, element: Locator, score: float, templatize: Callable[[str], str]) -> Target:
    """The target with its element's fingerprint as it is now, when the recorded one drifted (still the element, not
    beyond ``SURE``; an old version's missing fields count as drift only through its score). Written only when its
    file is written anyway: no churn in git. A fingerprint that is still ``SURE`` costs nothing here."""
    recorded = target.fingerprint
    if recorded is None or score >= SURE:
        return target
    try:
        now = capture_with_look_alikes(element)
    except PlaywrightError:  # the page moved on: keep what was recorded
        return target
    return templatized(target.model_copy(update={"fingerprint": now}), templatize)

def _opened(i: int, done: Any, path: ReplayPath | None, popup: Page | None) -> Page:
    """The page (tab, popup) the action opened, as it did when recorded; an action that opened none failed."""
    if popup is None:
        raise ActionFailed(i, done, f"the action should have opened a new page ({done.after.popup}), and none opened",
                           performed=True, path=path)
    return popup


def _is_group_check(action: Any) -> bool:
    """A count check of an older file: its target's locator matches the items themselves, used as it is.

    A count check with ``items`` targets the list that holds them, identity-checked and healed like any target.
    """
    return isinstance(action, Expect) and action.check == "count" and action.items is None
