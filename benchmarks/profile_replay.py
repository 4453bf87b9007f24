"""Profile of the replay path: where the plugin's own time goes (pyinstrument, wall-clock sampling).

The demo flow is recorded once, then replayed ``--reps`` times under pyinstrument.
Every sample is given to an owner by walking its stack from the innermost frame out:
the first frame that belongs to ``pytest_lumen`` makes it the plugin's own time
(pydantic, json, re and the stdlib called from the plugin count as the plugin's);
the first frame in ``playwright`` makes it Playwright's (the browser round trips).
The full profile is written as text (``results/profile_replay.txt``) next to the JSON results.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import benchlib as B

from pytest_lumen import replay as replay_module
from pytest_lumen.config import Mode
from pytest_lumen.fingerprint import FINGERPRINT_JS, Fingerprint
from pytest_lumen.replay import Replayer, Unresolved
from pytest_lumen.session import LumenSession
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

# Where a replayed step spends its wall time: (label, owner, attribute) of the plugin functions timed.
PHASES: list[tuple[str, Any, str]] = [
    ("resolve: locator + fingerprint evaluate (waits for the element)", Replayer, "_resolve"),
    ("act: the Playwright action itself", Replayer, "_perform"),
    ("check: a compiled agent.expect assertion", replay_module, "run_check"),
    ("verify effect: wait for URL / read the filled value back", Replayer, "_verify_effect"),
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
    saved = [(owner, attr, getattr(owner, attr)) for _, owner, attr in PHASES]

    def timer(label: str, fn: Any) -> Any:
        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter() - began
        return wrapped

    for (label, owner, attr), (_, _, fn) in zip(PHASES, saved):
        setattr(owner, attr, timer(label, fn))
    try:
        yield spent
    finally:
        for owner, attr, fn in saved:
            setattr(owner, attr, fn)


CAPTURE_ALL_JS = f"(els) => {{ const fp = {FINGERPRINT_JS}; return els.map(fp); }}"


def capture_in_one_round_trip(original: Any) -> Any:
    """The proposed ``Replayer._capture``: ``evaluate_all`` (one round trip, no polling), else the waiting path."""
    def _capture(self: Replayer, loc: Any, timeout_ms: float) -> Any:
        try:
            found = loc.evaluate_all(CAPTURE_ALL_JS)
        except Exception:  # noqa: BLE001 - a page in navigation: take the waiting path
            found = []
        if len(found) == 1:
            return Fingerprint.model_validate(found[0])
        if len(found) > 1:
            raise Unresolved(f"{loc} matches {len(found)} elements, not exactly one")
        return original(self, loc, timeout_ms)
    return _capture


@contextlib.contextmanager
def proposed_capture() -> Iterator[None]:
    """Swap in the proposed ``_capture`` for a what-if measurement (harness only; restored after)."""
    original = Replayer._capture
    Replayer._capture = capture_in_one_round_trip(original)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Replayer._capture = original  # type: ignore[method-assign]


def what_if(page: Any, start_url: str, session: Any, reps: int) -> dict[str, list[float]]:
    """Alternate hand-written, current replay and replay with the proposed capture; seconds per flow."""
    from replay_overhead import handwritten

    out: dict[str, list[float]] = {"handwritten": [], "current": [], "proposed": []}

    def once(name: str) -> None:
        page.goto(start_url)
        began = time.perf_counter()
        if name == "handwritten":
            handwritten(page)
        elif name == "current":
            B.replay(page, session)
        else:
            with proposed_capture():
                B.replay(page, session)
        out[name].append(time.perf_counter() - began)

    for i in range(reps):
        for name in (("handwritten", "current", "proposed") if i % 2 == 0 else ("proposed", "current", "handwritten")):
            once(name)
    return out


def run(profile_reps: int, phase_reps: int, what_if_reps: int) -> dict[str, Any]:
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
        (B.RESULTS / "profile_replay.txt").write_text(profiler.output_text(unicode=True, color=False), encoding="utf-8")
        timed = 0.0
        with phase_timers() as spent:
            for _ in range(phase_reps):
                page.goto(start_url)
                began = time.perf_counter()
                B.replay(page, session)
                timed += time.perf_counter() - began
        alternatives = what_if(page, start_url, session, what_if_reps) if what_if_reps else {}
        return {"session": profiler.last_session, "profiled_s": profiled, "phases": dict(spent), "phases_total_s": timed,
                "what_if": alternatives}


def main(argv: list[str] | None = None) -> int:
    """Profile replays and print what dominates the plugin's own time, and where the wall time goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15, help="replays under the profiler (default 15)")
    parser.add_argument("--phase-reps", type=int, default=10, help="replays with phase timers (default 10)")
    parser.add_argument("--what-if-reps", type=int, default=10, help="alternating runs of the proposed-fix comparison (default 10)")
    args = parser.parse_args(argv)
    B.RESULTS.mkdir(parents=True, exist_ok=True)
    data = run(args.reps, args.phase_reps, args.what_if_reps)
    owners = attribute(data["session"].root_frame())
    sampled = owners.plugin + owners.playwright + owners.other
    steps = args.reps * len(B.FLOW)
    per_step = lambda s: B.ms(s / steps)  # noqa: E731
    B.print_table(
        f"Replay profile: {args.reps} replays of the demo flow ({steps} steps), {B.ms(data['profiled_s'])} ms wall",
        ["owner of the time", "ms per step", "share"],
        [["pytest-lumen's own Python (incl. pydantic/json/re it calls)", per_step(owners.plugin), f"{owners.plugin / sampled:.1%}"],
         ["Playwright (client + waiting on the browser)", per_step(owners.playwright), f"{owners.playwright / sampled:.1%}"],
         ["other (harness, event loop)", per_step(owners.other), f"{owners.other / sampled:.1%}"]])
    top = sorted(owners.functions.items(), key=lambda kv: kv[1], reverse=True)[:12]
    B.print_table("Plugin's own time by function (self time; pydantic/json/re/stdlib callees included, Playwright not)",
                  ["function", "ms per step", "share of plugin time"],
                  [[name, per_step(sec), f"{sec / owners.plugin:.1%}" if owners.plugin else "-"] for name, sec in top])
    phase_steps = args.phase_reps * len(B.FLOW)
    total = data["phases_total_s"]
    rows = [[label, B.ms(sec / phase_steps), f"{sec / total:.1%}"] for label, sec in data["phases"].items()]
    rest = total - sum(data["phases"].values())
    rows.append(["rest: keys, cache lookup, events, bookkeeping", B.ms(rest / phase_steps), f"{rest / total:.1%}"])
    B.print_table(f"Replay wall time by phase ({args.phase_reps} replays without the profiler)",
                  ["phase", "ms per step", "share"], rows)
    what = data["what_if"]
    if what:
        base = B.median(what["handwritten"])
        B.print_table(f"What if Replayer._capture used one evaluate_all round trip ({args.what_if_reps} alternating runs each)",
                      ["variant", "median flow (ms)", "ratio to hand-written"],
                      [["hand-written Playwright", B.ms(base), "1.000"],
                       ["replay, current _capture (locator.evaluate)", B.ms(B.median(what["current"])),
                        f"{B.median(what['current']) / base:.3f}"],
                       ["replay, proposed _capture (evaluate_all)", B.ms(B.median(what["proposed"])),
                        f"{B.median(what['proposed']) / base:.3f}"]])
    print(f"\nfull profile: {(B.RESULTS / 'profile_replay.txt').relative_to(B.REPO)}")
    result = {
        "replays": args.reps, "steps": steps, "wall_ms": B.ms(data["profiled_s"]),
        "plugin_own_ms_per_step": per_step(owners.plugin),
        "playwright_ms_per_step": per_step(owners.playwright),
        "other_ms_per_step": per_step(owners.other),
        "plugin_share": round(owners.plugin / sampled, 4) if sampled else None,
        "top_plugin_functions_self": [{"function": n, "ms_per_step": per_step(s)} for n, s in top],
        "phases_ms_per_step": {label: B.ms(sec / phase_steps) for label, sec in data["phases"].items()} | {
            "rest": B.ms(rest / phase_steps)},
        "what_if_evaluate_all_ms": {k: B.ms(B.median(v)) for k, v in what.items()},
    }
    result["headline"] = {"plugin own ms/step": result["plugin_own_ms_per_step"],
                          "plugin share": f"{owners.plugin / sampled:.1%}" if sampled else "-",
                          "top function": top[0][0] if top else "-"}
    B.write_result("profile_replay", result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
