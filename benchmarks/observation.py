"""Observation cost on large pages: snapshot time, prompt build time, prompt size and the snapshot bound.

For each page (the three demo pages as the small baseline, a generated 2,500-row
table and a generated form of 1,000 controls) this times Playwright's own
``page.aria_snapshot(mode="ai")`` of the whole page (the baseline, measured in the
same run), the plugin's ``pytest_lumen.record.snapshot.observe`` (a small page
whole; a large one planned by ``page/outline.py``: the viewport, the landmarks, the
long lists summarised), an observation after the model asked for one item of a
list (``show_items``), and ``record.conversation.step_message``; it reports the
prompt size and whether the snapshot sent stays within the ``snapshot_chars`` setting.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import benchlib as B

from pytest_lumen.config import Mode
from pytest_lumen.planner.base import PlanRequest
from pytest_lumen.record.conversation import step_message, system_prompt
from pytest_lumen.record.snapshot import observe, show_items
from pytest_lumen.record.tools import RUN_TOOLS

PAGES = [  # (label, file, generator or None for a demo page)
    ("demo: sign in", "index.html", None),
    ("demo: product list", "list.html", None),
    ("demo: order form", "form.html?item=blue-mug", None),
    ("table, 2,500 rows", "table.html", B.big_table_html),
    ("form, 1,000 controls", "controls.html", B.many_controls_html),
]
INSTRUCTION = "open the details of the first item"
GOAL_MS = 300  # issue 16, item 4: observing the 2,500-row page
GOAL_RATIO = 0.25  # issue 42, item 7: observing the largest page costs at most this share of aria_snapshot


def alternate(a: Any, b: Any, reps: int) -> tuple[float, float, Any, Any]:
    """Median seconds of ``a()`` and ``b()``, called in ABBA order after one warm-up each, and their last results."""
    ra, rb = a(), b()
    ta: list[float] = []
    tb: list[float] = []
    for i in range(reps):
        for name in ("ab" if i % 2 == 0 else "ba"):
            began = time.perf_counter()
            if name == "a":
                ra = a()
                ta.append(time.perf_counter() - began)
            else:
                rb = b()
                tb.append(time.perf_counter() - began)
    return B.median(ta), B.median(tb), ra, rb


def median_seconds(f: Any, reps: int) -> float:
    """Median seconds of ``f()`` after one warm-up call."""
    f()
    times = []
    for _ in range(reps):
        began = time.perf_counter()
        f()
        times.append(time.perf_counter() - began)
    return B.median(times)


def build_seconds(obs: Any, reps: int = 50) -> tuple[float, str]:
    """Median seconds of building the step message from an observation."""
    times = []
    message = ""
    for _ in range(reps):
        began = time.perf_counter()
        message = step_message(INSTRUCTION, "run", obs)
        times.append(time.perf_counter() - began)
    return B.median(times), message


def measure_page(page: Any, limit: int, reps: int) -> dict[str, Any]:
    """Snapshot and prompt timings and sizes on the page already open."""
    raw_s, observe_s, raw, obs = alternate(lambda: page.aria_snapshot(mode="ai", timeout=30_000),
                                           lambda: observe(page, limit), reps)
    build_s, message = build_seconds(obs)
    request = PlanRequest(system=system_prompt(), messages=[{"role": "user", "content": message}], tools=RUN_TOOLS)
    asked_ms = None
    if obs.lists:  # the model asks for the list's 1,000th item (or its last), then sees it
        show_items(page, obs, {"list": next(iter(obs.lists)), "start": 1000})
        asked_ms = B.ms(median_seconds(lambda: observe(page, limit), reps))
        show_items(page, observe(page, limit), {"list": next(iter(obs.lists)), "start": 1})
    return {
        "aria_snapshot_ms": B.ms(raw_s), "observe_ms": B.ms(observe_s), "step_message_us": round(build_s * 1e6, 1),
        "observe_over_snapshot": round(observe_s / raw_s, 3) if raw_s else None,
        "elements": obs.elements,
        "asked_ms": asked_ms, "asked_over_snapshot": round(asked_ms / B.ms(raw_s), 3) if asked_ms and raw_s else None,
        "snapshot_full_chars": len(raw), "snapshot_sent_chars": len(obs.snapshot), "bound_chars": limit,
        "truncated": obs.truncated, "within_bound": len(obs.snapshot) <= limit,
        "message_chars": len(message), "request_chars": request.prompt_chars,
        "request_tokens_approx": request.prompt_chars // 4,
    }


def run(root: Path, reps: int) -> list[dict[str, Any]]:
    """Serve the demo app plus the generated pages and measure each."""
    site = root / "site"
    site.mkdir()
    for file in B.APP_DIR.iterdir():
        (site / file.name).write_bytes(file.read_bytes())
    for _, file, make in PAGES:
        if make is not None:
            (site / file).write_text(make(), encoding="utf-8")
    limit = B.settings(Mode.REPLAY, root).snapshot_chars
    out = []
    with B.serve(site) as url, B.browser() as chromium:
        page = chromium.new_page()
        for label, file, _ in PAGES:
            page.goto(f"{url}/{file}")
            try:
                out.append({"page": label, **measure_page(page, limit, reps)})
            except Exception as exc:  # a snapshot that fails (timeout) is a result to show
                out.append({"page": label, "error": str(exc).splitlines()[0][:200]})
    return out


def report(all_rows: list[dict[str, Any]]) -> None:
    rows = [r for r in all_rows if "error" not in r]
    B.print_table("Observation cost per page (medians; baseline: Playwright's aria_snapshot of the whole page)",
                  ["page", "elements", "aria_snapshot ms", "observe ms", "observe/snapshot", "asked ms",
                   "asked/snapshot", "step_message µs"],
                  [[r["page"], r["elements"], r["aria_snapshot_ms"], r["observe_ms"], f"{r['observe_over_snapshot']:.2f}",
                    r["asked_ms"] if r["asked_ms"] is not None else "-",
                    f"{r['asked_over_snapshot']:.2f}" if r["asked_over_snapshot"] is not None else "-",
                    r["step_message_us"]] for r in rows])
    bound = rows[0]["bound_chars"] if rows else 0
    B.print_table(f"Prompt size per page (bound: snapshot_chars = {bound:,})",
                  ["page", "full snapshot chars", "sent chars", "cut", "within bound", "request chars", "~tokens"],
                  [[r["page"], r["snapshot_full_chars"], r["snapshot_sent_chars"], "yes" if r["truncated"] else "no",
                    "yes" if r["within_bound"] else f"no (+{r['snapshot_sent_chars'] - r['bound_chars']})",
                    r["request_chars"], r["request_tokens_approx"]] for r in rows])
    for r in all_rows:
        if "error" in r:
            print(f"  {r['page']}: not measured: {r['error']}")


def main(argv: list[str] | None = None) -> int:
    """Measure observation and prompt building on small and large pages."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=4, help="timed repetitions per page (default 4)")
    args = parser.parse_args(argv)
    with B.temp_root("lumen-bench-observe-") as root:
        rows = run(root, args.reps)
    report(rows)
    big = [r for r in rows if not r["page"].startswith("demo") and "error" not in r]
    largest = max(big, key=lambda r: r["elements"], default=None)
    worst = max((r["observe_ms"] for r in big), default=None)
    headline = {"observe ms (largest)": "-" if worst is None else worst,
                "observe/aria_snapshot (largest page)": "-" if largest is None else largest["observe_over_snapshot"],
                f"observe/aria_snapshot goal <= {GOAL_RATIO}": "-" if largest is None else
                ("met" if largest["observe_over_snapshot"] <= GOAL_RATIO else "not met"),
                f"observe goal <= {GOAL_MS} ms": "-" if worst is None else ("met" if worst <= GOAL_MS else "not met"),
                "~tokens/request (largest)": max((r["request_tokens_approx"] for r in big), default="-"),
                "all within bound": all(r.get("within_bound", False) for r in rows)}
    B.write_result("observation", {"pages": rows, "headline": headline})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
