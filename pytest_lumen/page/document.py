"""Whether the page shows an error: an HTTP error status, or the browser's own error page.

Asked only when a confirmed element's recorded navigation landed on another route (``replay/effects.py``):
a renamed route is the app's naming, an error page is a failure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Page

DOCUMENT_STATUS_JS = scripts.function("documentStatus", ("document_status",))
ERROR_PAGE = "chrome-error:"  # the scheme of the page Chromium shows when nothing could be loaded


def error_shown(page: Page) -> str | None:
    """What error the page shows ("HTTP 404", "the browser's error page"), or None when it shows a page."""
    if page.url.startswith(ERROR_PAGE):
        return "the browser's error page"
    try:
        status = page.evaluate(DOCUMENT_STATUS_JS)
    except PlaywrightError as exc:  # a page that cannot be read is not known to be fine
        return f"a page that cannot be read ({str(exc).splitlines()[0]})"
    if status == 0:
        return "the browser's error page"
    if isinstance(status, int) and status >= 400:
        return f"HTTP {status}"
    return None
