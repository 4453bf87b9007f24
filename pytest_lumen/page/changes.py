"""Whether the page changed in place since a moment: what tells an in-page update from an action that did nothing.

``wait_for_change`` waits for the next such change (or a navigation), which is what a search that found nothing
waits for before it looks again.

A selector engine (``lumen-changes``, a content script like pytest-lumen's other engines) watches the
document's DOM and history from when Playwright first injects its scripts there, which replay does
before it acts. Asking costs one round trip, taken only when an action's recorded navigation did not
happen (``replay/effects.py``).
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Page

ENGINE = "lumen-changes"
ENGINE_JS = scripts.engine("changesEngine", ("changes_engine",), {})
NEXT_CHANGE_JS = scripts.function("nextChange", ("deep", "next_change"))
# The longest wait between two looks at a page that shows no change: what no observer sees (a style that
# only a CSS transition shows, a closed shadow root) is still looked at again this often.
LOOK_AGAIN_MS = 1000.0


def now_ms() -> float:
    """The time as the page's ``Date.now()`` tells it: the same clock when the browser runs on this machine; a remote
    browser (``connect_options``) needs its machine's clock in sync (NTP), or an update may be missed or misdated."""
    return time.time() * 1000


def changed_since(page: Page, at_ms: float) -> bool:
    """Whether the page's DOM or history changed after ``at_ms`` (``now_ms`` time); False when it cannot tell."""
    try:
        return page.locator(f"{ENGINE}={at_ms:.0f}").count() > 0
    except PlaywrightError:  # a page in navigation: no in-page update to speak of
        return False


def wait_for_change(page: Page, timeout_ms: float) -> None:
    """Wait until the page changes (its DOM, open shadow roots included, its history, or a navigation), at most
    ``timeout_ms``: a page that stays as it was gives the same answer to the same question, so asking again before
    it changes only burns the machine's time. A change in the moment between the last look and this call is seen
    at the latest ``timeout_ms`` later."""
    with contextlib.suppress(PlaywrightError):  # the document went away (a navigation), or the page closed: a change
        page.evaluate(NEXT_CHANGE_JS, max(timeout_ms, 0.0))
