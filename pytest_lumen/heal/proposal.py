"""What a heal strategy reads and what it answers: the ``Scene`` (the page as it is, the recorded element, the page
surveyed once) and its ``Offer`` of ``Proposal``s, each an element with the evidence that it is the recorded one.

A proposal is read from the page, never found by acting on it. Its locator to write is settled (``settle``) only once
the judge accepted it: the proposals the judge refuses cost no more round trips. The accepted one, settled, is a
``Relocated``; none accepted is a ``Missed``, with why.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cache.model import Fingerprint, LocatorSpec, Target
from ..page import headings, items, keyed
from ..page.apart import kept_apart
from ..page.deep import nth_of
from ..page.enclosing import enclosing_names, in_section, other_section
from ..page.fingerprint import capture, index_of
from ..page.quality import for_text_check, without_counts
from ..page.targets import normalized_locator
from .likeness import ACCEPT_THRESHOLD, MARGIN
from .words import normalized, words

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..outcome.heal import HealLevel
    from .claims import Claims
    from .destinations import Reading
    from .policy import Policy
    from .survey import Survey
    from .synonyms import Synonyms

# How a proposal's element is found again once accepted: the locator to write and the live one.
Settle = Callable[[], "tuple[LocatorSpec, Locator]"]


@dataclass(frozen=True)
class Proposal:
    """One element a strategy proposes as the recorded one, and its evidence.

    ``score``: its likeness to the recorded element; ``rival``: the best other element's, when likeness is what
    proposes it (the margin rule applies; None: it is found by what identifies it, a row's key, its label).
    ``index``: its place in the survey's scan (two proposals of one element agree). ``reading``: what it declares
    against the recording. ``named``: a strategy's own evidence that its new name means the recorded one (a
    control labelled as the recorded select was).
    """

    level: HealLevel
    fingerprint: Fingerprint
    index: int | None
    score: float
    settle: Settle
    rival: float | None = None
    threshold: float = ACCEPT_THRESHOLD
    evidence: str | None = None
    reading: Reading | None = None
    named: str | None = None
    runner_up: float | None = None


@dataclass(frozen=True)
class Offer:
    """A strategy's answer: its proposals, and why it has none ("" when it does not apply)."""

    proposals: tuple[Proposal, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Relocated:
    """The element the judge accepted: how it was found (its level), the locator written for it, the live one, its
    fingerprint as it is now, its likeness, the evidence, and the runner-up's score (reported)."""

    level: HealLevel
    spec: LocatorSpec
    locator: Locator
    fingerprint: Fingerprint
    score: float
    evidence: str | None = None
    runner_up: float | None = None


@dataclass(frozen=True)
class Missed:
    """Why no element was accepted beyond doubt, strategy by strategy."""

    reason: str


RIVALS_READ = 3  # the most other candidates whose sections a rival is read for (a cost bound: the rest count)


@dataclass(frozen=True)
class Scene:
    """What every strategy reads: the page, the recorded target (values bound), the action's identity policy, the
    step's synonyms and claims, the page surveyed once (``survey.py``), and the words the step names its element's
    item by (``named``: its sentence with its values, and the recorded item's own name).
    """

    page: Page
    target: Target
    policy: Policy
    synonyms: Synonyms
    claims: Claims
    survey: Survey
    named: str = ""

    @property
    def recorded(self) -> Fingerprint:
        """The recorded element's fingerprint (a scene is made only for a target that has one)."""
        assert self.target.fingerprint is not None
        return self.target.fingerprint

    def steady(self, element: Locator, index: int, by_text: bool = True) -> tuple[LocatorSpec, Locator]:
        """A locator to write for an element found by scanning, as recording would pick it (``page/quality.py``):
        the normalized one (without a count or an amount in its name), in its item when it is in one, else its CSS
        path. ``by_text=False`` (a check of the element's text): locators that do not hold that text come first
        (test id, role and a name of its own, label, placeholder), then the CSS path."""
        fp = capture(element)
        found = normalized_locator(self.page, element, fp)
        if by_text:
            options = [without_counts(self.page, found, fp, element)]
            in_item = items.scoped(self.page, element, options[0], [], fp, self.named)
            options[:0] = [in_item[0]] if in_item is not None else []
            if fp.css:
                options.append(LocatorSpec(kind="selector", value=fp.css))
        else:
            options = [*for_text_check(fp, found), found]
        for spec in options:
            live = spec.build(self.page)
            if visible_unique(live) and index_of(live, self.survey.selector) == index:
                return spec, live
        return options[-1], element

    def rival(self, index: int | None) -> float:
        """The best likeness of another candidate than the scanned element at ``index`` that could be the recorded
        element. One that what told the recorded element from its look-alikes keeps apart is none
        (``apart.kept_apart``: the surgery question's "Yes" of the smoking question's). So is one the page places
        elsewhere while that element is where the recorded one was (``_placed_apart``: another section, another item).
        Their places are read best first, only for those that would be a rival, at most ``RIVALS_READ`` (beyond them,
        every other candidate counts)."""
        scored = list(zip(self.survey.scores, (c.index for c in self.survey.candidates), strict=True))
        prints = {c.index: c.fingerprint for c in self.survey.candidates}
        mine = prints.get(index) if index is not None else None
        ranked = sorted(((s, i) for s, i in scored if i != index
                         and not (mine is not None and kept_apart(self.recorded, mine, prints[i]))), reverse=True)
        own = next((s for s, i in scored if i == index), None)
        placed = functools.cache(lambda: self._placed(index))  # read once a rival close enough to count is met
        for read, (score, i) in enumerate(ranked):
            if read >= RIVALS_READ or (own is not None and own - score >= MARGIN) or not self._placed_apart(placed, i):
                return score  # not read further: it counts (or it is too far behind to count anyway)
        return 0.0

    def _placed(self, index: int | None) -> tuple[bool, bool]:
        """Whether the scanned element at ``index`` is in the recorded element's named section (``in_section``), and in
        the item the step names (its key one of the item's texts); one round trip for each the recording has."""
        recorded, key = self.recorded, self._item_key()
        return (bool(recorded.within) and in_section(recorded, self.sections(index)),
                key is not None and key in (self.item_texts(index) or ()))

    def _placed_apart(self, placed: Callable[[], tuple[bool, bool]], i: int) -> bool:
        """Whether the scanned element at ``i`` is elsewhere than the recorded one, where the element ``placed`` reads
        is not: in a section named otherwise ("Billing street" is no rival of the shipping "Street"), or in another item
        than the one the step names (the Green plate's "Delete" of the Red mug's); never when that element is in
        neither. One round trip for each it reads."""
        in_its_section, in_its_item = placed() if self.recorded.within or self._item_key() else (False, False)
        if in_its_section and other_section(self.recorded, self.sections(i)) is not None:
            return True
        texts = self.item_texts(i) if in_its_item else None
        return texts is not None and self._item_key() not in texts

    def _item_key(self) -> str | None:
        """The item the step names (the recorded element's item key, normalized), when it is a name; else None."""
        key = self.recorded.item
        return normalized(key) if key and items.names_item(key) else None

    def around(self, index: int | None) -> set[str]:
        """The words of the names of the containers that hold the scanned element at ``index`` (none: not scanned)."""
        return words(" ".join(self.sections(index)))

    def sections(self, index: int | None) -> list[str]:
        """The names of the named containers that hold the scanned element at ``index``, innermost first (none: not
        scanned, or held by none); one round trip."""
        if index is None or index < 0:
            return []
        return enclosing_names(nth_of(self.page, self.survey.selector, index))

    def keyed_apart(self, index: int | None, settle: Settle) -> str | None:
        """Why the element (at ``index`` in the survey's scan, else the one ``settle`` finds) is in another row than
        the recorded one: its row does not hold the recorded item's text in the recorded column (``page/keyed.py``,
        whatever the text: a name, or an order number); None when it does, or there is no column to hold it to, or the
        text is the value a check asserts (a changed value must fail the check, not the search for its row)."""
        recorded = self.recorded
        if not keyed.applies(recorded, self.policy.asserted):
            return None
        element = nth_of(self.page, self.survey.selector, index) if index is not None and index >= 0 else settle()[1]
        if keyed.held(element, recorded):
            return None
        return (f"its row holds {recorded.item!r} in another column than {recorded.item_column!r}, where the recorded "
                f"row held it")

    def heading_apart(self, index: int | None, current: Fingerprint, settle: Settle | None = None) -> str | None:
        """Why the element (at ``index`` in the survey's scan, else the one ``settle`` finds) is not under the heading
        the recorded control, held to it, sat under (``headings.apart``: the outline above it is read only when its
        nearest heading is another; an element not found again has none, and is not taken); else None."""
        def read() -> headings.Outline | None:
            if index is not None and index >= 0:
                return headings.above(nth_of(self.page, self.survey.selector, index))
            return headings.above(settle()[1]) if settle is not None else None
        return headings.apart(self.recorded, current, read)

    def item_texts(self, index: int | None) -> set[str] | None:
        """The texts of the repeated item the scanned element at ``index`` is in or is (normalized), None when it is
        in none (or was not scanned). Of a table row whose cells have headers, when the recorded element's item was
        keyed by a text in a column (``Fingerprint.item_column``), only the texts in that column: "Grace Hopper" in
        Alan Turing's Manager cell does not make his row hers (``page/keyed.py``)."""
        if index is None or index < 0:
            return None
        item = items.item_of(nth_of(self.page, self.survey.selector, index))
        if item is None:
            return None
        column, headed = self.recorded.item_column, any(k.header for k in item.keys)
        return {" ".join(k.text.lower().split()) for k in item.keys
                if not column or not headed or keyed.same_header(k.header, column)}

    def shows(self, text: str) -> bool:
        """Whether exactly one visible element of the page shows exactly ``text``."""
        return shows(self.page, text)


def shows(page: Page, text: str) -> bool:
    """Whether exactly one visible element of ``page`` shows exactly ``text``."""
    return visible_unique(LocatorSpec(kind="text", value=text, exact=True).build(page))


def visible_unique(loc: Locator) -> bool:
    """Whether the locator finds exactly one element, shown."""
    try:
        return loc.count() == 1 and loc.is_visible()
    except Exception:  # a candidate that cannot be read is no candidate
        return False
