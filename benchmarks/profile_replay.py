"""Profile of the replay path: where the plugin's own time goes (pyinstrument, wall-clock sampling).

The demo flow is recorded once, then replayed ``--reps`` times under pyinstrument.
Every sample is given to an owner by walking its stack from the innermost frame out:
the first frame that belongs to ``pytest_lumen`` makes it the plugin's own time
(pydantic, json, re and the stdlib called from the plugin count as the plugin's);
the first frame in ``playwright`` makes it Playwright's (the browser round trips).
Every sampled function by self time is written as text (``results/profile_replay.txt``)
next to the JSON results.
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


def run(profile_reps: int, phase_reps: int) -> dict[str, Any]:
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
        return {"checkout_round_trips": longer, "session": profiler.last_session, "profiled_s": profiled,
                "phases": dict(spent), "phases_total_s": timed, "round_trips": calls}


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


def main(argv: list[str] | None = None) -> int:
    """Profile replays and print what dominates the plugin's own time, and where the wall time goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15, help="replays under the profiler (default 15)")
    parser.add_argument("--phase-reps", type=int, default=10, help="replays with phase timers (default 10)")
    args = parser.parse_args(argv)
    B.RESULTS.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    data = run(args.reps, args.phase_reps)
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
    print(f"\nfull profile: {(B.RESULTS / 'profile_replay.txt').relative_to(B.REPO)}")
    trips = {name: sum(c.values()) for name, c in calls.items()}
    headline = {"plugin own ms/step": summary["plugin_own_ms_per_step"],
                "plugin share": f"{summary['plugin_share']:.1%}" if summary["plugin_share"] is not None else "-",
                "top function": top[0][0] if top else "-",
                "round trips replay/hand": f"{trips['replay']}/{trips['handwritten']}",
                "load average (1 min, after)": load["after"][0]}
    if longer.get("replay"):
        headline["checkout round trips replay/hand"] = f"{sum(longer['replay'].values())}/{sum(longer['handwritten'].values())}"
    B.write_result("profile_replay", {"replays": args.reps, **summary, "phases_ms_per_step": phases, "load": load,
                                      "round_trips": {name: dict(c) for name, c in calls.items()},
                                      "checkout_round_trips": {name: dict(c) if isinstance(c, Counter) else c
                                                               for name, c in longer.items()},
                                      "headline": headline})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
