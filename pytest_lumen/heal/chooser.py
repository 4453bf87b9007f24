"""A select a release put behind a two-list "chooser", chosen from as a person chooses: the option, then Add.

Flask-Admin, sqladmin and Django-style dual listboxes keep the form's ``<select multiple>`` in the page, hidden,
and show two lists (the options available, the options chosen) with the controls that move options between
them. A cached ``select_option`` on the hidden select is done in the chooser when the evidence is clear: the
option's label held exactly once by the chooser's lists (it is in the available list), and one control in the
chooser whose name declares it adds (``ADDS``: these widgets' "Add", "Choose" or a right arrow; never a submit
nor a link elsewhere). The option is selected in that list, the control clicked once, and the hidden select must
then have it chosen. When a chooser is there and the evidence is not clear, nothing is done: the step fails
saying why. When none is there, nothing here applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..errors import ReplayError
from ..page import scripts
from ..page.evaluate import evaluate
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..cache.model import SelectOption, Target

FILES = ("chooser",)
AROUND_JS = scripts.function("chooserAround", FILES)
CHOSEN_JS = scripts.function("chooserChosen", FILES)
# How the control that adds an option to the chosen list is named by these widgets: a verb that adds, or an arrow
# towards the chosen list (the whole name: "Add all" moves every option, not the one chosen).
ADDS = r"^(add|choose|select|include)( *(→|»|>|\u203a))?$|^(→|»|>>?|\u203a|⇒|➔)$"  # \u203a: a single right quote


class ChooserError(ReplayError):
    """A two-list chooser stands in for the recorded select, and the option could not be chosen in it."""


@dataclass(frozen=True)
class Chooser:
    """The chooser that stands in for a hidden select, as read for one option's label."""

    lists: int
    holders: int  # the chooser's lists that hold the label (once each time)
    adds: tuple[str, ...]  # the names of its controls that declare they add

    def unclear(self, label: str) -> str | None:
        """Why the option is not chosen without a person (None: the evidence is clear)."""
        if self.holders != 1:
            return f"its lists hold the option {label!r} {self.holders} times"
        if len(self.adds) != 1:
            return f"it has {len(self.adds)} controls that add ({', '.join(map(repr, self.adds)) or 'none'})"
        return None


def label_of(action: SelectOption, values: dict[str, str]) -> str:
    """The label of the option the step chose: as recorded, else the cached value."""
    return substitute(action.option.label if action.option is not None and action.option.label else action.value,
                      values)


def chooser_of(loc: Locator, label: str, timeout_ms: float) -> Chooser | None:
    """The chooser standing in for the hidden select ``loc``; None when it is shown or none stands in for it."""
    try:
        data: dict[str, Any] | None = evaluate(loc, AROUND_JS, {"label": label, "adds": ADDS, "parts": False},
                                                   timeout=timeout_ms)
    except PlaywrightError:
        return None
    return None if not data else Chooser(int(data["lists"]), int(data["holders"]), tuple(data["adds"]))


def hidden_select(page: Page, action: SelectOption, target: Target, values: dict[str, str],
                  timeout_ms: float) -> Locator | None:
    """The recorded select still in the page, hidden (found by its recorded id, else its name attribute, alone),
    when a two-list chooser stands in for it; None otherwise."""
    fp = target.fingerprint
    if fp is None or fp.tag != "select" or not (fp.id or fp.name_attr):
        return None
    attr, value = ("id", fp.id) if fp.id else ("name", fp.name_attr)
    loc = page.locator("select").and_(page.locator(f"[{attr}={_quoted(value or '')}]"))
    try:
        alone = loc.count() == 1
    except PlaywrightError:
        return None
    return loc if alone and chooser_of(loc, label_of(action, values), timeout_ms) is not None else None


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def choose(loc: Locator, action: SelectOption, values: dict[str, str], timeout_ms: float) -> str | None:
    """Choose the step's option in the chooser standing in for ``loc``: how it was done; None when no chooser
    stands in for it. Raises ``ChooserError`` without acting when the evidence is not clear."""
    label = label_of(action, values)
    chooser = chooser_of(loc, label, timeout_ms)
    if chooser is None:
        return None
    why = chooser.unclear(label)
    if why is not None:
        raise ChooserError(f"a two-list chooser stands in for the select, and {why}: nothing was chosen")
    parts = loc.evaluate_handle(AROUND_JS, {"label": label, "adds": ADDS, "parts": True})
    available, add = (parts.get_property(k).as_element() for k in ("0", "1"))
    if available is None or add is None:
        raise ChooserError("a two-list chooser stands in for the select, and it changed while it was read")
    available.select_option(label=label, timeout=timeout_ms)
    add.click(timeout=timeout_ms)
    if not evaluate(loc, CHOSEN_JS, label, timeout=timeout_ms):
        raise ChooserError(f"a two-list chooser stands in for the select: {label!r} was selected in its list and "
                           f"{chooser.adds[0]!r} clicked, and the select does not have it chosen")
    return f"a two-list chooser: {label!r} selected in its available list, then {chooser.adds[0]!r} clicked"
