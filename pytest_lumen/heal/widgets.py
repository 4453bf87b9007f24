"""A cached ``select_option`` whose ``<select>`` a release rebuilt as an ARIA combobox: one declared translation.

Component libraries render a select as a combobox with a listbox popup (WAI-ARIA's combobox
pattern): a button or an input with ``role=combobox`` (or a button with ``aria-haspopup=listbox``),
``aria-expanded``, ``aria-controls`` naming the listbox, its options ``role=option``, often in a
portal at the end of ``body``. When the recorded element is found and is such a combobox, the
option is chosen as a person chooses it, at zero tokens: open the combobox as the pattern declares
(a click; an editable one by Down Arrow, after which what is typed filters it), take the listbox
it names (else the only listbox shown), click the option whose label is the recorded one (exactly,
else the one option that clearly is it: ``page/options.clear_match``; one not offered yet, as in a combobox
that fetches its options when it opens with a "Loading…" option first, is awaited with Playwright's own wait,
up to the action timeout), and check the combobox closed showing that label. No such option: the popup
is closed again and the failure names the option and the options offered. The cached action is kept as it
is; the replay reports it (level ``widget``).

A select that is still in the page, hidden, with visible controls standing in for it is chosen in a two-list
chooser when the evidence is clear (``chooser.py``); otherwise ``stand_in`` says what replaced it, for the failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import ChosenOption, Fingerprint, SelectOption
from ..errors import ReplayError
from ..page import scripts
from ..page.evaluate import evaluate
from ..page.options import Offered, clear_match, exact, plain
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


WIDGET_JS = scripts.function("widgetOf", ("widgets",))
OPTIONS_JS = scripts.function("popupOptions", ("widgets",))
STAND_IN_JS = scripts.function("hiddenStandIn", ("widgets",))
SHOWN_JS = scripts.function("shownBy", ("widgets",))
LISTBOX_SHOWN = "[role=listbox]:visible"
# What opens a listbox popup, as the pattern declares: the trigger, never the listbox labelled like it (MUI's menu is
# labelled by the select's label, so the select's locator finds both while it is open).
TRIGGERS = "[role=combobox], [aria-haspopup=listbox]"
MAX_NAMED = 20  # options named in a failure
MAX_BESIDE = 4  # widgets named as standing in for a hidden control


@dataclass(frozen=True)
class Combobox:
    """What the element found for a select declares about itself, now that it is a combobox."""

    tag: str
    role: str | None
    editable: bool
    expanded: bool
    popup: tuple[str, ...]
    shown: str

    def describe(self) -> str:
        kind = f"{self.tag} role={self.role}" if self.role else f"{self.tag} aria-haspopup=listbox"
        return f"a combobox ({kind}{', editable' if self.editable else ''})"


class ComboboxError(ReplayError):
    """A select rebuilt as a combobox could not be given the recorded option."""


def combobox_of(loc: Locator, timeout_ms: float) -> Combobox | None:
    """The combobox the located element is now, or None (a native ``<select>``, or another element)."""
    try:
        w: dict[str, Any] = evaluate(loc, WIDGET_JS, timeout=timeout_ms)
    except PlaywrightError:
        return None
    if w["tag"] == "select" or not (w["role"] == "combobox" or w["haspopup"] == "listbox"):
        return None
    return Combobox(w["tag"], w["role"], bool(w["editable"]), bool(w["expanded"]), tuple(w["popup"]), str(w["shown"]))


def wanted_labels(action: SelectOption, values: dict[str, str]) -> tuple[str, ChosenOption | None]:
    """What the step chooses (its value or label) and the option recorded, placeholders filled in."""
    recorded = None if action.option is None else ChosenOption(value=substitute(action.option.value, values),
                                                                label=substitute(action.option.label, values))
    return substitute(action.value, values), recorded


def choose(loc: Locator, combo: Combobox, action: SelectOption, values: dict[str, str], timeout_ms: float) -> str:
    """Open the combobox, click the recorded option, check it is shown; the label chosen. Raises ``ComboboxError``."""
    wanted, recorded = wanted_labels(action, values)
    page = loc.page
    loc = loc.and_(page.locator(TRIGGERS))
    others = page.locator(LISTBOX_SHOWN).count()  # listboxes shown before it opened: never taken for its popup
    popup: Locator | None = _open(loc, combo, others, timeout_ms)
    assert popup is not None
    options = first = _offered(popup, timeout_ms)
    index = _match(options, wanted, recorded)
    typed = ""
    if index is None and combo.editable:  # the options a combobox shows may be those matching what is typed
        typed = recorded.label if recorded is not None and recorded.label else wanted
        loc.fill(typed, timeout=timeout_ms)
        popup = _popup(page, loc, others, timeout_ms)
        options = _offered(popup, timeout_ms) if popup is not None else []
        index = _match(options, wanted, recorded)
    if index is None and popup is not None:  # options loaded after it opened ("Loading…" first): awaited
        options = _awaited(popup, [wanted, recorded.label if recorded is not None else ""], timeout_ms)
        index = _match(options, wanted, recorded)
    if index is None or popup is None:
        _close(loc, combo, timeout_ms)
        raise ComboboxError(f"the select is now {combo.describe()}, and it offers no option {action.value!r}; "
                            f"{_offering(options, first, typed)}")
    label = options[index].label
    # by its name, not its place: a list that re-renders meanwhile (fetched results after the recent ones, an opening
    # animation) must not turn the option read into another; a name two options share is clicked in neither
    popup.get_by_role("option", name=label, exact=True).click(timeout=timeout_ms)
    shows = str(evaluate(loc, SHOWN_JS, timeout=timeout_ms))
    if plain(label) not in plain(shows):
        raise ComboboxError(f"the option {label!r} of {combo.describe()} was clicked, and the combobox shows "
                            f"{shows!r}, not it")
    return label


def _open(loc: Locator, combo: Combobox, others: int, timeout_ms: float) -> Locator:
    """Open the combobox as its pattern declares and return its listbox: a click, or Down Arrow in an editable one."""
    if not combo.expanded:
        if combo.editable:
            loc.press("ArrowDown", timeout=timeout_ms)
        else:
            loc.click(timeout=timeout_ms)
    popup = _popup(loc.page, loc, others, timeout_ms)
    if popup is None:
        _close(loc, combo, timeout_ms)
        raise ComboboxError(f"the select is now {combo.describe()}, and opening it showed no listbox of options "
                            f"that it names (aria-controls) or that is the only one shown")
    return popup


def _popup(page: Page, loc: Locator, others: int, timeout_ms: float) -> Locator | None:
    """The listbox the open combobox names (``aria-controls``, ``aria-owns``), else, when no listbox was shown before
    it opened, the only one shown now; waits for the combobox to say it is open (or for that listbox)."""
    opened = loc.and_(page.locator("[aria-expanded=true]"))
    if not others:
        opened = opened.or_(page.locator(LISTBOX_SHOWN))
    try:
        opened.first.wait_for(state="visible", timeout=timeout_ms)
        ids = [str(i) for i in evaluate(loc, WIDGET_JS, timeout=timeout_ms)["popup"]]
        for popup_id in ids:
            named = page.locator(f'[id="{_css_string(popup_id)}"]')
            named.first.wait_for(state="attached", timeout=timeout_ms)
            if named.count() == 1 and (named.get_attribute("role") == "listbox" or named.locator("[role=option]").count()):
                return named
    except PlaywrightError:
        return None
    shown = page.locator(LISTBOX_SHOWN)
    return shown if not others and shown.count() == 1 else None


def _css_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _offered(popup: Locator, timeout_ms: float) -> list[Offered]:
    rows = evaluate(popup, OPTIONS_JS, timeout=timeout_ms)
    return [Offered("", str(r["label"]), bool(r["disabled"])) for r in rows]


def _offering(options: list[Offered], first: list[Offered], typed: str) -> str:
    """The options offered, for a failure: those offered now (for what was typed), then those offered when it opened
    if they differ; a disabled one ("Loading…") is none. What an opened list held depends on how fast it loaded, so
    it is only ever added after what is offered now."""
    def named(offered: list[Offered]) -> str:
        return ", ".join(repr(o.label) for o in [o for o in offered if not o.disabled][:MAX_NAMED])
    now = f"the options now offered{f' for {typed!r} typed' if typed else ''}: {named(options) or 'none'}"
    if typed and named(first) and named(first) != named(options):
        return f"{now} (when it opened: {named(first)})"
    return now


def _awaited(popup: Locator, labels: list[str], timeout_ms: float) -> list[Offered]:
    """The options offered once one with a wanted label is shown (Playwright's own wait on it), or when the action
    timeout is over: a combobox that fetches its options when it opens, or as it is typed in, offers them later."""
    wanted: Locator | None = None
    for label in filter(None, labels):
        option = popup.get_by_role("option", name=label, exact=True)
        wanted = option if wanted is None else wanted.or_(option)
    try:
        if wanted is not None:
            wanted.first.wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightError:
        pass  # never offered: what is offered now is named in the failure
    try:
        return _offered(popup, timeout_ms)
    except PlaywrightError:  # the popup went away
        return []


def _match(options: list[Offered], wanted: str, recorded: ChosenOption | None) -> int | None:
    """The option the step chose: the recorded label exactly (a file that recorded no option: the wanted text, its
    value or its label), else the one option whose label clearly is it; a value alone never."""
    by_label = recorded is not None and bool(recorded.label)
    index = exact(options, recorded.label if recorded is not None and by_label else wanted, by_label)
    if index is not None and not options[index].disabled:
        return index
    return clear_match(options, wanted, recorded)


def _close(loc: Locator, combo: Combobox, timeout_ms: float) -> None:
    """Close a popup this translation opened and undo what it typed: nothing is left chosen."""
    try:
        loc.press("Escape", timeout=timeout_ms)
        if combo.editable:
            loc.fill(combo.shown, timeout=timeout_ms)
            loc.press("Escape", timeout=timeout_ms)
    except PlaywrightError:
        pass


def stand_in(page: Page, recorded: Fingerprint | None) -> str | None:
    """What stands in for a recorded control that is still in the page, hidden (a two-list chooser, a custom
    select): said for a failure, or None when the recorded control is not there hidden."""
    if recorded is None or not (recorded.id or recorded.name_attr):
        return None
    try:
        found = page.evaluate(STAND_IN_JS, {"id": recorded.id, "name": recorded.name_attr})
    except PlaywrightError:
        return None
    if not found:
        return None
    which = f"id {recorded.id!r}" if recorded.id else f"name {recorded.name_attr!r}"
    beside = [f"{b['role'] or b['tag']} {b['name']!r}" if b["name"] else b["role"] or b["tag"]
              for b in found["beside"]][:MAX_BESIDE]
    instead = f"; shown in its place: {', '.join(beside)}" if beside else ""
    return (f"the recorded {found['tag']} ({which}) is still in the page, hidden ({found['how']}): a widget stands "
            f"in for it now{instead}")
