"""``current_url`` (pytest_lumen.page.perform): the URL the browser has now, not the one Playwright last told Python."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.perform import current_url, perform_once


def test_current_url_sees_a_navigation_that_page_url_does_not_show_yet(page: Any, site_factory: Any) -> None:
    site = site_factory({
        "index.html": "<button onclick=\"fetch('/slow/go.txt').then(() => { location.href = '/next.html'; })\">Go</button>",
        "slow/go.txt": "go",  # held by the server until the test releases it
        "next.html": "<h1>Next</h1><img src=\"/pixel.gif\" alt=\"\">",
        "pixel.gif": "GIF89a",
    })
    page.goto(site.url + "/index.html")
    page.get_by_role("button", name="Go").click()
    site.release.set()  # the page leaves only now: the click has returned, however busy the machine
    # Python waits for something else, as while a model answers: no Playwright call until the
    # browser has parsed the next page (it asked for the picture in it)
    site.wait_for_request("/pixel.gif")
    assert page.url.endswith("/index.html")  # only as fresh as the last call
    assert current_url(page).endswith("/next.html")
    assert page.url.endswith("/next.html")  # the round trip brought it up to date


def test_a_select_whose_answer_comes_after_its_time_is_done_once_and_not_failed(page: Any) -> None:
    # The change handler holds the page's thread past the action's time: Playwright's one call into the page chooses
    # the option, and its answer comes late, as on a busy machine; its call log says nothing about it. Recording
    # must take it as done (it is not reported to the model as failed, and the model does not choose again).
    timeout_ms = 300.0
    page.set_content(f"""<label>Country <select id="c" onchange="window.__changes = (window.__changes || 0) + 1;
        const end = performance.now() + {3 * timeout_ms}; while (performance.now() < end) {{}}">
        <option value="">Choose</option><option value="fr">France</option><option value="de">Germany</option>
        </select></label>""")
    loc = page.locator("#c")
    action = A.SelectOption(target=A.Target(locator=LocatorSpec(kind="selector", value="#c")), value="de")
    perform_once(page, action, loc, {}, timeout_ms)
    assert (loc.input_value(), page.evaluate("window.__changes")) == ("de", 1)
