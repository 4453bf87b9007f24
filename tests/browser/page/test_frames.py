"""Other selectors of an iframe: a generated name is not the only way back to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.frames import frame_alternatives, reframed

HOST = """<!doctype html><html lang="en"><body>
<iframe name="__privateStripeFrame4821" title="Secure card payment input frame" src="/v3/card.html?key=abc"></iframe>
<iframe name="__privateStripeFrame4822" src="/v3/expiry.html"></iframe>
</body></html>"""
CARD = "<!doctype html><html><body><input aria-label='Card number'></body></html>"


def test_an_iframe_is_also_found_by_its_title_and_its_documents_path(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    site = site_factory({"index.html": HOST, "v3/card.html": CARD, "v3/expiry.html": CARD})
    page.goto(site.url + "/index.html")
    frame = LocatorSpec(kind="frame", value='iframe[name="__privateStripeFrame4821"]')

    others = frame_alternatives(page, frame)

    assert [o.value for o in others] == ['iframe[title="Secure card payment input frame"]', 'iframe[src*="/v3/card.html"]']
    field = LocatorSpec(kind="role", value="textbox", name="Card number", parent=frame)
    for other in others:
        moved = reframed(field, frame, other)
        assert moved.parent == other and moved.build(page).count() == 1
    # the second iframe has no title: only its path (its name is the primary), which finds it alone
    second = LocatorSpec(kind="frame", value='iframe[name="__privateStripeFrame4822"]')
    assert [o.value for o in frame_alternatives(page, second)] == ['iframe[src*="/v3/expiry.html"]']
