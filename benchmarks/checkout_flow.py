"""The longer flow of ``replay_overhead.py``: the example suite's checkout test, replayed and written by hand.

``example_suite/test_checkout.py::test_checkout_with_confirmation`` (12 steps, 18 cached
actions on the demo shop, version 1) is replayed from its committed cache file (copied to
a temp root, so the committed one is never touched), and the same test is written by hand
in Playwright with the locators that cache holds (checked before timing). Each run gets a
fresh browser context, as pytest-playwright gives each test: the shop keeps its cart, the
signed-in user and the cookie choice there.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import benchlib as B
from playwright.sync_api import expect

from pytest_lumen.config import Mode

CHECKOUT_GOAL = 1.05  # as the demo flow's (issue 42, item 7)
SUITE = B.REPO / "example_suite"
TEST_FILE, TEST_NAME = "test_checkout.py", "test_checkout_with_confirmation"
NODEID = f"{TEST_FILE}::{TEST_NAME}"
PASSWORD = os.environ.get("SHOP_PASSWORD", "wonderland-42")  # the demo shop's account, as the suite's conftest reads it
ADDRESS = "1 Rabbit Hole Lane, Oxford"

# The test's steps, as test_checkout_with_confirmation calls the agent.
STEPS: tuple[B.FlowStep, ...] = (
    B.FlowStep("run", "accept the cookies", {}),
    B.FlowStep("run", "open the sign-in page", {}),
    B.FlowStep("run", "log in as alice with password %password%", {"password": PASSWORD}),
    B.FlowStep("run", "add the Blue Mug to the cart", {}),
    B.FlowStep("run", "add the Linen Tea Towel to the cart", {}),
    B.FlowStep("run", "open the cart", {}),
    B.FlowStep("run", "proceed to checkout", {}),
    B.FlowStep("run", "fill in name Alice Liddell, email alice@example.com, address 1 Rabbit Hole Lane, Oxford "
                      "and card number 4242 4242 4242 4242", {}),
    B.FlowStep("run", "place the order", {}),
    B.FlowStep("expect", "a dialog asks to confirm paying $24.50 for 2 items", {}),
    B.FlowStep("run", "confirm the order", {}),
    B.FlowStep("expect", "the order is complete with order number KC-575182", {}),
)

# The cache's primary locators, in order (LocatorSpec.describe()); handwritten() uses exactly these.
LOCATORS = [
    'get_by_role("button", name="Accept", exact=True)',
    'get_by_role("link", name="Sign in", exact=True)',
    'get_by_role("textbox", name="Username", exact=True)',
    'get_by_role("textbox", name="Password", exact=True)',
    'get_by_role("button", name="Sign in", exact=True)',
    'get_by_role("listitem").filter(has=page.get_by_role("heading", name="Blue Mug", exact=True))'
    '.get_by_role("button", name="Add to cart", exact=True)',
    'get_by_role("listitem").filter(has=page.get_by_role("heading", name="Linen Tea Towel", exact=True))'
    '.get_by_role("button", name="Add to cart", exact=True)',
    'get_by_test_id("cart-link")',
    'get_by_role("link", name="Proceed to checkout", exact=True)',
    'get_by_role("textbox", name="Name", exact=True)',
    'get_by_role("textbox", name="Email", exact=True)',
    'get_by_role("textbox", name="Address", exact=True)',
    'get_by_role("textbox", name="Card number", exact=True)',
    'get_by_test_id("place-order")',
    'get_by_role("dialog", name="Confirm your order", exact=True)',
    'get_by_role("button", name="Confirm", exact=True)',
    'get_by_role("heading", name="Thank you for your order", exact=True)',
    'get_by_test_id("order-number")',
]


def handwritten(page: Any, waits: bool = False) -> None:
    """The checkout test as a person writes it in Playwright: the cache's locators, the same calls, no checks of its own.
    ``waits``: after each click that navigates, the wait replay makes for the recorded page (``B.arrived``)."""
    t = 5000
    page.get_by_role("button", name="Accept", exact=True).click(timeout=t)
    page.get_by_role("link", name="Sign in", exact=True).click(timeout=t)
    B.arrived(page, "/login.html", waits)
    page.get_by_role("textbox", name="Username", exact=True).fill("alice", timeout=t)
    page.get_by_role("textbox", name="Password", exact=True).fill(PASSWORD, timeout=t)
    page.get_by_role("button", name="Sign in", exact=True).click(timeout=t)
    B.arrived(page, "/", waits)
    page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="Blue Mug", exact=True)) \
        .get_by_role("button", name="Add to cart", exact=True).click(timeout=t)
    page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="Linen Tea Towel", exact=True)) \
        .get_by_role("button", name="Add to cart", exact=True).click(timeout=t)
    page.get_by_test_id("cart-link").click(timeout=t)
    B.arrived(page, "/cart.html", waits)
    page.get_by_role("link", name="Proceed to checkout", exact=True).click(timeout=t)
    B.arrived(page, "/checkout.html", waits)
    page.get_by_role("textbox", name="Name", exact=True).fill("Alice Liddell", timeout=t)
    page.get_by_role("textbox", name="Email", exact=True).fill("alice@example.com", timeout=t)
    page.get_by_role("textbox", name="Address", exact=True).fill(ADDRESS, timeout=t)
    page.get_by_role("textbox", name="Card number", exact=True).fill("4242 4242 4242 4242", timeout=t)
    page.get_by_test_id("place-order").click(timeout=t)
    expect(page.get_by_role("dialog", name="Confirm your order", exact=True)).to_contain_text(
        "You are about to pay $24.50 for 2 items.", timeout=t)
    page.get_by_role("button", name="Confirm", exact=True).click(timeout=t)
    B.arrived(page, "/order-complete.html", waits)
    expect(page.get_by_role("heading", name="Thank you for your order", exact=True)).to_contain_text(
        "Thank you for your order", timeout=t)
    expect(page.get_by_test_id("order-number")).to_contain_text("KC-575182", timeout=t)


def prepared(root: Path) -> tuple[Any, dict[str, str]]:
    """The replay session of a temp project holding a copy of the checkout test's cache file; else None and
    ``{"skipped": why}`` (no such file) or ``{"error": why}`` (the cache no longer holds the hand-written locators)."""
    cached = SUITE / ".lumen-cache" / TEST_FILE / f"{TEST_NAME}.json"
    if not cached.is_file():
        return None, {"skipped": f"{cached.relative_to(B.REPO)} is not there"}
    session = B.new_session(Mode.REPLAY, root / "checkout")
    copy = session.store.path_for(TEST_FILE, TEST_NAME)
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, copy)
    cache = session.store.load(copy)
    found = [a.target.locator.describe() for s in cache.steps for a in s.actions if a.target_or_none is not None] if cache else []
    if found != LOCATORS:
        return None, {"error": f"{cached.relative_to(B.REPO)} no longer holds the hand-written locators; update "
                               f"checkout_flow.LOCATORS and handwritten(): {found}"}
    return session, {}


def fresh_run(chromium: Any, url: str, body: Callable[[Any], Any], around: Callable[[], Any] = contextlib.nullcontext) -> float:
    """Seconds ``body(page)`` takes (inside ``around()``) on a fresh context's page opened at ``url`` (not timed)."""
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        with around():
            began = time.perf_counter()
            body(page)
            return time.perf_counter() - began
    finally:
        context.close()


