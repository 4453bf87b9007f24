"""An action's mutations (the requests it sent its app, answered): recorded as its effect, waited for on replay.

The shop's cart is a client-rendered component, as a React or Vue store renders one: "Add to cart" posts to the API
and re-renders the cart from the answer; "Checkout" opens a modal dialog that describes the cart, whose "Confirm
order" posts the order. Recording goes at the model's pace, replay at Playwright's: the answer to the add may come
after the next step opened the dialog. The server holds the add's answer until the test lets it go, on an event
(the replay waiting for it, or the dialog asking for its picture), never on a clock.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.page.requests import RequestWatch
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import cache_file, context, no_model, session_in

CART = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cart · Shop</title></head><body>
<div id="root"><header class="css-1x2k9p"><a href="/">Shop</a></header>
<main class="css-8fj2ka"><h1>Your cart</h1><ul class="css-q7x1" aria-label="Items"></ul>
<p>Total: <span data-testid="total"></span></p>
<section aria-label="Blue mug"><h2>Blue mug</h2><p>$12.00</p>
<button type="button" class="MuiButton-root css-9k2m1"><span class="material-icons" aria-hidden="true">add_shopping_cart</span>
Add to cart</button></section>
<button type="button" class="MuiButton-root MuiButton-contained">Checkout</button></main></div>
<script type="module">
const items = [["Green plate", 8]];
const root = document.getElementById("root");
const render = () => {
  root.querySelector("ul").innerHTML = items.map(([name]) => `<li>${name}</li>`).join("");
  root.querySelector("[data-testid=total]").textContent = "$" + items.reduce((s, [, p]) => s + p, 0) + ".00";
};
render();
root.querySelector("section button").addEventListener("click", async () => {
  %(add)s
});
root.querySelector("main > button").addEventListener("click", () => {
  %(checkout)s
  const total = items.reduce((s, [, p]) => s + p, 0);
  const dialog = document.createElement("div");
  dialog.className = "MuiDialog-paper";
  dialog.setAttribute("role", "dialog"); dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", "order-title"); dialog.setAttribute("aria-describedby", "order-text");
  dialog.innerHTML = `<h2 id="order-title">Confirm your order</h2>
    <p id="order-text">${items.length} items · $${total}.00 · Visa ending in 4242</p>
    <img alt="" src="/card.svg"><button type="button">Cancel</button> <button type="button">Confirm order</button>`;
  document.body.append(dialog);
  dialog.querySelector("button:last-child").addEventListener("click", () => {
    fetch("/api/orders", {method: "POST", body: JSON.stringify({total})}).then(() => dialog.remove());
  });
});
</script></body></html>"""
# What "Add to cart" does in each release of the shop.
POSTS = """const answer = await fetch("%s", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({sku: "blue-mug"})});
  if (answer.ok) { items.push(["Blue mug", 12]); render(); }"""
ANALYTICS = 'fetch("/ingest/batch", {method: "POST", body: "click"});'  # PostHog's autocapture, proxied by the app
ADDS = {
    "original": POSTS % "/slow/api/cart",
    "analytics": ANALYTICS + POSTS % "/slow/api/cart",
    "renamed": POSTS % "/slow/api/v2/cart/items",  # the twin: the release renamed its API route
    # the twin: its API on a host of its own (a simple CORS request: a JSON body sent as text, no preflight)
    "elsewhere": POSTS.replace('headers: {"Content-Type": "application/json"},', "") % "%(api)s/slow/api/cart",
    "optimistic": 'items.push(["Blue mug", 12]); render();',  # the trap: it shows the mug and never saves it
}
SCRIPT = [{"tool": "click", "target": {"role": "button", "name": "Add to cart"}}, {"tool": "done"},
          {"tool": "click", "target": {"role": "button", "name": "Checkout"}},
          {"tool": "click", "target": {"role": "button", "name": "Confirm order"}}, {"tool": "done"}]
STEPS = ("add the Blue mug to the cart", "check out and confirm the order")
ANSWER = "{}"


def cart(add: str, checkout: str = "") -> str:
    """The cart page, with what "Add to cart" does, and what "Checkout" also does (besides opening its dialog)."""
    return CART % {"add": add, "checkout": checkout}


def serve(site_factory: Callable[[dict[str, str]], Any], add: str) -> Any:
    return site_factory({"cart.html": cart(ADDS[add], ANALYTICS if add == "analytics" else ""), "card.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
                         "slow/api/cart": ANSWER, "slow/api/v2/cart/items": ANSWER, "api/orders": ANSWER,
                         "ingest/batch": ANSWER})


def run(page: Any, url: str, root: Path, mode: Mode, planner: Callable[[], Any]) -> Any:
    """Both steps on the cart at ``url`` in ``mode``; the test's context."""
    session = session_in(mode, root, action_timeout=2)
    ctx = context(session)
    page.goto(url)
    agent = Agent(page, ctx, planner)
    for step in STEPS:
        agent.run(step)
    session.finish(ctx, passed=True)
    return ctx


