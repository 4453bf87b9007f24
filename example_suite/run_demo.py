"""What ``make demo`` runs: the example suite, replayed from its committed cache, on three versions of the shop.

1. version 1 (the site the cache was recorded on): every test passes, with zero model calls;
2. version 2 (a redesign): replay mode heals what it can with zero-token means (fallback
   locators, element similarity, overlay dismissal) and still makes zero model calls; a
   step it cannot heal fails and names the remedy (``--lumen-mode=heal`` with a model);
3. version 3 (a real regression: the cart total ignores quantities): the test that
   asserts the total goes red, as it must.

Every run replays from a temporary copy of ``.lumen-cache/`` (healing rewrites cache
files, and the demo must never touch the committed ones) and without ``ANTHROPIC_API_KEY``.
Artifacts go to ``example_suite/test-results/v<N>/``. Then the whole loop on version 2
(``heal_loop.py``): heal mode with the scripted stand-in model (``FakeAnthropic`` on 127.0.0.1,
answering from ``heal_scripts.json``: no API key, no network), a replay of the healed cache, and
the cache diff a reviewer would see. Exit status 0 only when version 1 is all green with 0
model calls, version 2 passed at least ``V2_MIN_PASSED`` tests with 0 model calls, version 3
failed exactly the regression test(s), heal mode made version 2 all green, and the healed
cache replays all green with 0 model calls.

The three runs go at once (version 2 spends most of its time waiting for elements that
are gone), each run's full output is kept in ``test-results/v<N>/pytest.log``, and the
essentials are printed in order. Usage: ``python example_suite/run_demo.py [-n WORKERS]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages too

from example_suite.heal_loop import LABEL, cache_diff, heal_and_replay  # noqa: E402

CACHE = HERE / ".lumen-cache"
RESULTS = HERE / "test-results"

#: The tests that assert a total with a quantity above 1: the only ones version 3 may fail.
REGRESSION_TESTS = frozenset({"test_checkout.py::test_cart_total_follows_quantities"})
#: How many of the 14 tests the zero-token heal carries through the redesign (version 2): all but the one whose
#: change only a model can follow: a role-less "Apply coupon" that became a button "Apply" (its kind, its words and
#: its place all changed, and it records no effect). Heal mode carries it.
V2_MIN_PASSED = 13

VERSION_TITLES = {1: "original", 2: "redesign", 3: "regression"}
RESULT_LINE = re.compile(r"^=*\s*\d+ (passed|failed|error)")
FIGURE = re.compile(r"^(steps replayed|steps healed|steps failed|model calls|tokens|heals report): (.*)$")


@dataclass
class Run:
    """One replay of the suite on one shop version."""

    version: int
    outcomes: dict[str, str] = field(default_factory=dict)  # test id -> passed / failed / error / skipped
    figures: dict[str, str] = field(default_factory=dict)  # the lumen summary, label -> value
    exit_status: int = 0
    seconds: float = 0.0

    @property
    def output_dir(self) -> Path:
        return RESULTS / f"v{self.version}"

    @property
    def passed(self) -> list[str]:
        return sorted(t for t, o in self.outcomes.items() if o == "passed")

    @property
    def failed(self) -> list[str]:
        return sorted(t for t, o in self.outcomes.items() if o != "passed")

    @property
    def model_calls(self) -> int:
        """Model calls from the lumen summary; -1 when the summary is missing (never a silent 0)."""
        value = self.figures.get("model calls", "")
        return int(value) if value.isdigit() else -1

    def figure(self, label: str) -> str:
        """A summary figure without its detail (``steps healed: 1 (similarity 1)`` -> ``1``)."""
        return self.figures.get(label, "?").split(" (")[0]


# --- running pytest ---------------------------------------------------------------------


def replay_env() -> dict[str, str]:
    """The environment of a replay run: no API key, no CI flag, no inherited pytest options."""
    drop = {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def pytest_command(version: int, cache_dir: Path, junit: Path, workers: int) -> list[str]:
    """``pytest example_suite --lumen-mode=replay`` on one shop version, against a cache copy."""
    command = [sys.executable, "-m", "pytest", str(HERE.relative_to(ROOT)), "--lumen-mode=replay",
               f"--shop-version={version}", f"--lumen-cache-dir={cache_dir}", "-p", "no:cacheprovider",
               f"--output={(RESULTS / f'v{version}').relative_to(ROOT)}", f"--junitxml={junit}", "--tb=line", "-q"]
    return command + (["-n", str(workers)] if workers > 1 else [])


@dataclass
class Started:
    """A replay run in progress: its process, where its output goes, when it started."""

    version: int
    proc: subprocess.Popen[str]
    log: Path
    junit: Path
    start: float


def start_suite(version: int, scratch: Path, workers: int) -> Started:
    """Start replaying the suite on ``version`` from a fresh copy of the cache; output goes to a log file."""
    cache_dir = scratch / f"cache-v{version}"
    shutil.copytree(CACHE, cache_dir)
    junit, log = scratch / f"junit-v{version}.xml", scratch / f"pytest-v{version}.log"
    command = pytest_command(version, cache_dir, junit, workers)
    print(f"v{version} ({VERSION_TITLES[version]}): pytest " + " ".join(command[4:]), flush=True)
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=replay_env(), stdout=out, stderr=subprocess.STDOUT, text=True)
    return Started(version, proc, log, junit, time.monotonic())


def wait_all(started: list[Started]) -> dict[int, float]:
    """Wait for every run; returns each version's duration in seconds."""
    seconds: dict[int, float] = {}
    while len(seconds) < len(started):
        for job in started:
            if job.version not in seconds and job.proc.poll() is not None:
                seconds[job.version] = time.monotonic() - job.start
        time.sleep(0.2)
    return seconds


