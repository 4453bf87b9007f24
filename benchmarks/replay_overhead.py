"""Replay overhead: pytest-lumen replaying a cached flow vs the same flow written by hand in Playwright.

Two flows. 1) The demo app (benchmarks/app, 3 pages) is recorded once through the model
path (the real SDK against the loopback FakeAnthropic). Then, in one process,
(a) hand-written Playwright calls with the very locators the cache holds, in a Playwright of
their own that has none of the plugin's selector engines (``B.PlainChromium``), and (b) the
plugin's replay of the cache (a fresh TestState and Agent per run, as the ``agent``
fixture makes them, including the end-of-test work) are timed in alternations: each
alternation runs a, b, b, a (the next b, a, a, b), and its ratio is its two b over its two
a. The headline is the median of the alternations' ratios (at least 5). Goal <= 1.05.
2) A longer flow: the example suite's ``test_checkout_with_confirmation`` (12 steps, 18
actions on the demo shop), replayed from its committed cache, against the same test
written by hand with the cache's locators; each run in a fresh browser context (the shop
keeps its cart and cookie choice there). Goal <= 1.05. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import benchlib as B
from checkout_flow import CHECKOUT_GOAL, checkout
from playwright.sync_api import expect

from pytest_lumen.cache import CacheFile
from pytest_lumen.config import Mode
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

GOAL_RATIO = 1.05

# The cache's primary locators, in order, as LocatorSpec.describe() prints them; handwritten() uses exactly these.
HANDWRITTEN_LOCATORS = [
    'get_by_role("textbox", name="Username", exact=True)',
    'get_by_role("textbox", name="Password", exact=True)',
    'get_by_role("button", name="Sign in", exact=True)',
    'get_by_role("heading", name="Products", exact=True)',
    'get_by_role("searchbox", name="Search", exact=True)',
    'get_by_role("checkbox", name="In stock only", exact=True)',
    'get_by_role("link", name="Edit Blue mug", exact=True)',
    'get_by_role("spinbutton", name="Quantity", exact=True)',
    'get_by_label("Colour")',
    'get_by_role("textbox", name="Note", exact=True)',
    'get_by_role("checkbox", name="Gift wrap", exact=True)',
    'get_by_role("button", name="Save", exact=True)',
    'get_by_text("Saved 2 x Blue mug (Blue,")',
]


def handwritten(page: Any, waits: bool = False) -> None:
    """The flow as a person writes it with Playwright: the same locators and calls the plugin makes, no checks of its own.
    ``waits``: after each click that navigates, the wait replay makes for the recorded page (``B.arrived``)."""
    t = 5000
    page.get_by_role("textbox", name="Username", exact=True).fill(B.USER, timeout=t)
    page.get_by_role("textbox", name="Password", exact=True).fill(B.PASSWORD, timeout=t)
    page.get_by_role("button", name="Sign in", exact=True).click(timeout=t)
    B.arrived(page, "/list.html", waits)
    expect(page.get_by_role("heading", name="Products", exact=True)).to_contain_text("Products", timeout=t)
    page.get_by_role("searchbox", name="Search", exact=True).fill("mug", timeout=t)
    page.get_by_role("checkbox", name="In stock only", exact=True).set_checked(True, timeout=t)
    page.get_by_role("link", name="Edit Blue mug", exact=True).click(timeout=t)
    B.arrived(page, "/form.html", waits)
    page.get_by_role("spinbutton", name="Quantity", exact=True).fill("2", timeout=t)
    page.get_by_label("Colour").select_option("Blue", timeout=t)
    page.get_by_role("textbox", name="Note", exact=True).fill("leave at the door", timeout=t)
    page.get_by_role("checkbox", name="Gift wrap", exact=True).set_checked(True, timeout=t)
    page.get_by_role("button", name="Save", exact=True).click(timeout=t)
    expect(page.get_by_text("Saved 2 x Blue mug (Blue,")).to_contain_text("Saved 2 x Blue mug", timeout=t)


def cached_locators(cache: CacheFile) -> list[str]:
    """The primary locator of every cached action, in order."""
    return [a.target.locator.describe() for s in cache.steps for a in s.actions if a.target_or_none is not None]


def timed(start: Callable[[], None], body: Callable[[], Any]) -> float:
    """Seconds ``body`` takes, after ``start`` (not timed) has opened the first page."""
    start()
    began = time.perf_counter()
    body()
    return time.perf_counter() - began


def measure(page: Any, plain: B.PlainChromium, start_url: str, session: Any,
            alternations: int) -> tuple[B.Alternated, B.Alternated]:
    """Hand-written (a) and replayed (b) runs of the demo flow in alternations (``B.alternate``); then hand-written runs
    that wait for each navigation as replay does (c) and replayed ones. The hand-written flows run on a page of
    ``plain`` (a Playwright without the plugin's engines), the replay on ``page``."""
    hand_page = plain.call(lambda chromium: chromium.new_page())

    def hand() -> float:
        return float(plain.call(lambda _: timed(lambda: hand_page.goto(start_url), lambda: handwritten(hand_page))))

    def waiting() -> float:
        return float(plain.call(lambda _: timed(lambda: hand_page.goto(start_url),
                                                lambda: handwritten(hand_page, waits=True))))

    def lumen() -> float:
        return timed(lambda: page.goto(start_url), lambda: B.replay(page, session))

    return B.alternate(hand, lumen, alternations), B.alternate(waiting, lumen, alternations)


def summarize(runs: B.Alternated, against_waiting: B.Alternated, steps: int, actions: int,
              goal: float = GOAL_RATIO) -> dict[str, Any]:
    """The headline ratio (the median of the alternations' ratios), their spread, medians and the per-step overhead;
    and the ratio to a hand-written flow that waits for each navigation as replay does (``against_waiting``)."""
    a, b, ratios = runs.a, runs.b, runs.ratios
    ratio = runs.ratio
    return {
        "ratio_b_over_waiting": round(against_waiting.ratio, 3),
        "waiting_ratios": [round(r, 3) for r in against_waiting.ratios],
        "overhead_per_step_beyond_waits_ms": B.ms(against_waiting.extra_s / steps),
        "alternations": len(ratios),
        "runs_each": len(a),
        "steps": steps,
        "actions": actions,
        "handwritten_median_ms": B.ms(B.median(a)),
        "lumen_replay_median_ms": B.ms(B.median(b)),
        "handwritten_min_ms": B.ms(min(a)),
        "lumen_replay_min_ms": B.ms(min(b)),
        "overhead_per_step_ms": B.ms(runs.extra_s / steps),
        "overhead_per_action_ms": B.ms(runs.extra_s / actions),
        "ratio_b_over_a": round(ratio, 3),
        "alternation_ratios": [round(r, 3) for r in ratios],
        "ratio_of_medians": round(B.median(b) / B.median(a), 3),
        "ratio_of_minimums": round(min(b) / min(a), 3),
        "goal_ratio": goal,
        "enough_alternations": runs.enough,
        "goal_met": runs.enough and ratio <= goal,
        "samples_ms": {"handwritten": [B.ms(x) for x in a], "lumen_replay": [B.ms(x) for x in b]},
    }


def verdict(r: dict[str, Any]) -> str:
    if not r["enough_alternations"]:
        return f"- (fewer than {B.MIN_ALTERNATIONS} alternations)"
    return "met" if r["goal_met"] else "NOT met"


def report(r: dict[str, Any], flow: str = "demo app") -> None:
    B.print_table(
        f"Replay overhead: {flow}, {r['steps']} steps / {r['actions']} actions, {r['alternations']} alternations "
        f"(a b b a, then b a a b: {r['runs_each']} runs each)",
        ["measure", "(a) hand-written Playwright", "(b) pytest-lumen replay"],
        [["median flow time (ms)", r["handwritten_median_ms"], r["lumen_replay_median_ms"]],
         ["fastest flow time (ms)", r["handwritten_min_ms"], r["lumen_replay_min_ms"]]])
    ratios = r["alternation_ratios"]
    B.print_table(
        f"Replay overhead: result ({flow})",
        ["measure", "value"],
        [["ratio b/a: median of the alternations' ratios", f"{r['ratio_b_over_a']:.3f}"],
         ["alternations' ratios, lowest - highest", f"{min(ratios):.3f} - {max(ratios):.3f}"],
         ["median overhead per step (ms)", r["overhead_per_step_ms"]],
         ["median overhead per action (ms)", r["overhead_per_action_ms"]],
         ["ratio of the medians of all runs", f"{r['ratio_of_medians']:.3f}"],
         ["ratio of the fastest runs", f"{r['ratio_of_minimums']:.3f}"],
         ["ratio b/c, c: hand-written that waits for each navigation's page as replay does (median)",
          f"{r['ratio_b_over_waiting']:.3f} ({min(r['waiting_ratios']):.3f} - {max(r['waiting_ratios']):.3f})"],
         ["median overhead per step beyond those waits (ms)", r["overhead_per_step_beyond_waits_ms"]],
         [f"goal ratio <= {r['goal_ratio']:.2f}", verdict(r)]])


def main(argv: list[str] | None = None) -> int:
    """Record the demo flow, then time hand-written vs replayed runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--alternations", type=int, default=10,
                        help=f"alternations (a b b a) of the demo flow (default 10; a headline needs {B.MIN_ALTERNATIONS})")
    parser.add_argument("--checkout-alternations", type=int, default=5,
                        help="alternations of the longer checkout flow (default 5)")
    args = parser.parse_args(argv)
    with B.temp_root("lumen-bench-replay-") as root, B.serve(B.APP_DIR) as url, B.browser() as chromium, \
            B.PlainChromium() as plain, FakeAnthropic() as fake:
        fake.script(B.FLOW_SCRIPT)
        page = chromium.new_page()
        start_url = url + B.START_PAGE
        cache, _ = B.record(page, start_url, root, fake)
        found = cached_locators(cache)
        if found != HANDWRITTEN_LOCATORS:
            print("the recorded cache no longer uses the hand-written locators; update HANDWRITTEN_LOCATORS "
                  f"and handwritten():\n  cache: {found}", file=sys.stderr)
            return 1
        session = B.new_session(Mode.REPLAY, root)
        runs, against_waiting = measure(page, plain, start_url, session, args.alternations)
        page.close()
        longer = checkout(chromium, plain, root, args.checkout_alternations,
                          lambda runs, waiting, steps, actions: summarize(runs, waiting, steps, actions, CHECKOUT_GOAL))
    result = summarize(runs, against_waiting, steps=len(cache.steps), actions=len(found))
    report(result)
    if "skipped" in longer or "error" in longer:
        print(f"\nReplay overhead, longer flow: {longer.get('skipped') or longer.get('error')}", file=sys.stderr)
        if "error" in longer:
            return 1
    else:
        report(longer, "example suite checkout")
    headline = {"ratio b/a": result["ratio_b_over_a"], "overhead/step ms": result["overhead_per_step_ms"],
                f"goal <= {GOAL_RATIO:.2f}": verdict(result), "ratio b/c (same navigation waits)": result["ratio_b_over_waiting"]}
    if "skipped" not in longer:
        headline.update({"ratio b/a (checkout)": longer["ratio_b_over_a"],
                         "overhead/step ms (checkout)": longer["overhead_per_step_ms"],
                         f"checkout goal <= {CHECKOUT_GOAL:.2f}": verdict(longer),
                         "ratio b/c (checkout, same navigation waits)": longer["ratio_b_over_waiting"]})
    headline["alternations"] = f"{result['alternations']} + {longer.get('alternations', 0)} (median of each's ratios)"
    B.write_result("replay_overhead", {**result, "checkout": longer, "headline": headline})
    return 0 if "error" not in longer else 1


if __name__ == "__main__":
    raise SystemExit(main())
