"""New tabs and popups: the page an action opens becomes the agent's page; closing it returns to the opener."""

from __future__ import annotations

import contextlib
import time
from types import TracebackType
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, CDPSession, Page

LOAD_MS = 20  # the least time a page that opened is given to load its document
TURN_MS = 250  # a wait for a page to open looks at least this often whether its opener closed


class Tabs:
    """The agent's pages: the one it acts on (``current``), and the openers to return to when it closes."""

    def __init__(self, page: Page) -> None:
        self._current = page
        self._openers: list[Page] = []

    @property
    def current(self) -> Page:
        """The page to act on: the newest one still open."""
        while self._current.is_closed() and self._openers:
            self._current = self._openers.pop()
        return self._current

    def opened(self, page: Page) -> None:
        """An action opened ``page``: later actions act there until it closes."""
        self._openers.append(self.current)
        self._current = page


class PopupWatch:
    """The pages (tabs, popups) opened in a browser context while it is open (a context manager).

    The context's ``page`` event sees every new page, ``rel=noopener`` links included. It comes
    after the action that opened the page returns (tens of milliseconds; seconds on a busy machine),
    hence ``wait``. Whether the action asked for one at all is known at once from Chromium (``asked``).
    """

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.opened: list[Page] = []
        self._asks: dict[Page, CDPSession | None] = {}  # a page's DevTools session (None: not Chromium)
        self._asking: set[Page] = set()  # the pages that asked for a window since the action began

    def __enter__(self) -> PopupWatch:
        self.context.on("page", self._on_page)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.context.remove_listener("page", self._on_page)
        for session in self._asks.values():
            if session is not None:
                with contextlib.suppress(PlaywrightError):  # its page closed: detached already
                    session.detach()

    def _on_page(self, page: Page) -> None:
        self.opened.append(page)

    def start(self, page: Page | None = None) -> None:
        """An action begins: forget the pages opened before it. With ``page``, its requests to open a window
        are heard from now on (``asked``)."""
        self.opened.clear()
        self._asking.clear()
        if page is not None and page not in self._asks:
            self._asks[page] = self._listen(page)

    def _listen(self, page: Page) -> CDPSession | None:
        """A DevTools session that hears ``page`` ask for a new window (None where the browser has no DevTools
        protocol: Firefox, WebKit)."""
        try:
            session = self.context.new_cdp_session(page)
            session.on("Page.windowOpen", lambda _event: self._asking.add(page))
            session.send("Page.enable")
        except PlaywrightError:
            return None
        return session

    def asked(self, page: Page) -> bool | None:
        """Whether ``page`` asked for a new window (a ``target=_blank`` link, ``window.open``, a form with a
        target) since ``start(page)``; None when that cannot be known (not Chromium, or it closed).

        Chromium tells its DevTools sessions ``Page.windowOpen`` while the page's handler runs, before the
        new page exists; a round trip on the same session after the action delivers every event the page
        sent before it. So the answer holds at once, however late the new page's own event comes.
        """
        session = self._asks.get(page)
        if session is None:
            return None
        try:
            session.send("Runtime.evaluate", {"expression": "0"})
        except PlaywrightError:  # the page closed: an action that closes its page opened none here to act on
            return None
        return page in self._asking

    def wait(self, timeout_ms: float, pump: Page) -> Page | None:
        """The newest page opened, once its scripts have run; None when none opened within ``timeout_ms``.

        ``pump``: the opener (the wait ends once it closed). The wait is for the context's ``page`` event, which
        delivers Playwright's events meanwhile, in turns of at most ``TURN_MS`` that look whether the opener closed.
        """
        deadline = time.monotonic() + timeout_ms / 1000
        while not self.opened and not pump.is_closed() and (left := deadline - time.monotonic()) > 0:
            with contextlib.suppress(PlaywrightError):  # none opened in this turn (a timeout), or the context closed
                self.context.wait_for_event("page", timeout=min(left * 1000, TURN_MS))
        if not self.opened:
            return None
        popup = self.opened[-1]
        with contextlib.suppress(PlaywrightError):  # closed already, or still loading: the next action's own wait decides
            popup.wait_for_load_state("domcontentloaded", timeout=max(timeout_ms, LOAD_MS))
        return popup
