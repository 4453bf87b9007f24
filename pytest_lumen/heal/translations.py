"""A cached action done as the widget its element now declares it is used: one interface, ``Translation``.

Each translation lives with its widget and answers for an action about to be done on the element found (``Acting``):
a two-list chooser standing in for a select (``chooser.py``), a select become an ARIA combobox (``widgets.py``), a date
input become a date picker's text field (``dates.py``). The first that declares itself (``TRANSLATIONS``, in order)
does the action its way, or says how to do it; none: the action is done as cached. Each is reported as a ``widget``
heal, the cached action kept as it is.

Before an element is found, two rewrites read the step around the action: a click on an ARIA option that is a
native select's now (``option_as_select``) and a listbox's opener gone with its option (``opener_as_select``,
``native.py``); and when the element is hidden, what declares it holds it is opened (``reveal``: ``disclosures.py``,
or ``chooser.py``'s select).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..cache.model import Expect, SelectOption
from ..page.checks import run_check
from . import chooser, dates, disclosures, native, widgets
from .record import WIDGET, target_with_placeholders, widget_heal

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..cache.model import Action, Fingerprint, Target
    from ..outcome.heal import Heal
    from ..secrets import PlaceholderRule
    from .attempt import ActionReplay
    from .relocation import Missed

REVEAL_MS = 1000.0  # how long a collapsed section's control and what it shows are awaited (replayer.USABLE_MS)


@dataclass(frozen=True)
class Acting:
    """An action about to be done (``loc``: the element found, None for an action on the page; ``recorded``: its
    fingerprint as recorded), and how the replayer performs an action there (``perform``: its overlay retry included).
    """

    page: Page
    action: Action
    loc: Locator | None
    recorded: Fingerprint | None
    values: dict[str, str]
    timeout_ms: float
    perform: Callable[[Action], None]


@dataclass(frozen=True)
class Translated:
    """How a translation did the action: the action as done (as cached, or as the widget reads it) and what the widget
    declared (the heal's evidence)."""

    action: Action
    how: str


class Translation(Protocol):
    """One widget an element may have become: it does the action the widget's way, or answers None (not this one)."""

    name: str
    kind: str  # the heal it is reported as

    def translate(self, acting: Acting) -> Translated | None:
        """Do ``acting.action`` as this widget declares it is used; None, without acting, when it is not this widget."""
        ...


class TwoListChooser:
    """A select hidden behind a two-list chooser (available, chosen, an "add" control): chosen there."""

    name, kind = "two_list_chooser", WIDGET

    def translate(self, acting: Acting) -> Translated | None:
        """Choose the option in the chooser standing in for the select."""
        if not isinstance(acting.action, SelectOption) or acting.loc is None:
            return None
        how = chooser.choose(acting.loc, acting.action, acting.values, acting.timeout_ms)
        return Translated(acting.action, how) if how is not None else None


class AriaCombobox:
    """A select become an ARIA combobox with a listbox popup: opened, its option clicked."""

    name, kind = "aria_combobox", WIDGET

    def translate(self, acting: Acting) -> Translated | None:
        """Open the combobox and click the recorded option."""
        action = acting.action
        if not isinstance(action, SelectOption) or acting.loc is None:
            return None
        combo = widgets.combobox_of(acting.loc, acting.timeout_ms)
        if combo is None:
            return None
        widgets.choose(acting.loc, combo, action, acting.values, acting.timeout_ms)
        return Translated(action, f"{combo.describe()}: opened, its option {action.value!r} clicked")


class DatePicker:
    """A date input become a date picker's text field: the date typed in the format the field declares."""

    name, kind = "date_picker", WIDGET

    def translate(self, acting: Acting) -> Translated | None:
        """Type the recorded date as the field reads it."""
        if acting.loc is None:
            return None
        retyped = dates.retyped(acting.action, acting.loc, acting.recorded, acting.values, acting.timeout_ms)
        if retyped is None:
            return None
        acting.perform(retyped)
        return Translated(retyped, "a date picker's text field: the date typed in the format it declares")


TRANSLATIONS: tuple[Translation, ...] = (TwoListChooser(), AriaCombobox(), DatePicker())


def act(acting: Acting) -> tuple[Action, str | None]:
    """Do the action as the first translation that declares itself does it, else as cached (a check: checked, never
    translated, ``page/checks.py``): the action as done, and how it was translated (None: as cached)."""
    action = acting.action
    if isinstance(action, Expect):
        run_check(acting.page, action, acting.loc, acting.values, acting.timeout_ms, acting.recorded)
        return action, None
    for translation in TRANSLATIONS:
        done = translation.translate(acting)
        if done is not None:
            return done.action, done.how
    acting.perform(action)
    return action, None


def option_as_select(replay: ActionReplay) -> Action:
    """A click on an ARIA option that is a native select's option now, as the ``select_option`` that chooses it
    (``native.py``; the step's actions before it as done), written with the step's placeholders, its heal added to the
    step's; else the action as it is."""
    action, step = replay.action, replay.step
    done = step.done[:replay.index]
    opener = done[-1].target_or_none if done else None
    if opener is not None and _opened_as_recorded(replay, opener):
        return action  # the listbox it opened is the recorded one, its options still to come: never another select's
    chosen = native.as_select(step.page, action, replay.values, opener.fingerprint if opener is not None else None) \
        if action.target_or_none is not None else None
    if chosen is None:
        return action
    written = _with_placeholders(chosen.action, step.placeholders)
    step.heals.append(widget_heal(replay, chosen.how, after=written.describe()))
    return written


def _opened_as_recorded(replay: ActionReplay, opener: Target) -> bool:
    """Whether the action before this one opened a listbox, and was replayed on the recorded element, unhealed (the
    widget was not rebuilt: its listbox may be slow to show its options, as a fetch on opening makes it)."""
    before = replay.index - 1
    fp = opener.fingerprint
    return (fp is not None and (fp.role == "combobox" or fp.popup == "listbox")
            and replay.step.done[before] == replay.step.cached.actions[before]
            and not any(h.action == before for h in replay.step.heals))


def opener_as_select(replay: ActionReplay) -> SelectOption | None:
    """A click on a listbox's opener that is gone, and the click on its option that follows it, as the one
    ``select_option`` on the native select labelled as the field (``native.opened_select``), written with the step's
    placeholders, its heal added to the step's; None: not so (the click goes on as it would have). Raises the action's
    failure when that select offers no such option, naming those it offers."""
    step = replay.step
    following = step.following(replay.index)
    if following is None:
        return None
    chosen = native.opened_select(step.page, replay.action, following, replay.values)
    if isinstance(chosen, str):
        raise replay.failed(chosen)
    if chosen is None:
        return None
    written = _with_placeholders(chosen.action, step.placeholders)
    step.heals.append(widget_heal(replay, chosen.how, after=written.describe()))
    return written


def _with_placeholders(action: SelectOption, placeholders: PlaceholderRule) -> SelectOption:
    """The ``select_option`` as the cache keeps it: every value the step was given as its placeholder."""
    option = action.option
    return action.model_copy(update={
        "value": placeholders(action.value),
        "target": target_with_placeholders(action.target, placeholders),
        "option": option.model_copy(update={"value": placeholders(option.value), "label": placeholders(option.label)})
        if option else None})


def reveal(replay: ActionReplay, target: Target) -> Heal | Locator | None:
    """What hides the element, or stands in for it: the heal that says which section was opened (``disclosures.py``:
    only what declares it holds the element, and never for a check), or the hidden select a two-list chooser stands in
    for (``chooser.py``; ``act`` chooses there), else None."""
    action, page = replay.action, replay.step.page
    opened = disclosures.reveal(page, target, REVEAL_MS) if not isinstance(action, Expect) else []
    if opened:
        return widget_heal(replay, f"opened the collapsed section {_names(opened)}")
    if isinstance(action, SelectOption) and (hidden := chooser.hidden_select(page, action, target, replay.values,
                                                                                REVEAL_MS)):
        return hidden
    return None


def _names(opened: list[str]) -> str:
    return ", ".join(map(repr, opened))


def found_nothing(replay: ActionReplay, problem: str, found: Missed, recorded: Fingerprint | None) -> str:
    """Why the element was not found, and what stands in for it when it is still there, hidden (``widgets.stand_in``)."""
    stand_in = widgets.stand_in(replay.step.page, recorded)
    return f"{problem}; zero-token heal found nothing ({found.reason})" + (f"; {stand_in}" if stand_in else "")