def finish_suite(started: Started, seconds: float) -> tuple[Run, list[str]]:
    """Read a finished run's results, and keep its log next to its artifacts."""
    run = Run(started.version, seconds=seconds, exit_status=started.proc.wait())
    output = started.log.read_text(encoding="utf-8").splitlines()
    run.output_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(started.log, run.output_dir / "pytest.log")
    run.figures = parse_figures(output)
    run.outcomes = parse_junit(started.junit) if started.junit.exists() else {}
    return run, output


def print_run(run: Run, output: list[str], errors: bool) -> None:
    """The essentials of a run's output: failures (with their messages when ``errors``), the lumen section, the result."""
    print(f"\n{'=' * 25} shop version {run.version} ({VERSION_TITLES[run.version]}): "
          f"{run.seconds:.0f}s, exit status {run.exit_status} {'=' * 25}")
    in_lumen = in_error = False
    for line in output:
        if re.match(r"^=+ lumen =+$", line):
            in_lumen = True
        elif line.startswith("=") or RESULT_LINE.match(line):
            in_lumen = False
        in_error = errors and (line.startswith("E ") or (in_error and line.startswith("  ")))
        if in_lumen or in_error or line.startswith("FAILED "):
            print("  " + line)
    print("  " + (output[-1] if output else "(no output)"))
    print(f"  full output: {(run.output_dir / 'pytest.log').relative_to(ROOT)}")


def parse_figures(lines: list[str]) -> dict[str, str]:
    """The ``lumen`` summary section's figures (``model calls: 0`` -> {"model calls": "0"})."""
    figures = {}
    for line in lines:
        match = FIGURE.match(line.strip())
        if match:
            figures[match.group(1)] = match.group(2).strip()
    return figures


def junit_id(case: ET.Element) -> str:
    """``test_checkout.py::test_x`` from a JUnit ``testcase`` (the browser parameter dropped)."""
    path = case.get("classname", "").replace(".", "/") + ".py"
    return f"{path}::{case.get('name', '').removesuffix('[chromium]')}"


