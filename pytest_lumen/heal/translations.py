"""A cached action done as the widget its element is now declares it is used, as the replayer asks for it.

The translations themselves live with their widget: a select become an ARIA combobox (``widgets.py``), a
date input become a date picker's text field (``dates.py``), a field a closed ``<details>`` hides
(``disclosures.py``); each is reported as a ``widget`` heal, the cached action kept as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cache.model import Expect, SelectOption
from ..page.checks import run_check
from . import chooser, dates, disclosures, native, widgets
from .record import templatized, widget_heal

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Locator, Page

    from ..cache.model import Action, Fingerprint, Target
    from ..context import TestContext
    from ..outcome.heal import Heal
    from .attempt import ActionReplay
    from .relocation import Missed

REVEAL_MS = 1000.0  # how long a collapsed section's control and what it shows are awaited (replayer.USABLE_MS)
# How the replayer performs an action (its overlay retry included): page, action, element, values, timeout, the
# test's folder, where a drag ends.
Perform = Callable[["Page", "Action", "Locator | None", dict[str, str], float, "Path", "Locator | None"], None]


def act(page: Page, action: Action, loc: Locator | None, recorded: Fingerprint | None, values: dict[str, str],
         timeout_ms: float, test_dir: Path, dest: Locator | None, perform_fn: Perform) -> tuple[Action, str | None]:
    """Perform the action (or the check) as the widget its element is now declares it is used (``widgets.py``,
    ``dates.py``): the action as done, and how it was translated (None: done as cached)."""
    if isinstance(action, Expect):
        run_check(page, action, loc, values, timeout_ms, recorded)
        return action, None
    chose = chooser.choose(loc, action, values, timeout_ms) if isinstance(action, SelectOption) and loc else None
    if chose is not None:
        return action, chose
    combo = widgets.combobox_of(loc, timeout_ms) if isinstance(action, SelectOption) and loc is not None else None
    if combo is not None and loc is not None and isinstance(action, SelectOption):
        widgets.choose(loc, combo, action, values, timeout_ms)
        return action, f"{combo.describe()}: opened, its option {action.value!r} clicked"
    acted = (dates.retyped(action, loc, recorded, values, timeout_ms) if loc is not None else None) or action
    perform_fn(page, acted, loc, values, timeout_ms, test_dir, dest)
    return acted, None if acted is action else "a date picker's text field: the date typed in the format it declares"


def as_native(page: Page, ctx: TestContext, instruction: str, replay: ActionReplay, heals: list[Heal],
              tpl: Callable[[str], str]) -> Action:
    """A click on an ARIA option that is a native select's option now, as the ``select_option`` that chooses it
    (``native.py``; the step's actions before it in ``replay.done``), with the step's values as their placeholders
    (``tpl``), its heal added to ``heals``; else the action as it is."""
    action, done = replay.action, replay.done[:replay.index]
    opener = done[-1].target_or_none if done else None
    chosen = native.as_select(page, action, replay.values, opener.fingerprint if opener is not None else None) \
        if action.target_or_none is not None else None
    if chosen is None:
        return action
    written = _templated(chosen.action, tpl)
    heals.append(widget_heal(ctx, instruction, replay, chosen.how, after=written.describe()))
    return written


def as_opened(page: Page, ctx: TestContext, instruction: str, replay: ActionReplay, following: Action | None,
              heals: list[Heal], tpl: Callable[[str], str]) -> SelectOption | None:
    """A click on a listbox's opener that is gone, and the click on its option that ``follows`` it, as the one
    ``select_option`` on the native select labelled as the field (``native.opened_select``), written with the step's
    values as their placeholders, its heal added to ``heals``; None: not so (the click goes on as it would have).
    Raises the action's failure when that select offers no such option, naming those it offers."""
    if following is None:
        return None
    chosen = native.opened_select(page, replay.action, following, replay.values)
    if isinstance(chosen, str):
        raise replay.failed(chosen)
    if chosen is None:
        return None
    written = _templated(chosen.action, tpl)
    heals.append(widget_heal(ctx, instruction, replay, chosen.how, after=written.describe()))
    return written


def _templated(action: SelectOption, tpl: Callable[[str], str]) -> SelectOption:
    """The ``select_option`` as the cache keeps it: every value the step was given as its placeholder."""
    option = action.option
    return action.model_copy(update={
        "value": tpl(action.value),
        "target": templatized(action.target, tpl),
        "option": option.model_copy(update={"value": tpl(option.value), "label": tpl(option.label)}) if option else None})


def reveal(page: Page, ctx: TestContext, instruction: str, replay: ActionReplay, target: Target) -> Heal | Locator | None:
    """What hides the element, or stands in for it: the heal that says which section was opened (``disclosures.py``:
    only what declares it holds the element, and never for a check), or the hidden select a two-list chooser stands in
    for (``chooser.py``; ``act`` chooses there), else None."""
    action = replay.action
    opened = disclosures.reveal(page, target.locator, REVEAL_MS) if not isinstance(action, Expect) else []
    if opened:
        return widget_heal(ctx, instruction, replay, f"opened the collapsed section {_names(opened)}")
    if isinstance(action, SelectOption) and (hidden := chooser.hidden_select(page, action, target, replay.values,
                                                                                REVEAL_MS)):
        return hidden
    return None


def _names(opened: list[str]) -> str:
    return ", ".join(map(repr, opened))


def found_nothing(page: Page, problem: str, found: Missed, recorded: Fingerprint | None) -> str:
    """Why the element was not found, and what stands in for it when it is still there, hidden (``widgets.stand_in``)."""
    stand_in = widgets.stand_in(page, recorded)
    return f"{problem}; zero-token heal found nothing ({found.reason})" + (f"; {stand_in}" if stand_in else "")
