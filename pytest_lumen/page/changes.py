"""Waiting for the page to change in place: what a search that found nothing waits for before it looks again.

``wait_for_change`` waits for the next such change (or a navigation), which is what a search that found nothing
waits for before it looks again: Playwright waits for the engine to answer, with Playwright's own timeout, so a
page that fakes its timers (``page.clock``) cannot stall replay. Playwright asks the engine on its own backoff
(at once, after 20, 50 and 100 ms, then every 100 ms within a wait of a second): in the browser, not a round trip
from Python each time. A page that closes or crashes meanwhile ends the wait with ``PageClosed``: no change will come,
and a caller that looked again would only spin until its deadline.

A selector engine (``lumen-changes``, a content script like pytest-lumen's other engines) watches the
document's DOM and history from when Playwright first injects its scripts there, which replay does
before it acts.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..errors import first_line
from ..playwright_internals import target_closed
from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Page

ENGINE = "lumen-changes"
ENGINE_JS = scripts.engine("changesEngine", ("changes_engine",), {})
# The longest wait between two looks at a page that shows no change: what no observer sees (a style that
# only a CSS transition shows, a closed shadow root) is still looked at again this often.
LOOK_AGAIN_MS = 1000.0


class PageClosed(Exception):
    """The page, its context or the browser closed, or the page crashed, while ``wait_for_change`` waited; the
    message is Playwright's (its first line)."""


def now_ms() -> float:
    """The time as the page's ``Date.now()`` tells it: the same clock when the browser runs on this machine; a remote
    browser (``connect_options``) needs its machine's clock in sync (NTP), or an update may be missed or misdated."""
    return time.time() * 1000


def wait_for_change(page: Page, timeout_ms: float, since_ms: float | None = None) -> bool:
    """Wait until the page changes after ``since_ms`` (``now_ms`` time; default now): its DOM, open shadow roots
    included, its history, or a navigation; at most ``timeout_ms``. A page that stays as it was gives the same answer
    to the same question, so asking again before it changes only burns the machine's time. Whether it changed
    (a navigation that took the document away under the wait counts as a change); raises ``PageClosed`` when the page
    closed or crashed (before the wait or during it): it will not change again."""
    since = math.floor(now_ms() if since_ms is None else since_ms)  # a change in the same millisecond counts
    try:
        page.locator(f"{ENGINE}={since}+").wait_for(state="attached", timeout=max(timeout_ms, 1.0))
    except PlaywrightTimeoutError:
        return False
    except PlaywrightError as exc:
        if target_closed(exc):
            raise PageClosed(first_line(exc)) from exc
        return True  # the document went away under the wait (a navigation destroyed its execution context): a change
    return True
