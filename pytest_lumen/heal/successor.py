"""Strategy: a select or combobox that a release rebuilt as a control popping up a listbox: its successor, by its label.

WAI-ARIA has two ways to say "a control that opens a list of options to choose one": a ``combobox``
(ARIA 1.2's select-only combobox: Radix Select's trigger, MUI Select's ``div role=combobox``) and, before
it, a button that declares ``aria-haspopup=listbox`` (Headless UI's Listbox, ARIA 1.1's collapsible
listbox). Such a button's role is ``button``, and its accessible name often holds the value it shows
("Country Germany": it is labelled by its label and by itself), so likeness alone never takes it for a
recorded ``<select>`` or combobox. What a person goes by is the label: when the recorded element was a
select, a combobox or a listbox, and exactly one visible control of the page declares such a popup and is
labelled, apart from what it shows, with the recorded name's words (colons and asterisks aside), it is the
recorded control. Two so labelled, or none: this level finds nothing. The action is then done as the widget
declares it is used (``widgets.py``); the heal is reported at level ``widget``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Fingerprint, LocatorSpec
from ..outcome.heal import HealLevel
from ..page import scripts
from ..page.deep import nth_of
from ..page.evaluate import evaluate
from ..page.fingerprint import Candidate, capture, index_of
from .likeness import similarity
from .proposal import Offer, Proposal, Scene
from .words import name_or_text, word_list

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

POPUP_LABEL_JS = scripts.function("popupLabel", ("widgets",))
SERVED = frozenset({"combobox", "listbox"})  # recorded roles a control popping up a listbox stands in for


@dataclass(frozen=True)
class Successor:
    """The one control that pops up a listbox labelled as the recorded element was: where a scan found it."""

    index: int
    label: str
    locator: Locator
    spec: LocatorSpec | None  # a locator by its label that finds it alone, when there is one

    def evidence(self, recorded: Fingerprint) -> str:
        was = "select" if recorded.tag == "select" else recorded.role or recorded.tag
        return f"a control that pops up a listbox, labelled {self.label!r} as the recorded {was} was"


def serves(recorded: Fingerprint) -> bool:
    """Whether the recorded element was one a control popping up a listbox can succeed: a select, a combobox, a
    listbox."""
    return recorded.tag == "select" or recorded.role in SERVED


def find(page: Page, recorded: Fingerprint, selector: str, candidates: list[Candidate]) -> Successor | str:
    """The one candidate that declares a listbox popup and is labelled with the recorded name's words, or why none
    is ("" when the recorded element was no select, combobox or listbox)."""
    wanted = word_list(recorded.label or name_or_text(recorded) or "")
    if not serves(recorded) or not wanted:
        return ""
    found: list[tuple[Candidate, str]] = []
    for c in candidates:
        if not _holds(word_list(name_or_text(c.fingerprint) or ""), wanted):
            continue  # cheap: its accessible name holds its label, whatever else it shows
        try:
            info: dict[str, Any] = evaluate(nth_of(page, selector, c.index), POPUP_LABEL_JS)
        except PlaywrightError:
            continue
        if info["popup"] and word_list(str(info["label"])) == wanted:
            found.append((c, str(info["label"])))
    if len(found) != 1:
        which = "none" if not found else f"{len(found)}"
        return f"successor: {which} of the controls that pop up a listbox is labelled {' '.join(wanted)!r}"
    c, label = found[0]
    live = nth_of(page, selector, c.index)
    return Successor(c.index, label, live, _by_label(page, label, c.fingerprint, selector, c.index))


def _holds(name: list[str], label: list[str]) -> bool:
    n = len(label)
    return any(name[i:i + n] == label for i in range(len(name) - n + 1))


def _by_label(page: Page, label: str, fp: Fingerprint, selector: str, index: int) -> LocatorSpec | None:
    """A locator by the control's label (not by what it shows, which a choice changes) that finds it alone."""
    options = [LocatorSpec(kind="label", value=label, exact=True), LocatorSpec(kind="label", value=label)]
    if fp.role:
        options.append(LocatorSpec(kind="role", value=fp.role, name=label))
    for spec in options:
        live = spec.build(page)
        try:
            if live.count() == 1 and live.is_visible() and index_of(live, selector) == index:
                return spec
        except PlaywrightError:
            continue
    return None



class Successors:
    """A select, combobox or listbox's successor: the one control popping up a listbox with its label."""

    name = "successor"
    kind = "widget"  # the heal its accepted proposals are reported as

    def propose(self, scene: Scene) -> Offer:
        """The successor, named by its label (its own evidence for its new name); why none ("" when it does not apply)."""
        survey, recorded = scene.survey, scene.recorded
        found = find(scene.page, recorded, survey.selector, survey.candidates)
        if isinstance(found, str):
            return Offer(note=found)
        pos = survey.position(found.index)
        current = survey.candidates[pos].fingerprint if pos is not None else capture(found.locator)

        def settle() -> tuple[LocatorSpec, Locator]:
            if found.spec is not None:
                return found.spec, found.spec.build(scene.page)
            return scene.steady(found.locator, found.index)

        evidence = found.evidence(recorded)
        score = similarity(recorded, current, scene.policy.ignore)
        return Offer((Proposal(HealLevel(kind=self.kind), current, found.index, score, settle, evidence=evidence,
                               named=evidence),))
