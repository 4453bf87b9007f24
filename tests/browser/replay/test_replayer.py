"""The replayer tells "not found" from "found, and not usable" (hidden behind a widget, disabled) at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from tests.browser.heal.test_relabel import record
from tests.browser.inprocess import context, no_model, session_in

FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Address</title></head><body><main>
<form><label for="country">Country</label>
{select}
<button type="submit" {disabled}>Save</button></form></main></body></html>"""
SELECT = ('<select id="country" name="country"{hidden}><option value="">Choose</option>'
          '<option value="fr">France</option><option value="de">Germany</option></select>')
# Choices.js renders a listbox of its own and keeps the select, hidden, for the form
CHOICES = ('<div class="choices" data-type="select-one" tabindex="0" role="listbox" aria-haspopup="true">'
           '<div class="choices__inner">' + SELECT.replace("{hidden}", ' class="choices__input" hidden tabindex="-1"')
           + '<div class="choices__list choices__list--single"><div class="choices__item" data-value="">Choose</div>'
           '</div></div></div>')
# Long: the failures below come from the found-but-unusable path, which waits a short bound, not this.
ACTION_TIMEOUT = 20.0


def replay_slowly(page: Any, url: str, tmp_path: Path, instruction: str) -> None:
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=ACTION_TIMEOUT))
    page.goto(url)
    Agent(page, ctx, no_model).run(instruction)


@pytest.fixture
def address(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """"choose France" recorded on a plain select."""
    site = site_factory({"index.html": FORM.format(select=SELECT.replace("{hidden}", ""), disabled="")})
    record(page, site.url + "/index.html", tmp_path, "choose France",
           [{"tool": "select_option", "target": {"role": "combobox", "name": "Country"}, "input": {"value": "fr"}},
            {"tool": "done"}])
    return site


def test_a_select_hidden_behind_a_custom_widget_fails_at_once_saying_it_is_hidden(
        address: Any, page: Any, tmp_path: Path) -> None:
    (address.root / "index.html").write_text(FORM.format(select=CHOICES, disabled=""), encoding="utf-8")
    with pytest.raises(ReplayError, match=r'get_by_label\("Country"\) is not visible: '
                                          r"it is found, and hidden; zero-token heal found nothing"):
        replay_slowly(page, address.url + "/index.html", tmp_path, "choose France")
    assert page.locator("#country").input_value() == ""  # nothing was chosen behind the widget's back


def test_a_disabled_button_fails_at_once_saying_it_is_disabled(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                                tmp_path: Path) -> None:
    site = site_factory({"index.html": FORM.format(select=SELECT.replace("{hidden}", ""), disabled="")})
    record(page, site.url + "/index.html", tmp_path, "save the address",
           [{"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}])
    (site.root / "index.html").write_text(FORM.format(select=SELECT.replace("{hidden}", ""), disabled="disabled"),
                                          encoding="utf-8")
    with pytest.raises(ReplayError, match=r'get_by_role\("button", name="Save", exact=True\) is disabled: it is found, and '
                                          r"not enabled"):
        replay_slowly(page, site.url + "/index.html", tmp_path, "save the address")


# A shop's product page (Shopify-like): "Add to cart" opens the cart drawer, whose own button closes it. The
# release shows a loading overlay until its data arrives (``slow/``: held by the test), and its add-to-cart handler
# is slow: it runs longer than the action's time, so Playwright's click runs out of time after it acted.
SHOP = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blue Mug</title></head><body>
<main class="product__info-wrapper"><h1>Blue Mug</h1>
<button id="add" class="product-form__submit button" onclick="add()">Add to cart</button></main>
{overlay}
<aside id="cart" role="dialog" aria-label="Your cart" hidden style="position:fixed;inset:0;background:#fff">
<h2>Your cart</h2><p id="lines"></p><button class="drawer__close" onclick="cart.hidden = true">Close cart</button></aside>
<script>
window.added = 0;
function add() {{
  window.added += 1;
  const until = performance.now() + {busy_ms};  // a slow handler: the page answers nothing meanwhile
  while (performance.now() < until) {{}}
  document.getElementById('lines').textContent = window.added + ' x Blue Mug';
  cart.hidden = false;
}}
</script></body></html>"""
LOADING = """<div class="loading-overlay" style="position:fixed;inset:0;background:rgba(255,255,255,.6)"></div>
<script>fetch('slow/ready.json').finally(() => document.querySelector('.loading-overlay').remove())</script>"""
NOTICE = """<div class="notice" role="region" aria-label="Notice" style="position:fixed;inset:0;background:#333;color:#fff">
This shop uses cookies to keep your cart. <button onclick="this.parentElement.remove()">Got it</button></div>"""
OVERLAY_TIMEOUT = 3.0  # seconds an action may take in these replays


@pytest.mark.parametrize("release", ["loading-then-slow-handler", "notice-in-the-way"])
def test_an_action_that_acted_as_its_time_ran_out_is_never_done_again_past_an_overlay(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    # trap: the loading overlay intercepts the click until its data comes; then the click lands and its slow handler
    # outlasts the action's time: the click was done, and what covers the button now is the drawer it opened (its
    # "Close cart" is harmless, clicking "Add to cart" again is not). Twin: a notice stays in the way, nothing is done
    # until its "Got it" dismisses it, then the click is done once.
    trap = release == "loading-then-slow-handler"
    site = site_factory({"index.html": SHOP.format(overlay="", busy_ms=0), "slow/ready.json": "{}",
                         "new.html": SHOP.format(overlay=LOADING if trap else NOTICE,
                                                 busy_ms=int(OVERLAY_TIMEOUT * 1000 * 1.2) if trap else 0)})
    record(page, site.url + "/index.html", tmp_path, "add the mug to the cart",
           [{"tool": "click", "target": {"role": "button", "name": "Add to cart"}}, {"tool": "done"}])
    if trap:
        site.release_after("/slow/ready.json", OVERLAY_TIMEOUT / 3)  # the overlay goes once the click has met it
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=OVERLAY_TIMEOUT))
    page.goto(site.url + "/new.html")
    Agent(page, ctx, no_model, identity_gate=True).run("add the mug to the cart")
    expect(page.get_by_role("dialog", name="Your cart")).to_be_visible(timeout=OVERLAY_TIMEOUT * 4000)
    assert page.evaluate("window.added") == 1  # added once: never again after the drawer was closed
    assert page.locator("#lines").text_content() == "1 x Blue Mug"
    assert [str(h.level) for h in ctx.heals] == ([] if trap else ["overlay"]), ctx.heals
