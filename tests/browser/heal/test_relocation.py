"""Zero-token healing on a real page (pytest_lumen.heal.relocation): a text check and its unchanged text, and a
text check never moved onto a control."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import Fingerprint, LocatorSpec
from pytest_lumen.config import Mode
from pytest_lumen.errors import LumenAssertionError, LumenError
from pytest_lumen.heal.policy import policy_for
from pytest_lumen.heal.relocation import Missed, Relocated, Relocator
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, no_model, record_then_replay, session_in


def _text_check(expected: str) -> A.Expect:
    return A.Expect(check="text", expected=expected, target=A.Target(locator=LocatorSpec(kind="test_id", value="cart-total")))


RECORDED_TOTAL = Fingerprint(tag="p", name="Total: $37.00", text="Total: $37.00", id="cart-total", test_id="cart-total",
                             context="Proceed to checkout")


def _find_total(page: Any, expected: str) -> Any:
    action = _text_check(expected)
    target = action.target.model_copy(update={"fingerprint": RECORDED_TOTAL})
    return Relocator(page).find(target, policy_for(action, RECORDED_TOTAL))


def test_a_text_check_finds_its_unchanged_text_in_a_new_container(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $37.00</p>'
                     '<p class="sums"><span>Total:</span> <strong data-testid="order-total">$37.00</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    found = _find_total(page, "Total: $37.00")
    assert isinstance(found, Relocated) and str(found.level) == "unchanged_text"
    assert found.locator.evaluate("el => el.className") == "sums"
    assert found.spec.kind == "selector"  # the cached locator does not depend on the checked text


def test_a_text_check_whose_text_changed_is_not_healed(page: Any) -> None:
    page.set_content('<aside><p>Subtotal: $24.50</p><p class="sums"><span>Total:</span> <strong>$24.50</strong></p>'
                     '<a href="/checkout">Go to checkout</a></aside>')
    missed = _find_total(page, "Total: $37.00")
    assert isinstance(missed, Missed) and "no single element shows 'Total: $37.00'" in missed.reason


def test_a_text_check_is_not_healed_onto_one_of_two_elements_showing_the_text(page: Any) -> None:
    page.set_content("<p>Total: $37.00</p><div><p>Total: $37.00</p></div>")
    assert isinstance(_find_total(page, "Total: $37.00"), Missed)


# A list page as sqladmin renders it with Tabler: the search's reset button and the pager's links turned off take no
# pointer events (Playwright's AI snapshot shows them with no ref), and the footer counts the rows. ``late``: a
# script that swaps in the list with one row fewer, as the page the app redirects to after a delete arrives late.
LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title>
<style>.btn:disabled, .page-item.disabled .page-link {{ pointer-events: none; }}</style></head><body>
<div class="page-wrapper"><h2 class="page-title">Products</h2><div class="card">
<div class="card-header"><input id="search-input" class="form-control" aria-label="Search: name">
<button id="search-button" class="btn" type="button">Search</button>
<button id="search-reset" class="btn" type="button" disabled><i class="fa-solid fa-times"></i></button></div>
<table class="table"><tbody>{rows}</tbody></table>
<div class="card-footer"><p class="m-0 text-muted">Showing <span>1</span> to <span>{n}</span> of <span>{n}</span> items</p>
<ul class="pagination"><li class="page-item disabled"><a class="page-link" href="#">prev</a></li>
<li class="page-item active"><a class="page-link" href="?page=1">1</a></li>
<li class="page-item disabled"><a class="page-link" href="#">next</a></li></ul></div></div></div>{late}</body></html>"""
NAMES = ("Blue mug", "Desk lamp", "Notebook", "Green plate")


def _list(n: int, late: str = "") -> str:
    rows = "".join(f"<tr><td>{i + 1}</td><td>{name}</td></tr>" for i, name in enumerate(NAMES[:n]))
    return LIST.format(rows=rows, n=n, late=late)


ARRIVES_LATE = """<script>setTimeout(() => {
  document.querySelector('tbody').lastElementChild.remove();
  document.querySelectorAll('.card-footer span').forEach((s, i) => { if (i) s.textContent = '3'; });
}, 800);</script>"""
COUNT_CHECK = [{"tool": "expect_text", "target": {"role": "paragraph"}, "input": {"text": "Showing 1 to 3 of 3 items"}},
               {"tool": "done"}]


def test_a_text_check_whose_text_is_not_there_is_never_moved_onto_a_control_the_snapshot_shows_without_a_ref(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"old.html": _list(3), "new.html": _list(4)})  # the delete did nothing: 4 rows are left
    with pytest.raises(LumenAssertionError) as failed:  # its count is wrong: an assertion, never a heal
        record_then_replay(page, site, tmp_path, COUNT_CHECK, "3 products are left", "expect")
    assert "expected 'Showing 1 to 3 of 3 items', got 'Showing 1 to 4 of 4 items'" in str(failed.value)
    assert "button" not in str(failed.value) and "search-reset" not in str(failed.value)  # red for its own reason


