"""Other selectors of an iframe: a generated name is not the only way back to it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.errors import ReplayError
from pytest_lumen.page.frames import declared, frame_alternatives, reframed
from pytest_lumen.page.locators import positional, spec_from_locator
from tests.browser.inprocess import cache_file, record_once, record_then_replay, replay_new

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


# A billing page embeds one widget per invoice, as dashboards embed records: each iframe's document has the same
# "Void invoice" button, so inside its iframe the button has no look-alike, and nothing but the iframe tells them apart.
WIDGET = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice {n}</title></head><body>
<main><h2>Invoice {n}</h2><p>Total: {total}</p>
<button type="button" onclick="top.__used=(top.__used||[]).concat(['void {n}']); fetch('/api/void-{n}.json')">
Void invoice</button>
</main></body></html>"""


def billing(invoices: list[int]) -> str:
    frames = "".join(f'<iframe src="/embed/invoice-{n}.html" width="400" height="150"></iframe>' for n in invoices)
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing</title></head><body>
<main><h1>Billing</h1>{frames}</main></body></html>"""


def billing_site(site_factory: Callable[[dict[str, str]], Any], now: list[int]) -> Any:
    return site_factory({"old.html": billing([1042, 1043]), "new.html": billing(now),
                         "embed/invoice-1042.html": WIDGET.format(n=1042, total="$10.00"),
                         "embed/invoice-1043.html": WIDGET.format(n=1043, total="$99.00"),
                         "api/void-1042.json": "{}", "api/void-1043.json": "{}"})


VOID_FIRST = [{"tool": "click", "target": {"role": "button", "name": "Void invoice", "nth": 0}}, {"tool": "done"}]


def test_an_iframe_found_by_its_position_is_recorded_by_its_document(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = billing_site(site_factory, [1042, 1043])
    page.goto(site.url + "/old.html")
    button = page.locator("iframe").first.content_frame.get_by_role("button", name="Void invoice")
    assert positional(spec_from_locator(button.normalize()).frame().value)  # type: ignore[union-attr]  # two alike

    spec = declared(page, spec_from_locator(button.normalize()))

    assert spec.frame() == LocatorSpec(kind="frame", value='iframe[src*="/embed/invoice-1042.html"]')
    assert spec.build(page).count() == 1
    record_once(page, site, tmp_path, VOID_FIRST, "void invoice 1042")
    cached = json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]["locator"]
    assert "nth=" not in cached and "invoice-1042" in cached, cached


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_two_embeds_swapped_the_recorded_one_is_acted_on(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = billing_site(site_factory, [1043, 1042])  # the twin: a release lists the newest invoice first

    ctx = record_then_replay(page, site, tmp_path, VOID_FIRST, "void invoice 1042", gate=gate)

    assert page.evaluate("() => window.__used || []") == ["void 1042"]
    assert not ctx.heals and ctx.figures.model_calls == 0


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_the_recorded_embed_gone_another_in_its_place_is_not_acted_on(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = billing_site(site_factory, [1043])  # the trap: invoice 1042 is no longer embedded, 1043 is where it was

    with pytest.raises(ReplayError):
        record_then_replay(page, site, tmp_path, VOID_FIRST, "void invoice 1042", gate=gate)

    assert page.evaluate("() => window.__used || []") == []
    assert "/api/void-1043.json" not in site.requested


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_embeds_of_one_document_for_two_records_are_told_apart_by_their_query(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    def host(invoices: list[int]) -> str:
        frames = "".join(f'<iframe src="/embed/invoice.html?id={n}" width="400" height="150"></iframe>' for n in invoices)
        return f'<!doctype html><html lang="en"><head><title>Billing</title></head><body><main>{frames}</main></body></html>'
    widget = ('<!doctype html><html lang="en"><body><main><h2 id="n"></h2><button type="button" onclick="top.__used ='
              ' (top.__used || []).concat([\'void \' + new URLSearchParams(location.search).get(\'id\')])">Void invoice'
              '</button></main></body></html>')
    site = site_factory({"old.html": host([1042, 1043]), "new.html": host([1043, 1042]), "embed/invoice.html": widget})

    record_once(page, site, tmp_path, VOID_FIRST, "void invoice 1042")
    cached = json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]["locator"]
    assert 'iframe[src*="/embed/invoice.html?id=1042"]' in cached, cached
    replay_new(page, site, tmp_path, "void invoice 1042", gate=gate)

    assert page.evaluate("() => window.__used || []") == ["void 1042"]
