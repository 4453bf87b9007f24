"""New tabs and popups: the page an action opens becomes the agent's page; closing it returns to the opener."""

from __future__ import annotations

import contextlib
import time
from types import TracebackType
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

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

    The context's ``page`` event sees every new page, ``rel=noopener`` links included. It comes a
    little after the action that opened the page returns (tens of milliseconds), hence ``wait``.
    """

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.opened: list[Page] = []

    def __enter__(self) -> PopupWatch:
        self.context.on("page", self._on_page)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.context.remove_listener("page", self._on_page)

    def _on_page(self, page: Page) -> None:
        self.opened.append(page)

    def start(self) -> None:
        """An action begins: forget the pages opened before it."""
        self.opened.clear()

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
