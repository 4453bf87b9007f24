"""Navigations an action started: recording waits for them, so it observes the page replay will see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..page.perform import current_url

if TYPE_CHECKING:
    from playwright.sync_api import Frame, Page, Request

SETTLE_MS = 10_000  # at least this long for a page that was asked for (a slow server is not an error)


class NavigationWatch:
    """Notes main-frame navigation requests and arrivals on a page (use as a context manager)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.arrived = False
        self.documents = 0  # main-frame navigation requests so far, the action's or the app's own (never reset)
        self._at_start = 0  # ``documents`` when the action began

    def __enter__(self) -> NavigationWatch:
        self.page.on("request", self._on_request)
        self.page.on("framenavigated", self._on_navigated)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.page.remove_listener("request", self._on_request)
        self.page.remove_listener("framenavigated", self._on_navigated)

    def follow(self, page: Page) -> None:
        """Watch ``page`` from now on (the tab an action opened, or its opener once it closed)."""
        self.__exit__()
        self.page = page
        self.__enter__()

    @property
    def requested(self) -> bool:
        """Whether a new page was asked for since the action began."""
        return self.documents > self._at_start

    def start(self) -> None:
        """An action begins: forget what came before it."""
        self._at_start, self.arrived = self.documents, False

    def settle(self, timeout_ms: float) -> None:
        """After the action: a new page it asked for and that has not arrived yet is waited for,
        with its scripts (a form posted to a slow server). A download or a 204 brings no page:
        the wait then ends at ``timeout_ms``."""
        current_url(self.page)  # one round trip: the events so far are delivered
        if not self.requested or self.arrived:
            return
        try:
            self.page.wait_for_event("framenavigated", predicate=self._is_main, timeout=timeout_ms)
            self.page.wait_for_load_state("domcontentloaded", timeout=timeout_ms)
        except PlaywrightError:
            pass

    def _is_main(self, frame: Frame) -> bool:
        return frame == self.page.main_frame

    def _on_request(self, request: Request) -> None:
        try:
            if request.is_navigation_request() and self._is_main(request.frame):
                self.documents += 1
        except PlaywrightError:  # a service worker's request has no frame
            pass

    def _on_navigated(self, frame: Frame) -> None:
        if self._is_main(frame):
            self.arrived = True
