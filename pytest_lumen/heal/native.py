"""A choice recorded in an ARIA listbox, replayed on the native ``<select>`` a release put in its place.

The reverse of ``widgets.py``: a choice recorded on a custom combobox or listbox is a click on an option
(``role=option``) of its popup; when a release makes it a native ``<select>`` again, that option is an
``<option>`` of a closed dropdown, which no one clicks: a person picks it from the select. When the recorded
option is shown nowhere as an ARIA option and a shown native select offers an enabled option with the
recorded option's label (as words), the click is done as ``select_option`` by that label on that select, at
zero tokens. The select must be tied to the recorded listbox, never taken for being the only one offering the
option (a select elsewhere may offer it while the listbox is still opening): labelled as the recorded listbox
was (its landmark, "listbox: Country") or as the combobox the step clicked just before to open it; never for
offering the options the listbox showed around it (a select elsewhere may offer the same countries). Else none is
guessed, and the step goes on as it would have.
The step is done, and written, as that ``select_option`` (the step's values as their placeholders); the replay
reports it (level ``widget``), before and after.

A listbox opened by a button (Headless UI's Listbox, MUI's Select: a button named by the value it shows, declaring
``aria-haspopup=listbox``) is recorded as two clicks, the button's and the option's; the button's fingerprint keeps
what it declared it pops up (``popup``). When the gate missed the button, its locator finds nothing, and the
step's next action clicks an option, ``opened_select`` looks for the native select labelled as the field: the
button's accessible name without the value it showed (or the listbox's own name), word for word, exactly one such
select. It offers the option: the two clicks are one ``select_option`` there. It does not: the step fails naming the
options it offers. No such select, or two: nothing is guessed, and the step goes on as it would have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Action, ChosenOption, Click, Fingerprint, SelectOption, Target
from ..page import scripts
from ..page.fingerprint import capture
from ..page.locators import spec_from_locator
from ..page.targets import bind_target
from ..templates import substitute
from .words import holds_run, name_or_text, word_list

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHOICES_JS = scripts.function("nativeChoices", ("widgets",))
SELECTS_JS = scripts.function("nativeSelects", ("widgets",))
LISTBOX_POPUP = "listbox"  # what a listbox's opener declares it pops up (aria-haspopup)
MAX_NAMED = 20  # options named in a failure


@dataclass(frozen=True)
class NativeChoice:
    """The click on an option, as the ``select_option`` that does it on a native select now, and how."""

    action: SelectOption
    how: str


def as_select(page: Page, action: Action, values: dict[str, str],
              opener: Fingerprint | None = None) -> NativeChoice | None:
    """The recorded click on an ARIA option as a ``select_option`` on the one native select that offers it now, or
    None (not such a click, the option is shown as recorded, or no select, or no single one, offers it).
    ``opener``: the element the step acted on just before (the combobox clicked to open the listbox), if any."""
    fp = _option_clicked(action)
    name = substitute(fp.name or fp.text or "", values) if fp is not None else ""
    if fp is None or not isinstance(action, Click) or not word_list(name):
        return None
    try:
        found: dict[str, Any] = page.evaluate(CHOICES_JS, name)
    except PlaywrightError:
        return None
    chosen = _which(found["selects"], _listbox_names(fp, opener), fp.context, name) if not found["shown"] else None
    if chosen is None:
        return None
    now = _target(page, int(chosen["index"]))
    if now is None:
        return None
    label, value = str(chosen["chosen"]["label"]), str(chosen["chosen"]["value"])
    done = SelectOption(target=now, value=label, option=ChosenOption(value=value, label=label), after=action.after)
    which = f"the select {chosen['label']!r}" if chosen["label"] else "the select"
    return NativeChoice(done, f"the option {label!r} is a native select's now: chosen in {which} by its label")


def opened_select(page: Page, opener: Action, option: Action, values: dict[str, str]) -> NativeChoice | str | None:
    """The click on a listbox's opener (it declared ``aria-haspopup=listbox``) and the click on its option that
    follows it, as one ``select_option`` on the native select labelled as the field, when the opener is gone: the
    choice; a failure (str) naming the options that select offers, when it offers no such option; None when the
    clicks are no such pair, the opener is there, or no select, or more than one, is labelled as the field."""
    target, fp = opener.target_or_none, _option_clicked(option)
    if not isinstance(opener, Click) or target is None or target.fingerprint is None or fp is None \
            or target.fingerprint.popup != LISTBOX_POPUP:
        return None
    name = substitute(fp.name or fp.text or "", values)
    fields = [f for f in (field_names(target.fingerprint, values), _listbox_name(fp)) if f]
    if not word_list(name) or not fields:
        return None
    try:
        if bind_target(target, values).locator.build(page).and_(page.locator(":not(select)")).count():
            return None  # the opener is there (a select its locator finds, labelled as the field, is none)
        selects: list[dict[str, Any]] = page.evaluate(SELECTS_JS)
    except PlaywrightError:
        return None
    select = labelled(selects, fields)
    if select is None:
        return None
    offered = [o for o in select["options"] if not o["disabled"]]
    chosen = next((o for o in offered if word_list(str(o["label"])) == word_list(name)), None)
    if chosen is None:
        named = ", ".join(repr(str(o["label"])) for o in offered[:MAX_NAMED]) or "none"
        return (f"the listbox it opened is a native select {select['label']!r} now, and it offers no option "
                f"{name!r}; the options it offers: {named}")
    now = _target(page, int(select["index"]))
    if now is None:
        return None
    label, value = str(chosen["label"]), str(chosen["value"])
    done = SelectOption(target=now, value=label, option=ChosenOption(value=value, label=label), after=option.after)
    return NativeChoice(done, f"the listbox it opened is a native select {select['label']!r} now, labelled as the "
                              f"field: the option {label!r} chosen in it by its label, the two clicks one choice")


def field_names(opener: Fingerprint, values: dict[str, str]) -> list[str]:
    """The words naming the field a listbox's opener chooses for: its accessible name (or label) without the value
    it showed when recorded (a button is often labelled by its label and by itself: "Country Germany")."""
    named = word_list(substitute(name_or_text(opener) or opener.label or "", values))
    shown = word_list(substitute(opener.text or "", values))
    n = len(shown)
    for i in range(len(named) - n, -1, -1) if n else ():
        if named[i:i + n] == shown:  # the last run of it: a value may repeat a word of the label
            return named[:i] + named[i + n:]
    return named


def labelled(selects: list[dict[str, Any]], fields: list[list[str]]) -> dict[str, Any] | None:
    """The one select labelled, word for word, as the field is named (each name in turn), else None."""
    for field in fields:
        named = [s for s in selects if word_list(str(s["label"])) == field]
        if len(named) == 1:
            return named[0]
    return None


def _option_clicked(action: Action) -> Fingerprint | None:
    """The recorded fingerprint of the ARIA option (not a native one) the action clicked, or None."""
    target = action.target_or_none
    fp = target.fingerprint if target is not None else None
    if not isinstance(action, Click) or fp is None or fp.role != "option" or fp.tag in ("option", "select"):
        return None
    return fp


def _listbox_name(option: Fingerprint) -> list[str]:
    """The words the recorded listbox was named by (the option's landmark, "listbox: Country"), else none."""
    landmark = option.landmark or ""
    return word_list(landmark.split(":", 1)[1]) if landmark.startswith("listbox:") else []


def _target(page: Page, index: int) -> Target | None:
    """The document's ``index``-th select as a target: a locator that finds it alone, and its fingerprint."""
    select = page.locator("select").nth(index)
    try:
        spec = spec_from_locator(select.normalize())
        if spec.build(page).count() != 1:
            return None
        return Target(locator=spec, fingerprint=capture(spec.build(page)))
    except PlaywrightError:
        return None


def _listbox_names(option: Fingerprint, opener: Fingerprint | None) -> list[list[str]]:
    """The words the recorded listbox was named by: its own name (the option's landmark, "listbox: Country"), and the
    name of the control clicked just before to open it, when that was a combobox or a button."""
    names = [word_list(option.landmark.split(":", 1)[1])] if option.landmark and ":" in option.landmark else []
    if opener is not None and opener.role in ("combobox", "button"):
        names.append(word_list(name_or_text(opener) or ""))
    return [n for n in names if n]


def _which(selects: list[dict[str, Any]], names: list[list[str]], context: str | None,
           option: str = "") -> dict[str, Any] | None:
    """The select that offers the option, on evidence that ties it to the recorded listbox, never for being the only
    one nor for offering the same options (another select may offer them while the listbox is still opening): the one
    labelled as the recorded listbox or as the control that opened it; else none."""
    for name in names:
        named = [s for s in selects if word_list(str(s["label"])) and holds_run(name, word_list(str(s["label"])))]
        if len(named) == 1:
            return named[0]
    return None
