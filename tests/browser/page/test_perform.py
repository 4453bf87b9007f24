"""``current_url`` (pytest_lumen.page.perform): the URL the browser has now, not the one Playwright last told Python."""

from __future__ import annotations

import time
from typing import Any

from pytest_lumen.page.perform import current_url


def test_current_url_sees_a_navigation_that_page_url_does_not_show_yet(page: Any, site_factory: Any) -> None:
    site = site_factory({
        "index.html": "<button onclick=\"setTimeout(() => { location.href = '/next.html'; }, 1000)\">Go</button>",
        "next.html": "<h1>Next</h1><img src=\"/pixel.gif\" alt=\"\">",
        "pixel.gif": "GIF89a",
    })
    page.goto(site.url + "/index.html")
    page.get_by_role("button", name="Go").click()  # the page leaves a second later: the click has long returned
    # Python waits for something else, as while a model answers: no Playwright call until the
    # browser has parsed the next page (it asked for the picture in it), however busy the machine
    deadline = time.monotonic() + 30
    while "/pixel.gif" not in site.requested and time.monotonic() < deadline:
        time.sleep(0.05)
    assert page.url.endswith("/index.html")  # only as fresh as the last call
    assert current_url(page).endswith("/next.html")
    assert page.url.endswith("/next.html")  # the round trip brought it up to date
