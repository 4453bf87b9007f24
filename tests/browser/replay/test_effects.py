"""A confirmed element whose recorded navigation lands on a renamed route: a heal of its effect; an error stays red."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.events import HealPictures
from tests.browser.heal.test_relabel import record, replay
from tests.browser.inprocess import cache_file, context, no_model, session_in

# A hash-routed app (a router's <a href="#/...">): its "All" filter's route became #/all.
TODOS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>todos</title></head><body>
<main><h1>todos</h1><ul class="todo-list"><li>buy milk</li></ul>
<nav aria-label="Filters"><a href="{all}" onclick="event.preventDefault(); history.pushState(null, '', '{all}')">All</a>
<a href="#/active">Active</a></nav></main></body></html>"""
# A server-rendered header: its sign-in link's route became /signin/, or points to a page that is gone.
HEADER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<header><a href="/index.html">Shop</a> <a class="nav-link" href="{href}">Sign in</a></header>
<main><h1>Welcome</h1></main></body></html>"""
PAGE = "<!doctype html><html lang='en'><body><main><h1>Sign in</h1></main></body></html>"


def test_a_hash_route_renamed_is_an_effect_heal_and_is_written(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                               tmp_path: Path) -> None:
    site = site_factory({"index.html": TODOS.format(all="#/")})
    record(page, site.url + "/index.html#/active", tmp_path, "show all todos",
           [{"tool": "click", "target": {"role": "link", "name": "All"}}, {"tool": "done"}])
    assert page.url.endswith("/index.html#/")

    (site.root / "index.html").write_text(TODOS.format(all="#/all"), encoding="utf-8")
    page.goto("about:blank")
    ctx = replay(page, site.url + "/index.html#/active", tmp_path, "show all todos")
    assert page.url.endswith("/index.html#/all")
    [heal] = ctx.heals
    assert (str(heal.level), heal.before, heal.after) == ("effect", "/index.html#/", "/index.html#/all")
    # known only once the link was followed: no picture before it, one after (the renamed route)
    assert (heal.picture, heal.after_picture) == (None, "out/heal-step1-action1-after.png")
    assert (ctx.output_dir / "heal-step1-action1-after.png").read_bytes().startswith(b"\x89PNG")
    [event] = [e for e in ctx.events.events if isinstance(e, HealPictures)]
    assert (event.level, event.before, event.after) == ("effect", None, "heal-step1-action1-after.png")


@pytest.fixture
def header(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """The shop with "Sign in" at /login/, "sign in" recorded on it."""
    site = site_factory({"index.html": HEADER.format(href="/login/"), "login/index.html": PAGE,
                         "signin/index.html": PAGE})
    record(page, site.url + "/index.html", tmp_path, "open the sign-in page",
           [{"tool": "click", "target": {"role": "link", "name": "Sign in"}}, {"tool": "done"}])
    assert page.url.endswith("/login/")
    return site


def test_a_renamed_route_of_the_same_link_is_kept_in_the_cache(header: Any, page: Any, tmp_path: Path) -> None:
    (header.root / "index.html").write_text(HEADER.format(href="/signin/"), encoding="utf-8")
    session = session_in(Mode.REPLAY, tmp_path, action_timeout=2)
    ctx = context(session)
    page.goto(header.url + "/index.html")
    Agent(page, ctx, no_model).run("open the sign-in page")
    assert page.url.endswith("/signin/")
    assert [(str(h.level), h.before, h.after) for h in ctx.heals] == [("effect", "/login/", "/signin/")]
    session.finish(ctx, passed=True)
    written = json.loads(cache_file(tmp_path).read_text(encoding="utf-8"))
    assert written["steps"][0]["actions"][0]["after"] == {"url": "/signin/"}


def test_a_route_that_shows_an_error_stays_red(header: Any, page: Any, tmp_path: Path) -> None:
    (header.root / "index.html").write_text(HEADER.format(href="/sign-in/"), encoding="utf-8")  # no such page: 404
    with pytest.raises(ReplayError, match=r"should be at /login/, but it is at /sign-in/ \(HTTP 404\)"):
        replay(page, header.url + "/index.html", tmp_path, "open the sign-in page")


# A shop's review step: "Place order" led to the confirmation. The release renamed the confirmation's route (twin);
# or the payment is declined and the shop sends the shopper back to the payment form with an alert (trap): HTTP 200,
# a page of the app, and no confirmation of anything.
REVIEW = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review</title></head><body>
<main><h1>Review your order</h1><p>Red mug x1 $12.00</p>
<button type="button" class="btn btn-primary" onclick="location.href = '{to}'">Place order</button></main></body></html>"""
CONFIRMED = """<!doctype html><html lang="en"><body><main><h1>Thank you!</h1><p role="status">Order 1042 is confirmed.</p>
</main></body></html>"""
DECLINED = """<!doctype html><html lang="en"><body><main><h1>Payment</h1>
<div class="alert alert-danger" role="alert">Your card was declined.</div>
<label>Card number <input id="card" autocomplete="cc-number"></label><button>Pay</button></main></body></html>"""


@pytest.mark.parametrize("release", ["declined", "route-renamed"])
def test_a_route_that_shows_an_alert_is_never_the_renamed_effect(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    site = site_factory({"review.html": REVIEW.format(to="confirmation.html"), "confirmation.html": CONFIRMED,
                         "order/confirmed.html": CONFIRMED, "payment.html": DECLINED})
    record(page, site.url + "/review.html", tmp_path, "place the order",
           [{"tool": "click", "target": {"role": "button", "name": "Place order"}}, {"tool": "done"}])
    to = "payment.html?error=declined" if release == "declined" else "order/confirmed.html"
    (site.root / "review.html").write_text(REVIEW.format(to=to), encoding="utf-8")
    if release == "declined":
        with pytest.raises(ReplayError, match=r"it is at /payment.html\?error=declined \(a page that shows the alert "
                                              r"'Your card was declined.'\)"):
            replay(page, site.url + "/review.html", tmp_path, "place the order")
        return
    ctx = replay(page, site.url + "/review.html", tmp_path, "place the order")
    assert [(str(h.level), h.before, h.after) for h in ctx.heals] == [
        ("effect", "/confirmation.html", "/order/confirmed.html")]
