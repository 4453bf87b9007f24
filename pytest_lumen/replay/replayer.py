"""Replaying a cached step with zero model calls: verify the element, act, verify the effect.

Before an action on an element, the primary locator must find exactly one visible element
that is still the recorded one (its fingerprint); an interaction also needs it enabled.
On an unchanged page that check rides along with the action itself (the identity gate,
``gate.py``): one browser round trip, as in a hand-written test. Otherwise the primary
locator's element is looked at and compared (``locate.py``), and when it is not the recorded one the
zero-token heal (``heal/``: its strategies propose, one judge decides) looks for the element, retrying until the
action timeout.
An open modal dialog that does not hold the element is closed before acting. After the
action, its recorded effect (the URL after a navigation, the value after a fill) must hold (``effects.py``).
Any failed check is a replay failure, never a pass.
"""

from __future__ import annotations

import dataclasses
import time
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..cache.model import Action, Drag, Expect, Fingerprint, Goto, SelectOption, Target
from ..errors import InputUnhandledError, LumenAssertionError, LumenError, first_line
from ..events import ReplayPath, ToolSpan
from ..heal.attempt import ActionFailed, ActionReplay, StepReplay
from ..heal.dialogs import CachedAnswers
from ..heal.option import relocate_option
from ..heal.overlays import Dismissal, OverlayQuestion, close_blocking_modal, dismiss_overlay
from ..heal.record import overlay_heal, pictured_after, route_heal, widget_heal
from ..heal.relocation import Relocator
from ..heal.synonyms import Synonyms
from ..heal.translations import Acting, act, opener_as_select, option_as_select
from ..outcome.heal import Heal
from ..page.dialogs import DialogWatch
from ..page.guard import NavigationGuard
from ..page.perform import On, acted_anyway, perform
from ..page.requests import RequestWatch
from ..page.settling import settle
from ..page.tabs import PopupWatch, Tabs
from ..page.targets import bind_target
from ..playwright_internals import call_log, input_sent, pointer_intercepted
from ..templates import substitute
from . import effects
from .gate import Gate, gateable
from .locate import USABLE_MS, Finder, Located
from .looks import await_enabled

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..cache.model import Step
    from ..context import TestContext

FIELD_ACTIONS = ("fill", "type", "select_option", "check", "upload", "expect")  # a form filled (or checked) field by field
NEEDS_ENABLED = ("click", "tap", "swipe", "fill", "type", "press", "select_option", "check", "upload", "drag")


@dataclass(frozen=True)
class Replayed:
    """An action as it was done (its healed target), its heal, and the way it went (gate, full path, None)."""

    action: Action
    heal: Heal | None = None
    path: ReplayPath | None = None


