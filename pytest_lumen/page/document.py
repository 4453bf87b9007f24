"""What the page shows after a navigation: an HTTP error, the browser's error page, a sign-in page, a message.

Asked only when an action's recorded navigation did not land where it was recorded to (``replay/effects.py``): a
renamed route is the app's naming, while an error page, a sign-in page (the session was lost, a permission refused)
or the page the action left is no navigation the recording had, nor is a page that shows an alert (a refused payment
sent back to its form with "Your card was declined"). The messages it shows (an alert, a toast) name what went wrong
in the failure; they are never the effect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Page

DOCUMENT_STATUS_JS = scripts.function("documentStatus", ("document_status",))
ERROR_PAGE = "chrome-error:"  # the scheme of the page Chromium shows when nothing could be loaded
# A path that names a sign-in page, as web frameworks route them (/login, /users/sign_in, /auth/signin, /session/new).
SIGN_IN_PATH = re.compile(r"(^|/)(log[-_]?in|sign[-_]?in|auth|session/new|sessions/new)(/|$)", re.I)


@dataclass(frozen=True)
class Shown:
    """What the document shows: why it is no page reached (``error``: "HTTP 404"; ``sign_in``), its messages, and of
    those its alerts."""

    error: str | None = None
    sign_in: bool = False
    messages: tuple[str, ...] = field(default_factory=tuple)
    alerts: tuple[str, ...] = field(default_factory=tuple)

    def refusal(self, recorded: str) -> str | None:
        """Why this is no page a navigation to ``recorded`` (a URL) reaches: an error, a sign-in page where the
        recorded page was none (the session was lost, a permission refused), or a page that shows an alert (what
        the action led to said something went wrong, or at least interrupts to say something); else None."""
        if self.error is not None:
            return self.error
        if self.sign_in and not signs_in(recorded):
            return "a sign-in page"
        return f"a page that shows the alert {self.alerts[0]!r}" if self.alerts else None

    def told(self) -> str:
        """The messages it shows, for a failure ("; it shows 'Payment unavailable'"), or ""."""
        return f"; it shows {self.messages[0]!r}" if self.messages else ""


def signs_in(url: str) -> bool:
    """Whether a URL's path names a sign-in page (``SIGN_IN_PATH``)."""
    return SIGN_IN_PATH.search(urlsplit(url).path) is not None


def shown(page: Page) -> Shown:
    """What the page shows now (one round trip)."""
    if page.url.startswith(ERROR_PAGE):
        return Shown(error="the browser's error page")
    try:
        state: dict[str, Any] = page.evaluate(DOCUMENT_STATUS_JS)
    except PlaywrightError as exc:  # a page that cannot be read is not known to be fine
        return Shown(error=f"a page that cannot be read ({str(exc).splitlines()[0]})")
    status = state.get("status")
    error = ("the browser's error page" if status == 0
             else f"HTTP {status}" if isinstance(status, int) and status >= 400 else None)
    sign_in = bool(state.get("password")) or signs_in(page.url)
    return Shown(error, sign_in, tuple(str(m)[:120] for m in state.get("messages") or ()),
                 tuple(str(m)[:120] for m in state.get("alerts") or ()))
