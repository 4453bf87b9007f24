"""One page that the in-process browser tests of a test process take in turn, instead of a new context and page each.

A new context and its first page start a Chromium renderer process: about 0.18 CPU-seconds, several times what a
short test does with the page (``tests/browser`` runs about 360 such tests). ``page`` (used by
``tests/browser/conftest.py``) hands out the page the previous test gave back, when that test left nothing that
would reach the next one, and a new context and page otherwise. A page is given back only if its test passed,
the page is still open and alone in its context, its size is the one it was made with, no listener was added to
it or its context (a test's own: the plugin's ``DialogWatch`` is one per context, as it is for a user), and the
test is not marked ``fresh_page``. A kept page is taken to ``about:blank``, with the cookies of its context and the
storage of the origin it was on cleared and the pointer at its corner, as a new context would have them. A test
that needs a new context (it counts the context's listeners) or does what this cannot see (``page.clock``, routes,
init scripts) is marked ``fresh_page``: it gets a new context and page, given to no later test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from pytest_lumen.playwright_internals import listener_count

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

FRESH = "fresh_page"  # the marker of a test that needs a new context and page, given to no later test
CLEAR_STORAGE = "() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"


def _listeners(emitter: BrowserContext | Page) -> dict[str, int]:
    """How many listeners each event of ``emitter`` has (pyee's, under the sync API's implementation object), but
    the one ``dialog`` listener of the plugin's ``DialogWatch``: one per context for the context's life, shared by
    the agents of a context as it is in a user's test."""
    events: list[str] = emitter._impl_obj.event_names()  # what has listeners; the counting is the plugin's own
    counts = {event: listener_count(emitter, event) for event in events}
    if getattr(emitter, "_lumen_dialogs", None) is not None:
        counts["dialog"] -= 1
    return {event: count for event, count in counts.items() if count}


class KeptPage:
    """The page a process keeps between tests, and what it looked like when it was made."""

    def __init__(self) -> None:
        self.page: Page | None = None
        self._made: tuple[Any, ...] = ()

    def _state(self, page: Page) -> tuple[Any, ...]:
        return len(page.context.pages), page.viewport_size, _listeners(page), _listeners(page.context)

    def take(self, browser: Browser, context_args: dict[str, Any], fresh: bool) -> Page:
        """The kept page if there is one of ``browser`` (and not ``fresh``), else a new context and page."""
        if not fresh:
            page, self.page = self.page, None
            if page is not None and not page.is_closed() and page.context.browser is browser:
                return page
            if page is not None and not page.is_closed():
                page.context.close()
        page = browser.new_context(**context_args).new_page()
        if not fresh:  # a fresh page is never kept: the kept one's state stays the one to compare with
            self._made = self._state(page)
        return page

    def give_back(self, page: Page, reusable: bool) -> None:
        """Keep ``page`` for the next test if it is as it was made (and ``reusable``), else close its context."""
        if page.is_closed():
            if page.context.browser is not None and page.context.browser.is_connected():
                page.context.close()
            return
        if reusable and self._state(page) == self._made:
            try:
                page.evaluate(CLEAR_STORAGE)
                page.context.clear_cookies()
                page.goto("about:blank")
                page.mouse.move(0, 0)  # nothing hovered where the last test left the pointer
            except Exception:  # a page that cannot be reset is no page to hand on: its context is closed below
                pass
            else:
                self.page = page
                return
        page.context.close()


_kept = KeptPage()


def page_fixture(request: pytest.FixtureRequest, browser: Browser, context_args: dict[str, Any]) -> Iterator[Page]:
    """The body of a ``page`` fixture that takes and gives back the process's kept page."""
    failed = request.session.testsfailed
    fresh = request.node.get_closest_marker(FRESH) is not None
    page = _kept.take(browser, context_args, fresh)
    yield page
    # A failed call is counted before teardown: a page whose test failed is no one else's.
    passed = request.session.testsfailed == failed
    if fresh:
        page.context.close()
    else:
        _kept.give_back(page, passed)
