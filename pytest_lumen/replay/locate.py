"""Finding a cached action's element on the full path: by the primary locator, else by the heal, until a deadline.

The primary locator must find exactly one visible element that is still the recorded one (its fingerprint,
``_resolve``; when it is not plainly so, the judge's contract decides: ``heal/judge.py``); its look (one round trip)
also says whether it is enabled. An element found and hidden is awaited for a short bound (Playwright's wait for its
state); a closed section that declares it holds it is opened once (``heal/disclosures.py``); otherwise the zero-token
heal (``heal/relocation.py``: every strategy proposes, one judge decides) looks for it, and the look and the heal run
again whenever the page changed since the look began (a change during the heal's scan is not waited for again), until
the deadline; a page that closed or crashed fails the action at once. An element the heal found is reported
(``heal/record.py``); a fingerprint that drifted without a heal is refreshed.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Expect
from ..errors import first_line
from ..heal.likeness import SURE, VERIFY_THRESHOLD, pins_hold, similarity
from ..heal.meaning import controls, renamed
from ..heal.policy import Policy, policy_for
from ..heal.record import healed_target, report_relocation, target_with_placeholders
from ..heal.relocation import Missed, Relocated, Relocator
from ..heal.translations import found_nothing, reveal
from ..heal.words import normalized
from ..outcome.heal import Heal
from ..page import apart, headings, identity, keyed
from ..page.asserted import asserted_value_aside, bound_check
from ..page.changes import LOOK_AGAIN_MS, PageClosed, now_ms, wait_for_change
from ..page.checks import mismatch, with_other_numbers
from ..page.enclosing import beside_its_section, elsewhere, sections
from ..page.fingerprint import Look, capture_with_look_alikes
from ..page.icons import other_icon
from ..page.items import names_item
from ..page.targets import bind_target
from ..templates import substitute
from .looks import await_visible, first_look, look_now

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from ..cache.model import Target
    from ..heal.attempt import ActionReplay
    from ..secrets import PlaceholderRule
    from .gate import Gate

FIRST_LOOK_MS = 500.0  # how long the primary locator alone is awaited before the heal runs
# How long an element the primary locator finds, but that is not usable (hidden, disabled), is awaited (by
# Playwright's own wait for its state, not a sleep) before replay says so: short, since it is there already.
USABLE_MS = 1000.0


class Unresolved(Exception):
    """The primary locator did not lead to the recorded element."""


class Unusable(Unresolved):
    """The primary locator found exactly one element, and it cannot be used as it is (hidden)."""


@dataclass(frozen=True)
class Located:
    """The element an action acts on, as found: its live locator, its target as written now (healed, or its
    fingerprint refreshed), the heal that found it (None: the primary locator did), whether it is known to be
    enabled, whether it is the very element (its role and name as recorded, by the primary locator), and the heals
    of the collapsed sections opened to show it (``revealed``)."""

    locator: Locator
    target: Target
    heal: Heal | None = None
    enabled: bool = False
    confirmed: bool = False
    revealed: tuple[Heal, ...] = ()


@dataclass(frozen=True)
class Problem:
    """Why the primary locator did not lead to the recorded element; ``unusable``: it found it, hidden."""

    why: str
    unusable: bool = False


@dataclass(frozen=True)
class Sought:
    """An element sought for an action: its target as cached, bound to the step's values (``bound``), the identity
    policy of the action, the primary locator's live locator, and which end of a drag it is (``end``, in pictures)."""

    target: Target
    bound: Target
    policy: Policy
    primary: Locator
    end: str = ""


