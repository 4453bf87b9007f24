"""Whether an element has finished moving in as the app sees it: no finite animation runs on it or on a container of it.

A dialog that fades in moves no box, so Playwright, which waits for a moving element to stop, acts on its buttons
while it opens; apps finish opening it when its transition ends (Bootstrap's ``shown.bs.modal``, on which sqladmin
gives its Delete button the record's URL), and a click before then deletes nothing, or another record. Replay acts
once it has finished: the identity gate's engine keeps an element only then (``js/identity_engine.js``), and the full
path waits for it (``settle``) before it acts. What counts (``js/settling.js``): an animation running on the element
or a container of it up the flat tree (slots and shadow roots too), past its delay, with at most ``OPENING_MS`` left.
An endless one (a shimmer, a spinner), one still in its delay (a snackbar's fade-out to come) and one with longer left
(a pulse of seconds) open nothing, and are never waited for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts
from .evaluate import one_trip

if TYPE_CHECKING:
    from playwright.sync_api import Locator

# The longest an element is taken to be moving in: dialogs open in 150 to 500 ms (Bootstrap, MUI, Material); an
# animation with longer left is no opening, and the full path waits no longer than this for openings one after another.
OPENING_MS = 1000.0
FILES = ("composed", "enclosing", "settling")  # enclosing.js: enclosingParent, the flat tree's parent
SETTLED_JS = scripts.function("settled", FILES)
SETTLED_ONE_JS = scripts.function("settledOne", FILES)


def settle(element: Locator, timeout_ms: float) -> bool:
    """Wait, in one round trip, until nothing moves ``element`` in (at most ``timeout_ms``, and ``OPENING_MS``): whether
    it can be acted on now, False when the page went elsewhere meanwhile or the element is gone (look for it again)."""
    wait_ms = min(timeout_ms, OPENING_MS)
    if wait_ms <= 0:
        return True  # the action's time is up: nothing to wait with, it acts (and fails as it fails)
    try:
        if one_trip(element):  # page/evaluate.py: its selector resolves alike in the page's world
            element.evaluate_all(SETTLED_ONE_JS, {"ms": wait_ms, "within": OPENING_MS})
        else:
            element.evaluate(SETTLED_JS, {"ms": wait_ms, "within": OPENING_MS}, timeout=timeout_ms)
    except PlaywrightError:  # a navigation destroyed the page's context, or the element is gone
        return False
    return True
