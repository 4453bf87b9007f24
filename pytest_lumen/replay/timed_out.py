"""What a gated action that ran out of time did, and the one more attempt it may get (``replay/gate.py``).

A click's call log says how far its input got (``playwright_internals.input_sent``). A fill or a select says nothing
once it acts: Playwright checks the element and types, or chooses, in one call into the page, and a log that ends
there (``playwright_internals.acting_in_page``) may have acted. Only the page can tell, and it is asked
(``moved_on``): a field that holds the value was filled; a page that moved on to another address (the app saved and
went to the next record, whose form is just like it) fails the step as performed. On the same page the action is done
once more, and only there: its query finds its element only in the document and at the address where the first
attempt found it (``holds.kept_only``), and an attempt that does not finish fails the step as performed rather than
go to the full path, which could find the next record's field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..cache.model import Action, Fill, Target
from ..errors import InputUnhandledError
from ..page import holds
from ..page.perform import On, acted_anyway, perform
from ..playwright_internals import call_log
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..heal.attempt import ActionReplay


@dataclass(frozen=True)
class TimedOut:
    """Reads a gated attempt that ran out of time, on ``page``: ``timeout_ms`` is the action's, ``rest_ms`` what a
    second attempt gets."""

    page: Page
    timeout_ms: float
    rest_ms: float

    def acted_anyway(self, replay: ActionReplay, loc: Locator, exc: PlaywrightTimeoutError,
                     kept: str | None = None, reread: Locator | None = None) -> bool:
        """Whether the attempt acted all the same (``moved_on``, asked first for a fill or a select that ran out of
        time as it acted in the page, its element ``kept`` under that token; then ``perform.acted_anyway``, a check's
        control read by ``reread``); a failure, as performed, when it may have and must not be done again."""
        if kept is not None and moved_on(self.page, replay, kept):
            return True
        try:
            return acted_anyway(replay.action, On(self.page, loc, replay.values, self.timeout_ms, reread=reread), exc)
        except InputUnhandledError as unhandled:
            raise replay.unhandled(unhandled, call_log(str(exc))) from None

    def after_acting(self, replay: ActionReplay, loc: Locator, exc: PlaywrightTimeoutError, token: str,
                     again: Locator | None) -> Locator:
        """A gated fill or select whose time ran out as it acted in the page, its element kept under ``token``:
        ``loc`` when it acted; else, after a first attempt, done once more on ``again`` (its query finds the element
        only where the first found it: ``holds.kept_only``) with the rest of the time. It fails as performed when
        that does not finish either, or when there is no ``again`` (a second attempt ran out)."""
        if self.acted_anyway(replay, again or loc, exc, token):  # a select is read where its element was found
            return loc
        failure: PlaywrightError = exc
        if again is not None:
            try:
                perform(replay.action, On(self.page, again, replay.values, self.rest_ms, state_ms=self.timeout_ms))
                return again
            except InputUnhandledError as unhandled:
                raise replay.unhandled(unhandled) from None
            except PlaywrightError as retried:
                if isinstance(retried, PlaywrightTimeoutError) and self.acted_anyway(replay, again, retried, token):
                    return again
                failure = retried
        raise replay.failed("it ran out of time as it acted in the page, and was not done when asked again: it may have "
                            "acted, and it is not done again (when the machine was busy, raise lumen_action_timeout)",
                            performed=True, log=call_log(str(failure))) from None


def moved_on(page: Page, replay: ActionReplay, token: str) -> bool:
    """Whether a gated fill or select whose time ran out as it acted in the page (its element kept under ``token``)
    acted all the same: a field that holds what the fill leaves in it (``filled_value``) was filled; else, with the
    page at another address than where its element was found (the app took the text, saved, and moved on to the next
    record, whose form is just like it), it may have acted before the page moved: the action fails, as performed, and
    is never done again where the app moved on to (unless its recorded effect is that move: then the effect check
    decides). On the same page, False: it may be done again there."""
    value, kept = filled_value(replay.action, replay.values), where_kept(page, replay.action.target_or_none)
    try:
        if value is not None and holds.provided(kept, token, value).count() == 1:
            return True
    except PlaywrightError:  # not that field, or not that value
        pass
    if holds.stayed(kept, token):
        return False
    effect = replay.action.after
    if effect is not None and effect.url is not None:
        return True  # it was to go elsewhere: where it went is checked next
    raise replay.failed("it ran out of time after it found its element, and the page had gone to another address, or "
                        "loaded anew, meanwhile (when recorded, the action stayed on its page): it may have acted before "
                        "the page moved on, and it is not done again there", performed=True)


def where_kept(page: Page, target: Target | None) -> Page | Locator:
    """Where the page keeps the element a gated action found (``js/identity_engine.js``): the page's world, or the
    world of the frame the target is in, which is out of the page's reach (its address is the frame's)."""
    frame = target.locator.frame() if target is not None else None
    return page if frame is None else frame.build(page)


def filled_value(action: Action, values: dict[str, str]) -> str | None:
    """What a fill leaves in its field: the value recorded after it (a field may format what is typed), else what it
    types; None for any other action."""
    if not isinstance(action, Fill):
        return None
    held = action.after.value if action.after is not None and action.after.value is not None else action.value
    return substitute(held, values)
