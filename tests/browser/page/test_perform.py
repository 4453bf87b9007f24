"""``current_url`` (pytest_lumen.page.perform): the URL the browser has now, not the one Playwright last told Python."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.perform import acted_anyway, current_url


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


def test_a_select_that_holds_its_option_after_its_time_ran_out_acted_anyway(page: Any) -> None:
    # Playwright checks a select and chooses in one call into the page, and logs nothing before it acts: when that
    # call's answer comes after the action's time (a busy machine), the log ends at "attempting", and only the
    # select itself says whether it acted. Recording (``perform_once``) and the gate must then not choose again.
    page.set_content("""<label>Country <select id="c"><option value="">Choose</option><option value="fr">France</option>
        <option value="de">Germany</option></select></label>""")
    loc = page.locator("#c")
    target = A.Target(locator=LocatorSpec(kind="selector", value="#c"))
    late = PlaywrightTimeoutError('Timeout 300ms exceeded.\nCall log:\n  - waiting for locator("#c")\n'
                                  "    - locator resolved to <select>\n  - attempting select option action")
    loc.select_option("de")  # what the late call did
    assert acted_anyway(A.SelectOption(target=target, value="%country%"), loc, {"country": "de"}, late)
    assert not acted_anyway(A.SelectOption(target=target, value="fr"), loc, {}, late)  # it holds another one
    assert not acted_anyway(A.Click(target=target), loc, {}, late)  # a click logs "performing" before it acts
    clicked = PlaywrightTimeoutError(late.message + "\n  - performing click action\n  - waiting for navigation")
    assert acted_anyway(A.Click(target=target), loc, {}, clicked)
