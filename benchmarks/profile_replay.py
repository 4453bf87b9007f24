"""Profile of the replay path: where the plugin's own time goes (pyinstrument, wall-clock sampling), and timing spans.

The demo flow is recorded once, then replayed ``--reps`` times under pyinstrument.
Every sample is given to an owner by walking its stack from the innermost frame out:
the first frame that belongs to ``pytest_lumen`` makes it the plugin's own time
(pydantic, json, re and the stdlib called from the plugin count as the plugin's);
the first frame in ``playwright`` makes it Playwright's (the browser round trips).
Every sampled function by self time is written as text (``results/profile_replay.txt``)
next to the JSON results.

Then, without the profiler, timing spans (``spans.py``) of the demo flow and of the checkout flow of
``replay_overhead.py``, replayed and written by hand in alternation: per step, the time in the Playwright
calls both make, in the calls only the replay makes (a wait for a navigation's page, a read-back) and
outside Playwright (the test's and the plugin's own Python); and which step and plugin function make the
round trips the hand-written flow does not.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import benchlib as B
import checkout_flow
import spans
from checkout_flow import round_trips as checkout_round_trips

from pytest_lumen.config import Mode
from pytest_lumen.replay import effects
from pytest_lumen.replay import replayer as replay_module
from pytest_lumen.replay.gate import Gate
from pytest_lumen.replay.replayer import Replayer
from pytest_lumen.run.session import LumenSession
from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support.protocol import protocol_calls

# Where a replayed step spends its wall time: (label, owner, attribute) of the plugin functions timed.
# They do not call each other, so their times add up; one that the plugin no longer has is left out.
PHASES: list[tuple[str, Any, str]] = [
    ("act through the identity gate (one round trip)", Gate, "_act"),
    ("locate: primary locator + fingerprint identity check", Replayer, "_locate"),
    ("enabled check before an interaction", Replayer, "_await_enabled"),
    ("act: the Playwright action itself", Replayer, "_perform"),
    ("check: a compiled agent.expect assertion", replay_module, "run_check"),
    ("verify effect: wait for URL / read the filled value back", effects, "verify_effect"),
    ("end of test: events file (LumenSession.finish)", LumenSession, "finish"),
]
PLUGIN = "/pytest_lumen/"
PLAYWRIGHT = "/playwright/"


@dataclass
class Owners:
    """Seconds of samples per owner, and per plugin function."""

    plugin: float = 0.0
    playwright: float = 0.0
    other: float = 0.0
    functions: dict[str, float] = field(default_factory=lambda: defaultdict(float))


def _owner(stack: list[Any]) -> tuple[str, str | None]:
    """``("plugin", function)``, ``("playwright", None)`` or ``("other", None)`` for a stack (outermost first)."""
    for frame in reversed(stack):
        path = (frame.file_path or "").replace("\\", "/")
        if PLUGIN in path and "/testing/" not in path:
            return "plugin", f"{path.split(PLUGIN, 1)[1]}:{frame.function}"
        if PLAYWRIGHT in path:
            return "playwright", None
    return "other", None


def attribute(root: Any) -> Owners:
    """Walk the frame tree and split self time between the plugin, Playwright and the rest."""
    owners = Owners()

    def walk(frame: Any, stack: list[Any]) -> None:
        stack.append(frame)
        children = list(frame.children)
        own = max(0.0, frame.time - sum(c.time for c in children))
        if own:
            who, function = _owner(stack)
            setattr(owners, who, getattr(owners, who) + own)
            if function:
                owners.functions[function] += own
        for child in children:
            walk(child, stack)
        stack.pop()

    walk(root, [])
    return owners


@contextlib.contextmanager
def phase_timers() -> Iterator[dict[str, float]]:
    """Wrap each function of ``PHASES`` with a timer (in the harness only); yields seconds per label."""
    spent: dict[str, float] = defaultdict(float)
    present = [(label, owner, attr) for label, owner, attr in PHASES if hasattr(owner, attr)]
    saved = [(owner, attr, getattr(owner, attr)) for _, owner, attr in present]

    def timer(label: str, fn: Any) -> Any:
        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter() - began
        return wrapped

    for (label, owner, attr), (_, _, fn) in zip(present, saved, strict=True):
        setattr(owner, attr, timer(label, fn))
    try:
        yield spent
    finally:
        for owner, attr, fn in saved:
            setattr(owner, attr, fn)


def round_trips(page: Any, start_url: str, session: Any) -> dict[str, Counter[str]]:
    """Protocol messages of one hand-written flow and one replayed flow (the page load not counted)."""
    from replay_overhead import handwritten

    out: dict[str, Counter[str]] = {}
    for name, body in (("handwritten", lambda: handwritten(page)), ("replay", lambda: B.replay(page, session))):
        page.goto(start_url)
        with protocol_calls() as counts:
            body()
        out[name] = counts
    return out


def run(profile_reps: int, phase_reps: int, span_alternations: int) -> dict[str, Any]:
    """Record the flow, replay it under the profiler, then with phase timers (no profiler)."""
    from pyinstrument import Profiler

    with B.temp_root("lumen-bench-profile-") as root, B.serve(B.APP_DIR) as url, B.browser() as chromium, \
            FakeAnthropic() as fake:
        fake.script(B.FLOW_SCRIPT)
        page = chromium.new_page()
        start_url = url + B.START_PAGE
        B.record(page, start_url, root, fake)
        session = B.new_session(Mode.REPLAY, root)
        page.goto(start_url)
        B.replay(page, session)  # warm-up
        profiler = Profiler(interval=0.0005)
        profiled = 0.0
        for _ in range(profile_reps):
            page.goto(start_url)
            profiler.start()
            began = time.perf_counter()
            B.replay(page, session)
            profiled += time.perf_counter() - began
            profiler.stop()
        text = profiler.output_text(unicode=True, color=False, show_all=True, flat=True, flat_time="self")
        (B.RESULTS / "profile_replay.txt").write_text(text, encoding="utf-8")
        timed = 0.0
        with phase_timers() as spent:
            for _ in range(phase_reps):
                page.goto(start_url)
                began = time.perf_counter()
                B.replay(page, session)
                timed += time.perf_counter() - began
        calls = round_trips(page, start_url, session)
        longer = checkout_round_trips(chromium, root, protocol_calls)
        timing = timing_spans(chromium, page, start_url, session, root, span_alternations)
        return {"checkout_round_trips": longer, "session": profiler.last_session, "profiled_s": profiled,
                "phases": dict(spent), "phases_total_s": timed, "round_trips": calls, "spans": timing}


def timing_spans(chromium: Any, page: Any, start_url: str, session: Any, root: Any,
                 alternations: int) -> dict[str, tuple[list[spans.Spans], list[spans.Spans], int]]:
    """Spans of the demo flow and of the checkout flow, hand-written (a) and replayed (b), in alternations (a b b a);
    per flow: the hand-written runs, the replayed runs and the steps."""
    from replay_overhead import handwritten

    out = {}
    with spans.installed():
        def demo(body: Any) -> Any:
            def run() -> spans.Spans:
                page.goto(start_url)
                return spans.record(body)
            return run

        out["demo"] = (*_alternated(demo(lambda: handwritten(page)), demo(lambda: B.replay(page, session)),
                                    alternations), len(B.FLOW))
        checkout_session, _ = checkout_flow.prepared(root / "spans")
        if checkout_session is not None:
            from example_suite.shop import serve_shop

            with serve_shop(1) as shop:
                def fresh(body: Any) -> Any:
                    def run() -> spans.Spans:
                        recorded: list[spans.Spans] = []
                        checkout_flow.fresh_run(chromium, shop.url, lambda p: recorded.append(spans.record(lambda: body(p))))
                        return recorded[0]
                    return run

                replayed = fresh(lambda p: B.replay(p, checkout_session, checkout_flow.STEPS, checkout_flow.NODEID))
                out["checkout"] = (*_alternated(fresh(checkout_flow.handwritten), replayed, alternations),
                                   len(checkout_flow.STEPS))
    return out


def _alternated(a: Any, b: Any, alternations: int) -> tuple[list[spans.Spans], list[spans.Spans]]:
    """Runs of ``a`` and ``b`` (each returns its spans) in ``alternations`` ABBA blocks, after a warm-up of each."""
    a(), b()
    ta: list[spans.Spans] = []
    tb: list[spans.Spans] = []
    for k in range(alternations):
        for side in ((a, b, b, a) if k % 2 == 0 else (b, a, a, b)):
            (ta if side is a else tb).append(side())
    return ta, tb


def report_profile(owners: Owners, reps: int, wall_s: float) -> tuple[dict[str, Any], list[tuple[str, float]]]:
    """Print who owns the sampled time and the plugin's top functions; return them for the JSON."""
    sampled = owners.plugin + owners.playwright + owners.other
    steps = reps * len(B.FLOW)
    per_step = lambda s: B.ms(s / steps)  # noqa: E731
    B.print_table(
        f"Replay profile: {reps} replays of the demo flow ({steps} steps), {B.ms(wall_s)} ms wall",
        ["owner of the time", "ms per step", "share"],
        [["pytest-lumen's own Python (incl. pydantic/json/re it calls)", per_step(owners.plugin),
          f"{owners.plugin / sampled:.1%}"],
         ["Playwright (client + waiting on the browser)", per_step(owners.playwright), f"{owners.playwright / sampled:.1%}"],
         ["other (harness, event loop)", per_step(owners.other), f"{owners.other / sampled:.1%}"]])
    top = sorted(owners.functions.items(), key=lambda kv: kv[1], reverse=True)[:12]
    B.print_table("Plugin's own time by function (self time; pydantic/json/re/stdlib callees included, Playwright not)",
                  ["function", "ms per step", "share of plugin time"],
                  [[name, per_step(sec), f"{sec / owners.plugin:.1%}" if owners.plugin else "-"] for name, sec in top])
    summary = {"steps": steps, "wall_ms": B.ms(wall_s), "plugin_own_ms_per_step": per_step(owners.plugin),
               "playwright_ms_per_step": per_step(owners.playwright), "other_ms_per_step": per_step(owners.other),
               "plugin_share": round(owners.plugin / sampled, 4) if sampled else None,
               "top_plugin_functions_self": [{"function": n, "ms_per_step": per_step(sec)} for n, sec in top]}
    return summary, top


