"""Run every benchmark in sequence (``make bench``), each in its own process, then print a summary.

Each benchmark prints its tables and writes ``benchmarks/results/<name>.json``;
this runner prints a final table of their headline numbers and writes
``benchmarks/results/summary.json``. ``benchmarks/drift.py`` is run too when it
exists (its ``main() -> int``). Nothing is asserted about speed: the exit status
is non-zero only when a benchmark itself fails.

    python benchmarks/run_all.py            # everything
    python benchmarks/run_all.py --quick    # fewer repetitions, a smoke run
    python benchmarks/run_all.py --only replay_overhead scale
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RESULTS = HERE / "results"
BUDGET_S = 600


@dataclass(frozen=True)
class Bench:
    """One benchmark module with ``main(argv) -> int``, its arguments, and how long it may take."""

    name: str
    args: tuple[str, ...] = ()
    quick: tuple[str, ...] = ()
    timeout_s: int = 300
    takes_argv: bool = True


BENCHES = (
    Bench("replay_overhead", args=("--alternations", "10", "--checkout-alternations", "5"),
          quick=("--alternations", "1", "--checkout-alternations", "1")),
    Bench("model_path", quick=("--latency", "0.2", "--replays", "2")),
    Bench("observation", args=("--reps", "3"), quick=("--reps", "1")),
    Bench("scale", quick=("--reps", "1", "--lookup-reps", "1", "--no-suite"), timeout_s=600),
    Bench("profile_replay", args=("--reps", "5", "--phase-reps", "3", "--span-alternations", "2"),
          quick=("--reps", "2", "--phase-reps", "2", "--span-alternations", "1")),
    Bench("drift", timeout_s=420, takes_argv=False),  # written separately; run when present
    Bench("frameworks", quick=("--no-by-hand",), timeout_s=600),
    Bench("traps", quick=("--only", "reseeded_table,dialog_message,consent_scope"), timeout_s=600),
    Bench("upgrade", quick=("--apps", "swagger-ui"), timeout_s=540),  # a package: benchmarks/upgrade/
)


def command(bench: Bench, quick: bool) -> list[str]:
    """``python -c`` that imports the module from benchmarks/ and exits with its ``main()``."""
    args = list(bench.quick if quick else bench.args)
    call = f"mod.main({args!r})" if bench.takes_argv else "mod.main()"
    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); import {bench.name} as mod; "
            f"sys.argv = [mod.__file__, *{args!r}]; raise SystemExit({call})")
    return [sys.executable, "-c", code]


def run(bench: Bench, quick: bool) -> dict[str, Any]:
    """Run one benchmark with its output going straight to the terminal."""
    print(f"\n{'=' * 30} {bench.name} {'=' * 30}", flush=True)
    began = time.perf_counter()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    try:
        done = subprocess.run(command(bench, quick), cwd=REPO, env=env, timeout=bench.timeout_s)
        status = "ok" if done.returncode == 0 else f"failed (exit {done.returncode})"
    except subprocess.TimeoutExpired:
        status = f"timed out after {bench.timeout_s} s"
    return {"name": bench.name, "status": status, "seconds": round(time.perf_counter() - began, 1),
            "headline": headline(bench.name, began)}


def headline(name: str, since: float) -> dict[str, Any]:
    """The headline numbers a benchmark wrote in this run (none if its result file is older)."""
    path = RESULTS / f"{name}.json"
    started_wall = time.time() - (time.perf_counter() - since)
    if not path.exists() or path.stat().st_mtime < started_wall:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return {}
    found = data.get("headline", {}) if isinstance(data, dict) else {}
    return found if isinstance(found, dict) else {}


def summary(rows: list[dict[str, Any]], total: float) -> None:
    sys.path.insert(0, str(HERE))
    from benchlib import print_table

    print_table("Summary", ["benchmark", "status", "seconds", "headline"],
                [[r["name"], r["status"], r["seconds"], "; ".join(f"{k}: {v}" for k, v in r["headline"].items()) or "-"]
                 for r in rows])
    verdict = "within" if total <= BUDGET_S else "OVER"
    print(f"\ntotal: {total:.1f} s ({verdict} the {BUDGET_S // 60}-minute budget); results in {RESULTS.relative_to(REPO)}/")


def main(argv: list[str] | None = None) -> int:
    """Run the selected benchmarks and print the summary; non-zero if any failed."""
    parser = argparse.ArgumentParser(description="Run the pytest-lumen benchmarks.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run, numbers not meaningful)")
    parser.add_argument("--only", nargs="+", metavar="NAME", choices=[b.name for b in BENCHES], help="run only these")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = []
    for bench in BENCHES:
        if args.only and bench.name not in args.only:
            continue
        if not (HERE / f"{bench.name}.py").exists() and not (HERE / bench.name / "__init__.py").exists():
            print(f"\n{bench.name}: benchmarks/{bench.name}.py is not there yet; skipped", flush=True)
            rows.append({"name": bench.name, "status": "skipped (file missing)", "seconds": 0.0, "headline": {}})
            continue
        rows.append(run(bench, args.quick))
    total = time.perf_counter() - began
    summary(rows, total)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "summary.json").write_text(json.dumps({"total_s": round(total, 1), "quick": args.quick, "benchmarks": rows},
                                                     indent=2) + "\n", encoding="utf-8")
    return 0 if all(r["status"].startswith(("ok", "skipped")) for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
