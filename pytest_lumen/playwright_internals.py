"""What pytest-lumen reads from Playwright beyond its public API, in one place.

Three private attributes (a locator's selector, an object's listeners, a context's options), an error class that
``playwright.sync_api`` does not export (``TargetClosedError``), and the text of Playwright's errors
and call logs. Playwright does not promise any of it; the pinned version does, and each
function here says what it relies on. ``tests/browser/test_playwright_internals.py`` holds a
contract test per function, run against the pinned Playwright: it fails when a version changes
the behaviour. ``pyproject.toml`` bounds Playwright below the next untested minor version;
docs/architecture.md ("Playwright's internals") says how to raise the bound.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from playwright._impl._errors import TargetClosedError

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

CALL_LOG = "Call log:"


def selector_of(locator: Locator) -> str:
    """The selector string behind a locator (``internal:role=button[name="Add"i]``).

    Relies on ``Locator._impl_obj._selector``: the sync API's implementation object keeps the
    selector it was built from, in Playwright's own selector syntax (``page/locators.py`` parses
    it). The public API shows it only inside ``repr``.
    """
    selector: str = locator._impl_obj._selector
    return selector


def listener_count(emitter: Any, event: str) -> int:
    """How many listeners for ``event`` a Page or a BrowserContext has (0 when that cannot be read).

    Relies on ``_impl_obj.listener_count(event)``: the sync API does not show an object's listeners,
    its implementation object (a pyee ``EventEmitter``) counts them.
    """
    count = getattr(getattr(emitter, "_impl_obj", None), "listener_count", None)
    return int(count(event)) if callable(count) else 0


def without_call_log(message: str) -> str:
    """A Playwright error's or assertion's message without its call log.

    Relies on the message's format: the text, then ``Call log:`` and the log's lines (an action's
    error and a failed ``expect`` alike).
    """
    return message.split(CALL_LOG, 1)[0]


def call_log(message: str) -> str:
    """The call log of a Playwright error's or assertion's message (what the call waited for, what was in its way),
    its lines as Playwright wrote them; "" when it has none.

    Relies on the message's format: the text, then ``Call log:`` and the log's lines (see ``without_call_log``).
    """
    return message.split(CALL_LOG, 1)[1].strip("\n") if CALL_LOG in message else ""


def pointer_intercepted(message: str) -> bool:
    """Whether an action failed because another element would receive the click (an overlay, a
    custom control's styled label over its hidden input).

    Relies on the call log of an action that waited for the element to receive pointer events:
    it says ``<element> intercepts pointer events`` while Playwright retries.
    """
    return "intercepts pointer events" in message


InputSent = Literal["no", "sent", "done"]


def input_sent(message: str) -> InputSent:
    """How far a failed pointer action (a click, a check) got with its input: ``"no"`` (none reached the page: it may
    be tried again), ``"done"`` (the page took it; then a slow navigation ran out the time), or ``"sent"`` (the mouse
    events were sent, and time ran out before the page had taken them: they land when the page's main thread gets to
    them, so the action must not be done again).

    Relies on the call log of Playwright's pointer actions: each attempt logs ``performing click action`` as it sends
    its mouse events (all of them at once) and ``click action done`` once the page took them. When another element
    received them, Playwright's hit-target interceptor kept them from the page's handlers and the attempt logs
    ``<element> intercepts pointer events`` before the next one (``retrying click action``): only the last attempt
    that performed counts.
    """
    log = call_log(message) or message
    last = log.rfind("performing ")
    if last < 0:
        return "no"
    attempt = log[last:]
    if " action done" in attempt:
        return "done"
    return "no" if "intercepts pointer events" in attempt else "sent"


REPEATED = re.compile(r"^\d+ × ")  # a call log line that came again, written once with its count
ACTING_IN_PAGE = ("waiting for element to be visible, enabled and editable", "waiting for element to be visible and enabled")


def acting_in_page(message: str) -> bool:
    """Whether a timed-out fill or ``select_option`` may have acted: time ran out during its one call into the page,
    which checks the element and acts (a fill then types), so Playwright cannot tell, and logs nothing after it.

    Relies on the call log of those actions: each attempt logs ``waiting for element to be visible, enabled and
    editable`` (a fill) or ``waiting for element to be visible and enabled`` (a select) just before that call; a call
    that answered that the element was not ready adds ``element is not enabled`` (or visible, editable) and a retry,
    and a select that chose adds ``selected specified option(s)``: only a log that ends at that line was acting. A line
    that came again is written once, counted (``3 × waiting for ...``).
    """
    lines = [REPEATED.sub("", line.strip().lstrip("- ")) for line in call_log(message).splitlines() if line.strip()]
    return bool(lines) and lines[-1] in ACTING_IN_PAGE


def state_unchanged(message: str) -> bool:
    """Whether a check or an uncheck clicked its control and read its state unchanged just after: a control that shows
    its new state a moment later (a switch that waits for its server's answer) was clicked all the same.

    Relies on ``set_checked``'s error once its click is done: ``Clicking the checkbox did not change its state``.
    """
    return "did not change its state" in message


def element_resolved(message: str) -> bool:
    """Whether a timed-out action's locator matched an element (there, but not ready: disabled,
    moving, covered), not nothing at all.

    Relies on the call log: ``locator resolved to <button ...>`` once the locator matched an element;
    an action whose locator never matched only logs ``waiting for locator(...)``.
    """
    return "locator resolved to" in message


def already_registered(message: str) -> bool:
    """Whether registering a selector engine failed because one of that name is registered already.

    Relies on ``Selectors.register``'s error: ``"<name>" selector engine has been already registered``.
    """
    return "already registered" in message


def target_closed(error: BaseException) -> bool:
    """Whether a Playwright error says that its page is gone: the page, its context or the browser closed (or the
    connection to it ended), or the page crashed. Nothing will come from that page again; an error of a navigation
    that destroyed the page's execution context is not this (the page goes on, in its new document).

    Relies on the client's ``TargetClosedError`` class (``playwright._impl._errors``; ``playwright.sync_api`` does not
    export it), raised by a call on a closed page and by one that was waiting when its page, context or browser closed
    (``Target page, context or browser has been closed``) or its page crashed (``Page crashed``); and on the message
    of a call made on a page that had crashed before: a plain ``Error`` that says ``Target crashed``.
    """
    return isinstance(error, TargetClosedError) or "Target crashed" in str(error)


def context_options(page: Page) -> dict[str, Any]:
    """The options the page's browser context was created with (``viewport``, ``isMobile``, ``hasTouch``...), as
    Playwright sent them to the browser ({} when they cannot be read).

    Relies on ``BrowserContext._impl_obj._options``: the implementation object keeps the options of
    ``new_context`` (a device descriptor's among them) under their protocol names. The public API does not
    show them once the context exists.
    """
    options = getattr(getattr(page.context, "_impl_obj", None), "_options", None)
    return dict(options) if isinstance(options, dict) else {}