def report_phases(phases: dict[str, float], total: float, reps: int) -> dict[str, float]:
    """Print the wall time per replay phase; return ms per step by phase."""
    steps = reps * len(B.FLOW)
    rest = total - sum(phases.values())
    per_step = {label: B.ms(sec / steps) for label, sec in phases.items()}
    per_step["rest: keys, cache lookup, events, bookkeeping"] = B.ms(rest / steps)
    shares = [*phases.values(), rest]
    B.print_table(f"Replay wall time by phase ({reps} replays without the profiler)", ["phase", "ms per step", "share"],
                  [[label, ms, f"{sec / total:.1%}"] for (label, ms), sec in zip(per_step.items(), shares, strict=True)])
    return per_step


def report_round_trips(calls: dict[str, Counter[str]], flow: str = "the demo flow") -> None:
    """Print the protocol messages of a hand-written and a replayed flow, by method."""
    if not calls.get("replay"):
        why = calls.get("skipped") or calls.get("error") or "Playwright internals changed"
        print(f"\n(round trips of {flow} not counted: {why})")
        return
    methods = sorted(set(calls["handwritten"]) | set(calls["replay"]), key=lambda m: (-calls["replay"][m], m))
    B.print_table(f"Browser round trips in {flow} (Playwright protocol messages, by method)",
                  ["method", "hand-written", "pytest-lumen replay"],
                  [[m, calls["handwritten"][m], calls["replay"][m]] for m in methods]
                  + [["total", sum(calls["handwritten"].values()), sum(calls["replay"].values())]])


