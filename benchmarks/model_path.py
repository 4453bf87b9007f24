"""The model path: recording the demo flow before and after batched turns, prompt caching and snapshot diffs.

The demo flow is recorded twice through the real ``anthropic`` SDK against the loopback FakeAnthropic,
which waits ``--latency`` seconds per request (default 1.5 s, a typical model turn) and reports
prompt-cache reads and writes as the API does (``pytest_lumen/testing/prompt_cache.py``):

* before: one tool call per reply (the flow's script as it is), and a planner without ``cache_turns``:
  only the tools and system prompt are cached, and every request sends the newest page whole;
* after: the same tool calls grouped into replies the way a model may batch them (independent actions
  together, done with the last action), and the default planner: the conversation is append-only, its
  newest turns are cache breakpoints, and a later page is a diff against the one before when shorter.

Both must record the same actions. The headline figures per recorded step are model calls (goal at most
1.5) and uncached input tokens, the input not read from the prompt cache: ``input_tokens +
cache_creation_input_tokens`` (goal at most 3,000; a cache write is not cheaper than plain input). The
cache is then replayed with zero model calls. One-step recordings on two generated large pages show
the prompt size of a bounded snapshot.
"""

from __future__ import annotations

import argparse
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import benchlib as B

from pytest_lumen.config import Mode
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

CALLS_GOAL = 1.5  # model calls per recorded step, at most
UNCACHED_GOAL = 3000  # uncached input tokens per recorded step, at most

# How a model may group the flow's tool calls into replies: actions that need not see each other's result
# together, done with the last action. The product list is filtered before its link is clicked.
REPLY_SIZES = {"log in as %user%": [4], "the product list is shown": [2], "show in-stock mugs": [2, 2],
               "order 2 blue mugs": [6], "the order is saved": [2]}


def batched(script: list[dict[str, Any]], sizes: dict[str, list[int]]) -> list[dict[str, Any]]:
    """The same script with each step's tool calls grouped into replies of ``sizes[match]`` calls."""
    out = []
    for step in script:
        actions, groups = step["actions"], []
        counts = sizes[step["match"]]
        if sum(counts) != len(actions):
            raise SystemExit(f"REPLY_SIZES[{step['match']!r}] groups {sum(counts)} calls, the script has {len(actions)}")
        for count in counts:
            groups.append(actions[sum(len(g) for g in groups):][:count])
        out.append({**step, "actions": groups})
    return out


VARIANTS: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "before": (B.FLOW_SCRIPT, {"cache_turns": False}),
    "after": (batched(B.FLOW_SCRIPT, REPLY_SIZES), {}),
}

LARGE_PAGES: list[tuple[str, str, Any, B.FlowStep, dict[str, Any]]] = [
    ("table, 2,500 rows", "table.html", B.big_table_html,
     B.FlowStep("run", "search the inventory for SKU-01234", {}),
     {"match": "search the inventory", "actions": [
         {"tool": "fill", "target": {"role": "searchbox", "name": "Search"}, "input": {"value": "SKU-01234"}},
         {"tool": "done"}]}),
    ("form, 1,000 controls", "controls.html", B.many_controls_html,
     B.FlowStep("run", "tick option 1", {}),
     {"match": "tick option 1", "actions": [
         {"tool": "check", "target": {"role": "checkbox", "name": "Option 1"}, "input": {"checked": True}},
         {"tool": "done"}]}),
]


