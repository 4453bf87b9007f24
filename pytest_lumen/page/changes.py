"""Whether the page changed in place since a moment: what tells an in-page update from an action that did nothing.

A selector engine (``lumen-changes``, a content script like pytest-lumen's other engines) watches the
document's DOM and history from when Playwright first injects its scripts there, which replay does
before it acts. Asking costs one round trip, taken only when an action's recorded navigation did not
happen (``replay/effects.py``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Page

ENGINE = "lumen-changes"
ENGINE_JS = scripts.engine("changesEngine", ("changes_engine",), {})


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
