"""Content a release put behind a collapsed disclosure is shown only by what declares it holds it, once, as a heal.

The pages render as swagger-ui renders its "Schemas" section (React, generated classes, toggle buttons that
declare ``aria-expanded`` with arrow icons): 3.x shows a model's properties with their descriptions; 4.x and 5.x
render each property collapsed, ``[...]``, its description absent from the page until its toggle is clicked: no
toggle declares it holds it, and a check is never opened to pass, so that check is red. A field a release moved into
a Bootstrap collapse is shown by the toggle whose ``aria-controls`` names its region. Every page logs, in
``window.__used``, the controls a replay clicked: every test asserts it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, healed_past_the_gate, no_model, session_in

HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Swagger UI</title><style>' \
       'body{font-family:sans-serif;margin:0}.opblock-summary-control{display:block;width:100%;height:28px;margin:' \
       '27px 0;text-align:left}.model-container{margin:0 20px 15px}table.model td{padding:2px 8px;vertical-align:top}' \
       '.model-box-control{border:0;background:none;cursor:pointer}</style></head><body>'
LOG = "<script>window.__used = [];function used(what) { window.__used.push(what); }</script>"
ARROW = '<svg width="20" height="20" aria-hidden="true" focusable="false"><use href="#large-arrow-up"></use></svg>'
# The operations above the schemas: collapsed disclosures a replay must leave alone.
OPERATIONS = "".join(
    f'<div class="opblock opblock-{m.lower()}"><button aria-expanded="false" class="opblock-summary-control" '
    f'onclick="used(\'{m} {p}\')"><span class="opblock-summary-method">{m}</span><span>{p}</span>{ARROW}</button></div>'
    for m, p in (("GET", "/pets"), ("POST", "/pets"), ("GET", "/pets/{petId}"), ("DELETE", "/pets/{petId}")))
PROPS = (("id", "integer", None), ("name", "string", None), ("status", "string", "pet status in the store"))


def _prop(name: str, kind: str, description: str | None) -> str:
    text = f'<div class="renderedMarkdown"><p>{description}</p></div>' if description else ""
    return f'<span class="prop"><span class="prop-type">{kind}</span>{text}</span>'


def _row(name: str, inner: str) -> str:
    return f'<tr class="property-row"><td>{name}</td><td><span class="model"><span class="">{inner}</span></span></td></tr>'


# Swagger UI 3.52: the Pet model, once opened, shows every property with its description.
OLD_MODEL = "".join(_row(n, _prop(n, k, d)) for n, k, d in PROPS)
# Swagger UI 4.19 / 5.24: each property collapsed; its content rendered only when its toggle is clicked.
NEW_MODEL = "".join(_row(n, f'<button aria-expanded="false" class="model-box-control" onclick="openProp(this, {i})">'
                            '<span class="model-toggle collapsed"></span><span>[...]</span></button>')
                    for i, (n, _k, _d) in enumerate(PROPS))
SCRIPT = """<script>
const PROPS = %s;
const MODEL = %s;
function openPet(button) {
  const body = MODEL;
  used('Pet');
  const box = document.createElement('div'); box.className = 'model-box';
  box.innerHTML = '<span class="model"><button aria-expanded="true" class="model-box-control"><span class="model-title">'
    + '<span class="model-title__text">Pet</span></span><span class="model-toggle"></span></button>'
    + '<span class="brace-open object">{</span><table class="model"><tbody>' + body + '</tbody></table>'
    + '<span class="brace-close">}</span></span>';
  button.replaceWith(box);
}
function openProp(button, i) {
  const [name, kind, description] = PROPS[i];
  used('prop:' + name);
  const span = document.createElement('span');
  span.innerHTML = '<span class="prop"><span class="prop-type">' + kind + '</span>'
    + (description ? '<div class="renderedMarkdown"><p>' + description + '</p></div>' : '') + '</span>';
  button.replaceWith(span);
}
</script>"""


def swagger(model: str, schemas: bool = True) -> str:
    """A Swagger UI page: the info, the operations of the tag "pets", then (``schemas``) the Schemas section."""
    section = ('<section class="models is-open"><h4><button aria-expanded="true" class="models-control">'
               f'<span>Schemas</span>{ARROW}</button></h4><div class="no-margin"><div id="model-Pet" '
               'class="model-container" data-name="Pet"><span class="models-jump-to-path"></span>'
               '<span class="model-box"><button aria-expanded="false" class="model-box-control" '
               f'onclick="openPet(this)"><span class="pointer"><span class="model-box">'
               '<span class="model model-title">Pet</span></span></span><span class="model-toggle collapsed"></span>'
               '</button></span></div></div></section>')
    script = SCRIPT % (json.dumps(PROPS), json.dumps(model))
    return (f'{HEAD}{LOG}{script}<div id="swagger-ui"><div class="information-container">'
            '<h2 class="title">Pets API</h2><div class="renderedMarkdown"><p>A tiny pet store.</p></div></div>'
            '<div class="opblock-tag-section is-open"><h3 class="opblock-tag"><a class="nostyle" href="#/pets">'
            f'<span>pets</span></a></h3>{OPERATIONS}</div>{section if schemas else ""}</div></body></html>')


SCRIPT_STEPS = [  # both steps: the click that opens the model, then the text check on the status description
    {"tool": "click", "target": {"role": "button", "name": "Pet"}}, {"tool": "done"},
    {"tool": "expect_text", "target": {"role": "paragraph", "nth": 1}, "input": {"text": "pet status in the store"}},
    {"tool": "done"},
]


def _run(page: Any, url: str, root: Path, mode: Mode, gate: bool = False) -> Any:
    session = session_in(mode, root, action_timeout=2.0)
    ctx = context(session)
    page.goto(url)
    planner = ScriptedPlanner(SCRIPT_STEPS)
    agent = Agent(page, ctx, (lambda: planner) if mode is Mode.RECORD else no_model, identity_gate=gate)
    agent.run("open the Pet schema")
    agent.expect("the Pet schema says what the status means")
    session.finish(ctx, passed=True)
    return ctx


@pytest.fixture
def upgrade(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Callable[[str], Any]:
    """Record the two steps on Swagger UI 3.x, then replay them on ``new`` (through the identity gate, as users
    replay; each swap misses it and is healed on the full path, as with the gate off);
    the replay's context."""

    def run(new: str) -> Any:
        site = site_factory({"old.html": swagger(OLD_MODEL), "new.html": new})
        _run(page, site.url + "/old.html", tmp_path, Mode.RECORD)
        ctx = _run(page, site.url + "/new.html", tmp_path, Mode.REPLAY, gate=True)
        assert ctx.figures.model_calls == 0
        return healed_past_the_gate(ctx)
    return run