@dataclass(frozen=True)
class Finder:
    """Finds the recorded elements of a step's actions on a page (the replayer's, as it is now: ``relocator``'s)."""

    relocator: Relocator
    gate: Gate | None
    timeout_ms: float

    def find(self, replay: ActionReplay, target: Target, deadline: float, end: str = "") -> Located:
        """The recorded element: by the primary locator, else by the heal, retried until ``deadline``.

        Also whether the element is known to be enabled: one page round trip answers that, the
        count and the identity for the primary locator; an element found by the heal is not known.
        """
        bound = bind_target(target, replay.values)
        policy = policy_for(bound_check(replay.action, replay.values), bound.fingerprint,
                            replay.step.recorded_page(replay.index))
        primary = bound.locator.build(replay.step.page)
        sought = Sought(target, bound, policy, primary, end)
        awaited = self.gate.take_absent(replay.index) if self.gate is not None and not end else 0.0  # awaited: look once
        looked_at = now_ms()  # when the page was last looked at: a change after it is one the next wait must not miss
        look = first_look(primary, bound.locator, max(min(FIRST_LOOK_MS, self.timeout_ms) - awaited, 0.0))
        unusable_until: float | None = None  # found but not usable: how long it is awaited
        revealed: tuple[Heal, ...] = ()
        tries = 0
        while True:
            seen = self._by_primary(replay, sought, look)
            if isinstance(seen, Located):
                return dataclasses.replace(seen, revealed=revealed)
            if tries < 2:  # a collapsed section holds it, a chooser stands in for it: translations.reveal, twice at most
                tries, shown = tries + 1, reveal(replay, bound)
                if shown is not None and not isinstance(shown, Heal):
                    return Located(shown, target, revealed=revealed)  # the select a two-list chooser stands in for
                if shown is not None:
                    looked_at, revealed, look = now_ms(), (*revealed, shown), first_look(primary, bound.locator, 0)
                    continue
            found = _try_heal(self.relocator, bound, policy, _named(replay.step.instruction, replay.values, bound))
            if isinstance(found, Relocated):
                located = self._relocated(replay, sought, seen, found)
                return dataclasses.replace(located, revealed=revealed)
            if seen.unusable and unusable_until is None:
                unusable_until = min(deadline, time.monotonic() + USABLE_MS / 1000)
            give_up = deadline if not seen.unusable or unusable_until is None else unusable_until
            if time.monotonic() >= give_up:
                report_relocation(replay, target, seen.why, found)
                _check_failed_instead(replay)
                raise replay.failed(found_nothing(replay, seen.why, found, bound.fingerprint))
            if seen.unusable:  # there, not shown: wait for it to be shown (Playwright's wait on its state), not a pause
                await_visible(primary, (give_up - time.monotonic()) * 1000)
            else:  # nothing found: look again when the page changed since the look (the heal's scan too), not on a clock
                self._await_change(replay, bound, looked_at, give_up)
            looked_at, look = now_ms(), first_look(primary, bound.locator, 0)

    def _await_change(self, replay: ActionReplay, bound: Target, looked_at: float, give_up: float) -> None:
        """Wait until the page changed after ``looked_at`` (at most until ``give_up`` and ``LOOK_AGAIN_MS``); a page
        that closed or crashed fails the action now: nothing on it will change again."""
        try:
            wait_for_change(replay.step.page, min(LOOK_AGAIN_MS, (give_up - time.monotonic()) * 1000), since_ms=looked_at)
        except PageClosed as closed:
            raise replay.failed(f"the page closed while replay looked for {bound.locator.describe()} ({closed})") from None

    def _by_primary(self, replay: ActionReplay, sought: Sought, look: Look) -> Located | Problem:
        """The element the look at the primary locator saw, when it is clearly the recorded one; else why not."""
        bound, primary = sought.bound, sought.primary
        try:
            score = _resolve(self.relocator, bound, look, sought.policy, primary)
        except Unusable as found_unusable:
            return Problem(str(found_unusable), unusable=True)
        except Unresolved as unresolved:
            return Problem(str(unresolved))
        except PlaywrightError as exc:  # the page navigated while it was read
            return Problem(f"{bound.locator.describe()} could not be read ({first_line(exc)})")
        self.relocator.claims.claim(bound.fingerprint, look.fingerprint)
        confirmed = not sought.end and identity.same_role_and_name(bound.fingerprint, look.fingerprint)
        return Located(primary, _refreshed(sought.target, primary, score, replay.step.placeholders), enabled=look.enabled,
                       confirmed=confirmed)

    def _relocated(self, replay: ActionReplay, sought: Sought, seen: Problem, found: Relocated) -> Located:
        """The element the heal found, healed and reported; or the primary locator's, when it finds the recorded
        element now (the page was still rendering: nothing changed, no heal)."""
        if _primary_now(self.relocator, sought.bound, sought.policy, sought.primary):
            return Located(sought.primary, sought.target)
        self.relocator.claims.claim(sought.bound.fingerprint, found.fingerprint)
        heal = report_relocation(replay, sought.target, seen.why, found, sought.end)
        return Located(found.locator, healed_target(sought.target, found, replay.step.placeholders), heal)


