"""``current_url`` (pytest_lumen.page.perform): the URL the browser has now, not the one Playwright last told Python."""

from __future__ import annotations

from typing import Any

from pytest_lumen.page.perform import current_url


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