def test_a_count_that_changed_is_no_heal_for_the_model_in_heal_mode(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"old.html": _list(3), "new.html": _list(4)})
    recording = session_in(Mode.RECORD, tmp_path, action_timeout=2.0)
    ctx = context(recording)
    page.goto(f"{site.url}/old.html")
    Agent(page, ctx, lambda: ScriptedPlanner(COUNT_CHECK)).expect("3 products are left")
    recording.finish(ctx, passed=True)
    ctx = context(session_in(Mode.HEAL, tmp_path, action_timeout=2.0))
    page.goto(f"{site.url}/new.html")
    with pytest.raises(LumenAssertionError, match="got 'Showing 1 to 4 of 4 items'"):
        Agent(page, ctx, no_model, identity_gate=True).expect("3 products are left")  # a regression: never re-recorded
    assert ctx.figures.model_calls == 0


def test_a_text_check_waits_for_its_text_past_controls_that_take_no_pointer_events(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"old.html": _list(3), "new.html": _list(4, ARRIVES_LATE)})
    ctx = record_then_replay(page, site, tmp_path, COUNT_CHECK, "3 products are left", "expect")
    assert (ctx.heals, ctx.figures.model_calls, ctx.figures.steps_replayed) == ([], 0, 1)


# Admin pages whose controls are turned off by CSS (no pointer events): Tabler's disabled buttons, a wizard's step
# greyed out until the one before it is done ("Billing same as shipping"). Playwright still fills such a field.
ADMIN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin</title><style>
.btn:disabled {{ pointer-events: none; }} .step.inactive {{ opacity: .5; pointer-events: none; }}</style></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script>{body}</body></html>"""


def _step(title: str, who: str, style: str, inactive: bool = False) -> str:
    """A checkout step holding a street field: a server-rendered form each with the same field names, a React field
    wrapped in its label (no id, no name), or one known by its aria-label and placeholder alone."""
    cls = "step inactive" if inactive else "step"
    if style == "same-names":
        return (f'<form class="{cls}" action="/checkout/{who}" method="post"><h3>{title}</h3><label for="{who}-street">'
                f'Street address</label><input id="{who}-street" name="street" oninput="used(\'{who}\')">'
                f'<button class="btn">Continue</button></form>')
    field = (f'<label>Street address<input class="input" oninput="used(\'{who}\')"></label>' if style == "react" else
             f'<input placeholder="Street address" aria-label="Street address" oninput="used(\'{who}\')">')
    return f'<div class="{cls}"><h3>{title}</h3>{field}</div>'


@pytest.mark.parametrize("style", ["same-names", "react", "placeholder"])
def test_a_field_of_a_greyed_out_step_is_never_filled_for_a_gone_one(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, style: str) -> None:
    old = _step("Shipping address", "shipping", style) + _step("Billing address", "billing", style, inactive=True)
    new = _step("Billing address", "billing", style, inactive=True)  # the shipping step moved to the cart page
    site = site_factory({"old.html": ADMIN.format(body=f"<main><h1>Checkout</h1>{old}</main>"),
                         "new.html": ADMIN.format(body=f"<main><h1>Checkout</h1>{new}</main>")})
    script = [{"tool": "fill", "target": {"role": "textbox", "name": "Street address", "nth": 0},
               "input": {"value": "1 Main St"}}, {"tool": "done"}]
    with pytest.raises(LumenError):
        record_then_replay(page, site, tmp_path, script, "type 1 Main St as the shipping street")
    assert list(page.evaluate("window.__used")) == []


FORM = """<div class="page-header"><h1>Products</h1>{header}</div><main><h2>{title}</h2><form onsubmit="return false">
<label for="name">Name</label><input id="name" name="name" value="Blue mug"><div class="form-footer">
<a href="/products" class="btn">Cancel</a>{save}</div></form></main>"""
SAVE = '<button type="button" class="btn btn-primary" onclick="used(\'save\')">Save</button>'
DISABLED_SAVE = '<button type="button" class="btn btn-primary" disabled>Save</button>'  # until the form is changed


@pytest.mark.parametrize("release", ["copy-added-and-save-restyled", "copy-recorded-and-heading-renamed"])
def test_a_disabled_copy_of_a_control_is_no_rival_of_it(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                        tmp_path: Path, release: str) -> None:
    restyled = f'<div class="btn-list">{SAVE.replace("btn btn-primary", "btn btn-success ms-auto")}</div>'
    old, new = ((FORM.format(header="", title="Edit product", save=SAVE),
                 FORM.format(header=DISABLED_SAVE, title="Edit product", save=restyled))
                if release == "copy-added-and-save-restyled" else
                (FORM.format(header=DISABLED_SAVE, title="Edit product", save=SAVE),
                 FORM.format(header=DISABLED_SAVE, title="Product details", save=SAVE)))
    site = site_factory({"old.html": ADMIN.format(body=old), "new.html": ADMIN.format(body=new)})
    script = [{"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}]
    ctx = record_then_replay(page, site, tmp_path, script, "save the product")
    assert list(page.evaluate("window.__used")) == ["save"] and ctx.figures.model_calls == 0
