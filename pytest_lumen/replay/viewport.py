"""The viewport a test was recorded at, and replay at another one: said once per test, and replay goes on.

Layouts change with the viewport (a menu folds into a button, a sidebar moves below): a replay at
another size may miss or heal for that reason alone, so the difference is reported in the ``lumen``
summary, as a ``viewport`` event and as the JUnit property ``lumen_viewport``. What the cache file keeps of it is
``cache/viewport.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cache.profile import Profile
from ..events import ViewportChanged
from ..page.device import viewport_of

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from ..cache.model import CacheFile
    from ..context import TestContext


def note_viewport(ctx: TestContext, page: Page, cache: CacheFile | None) -> None:
    """Keep the page's viewport for the test's file; when ``cache`` was recorded at another one, say so. A file that
    holds a recording of the run's device profile (``ctx.cache.profile``) other than its viewport's has that one at
    its own size: nothing to say (a profile it does not hold is said by its ``profile`` heal or miss)."""
    current = viewport_of(page)
    ctx.cache.viewport = current
    recorded = cache.viewport if cache is not None else None
    if recorded is None or current is None or recorded == current or ctx.viewport_note:
        return
    if cache is not None and cache.profiles and ctx.cache.profile != Profile.of(recorded).key:
        return
    ctx.viewport_note = f"recorded at {recorded.describe()}, replayed at {current.describe()}"
    ctx.events.emit(ViewportChanged(recorded=recorded.describe(), replayed=current.describe()))