def used(page: Any) -> list[str]:
    return list(page.evaluate("window.__used"))


def test_a_text_check_on_a_property_a_release_collapsed_is_red_and_nothing_is_opened_for_it(
        upgrade: Callable[[str], Any], page: Any) -> None:
    with pytest.raises(ReplayError) as info:  # no toggle declares it holds the description; a check never opens one
        upgrade(swagger(NEW_MODEL))
    assert "the Pet schema says what the status means" in str(info.value)
    assert used(page) == ["Pet"]  # the recorded click only: no property, no operation opened to look
    assert not page.get_by_text("pet status in the store").count()


def test_a_section_a_release_removed_is_red_at_its_step_and_nothing_else_is_opened(
        upgrade: Callable[[str], Any], page: Any) -> None:
    with pytest.raises(ReplayError) as info:
        upgrade(swagger(NEW_MODEL, schemas=False))
    assert "open the Pet schema" in str(info.value)
    assert used(page) == []  # the collapsed operations stay closed: none is under the recorded heading "Schemas"


# --- a form's fieldsets rebuilt as Bootstrap collapses (present in the page, hidden) -------------------

FIELDSETS = """<main><form class="needs-validation"><fieldset><legend>Shipping address</legend>
<label for="street" class="form-label">Street</label><input id="street" class="form-control" name="street"
 oninput="used('street')"></fieldset><fieldset><legend>Billing address</legend><label for="bstreet"
 class="form-label">Billing street</label><input id="bstreet" class="form-control" name="bstreet"></fieldset>
<button type="submit" aria-expanded="false" onclick="used('submit')">Save</button></form></main>"""
# Bootstrap 5's collapse: the toggle declares the region it controls; the region is display:none until shown.
COLLAPSES = """<style>.collapse:not(.show){display:none}</style><script>
function toggle(b) { const r = document.getElementById(b.getAttribute('aria-controls'));
  const open = !r.classList.contains('show'); r.classList.toggle('show', open);
  b.setAttribute('aria-expanded', String(open)); used('toggle:' + b.getAttribute('aria-controls')); }
</script><main><form class="needs-validation"><div class="accordion" id="addr">
<div class="accordion-item"><h2 class="accordion-header"><button class="accordion-button collapsed" type="button"
 data-bs-toggle="collapse" data-bs-target="#c-ship" aria-expanded="false" aria-controls="c-ship" onclick="toggle(this)">
 Shipping address</button></h2><div id="c-ship" class="accordion-collapse collapse"><div class="accordion-body">
<label for="street" class="form-label">Street</label><input id="street" class="form-control" name="street"
 oninput="used('street')"></div></div></div>
<div class="accordion-item"><h2 class="accordion-header"><button class="accordion-button collapsed" type="button"
 data-bs-toggle="collapse" data-bs-target="#c-bill" aria-expanded="false" aria-controls="c-bill" onclick="toggle(this)">
 Billing address</button></h2><div id="c-bill" class="accordion-collapse collapse"><div class="accordion-body">
<label for="bstreet" class="form-label">Billing street</label><input id="bstreet" class="form-control" name="bstreet">
</div></div></div></div><button type="submit" aria-expanded="false" onclick="used('submit')">Save</button></form></main>"""