@pytest.fixture
def recorded(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """Both steps recorded on the original shop, its API answering at once; the site."""
    site = serve(site_factory, "original")
    site.release.set()
    run(page, site.url + "/cart.html", tmp_path, Mode.RECORD, lambda: ScriptedPlanner(SCRIPT))
    assert site.requested.count("POST /slow/api/cart") == 1 and site.requested.count("POST /api/orders") == 1
    page.goto("about:blank")
    return site


def answer_once_replay_waits(api: Any, shop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The add's answer (from ``api``) is held until replay waits for it (an event, not a clock), or the ``shop``'s
    dialog asks for its picture (what a replay that did not wait does next)."""
    api.release.clear()
    asked = len(shop.requested)

    def dialog_opened() -> None:
        with contextlib.suppress(AssertionError):  # a replay that waited: the test ends before the hold's limit
            shop.wait_for_request("/card.svg", asked)
        api.release.set()
    threading.Thread(target=dialog_opened, daemon=True).start()
    wait_for = RequestWatch.wait_for

    def waiting(self: RequestWatch, recorded: list[str], timeout_ms: float) -> Any:
        api.release.set()
        return wait_for(self, recorded, timeout_ms)
    monkeypatch.setattr(RequestWatch, "wait_for", waiting)


def test_recording_keeps_the_mutations_each_action_sent_and_had_answered(recorded: Any, tmp_path: Path) -> None:
    steps = json.loads(cache_file(tmp_path).read_text())["steps"]
    add, checkout, confirm = [action for step in steps for action in step["actions"]]
    assert add["after"] == {"requests": ["POST /slow/api/cart"]}
    assert "after" not in checkout or "requests" not in checkout["after"]  # its picture is a GET: no mutation
    assert confirm["after"] == {"requests": ["POST /api/orders"]}


@pytest.mark.parametrize("release", ["original", "renamed", "elsewhere"])
def test_replay_waits_for_the_answer_to_the_add_before_it_opens_the_checkout(
        recorded: Any, release: str, page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        site_factory: Callable[[dict[str, str]], Any]) -> None:
    api = serve(site_factory, "original") if release == "elsewhere" else recorded
    (recorded.root / "cart.html").write_text(cart(ADDS[release] % {"api": api.url}), encoding="utf-8")
    answer_once_replay_waits(api, recorded, monkeypatch)
    before, elsewhere = len(recorded.requested), len(api.requested)
    ctx = run(page, recorded.url + "/cart.html", tmp_path, Mode.REPLAY, no_model)  # the dialog said "2 items"
    assert ctx.heals == []
    add = "POST /slow/api/v2/cart/items" if release == "renamed" else "POST /slow/api/cart"
    assert next(r for r in api.requested[elsewhere:] if r.startswith("POST")) == add
    assert [r for r in recorded.requested[before:] if r.startswith("POST")][-1] == "POST /api/orders"


def test_what_the_page_sends_while_no_action_is_taken_is_never_an_actions_own(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # the shop flushes its analytics on every click, and once while the model thinks of the test's first step: a
    # flush in an action's window, in that step or a later one, is the page's background, not what the action saves
    site = serve(site_factory, "analytics")
    site.release.set()
    asked: list[int] = []

    class Thinking(ScriptedPlanner):  # the page sends its batch while the model thinks: an event, no clock
        def plan(self, request: Any) -> Any:
            if not asked:
                page.evaluate('() => { fetch("/ingest/batch", {method: "POST", body: "heartbeat"}); }')
            asked.append(1)
            return super().plan(request)
    run(page, site.url + "/cart.html", tmp_path, Mode.RECORD, lambda: Thinking(SCRIPT))
    add, checkout, confirm = [a for step in json.loads(cache_file(tmp_path).read_text())["steps"] for a in step["actions"]]
    assert add["after"] == {"requests": ["POST /slow/api/cart"]}
    assert "requests" not in checkout.get("after", {})  # the flush of the next step's click
    assert confirm["after"] == {"requests": ["POST /api/orders"]}
    assert site.requested.count("POST /ingest/batch") == 3


def test_an_answer_whose_body_the_page_left_unread_when_it_went_on_stays_answered(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    # `await fetch()`, then off to the next page: the body's load is aborted (the answer was sent no-store)
    site = site_factory({"index.html": "<h1>Cart</h1>", "api/save": ANSWER, "next.html": "<h1>Saved</h1>"})
    page.goto(site.url + "/index.html")
    with RequestWatch(page) as watch:
        watch.mark()
        page.evaluate('() => { fetch("/api/save", {method: "POST"}).then(r => { location.href = "/next.html"; }); }')
        page.wait_for_url("**/next.html")
        assert watch.wait_for(["POST /api/save"], 60_000) is None
        assert [s.state for s in watch.sent] == ["answered"]


def test_a_post_answered_with_a_redirect_is_answered_by_the_page_it_leads_to(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    # Post/Redirect/Get by fetch: the answer the page waits for is the one the redirect leads to
    site = site_factory({"index.html": "<h1>Cart</h1>", "slow/cart.json": ANSWER})
    site.redirect("/api/cart", "/slow/cart.json")
    page.goto(site.url + "/index.html")
    with RequestWatch(page) as watch:
        watch.mark()
        page.evaluate('() => { fetch("/api/cart", {method: "POST", body: "{}"}).then(r => r.text()); }')
        site.wait_for_request("/slow/cart.json")  # the 303 came; the request it leads to is held
        site.release.set()
        watch.settle(60_000)  # ends on the held request's answer, never on the 303's
        assert [(s.said, s.state, s.request.url.endswith("/slow/cart.json")) for s in watch.sent] == [
            ("POST /api/cart", "answered", True)]


def test_an_add_that_no_longer_saves_is_red_at_its_step_and_nothing_is_ordered(
        recorded: Any, page: Any, tmp_path: Path) -> None:
    (recorded.root / "cart.html").write_text(cart(ADDS["optimistic"]), encoding="utf-8")
    before = len(recorded.requested)
    with pytest.raises(ReplayError) as failed:
        run(page, recorded.url + "/cart.html", tmp_path, Mode.REPLAY, no_model)
    message = str(failed.value)
    assert "add the Blue mug to the cart" in message
    assert "when recorded, the action sent POST /slow/api/cart to its app and was answered; now it sent no such " \
           "request within 2 s" in message
    assert [r for r in recorded.requested[before:] if r.startswith("POST")] == []  # no order posted
