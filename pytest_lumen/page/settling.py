"""Whether an element has finished moving in as the app sees it: no finite animation runs on it or on a container of it.

A dialog that fades in moves no box, so Playwright, which waits for a moving element to stop, acts on its buttons
while it opens; apps finish opening it when its transition ends (Bootstrap's ``shown.bs.modal``, on which sqladmin
gives its Delete button the record's URL), and a click before then deletes nothing, or another record. Replay acts
once it has finished: the identity gate's engine keeps an element only then (``js/identity_engine.js``), and the full
path waits for it (``settled``) before it acts. An endless animation (a shimmer, a spinner) is never waited for
(``js/settling.js``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts
from .evaluate import one_trip

if TYPE_CHECKING:
    from playwright.sync_api import Locator

SETTLED_JS = scripts.function("settled", ("settling",))
SETTLED_ONE_JS = scripts.function("settledOne", ("settling",))


def settled(element: Locator, timeout_ms: float) -> bool:
    """Wait, in one round trip, until no finite animation runs on ``element`` or a container of it (at most
    ``timeout_ms``): whether it settled. An element that cannot be read (gone, the page navigating) is left to the
    action, which fails as it fails."""
    try:
        if one_trip(element):  # page/evaluate.py: its selector resolves alike in the page's world
            return bool(element.evaluate_all(SETTLED_ONE_JS, timeout_ms))
        return bool(element.evaluate(SETTLED_JS, timeout_ms, timeout=timeout_ms))
    except PlaywrightError:
        return False
