"""Contract tests of what pytest-lumen reads from Playwright beyond its public API (pytest_lumen.playwright_internals).

One test per function, against the pinned Playwright: each produces the real behaviour (a real
locator, listeners, a covered button, a click whose navigation never ends, a click the page is too busy to take,
a second registration, a page that closes or crashes under a wait)
and asserts the function reads it. A failure here after a Playwright upgrade names what changed;
docs/architecture.md ("Playwright's internals") says what to do then.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from pytest_lumen.page.locators import parse_selector
from pytest_lumen.playwright_internals import (
    CALL_LOG,
    acting_in_page,
    already_registered,
    call_log,
    context_options,
    element_resolved,
    input_sent,
    listener_count,
    pointer_intercepted,
    selector_of,
    state_unchanged,
    target_closed,
    without_call_log,
)

# A button under a veil that covers the page. Playwright scrolls it into view on each attempt to
# click, aligned differently on each retry: the page says so at the second position, once the
# first attempt has logged what intercepted it; the test then closes the page, which ends the click.
COVERED = """<body style="height: 3000px; margin: 0">
<div id="veil" style="position: fixed; inset: 0; background: rgba(0, 0, 0, .3); z-index: 10"></div>
<button id="buy" style="position: absolute; top: 2000px">Buy</button>
<script>
  const seen = new Set();
  addEventListener('scroll', () => { seen.add(Math.round(scrollY)); if (seen.size === 2) console.log('second attempt'); });
</script></body>"""

NEVER_MS = 30_000  # a limit no click here reaches: each one ends on an event


def covered_click_error(page: Any) -> PlaywrightError:
    """The error of a click on the covered button, ended by closing its page after one full attempt."""
    covered = page.context.new_page()
    covered.set_content(COVERED)
    covered.on("console", lambda message: covered.close() if message.text == "second attempt" else None)
    with pytest.raises(PlaywrightError) as caught:
        covered.locator("#buy").click(timeout=NEVER_MS)
    assert covered.is_closed()  # ended by the close, not by the time limit
    return caught.value


def test_selector_of_reads_the_selector_behind_a_locator(page: Any) -> None:
    page.set_content('<ul><li>Blue mug <button data-testid="add">Add</button></li></ul>'
                     '<iframe name="pay" srcdoc="<input aria-label=Card>"></iframe>')
    by_role = page.get_by_role("listitem").get_by_role("button", name="Add")
    assert selector_of(by_role) == 'internal:role=listitem >> internal:role=button[name="Add"i]'
    assert selector_of(page.get_by_test_id("add").nth(0)) == 'internal:testid=[data-testid="add"s] >> nth=0'
    framed = page.frame_locator('iframe[name="pay"]').get_by_label("Card")
    # page/locators.py parses the syntax back into the code a person writes
    assert parse_selector(selector_of(framed)).describe() == (
        'locator("iframe[name=\\"pay\\"]").content_frame.get_by_label("Card")')
    assert page.locator(selector_of(by_role)).inner_text() == "Add"  # and Playwright takes it back


@pytest.mark.fresh_page  # counts the listeners of a context no test used before
def test_listener_count_counts_a_page_and_a_context_listeners(page: Any) -> None:
    def noted(dialog: Any) -> None: ...

    assert listener_count(page, "dialog") == 0
    page.on("dialog", noted)
    page.context.on("dialog", noted)
    page.context.on("dialog", noted)
    assert (listener_count(page, "dialog"), listener_count(page.context, "dialog")) == (1, 2)
    page.remove_listener("dialog", noted)
    assert listener_count(page, "dialog") == 0
    assert listener_count(object(), "dialog") == 0  # not a Playwright object: nothing to read


def test_without_call_log_keeps_the_message_of_an_action_error_and_of_an_assertion(page: Any) -> None:
    page.set_content("<p id='said'>Hello</p>")
    with pytest.raises(PlaywrightTimeoutError) as action:
        page.locator("#missing").click(timeout=300)  # never there: the limit is the only end
    with pytest.raises(AssertionError) as assertion:
        expect(page.locator("#said")).to_have_text("Goodbye", timeout=300)
    for message in (str(action.value), str(assertion.value)):
        assert CALL_LOG in message and "waiting for" in message
        kept = without_call_log(message)
        assert kept.strip() and "waiting for" not in kept and message.startswith(kept)
    assert without_call_log(str(action.value)).strip().splitlines() == ["Locator.click: Timeout 300ms exceeded."]


def test_call_log_reads_what_an_action_waited_for_and_what_was_in_its_way(page: Any) -> None:
    log = call_log(str(covered_click_error(page)))
    lines = log.splitlines()
    assert lines[0].strip() == '- waiting for locator("#buy")' and not log.startswith(("\n", CALL_LOG))
    assert any(line.strip() == '- <div id="veil"></div> intercepts pointer events' for line in lines)
    page.set_content("<p>Hello</p>")
    assert call_log("Locator.click: Target page, context or browser has been closed") == ""


def test_pointer_intercepted_reads_what_covers_the_target(page: Any) -> None:
    error = str(covered_click_error(page))
    assert pointer_intercepted(error)
    assert '<div id="veil"></div> intercepts pointer events' in error
    with pytest.raises(PlaywrightTimeoutError) as missing:
        page.locator("#missing").click(timeout=300)
    assert not pointer_intercepted(str(missing.value))


def test_element_resolved_tells_an_element_not_ready_from_no_element(page: Any) -> None:
    assert element_resolved(str(covered_click_error(page)))  # there, covered
    page.set_content("<p>Nothing to click</p>")
    with pytest.raises(PlaywrightTimeoutError) as missing:
        page.locator("#missing").click(timeout=300)
    assert not element_resolved(str(missing.value))


@pytest.mark.fresh_page  # a clock or a route stays with the context: no later test may take this page
def test_input_sent_reads_a_click_that_was_performed(page: Any, site_factory: Any) -> None:
    site = site_factory({"index.html": '<a href="/stall">Go on</a>'})
    held: list[Any] = []
    page.route("**/stall", lambda route: held.append(route))  # the navigation the click starts never ends
    page.goto(site.url + "/index.html")
    with pytest.raises(PlaywrightTimeoutError) as performed:
        page.get_by_role("link", name="Go on").click(timeout=2000)  # performed at once, then waits for the navigation
    assert held and input_sent(str(performed.value)) == "done"
    assert input_sent(str(covered_click_error(page))) == "no"  # never clicked: it may be tried again


# Old link-tracking scripts ping their server with a synchronous request on mousedown: the page's main thread waits
# for the reply (held here until the test releases it), and takes the rest of the click only then.
TRACKED = """<a href="#top" onmousedown="var r = new XMLHttpRequest(); r.open('GET', '/slow/ping.txt', false); r.send();"
   onclick="window.__used.push('docs'); return false">Docs</a><script>window.__used = [];</script>"""


def test_input_sent_reads_a_click_whose_events_the_page_had_not_taken(page: Any, site_factory: Any) -> None:
    site = site_factory({"index.html": TRACKED, "slow/ping.txt": "ok"})
    page.goto(site.url + "/index.html")
    with pytest.raises(PlaywrightTimeoutError) as sent:
        page.get_by_role("link", name="Docs").click(timeout=2000)  # the page holds the mousedown past the time
    assert input_sent(str(sent.value)) == "sent"
    site.release.set()
    page.wait_for_function("window.__used.length > 0")  # the click lands once the page is free: never to be sent again
    assert page.evaluate("window.__used") == ["docs"]


# A toast that slides over the page as the pointer moves onto the button (a tooltip-like promo): Playwright checked the
# hit target before it sent the click's events, and the toast took them; its hit-target interceptor kept them from the
# page, and the click was never done.
TOAST = """<button id="buy" onmousemove="document.getElementById('toast').hidden = false"
  onclick="window.__used.push('buy')">Buy</button>
