"""``PopupWatch`` (pytest_lumen.page.tabs): the pages an action opens, and whether it asked for one at all."""

from __future__ import annotations

from typing import Any

from pytest_lumen.page.tabs import PopupWatch

OPENERS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Opener</title></head><body><main>
<a href="/help.html" target="_blank" rel="noopener">Help</a>
<button type="button" onclick="window.open('/help.html', 'help', 'popup')">Wallet</button>
<form action="/help.html" target="_blank"><button>Print receipt</button></form>
<button type="button" onclick="this.textContent = 'Saved'">Save</button>
</main></body></html>"""


def test_a_page_that_asks_for_a_window_is_known_at_once_before_the_window_arrives(page: Any, site_factory: Any) -> None:
    site = site_factory({"index.html": OPENERS, "help.html": "<title>Help</title>"})
    page.goto(site.url + "/index.html")
    with PopupWatch(page.context) as popups:
        for name, role in (("Help", "link"), ("Wallet", "button"), ("Print receipt", "button")):
            popups.start(page)
            page.get_by_role(role, name=name).click()  # type: ignore[arg-type]
            assert popups.asked(page) is True, name  # before any wait: the new page's own event may not be here yet
            opened = popups.wait(30_000, page)
            assert opened is not None and opened.url.startswith(site.url + "/help.html"), name
            opened.close()
        popups.start(page)
        page.get_by_role("button", name="Save").click()
        assert popups.asked(page) is False
        assert popups.wait(0, page) is None
    assert page.get_by_role("button", name="Saved").count() == 1
