"""Replay waits for the page to change before it looks again: by Playwright's own wait, in Playwright's world.

The pages change as real apps change: a DOM update a timer schedules, an update inside a web component's shadow
root, a hash router's route change, a navigation; and one page fakes its clock as ``page.clock`` does in a user's test.
Every wait is given a long limit, so a wait that missed the change is seen as a False after that limit, not as a
race with the clock. A page that closes or crashes is no change: the wait ends saying so (``PageClosed``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from pytest_lumen.page.changes import ENGINE, PageClosed, now_ms, wait_for_change

LONG_MS = 20_000.0  # the change always comes far sooner; a wait that missed it returns False after this

APP = """<!doctype html><html><body>
<main id="app"><p>Loading…</p></main>
<x-card id="card"></x-card>
<script>
  customElements.define('x-card', class extends HTMLElement {
    connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML = '<span id="in">old</span>'; }
  });
</script>
</body></html>"""


def _ready(page: Page) -> float:
    page.set_content(APP)
    page.locator(f"{ENGINE}=0").count()  # the engine is injected, as replay does before it acts
    return now_ms()


def test_a_dom_update_after_the_wait_began_ends_it(page: Page) -> None:
    since = _ready(page)
    page.evaluate("requestAnimationFrame(() => setTimeout(() => { app.textContent = 'Ready'; }, 50))")
    assert wait_for_change(page, LONG_MS, since_ms=since)


def test_an_update_inside_an_open_shadow_root_ends_it(page: Page) -> None:
    since = _ready(page)
    page.evaluate("setTimeout(() => { card.shadowRoot.getElementById('in').textContent = 'new'; }, 50)")
    assert wait_for_change(page, LONG_MS, since_ms=since)


def test_a_hash_route_change_ends_it(page: Page) -> None:
    since = _ready(page)
    page.evaluate("setTimeout(() => { location.hash = '#/orders'; }, 50)")  # a hash router, before it renders
    assert wait_for_change(page, LONG_MS, since_ms=since)


def test_a_navigation_to_another_document_ends_it(page: Page, site_factory: Callable[[dict[str, str]], Any]) -> None:
    site = site_factory({"index.html": APP, "next.html": "<!doctype html><html><body><p>Next</p></body></html>"})
    page.goto(site.url + "/index.html")
    page.locator(f"{ENGINE}=0").count()
    since = now_ms()
    page.evaluate("setTimeout(() => { location.href = 'next.html'; }, 50)")  # a new document: no mutation seen in it
    assert wait_for_change(page, LONG_MS, since_ms=since)
    assert page.url.endswith("/next.html")


def test_a_change_before_the_wait_but_after_the_last_look_is_not_missed(page: Page) -> None:
    since = _ready(page)
    page.evaluate("app.textContent = 'Ready'")
    assert wait_for_change(page, LONG_MS, since_ms=since)


def test_a_page_that_stays_as_it_was_waits_the_limit_and_says_so(page: Page) -> None:
    _ready(page)
    assert not wait_for_change(page, 300)


@pytest.mark.fresh_page  # a clock or a route stays with the context: no later test may take this page
def test_a_page_that_fakes_its_clock_cannot_stall_the_wait(page: Page) -> None:
    page.clock.install()  # the page's setTimeout and Date never move on their own
    _ready(page)
    assert not wait_for_change(page, 300)
    since = now_ms()
    page.evaluate("app.textContent = 'Ready'")
    assert wait_for_change(page, LONG_MS, since_ms=since)


def _ends_while_waiting(page: Page, end: Callable[[], None]) -> float:
    """The page ready, and ``end`` to run once the page says it is waiting (a console message from a timer the page
    set before the wait: no mutation, no history change); when the wait began."""
    since = _ready(page)
    page.on("console", lambda message: end())
    page.evaluate("setTimeout(() => console.log('waiting'), 50)")
    return since


def test_a_page_that_closes_during_the_wait_ends_it_as_closed_not_as_a_change(page: Page) -> None:
    closing = page.context.new_page()
    since = _ends_while_waiting(closing, closing.close)
    with pytest.raises(PageClosed, match="has been closed"):
        wait_for_change(closing, LONG_MS, since_ms=since)
    with pytest.raises(PageClosed):  # and so does every wait after it
        wait_for_change(closing, LONG_MS)


def test_a_page_that_crashes_during_the_wait_ends_it_as_closed(page: Page) -> None:
    crashing = page.context.new_page()
    cdp = page.context.new_cdp_session(crashing)

    def crash() -> None:
        with contextlib.suppress(PlaywrightError):  # the renderer is gone before it answers
            cdp.send("Page.crash")

    since = _ends_while_waiting(crashing, crash)
    with pytest.raises(PageClosed, match="crashed"):
        wait_for_change(crashing, LONG_MS, since_ms=since)
    with pytest.raises(PageClosed, match="crashed"):  # a page that crashed before the wait
        wait_for_change(crashing, LONG_MS)