STREET_SCRIPT = [{"tool": "fill", "target": {"role": "textbox", "name": "Street"}, "input": {"value": "1 Main St"}},
                 {"tool": "done"}]


def _enter_the_street(page: Any, url: str, root: Path, gate: bool = False) -> Any:
    """Record "enter the street" on ``url``/old.html, replay it on ``url``/new.html (zero model calls; ``gate``:
    through the identity gate); the replay's context."""
    for mode, path in ((Mode.RECORD, "/old.html"), (Mode.REPLAY, "/new.html")):
        session = session_in(mode, root, action_timeout=2.0)
        ctx = context(session)
        page.goto(url + path)
        planner = ScriptedPlanner(STREET_SCRIPT)
        replaying = mode is Mode.REPLAY
        Agent(page, ctx, no_model if replaying else (lambda p=planner: p), identity_gate=gate and replaying).run(
            "enter the street")
        session.finish(ctx, passed=True)
    return ctx


def test_a_field_in_a_section_a_release_collapsed_is_shown_by_the_toggle_that_controls_it(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"old.html": f"{HEAD}{LOG}{FIELDSETS}</body></html>",
                         "new.html": f"{HEAD}{LOG}{COLLAPSES}</body></html>"})
    ctx = _enter_the_street(page, site.url, tmp_path)
    assert used(page) == ["toggle:c-ship", "street"]  # the billing section stays closed; Save is never clicked
    assert page.locator("#street").input_value() == "1 Main St"
    assert any("'Shipping address'" in h.evidence for h in ctx.heals), ctx.heals


# The release dropped the shipping section; the collapsed billing section holds a field labelled "Street" too.
BILLING_ONLY = COLLAPSES[:COLLAPSES.index('<div class="accordion-item">')] + \
    COLLAPSES[COLLAPSES.index('<div class="accordion-item">', COLLAPSES.index('c-ship')):].replace(
        '<label for="bstreet" class="form-label">Billing street</label>',
        '<label for="bstreet" class="form-label">Street</label>')