def round_trips(chromium: Any, root: Path, counting: Callable[[], Any]) -> dict[str, Any]:
    """What ``counting()`` (a context manager that yields a Counter) counts in one hand-written and one replayed run
    (the page load not counted); ``{"skipped"/"error": why}`` as ``prepared``."""
    from example_suite.shop import serve_shop

    session, problem = prepared(root)
    if session is None:
        return problem
    out: dict[str, Any] = {}
    with serve_shop(1) as shop:
        for name, body in (("handwritten", handwritten), ("replay", lambda page: B.replay(page, session, STEPS, NODEID))):
            counted: list[Any] = []

            @contextlib.contextmanager
            def around(counted: list[Any] = counted) -> Iterator[None]:  # bound now: B023
                with counting() as counts:
                    counted.append(counts)
                    yield

            fresh_run(chromium, shop.url, body, around)
            out[name] = counted[0]
    return out


def checkout(chromium: Any, plain: B.PlainChromium, root: Path, alternations: int,
             summarize: Callable[[B.Alternated, B.Alternated, int, int], dict[str, Any]]) -> dict[str, Any]:
    """Hand-written and replayed runs of the checkout test in alternations (``B.alternate``), then hand-written runs
    that wait for each navigation as replay does and replayed runs; their summary. The hand-written runs are on
    ``plain`` (a Playwright without the plugin's engines), the replayed ones on ``chromium``.

    ``{"skipped": why}`` when the example suite or its cache file is not there; ``{"error": why}`` when the
    cache no longer holds the hand-written locators.
    """
    from example_suite.shop import serve_shop

    session, problem = prepared(root)
    if session is None:
        return problem
    with serve_shop(1) as shop:
        def hand() -> float:
            return float(plain.call(lambda bare: fresh_run(bare, shop.url, handwritten)))

        def lumen() -> float:
            return fresh_run(chromium, shop.url, lambda page: B.replay(page, session, STEPS, NODEID))

        def waiting() -> float:
            return float(plain.call(lambda bare: fresh_run(bare, shop.url, lambda page: handwritten(page, waits=True))))

        runs = B.alternate(hand, lumen, alternations)
        against_waiting = B.alternate(waiting, lumen, alternations)
    return summarize(runs, against_waiting, len(STEPS), len(LOCATORS))