def parse_junit(path: Path) -> dict[str, str]:
    """Each test's outcome from the JUnit XML report."""
    outcomes = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        kinds = {child.tag for child in case}
        outcome = "failed" if "failure" in kinds else "error" if "error" in kinds else \
                  "skipped" if "skipped" in kinds else "passed"
        outcomes[junit_id(case)] = outcome
    return outcomes


# --- the heal analysis (from each test's lumen_events.jsonl) ------------------------------


def events_of(run: Run, test: str) -> list[dict[str, Any]]:
    """The test's ``lumen_events.jsonl`` (its folder is named as pytest-playwright slugs node ids)."""
    from slugify import slugify  # pytest-playwright's own dependency

    path = run.output_dir / slugify(f"{test}[chromium]") / "lumen_events.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def heal_lines(run: Run, test: str) -> list[str]:
    """One line per heal attempt of the test: the step, the action, the outcome and why."""
    events = events_of(run, test)
    steps = {e["step"]: e["instruction"] for e in events if e["type"] == "lifecycle.start"}
    lines = []
    for e in events:
        if e["type"] == "heal.end":
            verdict = f"healed [{e.get('level')}] -> {e.get('after')}" if e["ok"] else f"NOT healed: {e.get('detail')}"
            lines.append(f"step {steps.get(e['step'], e['step'])!r}, action {e['action'] + 1} "
                         f"({e.get('before')}): {verdict}")
    errors = [e for e in events if e["type"] == "error"]
    if errors and not any(e["type"] == "heal.end" and not e["ok"] for e in events):
        e = errors[-1]
        lines.append(f"step {steps.get(e['step'], e['step'])!r}: {e.get('reason')}: {e.get('message')}")
    return lines


def heal_levels(run: Run, test: str) -> Counter[str]:
    """How many actions of the test healed at each zero-token level."""
    return Counter(str(e.get("level")).split(":")[0] for e in events_of(run, test) if e["type"] == "heal.end" and e["ok"])


def print_heal_analysis(run: Run) -> None:
    """Which tests healed with zero tokens, and which need ``--lumen-mode=heal`` with a model (and why)."""
    print(f"\nVersion {run.version}: what the zero-token cascade did")
    for test in run.passed:
        levels = heal_levels(run, test)
        how = ", ".join(f"{n} by {lvl}" for lvl, n in sorted(levels.items())) or "nothing to heal"
        print(f"  passed  {test}: {how}")
    for test in run.failed:
        print(f"  failed  {test}: needs --lumen-mode=heal with a model (or a re-record)")
        for line in heal_lines(run, test):
            print(f"            {line}")


# --- the verdict ------------------------------------------------------------------------------


def checks(runs: dict[int, Run]) -> list[tuple[bool, str]]:
    """The demo's exit rule, as (holds, description) pairs."""
    v1, v2, v3 = runs[1], runs[2], runs[3]
    return [
        (bool(v1.outcomes) and not v1.failed and v1.model_calls == 0,
         f"v1: all {len(v1.outcomes)} tests pass with 0 model calls"),
        (bool(v2.outcomes) and v2.model_calls == 0 and len(v2.passed) >= V2_MIN_PASSED,
         f"v2: at least {V2_MIN_PASSED} tests pass, healed with 0 model calls (zero-token means only)"),
        (set(v3.failed) == REGRESSION_TESTS and v3.model_calls == 0,
         f"v3: exactly the regression test(s) fail: {', '.join(sorted(REGRESSION_TESTS))}"),
    ]