class Replayer:
    """Replays the actions of one cached step on a page."""

    def __init__(self, page: Page, ctx: TestContext, guard: NavigationGuard | None = None, gate: bool = False,
                 tabs: Tabs | None = None) -> None:
        self.ctx = ctx
        self.guard = guard or NavigationGuard((), ctx.cache.display)
        self.timeout_ms = ctx.settings.action_timeout * 1000
        self.tabs = tabs or Tabs(page)
        self._gated = gate  # the ``lumen-identity`` selector engine is registered, the one-round-trip path is open
        self.equivalents = Synonyms.with_lines(ctx.settings.equivalent_names)
        self._switch(page)

    def _switch(self, page: Page, step: StepReplay | None = None) -> None:
        """Act on ``page`` from now on (a tab an action opened, or its opener once it closed)."""
        self.page = page
        self.gate = Gate(page, self.ctx.figures, self.timeout_ms) if self._gated else None
        self.relocator = Relocator(page, self.equivalents)
        self.finder = Finder(self.relocator, self.gate, self.timeout_ms)
        if step is not None:
            step.page = page

    def replay(self, index: int, cached: Step, values: dict[str, str]) -> tuple[list[Action], list[Heal]]:
        """Replay every action of a cached step; returns the actions (with healed targets) and the heals made."""
        step = StepReplay(self.ctx, index, cached, values, self.page, self.ctx.secrets.placeholders_for(cached.variables))
        for i, action in enumerate(cached.actions):
            if i in step.merged:
                step.done[i:i + 1] = [action]  # in its place until the step is done, then left out
                continue
            if self.tabs.current is not self.page:
                self._settle(step)  # the last fill on the page it leaves must hold
                self._switch(self.tabs.current, step)
            self._replay_action(step.action(i, action))
        self._settle(step)
        return step.as_done(), step.heals

    def _replay_action(self, replay: ActionReplay) -> None:
        """Replay one action in its tool span, keeping it (as done, with its healed target) and its heal."""
        target, kind = replay.action.target_or_none, replay.action.kind
        before = target.locator.describe() if target else None
        span = ToolSpan(self.ctx.events, replay.step.index, kind, f"{kind}:{replay.index}", "cache", before)
        try:
            done = self._replay_answering_dialogs(replay)
        except ActionFailed as failed:
            if self.gate is not None:
                self.gate.drop()
            span.end(False, locator=before, error=failed.error, path=failed.path)
            raise
        if done.heal is not None:
            replay.step.heals.append(done.heal)
        if done.action.kind not in FIELD_ACTIONS:
            self.relocator.claims.forget()  # a click may re-render: what was found before is not known to be there now
        after = done.action.target_or_none
        shown = before if after is not None and target is not None and after.locator is target.locator else \
            after.locator.describe() if after else None  # the same locator (a hit): described once
        span.end(True, locator=shown, path=done.path)
        replay.step.done[replay.index:replay.index + 1] = [done.action]  # kept, or in place of itself: a fill done again

    def _settle(self, step: StepReplay) -> None:
        """Before anything is done without the gate: the last gated fill's value is read back, and when it
        did not stick (a busy page, a modal in the way), the fill is done again on the full path (unless the page went
        elsewhere meanwhile: ``Gate.settle``)."""
        again = self.gate.settle(step) if self.gate is not None else None
        if again is not None:
            self._replay_action(again)

    # --- one action -------------------------------------------------------------------

    def _replay_answering_dialogs(self, replay: ActionReplay) -> Replayed:
        """``_replay_one``, answering the dialogs the action opens as they were answered when recorded, and
        following the page it opens (a tab, a popup) as it did when recorded.

        A dialog without a recorded answer is dismissed and fails the action (it was performed), and so
        does a page that was recorded and does not open, and an action recorded with mutations that sends none
        answered now (``page/requests.py``: what it sent is waited for here, before the next action reads the page).
        """
        action = replay.action
        dialogs = DialogWatch.of(self.page.context)
        opens = action.after is not None and action.after.popup is not None
        mutations = [substitute(said, replay.values) for said in (action.after.requests or [])] if action.after else []
        with RequestWatch(self.page) if mutations else nullcontext() as requests:
            if requests is not None:
                requests.mark()
            with PopupWatch(self.page.context) if opens else nullcontext() as popups, \
                    dialogs.answering(CachedAnswers(action.dialogs, replay.values), replay.values,
                                      replay.step.placeholders, self.page if action.dialogs else None) as turn:
                done = self._replay_one(replay)
                if done.heal is not None:  # none on a hit
                    done = dataclasses.replace(done, heal=pictured_after(replay, done.heal))
                popup = popups.wait(self.timeout_ms, self.page) if popups is not None else None
            # after the dialogs' turn, as recording waited: a dialog an answer opens is dismissed, as it was then
            missing = requests.wait_for(mutations, self.timeout_ms) if requests is not None else None
        as_done = replay.doing(done.action).on(done.path)
        if turn.unexpected:
            raise as_done.failed(f"{turn.unexpected[0]} opened, and no answer recorded for it; it was dismissed",
                                 performed=True)
        if missing is not None:
            raise as_done.failed(str(missing), performed=True)
        if opens:
            self.tabs.opened(_opened(as_done, popup))
        return done

    def _replay_one(self, replay: ActionReplay) -> Replayed:
        """Replay one action: through the gate when it can, else by the full path; an ARIA option (or a listbox's
        opener) that is a native select's now, only once the gate missed it, as that select's ``select_option``."""
        target = replay.action.target_or_none
        if replay.via_gate and target is not None and self.gate is not None and gateable(replay.action):
            passed = self.gate.replay(replay.on("gate"), target)
            if passed is not None:
                return _rerouted(replay.on("gate"), passed.renamed_route)
        replay = replay.doing(option_as_select(replay))
        opened = opener_as_select(replay) if replay.action is replay.step.cached.actions[replay.index] else None
        if opened is not None:
            replay = replay.doing(opened)
            replay.step.merged.add(replay.index + 1)
        target = replay.action.target_or_none
        self._settle(replay.step)
        return self._replay_full(replay.on(None if target is None else "full"))

    def _replay_full(self, replay: ActionReplay) -> Replayed:
        """Find the element (healing it when needed), act, and check the effect."""
        target = replay.action.target_or_none
        recorded = target.fingerprint if target is not None else None  # as recorded: a healed target is the new one
        deadline = time.monotonic() + self.timeout_ms / 1000
        found: Located | None = None
        if target is not None and _is_group_check(replay.action):  # a count: the locator of all, no identity
            found = Located(bind_target(target, replay.values).locator.build(self.page), target)
        elif target is not None:
            found = self._locate(replay, target, deadline)
            if replay.action.kind in NEEDS_ENABLED and \
                    not settle(found.locator, (deadline - time.monotonic()) * 1000):  # a dialog still opening: waited for
                found = self._locate(replay, target, deadline)  # the page went elsewhere meanwhile: look again, once
            replay = replay.doing(replay.action.model_copy(update={"target": found.target}))
            if replay.action.kind in NEEDS_ENABLED and not found.enabled:
                await_enabled(replay, found.locator, min(deadline, time.monotonic() + USABLE_MS / 1000))
        loc, heal = (found.locator, found.heal) if found is not None else (None, None)
        if isinstance(replay.action, SelectOption) and loc is not None:  # a renamed option is found again too
            chosen, renamed = relocate_option(replay, loc, self.timeout_ms)
            replay, heal = replay.doing(chosen), heal or renamed
        drop: Located | None = None
        if isinstance(replay.action, Drag) and replay.action.to is not None:  # where it is dropped: found (and healed) alike
            drop = self._locate(replay, replay.action.to, deadline, end="-drop")
            replay, heal = replay.doing(replay.action.model_copy(update={"to": drop.target})), heal or drop.heal
        confirmed = found is not None and found.confirmed and drop is None  # a drop's end confirms nothing
        return self._act(replay, Found(loc, drop.locator if drop is not None else None, recorded, heal, confirmed))

    def _act(self, replay: ActionReplay, found: Found) -> Replayed:
        """Act on the element found (its drop end too) and check the action's recorded effect.

        ``found.confirmed``: the primary locator found the very element; unless it healed, the renamed route it led to
        is kept. A relabel's effect must hold exactly (found on evidence: the effect is part of it), and when it does
        not, the element was not the recorded one: nothing of the action is kept by a model heal."""
        action, loc, heal = replay.action, found.loc, found.heal
        if isinstance(action, Goto):
            self.guard.goto(action.url, replay.values, self.page.url)
        dismissed: list[Dismissal] = []
        try:
            if loc is not None and not isinstance(action, Expect):
                dismissed += [d for d in (close_blocking_modal(self.page, loc),) if d is not None]
            was = effects.before(self.page)
            # the action as done: as cached, or as the widget its element is now declares (``how``)
            acted, how = act(Acting(self.page, action, loc, found.recorded, replay.values, self.timeout_ms,
                                    _Performer(replay, found, self.timeout_ms, dismissed)))
            heal = heal or (widget_heal(replay, how) if how else None)
        except LumenAssertionError:
            raise
        except OverlayQuestion as question:
            raise replay.failed(str(question)) from None
        except (PlaywrightError, LumenError) as exc:
            raise replay.failed(first_line(exc), log=call_log(str(exc))) from None
        finally:
            replay.step.heals.extend(overlay_heal(replay, d) for d in dismissed)
        relabelled = heal is not None and heal.level.kind == "relabel"
        renamed_route = effects.verify_effect(replay.doing(acted), loc, self.timeout_ms, relabelled, was,
                                              confirmed=found.confirmed and heal is None)
        if renamed_route is not None:
            return _rerouted(replay, renamed_route)
        return Replayed(action, heal, replay.path)

    # --- finding the element ----------------------------------------------------------

    def _locate(self, replay: ActionReplay, target: Target, deadline: float, end: str = "") -> Located:
        """The recorded element (``locate.Finder``); the heals of the closed sections opened to show it are kept."""
        found = self.finder.find(replay, target, deadline, end)
        replay.step.heals.extend(found.revealed)
        return found