def test_a_field_of_the_same_name_in_another_collapsed_section_is_never_shown_for_the_one_a_release_removed(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # the twin of the test above: there the very field moved into a collapse, and its toggle shows it
    assert 'aria-controls="c-ship"' not in BILLING_ONLY and '>Street</label><input id="bstreet"' in BILLING_ONLY
    site = site_factory({"old.html": f"{HEAD}{LOG}{FIELDSETS}</body></html>",
                         "new.html": f"{HEAD}{LOG}{BILLING_ONLY}</body></html>"})
    with pytest.raises(ReplayError, match="zero-token heal found nothing"):
        _enter_the_street(page, site.url, tmp_path)
    assert used(page) == []  # the billing section is never opened to find out, nothing typed
    assert page.locator("#bstreet").input_value() == ""


# A release whose shipping section is gone: the billing section's field is labelled "Street" now, shown. Its twin:
# the billing address taken from the shipping one (the billing section gone), the shipping section renamed by a word it
# lost, its field rebuilt (another id and name: the gate misses it).
CHECKOUT_FIELDSETS = FIELDSETS.replace('<form class="needs-validation">', '<form class="needs-validation" aria-label="Checkout">')
BILLING_SHOWN = """<main><form class="needs-validation" aria-label="Checkout"><fieldset><legend>Billing address</legend>
<label for="bstreet" class="form-label">Street</label><input id="bstreet" class="form-control" name="bstreet"
 oninput="used('bstreet')"></fieldset><button type="submit" onclick="used('submit')">Save</button></form></main>"""
SHIPPING_RENAMED = """<main><form class="needs-validation" aria-label="Checkout"><fieldset><legend>Shipping</legend>
<label for="ship-street" class="form-label">Street</label><input id="ship-street" class="form-control"
 name="shipping[street]" oninput="used('street')"></fieldset><input type="hidden" id="bstreet" name="bstreet">
<button type="submit" onclick="used('submit')">Save</button></form></main>"""


SHIPPING_RENAMED_BILLING_BESIDE = SHIPPING_RENAMED.replace(
    '<input type="hidden" id="bstreet" name="bstreet">', '<fieldset><legend>Billing address</legend><label for="bstreet" '
    'class="form-label">Billing street</label><input id="bstreet" class="form-control" name="bstreet" '
    'oninput="used(\'bstreet\')"></fieldset>')


@pytest.mark.parametrize("release", ["billing-only", "shipping-renamed", "shipping-renamed-billing-beside"])
def test_a_field_of_another_named_section_is_never_taken_for_the_recorded_one(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    trap = release == "billing-only"
    site = site_factory({"old.html": f"{HEAD}{LOG}{CHECKOUT_FIELDSETS}</body></html>",
                         "new.html": f"{HEAD}{LOG}{BILLING_SHOWN if trap else SHIPPING_RENAMED}</body></html>"
                         if release != "shipping-renamed-billing-beside"
                         else f"{HEAD}{LOG}{SHIPPING_RENAMED_BILLING_BESIDE}</body></html>"})
    if trap:
        with pytest.raises(ReplayError, match="it is in 'Billing address', and the recorded element was in 'Shipping addr"):
            _enter_the_street(page, site.url, tmp_path, gate=True)
        assert used(page) == [] and page.locator("#bstreet").input_value() == ""  # nothing typed in the billing street
    else:
        ctx = _enter_the_street(page, site.url, tmp_path, gate=True)
        assert used(page) == ["street"] and page.locator("#ship-street").input_value() == "1 Main St"
        assert healed_past_the_gate(ctx).figures.model_calls == 0


# --- what is never opened ---------------------------------------------------------------------------

NEVER = """<main><h2>Orders</h2><form action="/orders/archive" method="post">
<button type="submit" aria-expanded="false" onclick="used('submit'); return false">Archive</button></form>
<div class="dropdown"><button class="btn dropdown-toggle" type="button" data-bs-toggle="dropdown" aria-expanded="false"
 onclick="used('dropdown')">Actions</button></div>
<button type="button" aria-haspopup="menu" aria-expanded="false" onclick="used('menu')">More</button>
<a href="/orders/all" aria-expanded="false" onclick="used('link'); return false">All orders</a>
<button type="button" class="css-1q2w3e" aria-expanded="false" onclick="used('details')">Show details</button>
<div id="history" hidden><p>Order 1042 shipped</p></div></main>"""
SHOW = "document.getElementById('history').hidden = false; this.setAttribute('aria-expanded', 'true')"
PLAIN_TOGGLE = 'class="css-1q2w3e" aria-expanded="false" onclick="used(\'details\')"'
CONTROLLED = NEVER.replace(PLAIN_TOGGLE, 'class="css-1q2w3e" aria-expanded="false" aria-controls="history" '
                                         f'onclick="used(\'details\'); {SHOW}"')


def test_only_the_toggle_that_declares_it_controls_the_hidden_element_is_ever_opened(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    from pytest_lumen.cache.model import LocatorSpec, Target
    from pytest_lumen.heal.disclosures import reveal
    from pytest_lumen.page.fingerprint import capture
    site = site_factory({"page.html": f"{HEAD}{LOG}{NEVER}</body></html>",
                         "controlled.html": f"{HEAD}{LOG}{CONTROLLED}</body></html>"})
    spec = LocatorSpec(kind="text", value="Order 1042 shipped")
    page.goto(site.url + "/page.html")  # a submit, a dropdown, a menu button, a link, and the nearest plain toggle
    page.evaluate("document.getElementById('history').hidden = false")  # as it was recorded: shown
    target = Target(locator=spec, fingerprint=capture(page.get_by_text("Order 1042 shipped")))
    page.reload()
    assert reveal(page, target, 1000.0) == []
    assert used(page) == []
    page.goto(site.url + "/controlled.html")  # the toggle now declares the region it shows
    assert reveal(page, target, 1000.0) == ["Show details"]
    assert used(page) == ["details"] and page.get_by_text("Order 1042 shipped").is_visible()