def report_spans(flow: str, hand: list[spans.Spans], replay: list[spans.Spans], steps: int) -> dict[str, Any]:
    """Print where a replayed step's time goes against the hand-written flow's, and the replay's extra round trips."""
    def per_step(values: list[float]) -> float:
        return B.ms(B.median(values) / steps)

    extra = [spans.extra_calls(h, r) for h, r in zip(hand, replay, strict=True)]
    extra_s = [sum(c.seconds for c in e) for e in extra]
    same_s = [r.in_playwright_s - x for r, x in zip(replay, extra_s, strict=True)]
    kinds = Counter(c.method for c in extra[0])
    extras = ", ".join(f"{m} x{n}" for m, n in kinds.most_common()) or "none"
    rows = {
        "wall time": ([h.wall_s for h in hand], [r.wall_s for r in replay]),
        "the Playwright calls both make": ([h.in_playwright_s for h in hand], same_s),
        f"Playwright calls only the replay makes ({extras})": ([0.0] * len(hand), extra_s),
        "outside Playwright: the test's and the plugin's Python": ([h.outside_s for h in hand], [r.outside_s for r in replay]),
    }
    table = {label: (per_step(a), per_step(b)) for label, (a, b) in rows.items()}
    B.print_table(f"Where a step's time goes: {flow}, {steps} steps (ms per step, medians of {len(hand)} runs each, "
                  "alternated)", ["", "hand-written", "pytest-lumen replay", "difference"],
                  [[label, a, b, round(b - a, 2)] for label, (a, b) in table.items()])
    trips = spans.extra_round_trips(hand[0], replay[0])
    names = {i: s.instruction for i, s in enumerate(B.FLOW if flow.startswith("demo") else checkout_flow.STEPS)}
    if trips:
        B.print_table(f"Round trips the replay makes that the hand-written {flow} does not",
                      ["step", "Playwright call", "made by"],
                      [[f"{c.step + 1}: {names.get(c.step, '?')[:60]}", c.method, c.caller] for c in trips])
    else:
        print(f"\n{flow}: the replay makes no round trip the hand-written flow does not")
    return {"ms_per_step": {label: {"handwritten": a, "replay": b} for label, (a, b) in table.items()},
            "extra_round_trips": [{"step": c.step, "instruction": names.get(c.step), "method": c.method, "by": c.caller}
                                  for c in trips],
            "runs_each": len(hand)}