@dataclass(frozen=True)
class Found:
    """What an action acts on: the element (``loc``; None for an action on the page), where a drag ends (``dest``), the
    element's fingerprint as recorded, the heal that found it, and whether it is the very element (``confirmed``)."""

    loc: Locator | None
    dest: Locator | None
    recorded: Fingerprint | None
    heal: Heal | None
    confirmed: bool


@dataclass(frozen=True)
class _Performer:
    """Performs an action on what was found; once more when an overlay intercepted the pointer and was dismissed
    harmlessly (added to ``dismissed``), but never once it began to act: an action whose time ran out after it acted
    (an overlay that went away at last, then a slow handler) is done, its effect check decides; any other failure after
    it acted fails it as performed. An overlay that asks a question raises ``OverlayQuestion``."""

    replay: ActionReplay
    found: Found
    timeout_ms: float
    dismissed: list[Dismissal]

    def __call__(self, action: Action) -> None:
        page, loc = self.replay.step.page, self.found.loc
        on = On(page, loc, self.replay.values, self.timeout_ms, self.replay.step.ctx.test_dir, self.found.dest)
        try:
            perform(action, on)
        except InputUnhandledError as unhandled:  # a check's click done, its state not shown in time
            raise self.replay.unhandled(unhandled) from None
        except PlaywrightTimeoutError as exc:
            try:
                if acted_anyway(action, on, exc):
                    return  # the log says "intercepts pointer events" from retries before it acted: not in the way now
            except InputUnhandledError as unhandled:
                raise self.replay.unhandled(unhandled, call_log(str(exc))) from None
            self._again_past_overlay(action, on, exc)
        except PlaywrightError as exc:
            if input_sent(str(exc)) != "no":
                raise self.replay.failed(first_line(exc), performed=True, log=call_log(str(exc))) from None
            self._again_past_overlay(action, on, exc)

    def _again_past_overlay(self, action: Action, on: On, exc: PlaywrightError) -> None:
        """The action once more when an overlay in its way was dismissed harmlessly; else its failure, raised."""
        loc = self.found.loc
        dismissal = dismiss_overlay(loc) if loc is not None and pointer_intercepted(str(exc)) else None
        if dismissal is None:
            raise exc
        self.dismissed.append(dismissal)
        perform(action, on)


def _rerouted(replay: ActionReplay, renamed_route: str | None) -> Replayed:
    """The action and its heal when its confirmed element led to a renamed route, else unchanged."""
    if renamed_route is None:
        return Replayed(replay.action, None, replay.path)
    action, heal = route_heal(replay, renamed_route)
    return Replayed(action, heal, replay.path)


def _opened(done: ActionReplay, popup: Page | None) -> Page:
    """The page (tab, popup) the action opened, as it did when recorded; an action that opened none failed."""
    if popup is None:
        after = done.action.after
        raise done.failed(f"the action should have opened a new page ({after.popup if after else None}), and none "
                          f"opened", performed=True)
    return popup


def _is_group_check(action: Action) -> bool:
    """A count check of an older file: its target's locator matches the items themselves, used as it is.

    A count check with ``items`` targets the list that holds them, identity-checked and healed like any target.
    """
    return isinstance(action, Expect) and action.check == "count" and action.items is None
