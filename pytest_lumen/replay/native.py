"""A choice recorded in an ARIA listbox, replayed on the native ``<select>`` a release put in its place.

The reverse of ``widgets.py``: a choice recorded on a custom combobox or listbox is a click on an option
(``role=option``) of its popup; when a release makes it a native ``<select>`` again, that option is an
``<option>`` of a closed dropdown, which no one clicks: a person picks it from the select. When the recorded
option is shown nowhere as an ARIA option and a shown native select offers an enabled option with the
recorded option's label (as words), the click is done as ``select_option`` by that label on that select, at
zero tokens. The select must be tied to the recorded listbox, never taken for being the only one offering the
option (a select elsewhere may offer it while the listbox is still opening): labelled as the recorded listbox
was (its landmark, "listbox: Country") or as the combobox the step clicked just before to open it, else offering
more of the options the recorded listbox showed around the option (its context) than any other select; else
none is guessed, and the step goes on as it would have.
The step is done, and written, as that ``select_option`` (the step's values as their placeholders); the replay
reports it (level ``widget``), before and after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import ChosenOption, Fingerprint, SelectOption, Target
from ..page import scripts
from ..page.fingerprint import capture
from ..page.locators import spec_from_locator
from ..templates import substitute
from .names import holds_run, says, word_list, words

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHOICES_JS = scripts.function("nativeChoices", ("widgets",))


@dataclass(frozen=True)
class NativeChoice:
    """The click on an option, as the ``select_option`` that does it on a native select now, and how."""

    action: SelectOption
    how: str


def as_select(page: Page, action: Any, values: dict[str, str], opener: Fingerprint | None = None) -> NativeChoice | None:
    """The recorded click on an ARIA option as a ``select_option`` on the one native select that offers it now, or
    None (not such a click, the option is shown as recorded, or no select, or no single one, offers it).
    ``opener``: the element the step acted on just before (the combobox clicked to open the listbox), if any."""
    target: Target | None = action.target_or_none
    fp = target.fingerprint if target is not None else None
    if action.kind != "click" or fp is None or fp.role != "option" or fp.tag in ("option", "select"):
        return None
    name = substitute(fp.name or fp.text or "", values)
    if not word_list(name):
        return None
    try:
        found: dict[str, Any] = page.evaluate(CHOICES_JS, name)
    except PlaywrightError:
        return None
    chosen = _which(found["selects"], _listbox_names(fp, opener), fp.context, name) if not found["shown"] else None
    if chosen is None:
        return None
    select = page.locator("select").nth(int(chosen["index"]))
    try:
        spec = spec_from_locator(select.normalize())
        if spec.build(page).count() != 1:
            return None
        now = Target(locator=spec, fingerprint=capture(spec.build(page)))
    except PlaywrightError:
        return None
    label, value = str(chosen["chosen"]["label"]), str(chosen["chosen"]["value"])
    done = SelectOption(target=now, value=label, option=ChosenOption(value=value, label=label), after=action.after)
    which = f"the select {chosen['label']!r}" if chosen["label"] else "the select"
    return NativeChoice(done, f"the option {label!r} is a native select's now: chosen in {which} by its label")


def _listbox_names(option: Fingerprint, opener: Fingerprint | None) -> list[list[str]]:
    """The words the recorded listbox was named by: its own name (the option's landmark, "listbox: Country"), and the
    name of the control clicked just before to open it, when that was a combobox or a button."""
    names = [word_list(option.landmark.split(":", 1)[1])] if option.landmark and ":" in option.landmark else []
    if opener is not None and opener.role in ("combobox", "button"):
        names.append(word_list(says(opener) or ""))
    return [n for n in names if n]


def _which(selects: list[dict[str, Any]], names: list[list[str]], context: str | None,
           option: str = "") -> dict[str, Any] | None:
    """The select that offers the option, on evidence that ties it to the recorded listbox, never for being the only
    one (another select may offer the same option while the listbox is still opening): the one labelled as the
    recorded listbox or as the control that opened it, else the one that offers more of the other options the
    listbox showed around the recorded one (its context) than any other select."""
    for name in names:
        named = [s for s in selects if word_list(str(s["label"])) and holds_run(name, word_list(str(s["label"])))]
        if len(named) == 1:
            return named[0]
    around = words(context) - words(option)
    held = [len(around & words(" ".join(map(str, s["options"])))) for s in selects]
    best = max(held, default=0)
    return selects[held.index(best)] if best and held.count(best) == 1 else None