<div id="toast" hidden style="position: fixed; inset: 0; background: #333; color: #fff">Free shipping today!</div>
<script>window.__used = [];</script>"""


def test_input_sent_reads_a_click_whose_events_another_element_took(page: Any) -> None:
    page.set_content(TOAST)
    with pytest.raises(PlaywrightTimeoutError) as intercepted:
        page.get_by_role("button", name="Buy").click(timeout=2000)
    log = str(intercepted.value)
    assert "performing click action" in log and "intercepts pointer events" in log.split("performing click action")[1]
    assert input_sent(log) == "no" and page.evaluate("window.__used") == []  # it may be tried again


# A form that saves the first keystroke (and a choice) with a synchronous request, held until the test lets it go: the
# page's main thread is in the middle of the fill's (or the select's) one call into the page when time runs out.
HELD_FORM = """<label>Name <input id="n" oninput="var r = new XMLHttpRequest(); r.open('GET', '/slow/save.txt', false);
  r.send();"></label><label>Status <select id="s" onchange="var r = new XMLHttpRequest();
  r.open('GET', '/slow/save.txt', false); r.send();"><option>Open</option><option>Closed</option></select></label>
<label>Code <input id="c" disabled></label>"""


@pytest.mark.parametrize("field", ["fill", "select"])
def test_acting_in_page_reads_a_fill_or_select_whose_call_into_the_page_had_not_answered(
        page: Any, site_factory: Any, field: str) -> None:
    site = site_factory({"index.html": HELD_FORM, "slow/save.txt": "ok"})
    page.goto(site.url + "/index.html")
    with pytest.raises(PlaywrightTimeoutError) as acting:
        if field == "fill":
            page.get_by_label("Name").fill("Ada", timeout=2000)
        else:
            page.get_by_label("Status").select_option("Closed", timeout=2000)
    site.release.set()
    assert acting_in_page(str(acting.value))


def test_acting_in_page_reads_a_fill_the_page_answered_not_enabled_as_not_acting(page: Any, site_factory: Any) -> None:
    site = site_factory({"index.html": HELD_FORM})
    page.goto(site.url + "/index.html")
    # Time for the page to answer "not enabled", on a loaded machine too. Time may run out during any call into the
    # page, whose log then ends at it and reads as acting (the cautious reading): read the log as it was once the page
    # had answered, and just before.
    with pytest.raises(PlaywrightTimeoutError) as not_ready:
        page.get_by_label("Code").fill("X1", timeout=5000)
    log = str(not_ready.value)
    answered = log.index("\n", log.index("element is not enabled"))
    assert not acting_in_page(log[:answered]) and acting_in_page(log[:log.rindex("\n", 0, answered)])


def test_state_unchanged_reads_a_check_whose_control_did_not_show_the_state_after_its_click(page: Any) -> None:
    page.set_content("""<button role="switch" aria-checked="false" onclick="window.__clicks = (window.__clicks || 0) + 1">
        Email alerts</button><p>Nothing to check</p>""")
    with pytest.raises(PlaywrightError) as unchanged:
        page.get_by_role("switch").check()
    assert state_unchanged(str(unchanged.value)) and not isinstance(unchanged.value, PlaywrightTimeoutError)
    assert page.evaluate("window.__clicks") == 1  # clicked, once
    with pytest.raises(PlaywrightTimeoutError) as missing:
        page.get_by_role("checkbox").check(timeout=300)
    assert not state_unchanged(str(missing.value))


def test_already_registered_reads_a_second_registration(playwright: Any) -> None:
    engine = "({ query() { return null; }, queryAll() { return []; } })"
    playwright.selectors.register("lumen-contract-twice", engine)
    with pytest.raises(PlaywrightError) as twice:
        playwright.selectors.register("lumen-contract-twice", engine)
    assert already_registered(str(twice.value))


def _waiting_error(page: Any, end: Any) -> PlaywrightError:
    """The error of a wait for an element that never comes, ended by ``end(page)`` once the page says the wait began
    (a console message the page logs from a timer it set before the wait)."""
    page.set_content("<p>Nothing comes</p>")
    page.on("console", lambda message: end(page))
    page.evaluate("setTimeout(() => console.log('waiting'), 50)")
    with pytest.raises(PlaywrightError) as caught:
        page.locator("#never").wait_for(state="attached", timeout=NEVER_MS)
    return caught.value


def test_target_closed_reads_a_page_closed_or_crashed_not_a_navigation_or_a_timeout(page: Any, site_factory: Any) -> None:
    closed = _waiting_error(page.context.new_page(), lambda gone: gone.close())
    assert target_closed(closed) and "Target page, context or browser has been closed" in str(closed)
    other = page.context.new_page()
    other.close()
    with pytest.raises(PlaywrightError) as on_closed:
        other.title()  # a call on a page closed before it
    assert target_closed(on_closed.value)
    crashing = page.context.new_page()
    cdp = page.context.new_cdp_session(crashing)

    def crash(gone: Any) -> None:
        with contextlib.suppress(PlaywrightError):  # the renderer is gone before it answers
            cdp.send("Page.crash")

    crashed = _waiting_error(crashing, crash)
    assert target_closed(crashed)  # "Page crashed" (a TargetClosedError) or "Target crashed", as the wait stood
    with pytest.raises(PlaywrightError) as on_crashed:
        crashing.locator("p").count()  # a call on a page that crashed before it
    assert target_closed(on_crashed.value) and "Target crashed" in str(on_crashed.value)

    site = site_factory({"index.html": "<p>One</p>", "next.html": "<p>Two</p>"})
    page.goto(site.url + "/index.html")
    with pytest.raises(PlaywrightError) as navigated:  # the page goes on, in another document
        page.evaluate("new Promise(() => { location.href = 'next.html'; })")
    assert "Execution context was destroyed" in str(navigated.value) and not target_closed(navigated.value)
    with pytest.raises(PlaywrightTimeoutError) as timed_out:
        page.locator("#never").wait_for(state="attached", timeout=300)
    assert not target_closed(timed_out.value)


def test_context_options_reads_a_device_descriptors_flags(browser: Any, playwright: Any) -> None:
    phone = browser.new_context(**playwright.devices["Pixel 7"])
    desktop = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        options = context_options(phone.new_page())
        assert (options["isMobile"], options["hasTouch"], options["viewport"]["width"]) == (True, True, 412)
        plain = context_options(desktop.new_page())
        assert not plain.get("isMobile") and not plain.get("hasTouch")
    finally:
        phone.close()
        desktop.close()