def main(argv: list[str] | None = None) -> int:
    """Profile replays and print what dominates the plugin's own time, and where the wall time goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15, help="replays under the profiler (default 15)")
    parser.add_argument("--phase-reps", type=int, default=10, help="replays with phase timers (default 10)")
    parser.add_argument("--span-alternations", type=int, default=3,
                        help="alternations (a b b a) of each flow for the timing spans (default 3)")
    args = parser.parse_args(argv)
    B.RESULTS.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    data = run(args.reps, args.phase_reps, args.span_alternations)
    load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()],
            "cores": os.cpu_count()}  # 1, 5 and 15 minute load averages: the gate must hold at any load
    print(f"\nmachine load average (1, 5, 15 min): {load['before']} before, {load['after']} after, "
          f"on {load['cores']} cores")
    summary, top = report_profile(attribute(data["session"].root_frame()), args.reps, data["profiled_s"])
    phases = report_phases(data["phases"], data["phases_total_s"], args.phase_reps)
    calls = data["round_trips"]
    report_round_trips(calls)
    longer = data["checkout_round_trips"]
    report_round_trips(longer, "the example suite's checkout test")
    timing = {flow: report_spans("demo flow" if flow == "demo" else "checkout flow", hand, replay, steps)
              for flow, (hand, replay, steps) in data["spans"].items()}
    print(f"\nfull profile: {(B.RESULTS / 'profile_replay.txt').relative_to(B.REPO)}")
    trips = {name: sum(c.values()) for name, c in calls.items()}
    headline = {"plugin own ms/step": summary["plugin_own_ms_per_step"],
                "plugin share": f"{summary['plugin_share']:.1%}" if summary["plugin_share"] is not None else "-",
                "top function": top[0][0] if top else "-",
                "round trips replay/hand": f"{trips['replay']}/{trips['handwritten']}",
                "load average (1 min, after)": load["after"][0]}
    if longer.get("replay"):
        headline["checkout round trips replay/hand"] = f"{sum(longer['replay'].values())}/{sum(longer['handwritten'].values())}"
    for flow, t in timing.items():
        outside = t["ms_per_step"]["outside Playwright: the test's and the plugin's Python"]
        headline[f"Python outside Playwright ms/step ({flow})"] = round(outside["replay"] - outside["handwritten"], 2)
    B.write_result("profile_replay", {"replays": args.reps, **summary, "phases_ms_per_step": phases, "load": load,
                                      "round_trips": {name: dict(c) for name, c in calls.items()},
                                      "checkout_round_trips": {name: dict(c) if isinstance(c, Counter) else c
                                                               for name, c in longer.items()},
                                      "timing_spans": timing,
                                      "headline": headline})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