def step_rows(requests: list[dict[str, Any]], responses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per step (in order): model calls, prompt characters and the tokens of their usage."""
    steps: OrderedDict[str, dict[str, Any]] = OrderedDict()
    for body, answer in zip(requests, responses, strict=False):
        usage = answer.get("usage", {})
        row = steps.setdefault(B.step_of(body), {"step": B.step_of(body), "model_calls": 0, "prompt_chars": 0,
                                                 "input_tokens": 0, "cache_read": 0, "cache_write": 0})
        row["model_calls"] += 1
        row["prompt_chars"] += B.request_chars(body)
        row["input_tokens"] += usage.get("input_tokens", 0)
        row["cache_read"] += usage.get("cache_read_input_tokens", 0)
        row["cache_write"] += usage.get("cache_creation_input_tokens", 0)
    for row in steps.values():
        row["uncached"] = row["input_tokens"] + row["cache_write"]
    return list(steps.values())


def actions_of(cache: Any) -> list[Any]:
    """The recorded actions, fingerprints aside (what a replay acts on)."""
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "fingerprint"}
        return [strip(v) for v in value] if isinstance(value, list) else value
    return strip([[a.model_dump(mode="json") for a in step.actions] for step in cache.steps])


def record_variant(chromium: Any, url: str, root: Path, latency: float, name: str) -> tuple[dict[str, Any], Any]:
    """Record the demo flow as ``name`` (before or after); its figures, and the cache it wrote."""
    script, options = VARIANTS[name]
    with FakeAnthropic(latency=latency) as fake:
        fake.script(script)
        page = chromium.new_page()
        try:
            cache, seconds = B.record(page, url + B.START_PAGE, root / name, fake,
                                      planner=B.planner_factory(fake.url, **options))
        finally:
            page.close()
        rows = step_rows(list(fake.requests), list(fake.responses))
    calls = sum(r["model_calls"] for r in rows)
    return {"record_s": round(seconds, 3), "model_calls": calls, "steps": rows,
            "calls_per_step": round(calls / len(rows), 2),
            "uncached_per_step": sum(r["uncached"] for r in rows) // len(rows),
            "prompt_tokens_per_step": sum(r["prompt_chars"] for r in rows) // 4 // len(rows),
            "cache_read_per_step": sum(r["cache_read"] for r in rows) // len(rows)}, cache


def demo(chromium: Any, root: Path, latency: float, replays: int) -> dict[str, Any]:
    """Record the demo flow before and after, then replay the after cache; the figures of each."""
    with B.serve(B.APP_DIR) as url:
        before, before_cache = record_variant(chromium, url, root, latency, "before")
        after, after_cache = record_variant(chromium, url, root, latency, "after")
        session = B.new_session(Mode.REPLAY, root / "after")
        page = chromium.new_page()
        times = []
        for _ in range(replays + 1):
            page.goto(url + B.START_PAGE)
            began = time.perf_counter()
            state = B.replay(page, session)
            times.append(time.perf_counter() - began)
        page.close()
    replay_s = B.median(times[1:])  # the first replay warms up
    return {"latency_s": latency, "before": before, "after": after,
            "same_actions": actions_of(before_cache) == actions_of(after_cache),
            "replay_median_s": round(replay_s, 4), "model_calls_during_replay": state.figures.model_calls,
            "speedup": round(after["record_s"] / replay_s, 1)}


def large(chromium: Any, root: Path, latency: float) -> list[dict[str, Any]]:
    """One-step recordings on the generated large pages; prompt size per call."""
    out = []
    pages_dir = root / "pages"
    pages_dir.mkdir()
    for _, file, make, _, _ in LARGE_PAGES:
        (pages_dir / file).write_text(make(), encoding="utf-8")
    with B.serve(pages_dir) as url, FakeAnthropic(latency=latency) as fake:
        for label, file, _, step, script in LARGE_PAGES:
            fake.reset()
            fake.script([script])
            page = chromium.new_page()
            try:
                _, seconds = B.record(page, f"{url}/{file}", root, fake, steps=[step],
                                      nodeid=f"benchmarks/test_large.py::test_{file.split('.')[0]}")
            except Exception as exc:  # a recording that fails is a result to show, not a crash
                out.append({"page": label, "error": str(exc).splitlines()[0][:200], "model_calls": fake.request_count})
                continue
            finally:
                page.close()
            out.append(large_row(label, seconds, fake.requests))
    return out


def large_row(label: str, seconds: float, requests: list[dict[str, Any]]) -> dict[str, Any]:
    """Prompt sizes of one large-page recording."""
    chars = [B.request_chars(body) for body in requests]
    return {"page": label, "record_s": round(seconds, 2), "model_calls": len(chars),
            "chars_per_call": sum(chars) // len(chars), "largest_call_chars": max(chars),
            "prompt_chars": sum(chars), "prompt_tokens_approx": sum(chars) // 4,
            "snapshot_cut": any("(snapshot cut:" in B.first_user_text(b) for b in requests)}


def met(value: float, goal: float) -> str:
    return f"goal <= {goal:,}: {'met' if value <= goal else 'NOT met'}"


def report(d: dict[str, Any], big: list[dict[str, Any]]) -> None:
    before, after = d["before"], d["after"]
    B.print_table(f"Recording the demo flow, before and after (model latency {d['latency_s']} s per request)",
                  ["measure", "before", "after", "after/before"],
                  [["model calls", before["model_calls"], after["model_calls"],
                    round(after["model_calls"] / before["model_calls"], 2)],
                   ["model calls/step", before["calls_per_step"], after["calls_per_step"],
                    met(after["calls_per_step"], CALLS_GOAL)],
                   ["uncached input tokens/step", before["uncached_per_step"], after["uncached_per_step"],
                    met(after["uncached_per_step"], UNCACHED_GOAL)],
                   ["prompt-cache reads/step (tokens)", before["cache_read_per_step"], after["cache_read_per_step"], ""],
                   ["whole prompt/step (~tokens)", before["prompt_tokens_per_step"], after["prompt_tokens_per_step"],
                    round(after["prompt_tokens_per_step"] / before["prompt_tokens_per_step"], 2)],
                   ["recording time (s)", before["record_s"], after["record_s"],
                    round(after["record_s"] / before["record_s"], 2)],
                   ["same recorded actions", "", "yes" if d["same_actions"] else "NO", ""]])
    rows = [[b["step"][:52], b["model_calls"], a["model_calls"], b["uncached"], a["uncached"], a["cache_read"]]
            for b, a in zip(before["steps"], after["steps"], strict=False)]
    B.print_table("Per step: model calls and uncached input tokens, before -> after",
                  ["step", "calls before", "calls after", "uncached before", "uncached after", "cache reads after"], rows)
    B.print_table("Replay of the recorded cache", ["measure", "value"],
                  [["replay time, median (s)", d["replay_median_s"]],
                   ["model calls while replaying", d["model_calls_during_replay"]],
                   ["replay speed-up over recording (after)", f"{d['speedup']}x"]])
    B.print_table("Prompt size on large pages (one step each)",
                  ["page", "record s", "model calls", "chars/call", "largest call", "~tokens/call", "snapshot cut to bound"],
                  [[b["page"], b["record_s"], b["model_calls"], b["chars_per_call"], b["largest_call_chars"],
                    b["chars_per_call"] // 4, "yes" if b["snapshot_cut"] else "no"] for b in big if "error" not in b])
    for b in big:
        if "error" in b:
            print(f"  {b['page']}: recording failed after {b['model_calls']} model calls: {b['error']}")


def main(argv: list[str] | None = None) -> int:
    """Record before and after with latency, replay, and report calls, tokens and speed-up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=1.5, help="seconds the fake model takes per request (default 1.5)")
    parser.add_argument("--replays", type=int, default=3, help="replays to take the median of (default 3)")
    args = parser.parse_args(argv)
    with B.temp_root("lumen-bench-model-") as root, B.browser() as chromium:
        d = demo(chromium, root, args.latency, args.replays)
        big = large(chromium, root, args.latency)
    report(d, big)
    before, after = d["before"], d["after"]
    headline = {
        "model calls/step": f"{after['calls_per_step']} (before {before['calls_per_step']}; "
                            f"{met(after['calls_per_step'], CALLS_GOAL)})",
        "uncached input tokens/step": f"{after['uncached_per_step']:,} (before {before['uncached_per_step']:,}; "
                                      f"{met(after['uncached_per_step'], UNCACHED_GOAL)})",
        "same recorded actions": "yes" if d["same_actions"] else "NO",
        "replay speed-up": f"{d['speedup']}x",
        "~tokens/call (large)": max((b["chars_per_call"] for b in big if "error" not in b), default=0) // 4}
    B.write_result("model_path", {"demo": d, "large_pages": big, "headline": headline})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
