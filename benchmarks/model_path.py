"""Replay vs the model path: recording time, model calls and prompt size per step.

The demo flow is recorded through the real ``anthropic`` SDK against the loopback
FakeAnthropic, which waits ``--latency`` seconds per request (default 1.5 s, a
typical model turn), then replayed from the cache with zero model calls. Prompt
sizes are computed from the requests the fake server kept (system prompt, messages
and tool definitions as JSON; tokens ~ characters / 4). One-step recordings on two
generated large pages show the prompt size when the snapshot hits its bound.
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


def per_step(requests: list[dict[str, Any]]) -> "OrderedDict[str, list[int]]":
    """Prompt characters of each request, grouped by the step it belongs to (in order)."""
    steps: OrderedDict[str, list[int]] = OrderedDict()
    for body in requests:
        steps.setdefault(B.step_of(body), []).append(B.request_chars(body))
    return steps


def fixed_chars(body: dict[str, Any]) -> int:
    """Characters of the part every request repeats: system prompt and tool definitions."""
    return B.request_chars({k: body[k] for k in ("system", "tools") if k in body})


def step_rows(steps: "OrderedDict[str, list[int]]") -> list[dict[str, Any]]:
    rows = []
    for name, chars in steps.items():
        rows.append({"step": name, "model_calls": len(chars), "prompt_chars": sum(chars),
                     "prompt_tokens_approx": sum(chars) // 4, "chars_per_call": sum(chars) // len(chars),
                     "largest_call_chars": max(chars)})
    return rows


def demo(chromium: Any, root: Path, latency: float, replays: int) -> dict[str, Any]:
    """Record the demo flow with model latency, then replay it; sizes of the requests."""
    with B.serve(B.APP_DIR) as url, FakeAnthropic(latency=latency) as fake:
        fake.script(B.FLOW_SCRIPT)
        page = chromium.new_page()
        start_url = url + B.START_PAGE
        _, recording = B.record(page, start_url, root, fake)
        requests = list(fake.requests)
        session = B.new_session(Mode.REPLAY, root)
        times = []
        for _ in range(replays + 1):
            page.goto(start_url)
            began = time.perf_counter()
            B.replay(page, session)
            times.append(time.perf_counter() - began)
        calls_after = fake.request_count
        page.close()
    replay_s = B.median(times[1:])  # the first replay warms up
    return {"latency_s": latency, "record_s": round(recording, 3), "replay_median_s": round(replay_s, 4),
            "speedup": round(recording / replay_s, 1), "model_calls": len(requests),
            "model_calls_during_replay": calls_after - len(requests),
            "model_wait_s": round(len(requests) * latency, 2),
            "fixed_chars_per_call": fixed_chars(requests[0]) if requests else 0,
            "steps": step_rows(per_step(requests))}


def large(chromium: Any, root: Path, latency: float) -> list[dict[str, Any]]:
    """One-step recordings on the generated large pages; prompt size per call."""
    out = []
    pages_dir = root / "pages"
    pages_dir.mkdir()
    for label, file, make, step, script in LARGE_PAGES:
        (pages_dir / file).write_text(make(), encoding="utf-8")
    with B.serve(pages_dir) as url, FakeAnthropic(latency=latency) as fake:
        for label, file, _, step, script in LARGE_PAGES:
            fake.reset()
            fake.script([script])
            page = chromium.new_page()
            try:
                _, seconds = B.record(page, f"{url}/{file}", root, fake, steps=[step],
                                      nodeid=f"benchmarks/test_large.py::test_{file.split('.')[0]}")
            except Exception as exc:  # noqa: BLE001 - a recording that fails is a result to show, not a crash
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


def report(d: dict[str, Any], big: list[dict[str, Any]]) -> None:
    B.print_table(f"Model path vs replay: demo flow, model latency {d['latency_s']} s per request",
                  ["measure", "value"],
                  [["recording time (s)", d["record_s"]],
                   ["  of which waiting for the model (s)", d["model_wait_s"]],
                   ["model calls while recording", d["model_calls"]],
                   ["replay time, median (s)", d["replay_median_s"]],
                   ["model calls while replaying", d["model_calls_during_replay"]],
                   ["replay speed-up over recording", f"{d['speedup']}x"]])
    rows = [[s["step"][:60], s["model_calls"], s["prompt_chars"], s["prompt_tokens_approx"], s["chars_per_call"],
             s["largest_call_chars"]] for s in d["steps"]]
    calls = sum(s["model_calls"] for s in d["steps"])
    chars = sum(s["prompt_chars"] for s in d["steps"])
    rows.append(["all steps", calls, chars, chars // 4, chars // max(calls, 1), max(s["largest_call_chars"] for s in d["steps"])])
    B.print_table(f"Prompt size per step, demo app (system prompt + tools repeat in every call: {d['fixed_chars_per_call']:,} chars)",
                  ["step", "model calls", "prompt chars", "~tokens", "chars/call", "largest call"], rows)
    B.print_table("Prompt size on large pages (one step each)",
                  ["page", "record s", "model calls", "chars/call", "largest call", "~tokens/call", "snapshot cut to bound"],
                  [[b["page"], b["record_s"], b["model_calls"], b["chars_per_call"], b["largest_call_chars"],
                    b["chars_per_call"] // 4, "yes" if b["snapshot_cut"] else "no"] for b in big if "error" not in b])
    for b in big:
        if "error" in b:
            print(f"  {b['page']}: recording failed after {b['model_calls']} model calls: {b['error']}")


def main(argv: list[str] | None = None) -> int:
    """Record with latency, replay, and report speed-up and prompt sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=1.5, help="seconds the fake model takes per request (default 1.5)")
    parser.add_argument("--replays", type=int, default=3, help="replays to take the median of (default 3)")
    args = parser.parse_args(argv)
    with B.temp_root("lumen-bench-model-") as root, B.browser() as chromium:
        d = demo(chromium, root, args.latency, args.replays)
        big = large(chromium, root, args.latency)
    report(d, big)
    calls = sum(s["model_calls"] for s in d["steps"])
    headline = {"replay speed-up": f"{d['speedup']}x", "model calls/step": round(calls / len(d["steps"]), 1),
                "~tokens/step (demo)": sum(s["prompt_tokens_approx"] for s in d["steps"]) // len(d["steps"]),
                "~tokens/call (large)": max((b["chars_per_call"] for b in big if "error" not in b), default=0) // 4}
    B.write_result("model_path", {"demo": d, "large_pages": big, "headline": headline})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