def _primary_now(relocator: Relocator, target: Target, policy: Policy, primary: Locator) -> bool:
    """Whether the primary locator now finds the recorded element (it appeared while the heal ran)."""
    try:
        _resolve(relocator, target, look_now(primary, target.locator), policy, primary)
    except (Unresolved, PlaywrightError):
        return False
    return True


def _check_failed_instead(replay: ActionReplay) -> None:
    """A text check whose element was not found, but whose text the page shows with other numbers, one of them the step
    states (a count, a total): the check fails as an assertion ("expected X, got Y", ``checks.with_other_numbers``),
    not as an element gone."""
    action = replay.action
    if isinstance(action, Expect) and isinstance(action.expected, str):
        got = with_other_numbers(replay.step.page, action, replay.values, substitute(replay.step.instruction, replay.values))
        if got is not None:
            raise mismatch(action, substitute(action.expected, replay.values), got)


def _named(instruction: str, values: dict[str, str], target: Target) -> str:
    """The words the step names its element's item by: its sentence with its values, and the recorded item's name."""
    item = target.fingerprint.item if target.fingerprint is not None else None
    return " ".join((substitute(instruction, values), item if item and names_item(item) else ""))


def _try_heal(relocator: Relocator, target: Target, policy: Policy, named: str) -> Relocated | Missed:
    try:
        return relocator.find(target, policy, named)
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
    if keyed.applies(recorded, policy.asserted) and not keyed.held(loc, recorded):  # the gate's rule (``identity.gated``)
        raise Unresolved(f"{where} finds an element in a row that holds {recorded.item!r} in another column than "
                         f"{recorded.item_column!r}, where the recorded row held it")
    fp = asserted_value_aside(recorded, fp, policy.asserted)  # a check's value is no evidence against its element
    shown = policy.shown_text
    if shown and normalized(shown) not in normalized(fp.text) and relocator.shows(shown):
        # a text check's locator now finds an element without the recorded text, and another shows it whole
        raise Unresolved(f"{where} finds an element that does not show {shown!r}; another element does")
    score = similarity(recorded, fp, policy.ignore, by_place=policy.by_place)
    sure = identity.holds(recorded, fp) or (score >= SURE and not (controls(recorded, policy) and renamed(recorded, fp))
                                            and recorded.href == fp.href and identity.declares_alike(recorded, fp)
                                            and elsewhere(recorded, fp, sections(fp.within)) is None
                                            and other_icon(recorded, fp) is None
                                            and apart.told_apart(recorded, fp) is None)
    if sure and pins_hold(recorded, fp, policy.pinned) and \
            beside_its_section(relocator.page, recorded, sections(fp.within)) is None and \
            headings.apart(recorded, fp, lambda: headings.above(loc)) is None:
        return score  # the gate's rule too (``identity.holds``): one verdict, whichever path the action took
    why = relocator.doubt(target, loc, fp, score, policy, VERIFY_THRESHOLD)
    if why is not None:
        raise Unresolved(f"{where} finds an element that is not clearly the recorded one ({why})")
    return score


def _refreshed(target: Target, element: Locator, score: float, placeholders: PlaceholderRule) -> Target:
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
    return target_with_placeholders(target.model_copy(update={"fingerprint": now}), placeholders)