def print_table(runs: dict[int, Run], total: float) -> None:
    """The final table: per version passed/failed, steps replayed/healed, model calls, artifacts."""
    print(f"\n{'=' * 30} demo summary {'=' * 30}")
    header = f"{'shop version':<16}{'passed':>7}{'failed':>7}{'replayed':>10}{'healed':>8}{'model calls':>13}{'time':>8}"
    print(header)
    for v, run in runs.items():
        print(f"{f'{v} ({VERSION_TITLES[v]})':<16}{len(run.passed):>7}{len(run.failed):>7}{run.figure('steps replayed'):>10}"
              f"{run.figure('steps healed'):>8}{run.model_calls:>13}{run.seconds:>7.0f}s")
    for v, run in runs.items():
        report = run.figures.get("heals report")
        print(f"artifacts v{v}: {run.output_dir.relative_to(ROOT)}/ (<test>/lumen_events.jsonl, pytest.log"
              + (f", heals report {report}" if report else "") + ")")
        if run.failed:
            failed = ", ".join(run.failed) if len(run.failed) <= 3 else f"{len(run.failed)} tests (listed above)"
            print(f"  red on v{v}: " + failed)
    print(f"total time: {total:.0f}s")


def show_heal_loop(cache_v2: Path, tests: int) -> list[tuple[bool, str]]:
    """Heal mode on version 2 with the scripted stand-in, a replay of the healed cache, and the diff to review."""
    print(f"\nVersion 2 in heal mode, with the {LABEL}:")
    loop = heal_and_replay(cache_v2, RESULTS, replay_env())
    heal_figures, replay_figures = parse_figures(loop.heal_log), parse_figures(loop.replay_log)
    for title, log, figures in (("heal mode", loop.heal_log, heal_figures), ("replay of the healed cache", loop.replay_log,
                                                                            replay_figures)):
        summary = next((line for line in reversed(log) if RESULT_LINE.match(line)), "(no result line)")
        print(f"  {title}: {summary.strip('= ')}; model calls {figures.get('model calls', '?')}, "
              f"steps healed {figures.get('steps healed', '?')}")
    kept = RESULTS / "v2-healed-cache"  # for benchmarks/cache_lines.py --healed
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(cache_v2, kept, ignore=shutil.ignore_patterns("*.lock"))
    print("\nThe cache diff a reviewer sees (committed cache -> healed cache):")
    for line in cache_diff(CACHE, cache_v2):
        print("  " + line)
    passed = lambda log: next((int(m.group(1)) for line in log if (m := re.match(r"^=*\s*(\d+) passed", line))), 0)  # noqa: E731
    return [
        (loop.heal_status == 0 and passed(loop.heal_log) == tests,
         f"v2 heal mode ({LABEL}): all {tests} tests pass ({loop.model_requests} requests to the stand-in)"),
        (loop.replay_status == 0 and passed(loop.replay_log) == tests and replay_figures.get("model calls") == "0",
         f"v2 replay of the healed cache: all {tests} tests pass with 0 model calls"),
    ]


def main(argv: list[str] | None = None) -> int:
    """Replay on versions 1, 2 and 3, print the analysis and the table, apply the exit rule."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--workers", type=int, default=None,
                        help="pytest-xdist workers per run (default: 2 for version 2, whose failing steps wait, 1 otherwise)")
    args = parser.parse_args(argv)
    if not CACHE.is_dir():
        print(f"no cache at {CACHE}: record it first (python example_suite/record.py)", file=sys.stderr)
        return 2
    start = time.monotonic()
    workers = {1: 1, 2: 2, 3: 1} if args.workers is None else dict.fromkeys((1, 2, 3), args.workers)
    print("Replaying the example suite on the three shop versions at once (no API key, --lumen-mode=replay):")
    runs: dict[int, Run] = {}
    with tempfile.TemporaryDirectory(prefix="lumen-demo-") as scratch:
        started = [start_suite(v, Path(scratch), workers[v]) for v in (1, 2, 3)]
        seconds = wait_all(started)
        for job in started:
            run, output = finish_suite(job, seconds[job.version])
            runs[run.version] = run
            print_run(run, output, errors=run.version != 2)
        print_heal_analysis(runs[2])
        loop_checks = show_heal_loop(Path(scratch) / "cache-v2", len(runs[2].outcomes))
    print_table(runs, time.monotonic() - start)
    results = checks(runs) + loop_checks
    print("\nchecks:")
    for ok, text in results:
        print(f"  [{'ok' if ok else 'FAILED'}] {text}")
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
