"""What ``make demo`` runs: the example suite, replayed from its committed cache, on three versions of the shop.

1. version 1 (the site the cache was recorded on): every test passes, with zero model calls, on the desktop and on
   a phone (``--device "Pixel 7"``: the cache holds the phone's own recording, its menu button and cart sheet);
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
model calls (on the phone too, with 0 heals: from its own recording), version 2 passed at least ``V2_MIN_PASSED``
tests with 0 model calls, version 3 failed exactly the regression test(s), heal mode made version 2 all green, and
the healed cache replays all green with 0 model calls.

The four replays go at once (version 2 spends most of its time waiting for elements that
are gone). Every run's whole output goes to a ``pytest.log`` in its output folder, the cache
diff to ``test-results/v2-healed-cache.diff``; the screen gets one page (``render``): a table of
the six runs, the expected reds and why, the heals as counts with the heals report's path,
each term explained once, and the checks. Usage: ``python example_suite/run_demo.py [-n WORKERS]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages too

from example_suite.heal_loop import LABEL, CacheDiff, Loop, cache_diff, heal_and_replay  # noqa: E402

CACHE = HERE / ".lumen-cache"
RESULTS = HERE / "test-results"

#: The tests that assert a total with a quantity above 1: the only ones version 3 may fail.
REGRESSION_TESTS = frozenset({"test_checkout.py::test_cart_total_follows_quantities"})
#: How many of the 14 tests the zero-token heal carries through the redesign (version 2): all but the one whose
#: change only a model can follow: a role-less "Apply coupon" that became a button "Apply" (its kind, its words and
#: its place all changed, and it records no effect). Heal mode carries it.
V2_MIN_PASSED = 13

VERSION_TITLES = {1: "original", 2: "redesign", 3: "regression"}
PHONE = "Pixel 7"  # pytest-playwright's device (412x839, touch, mobile) the suite also replays version 1 on
REPLAY, HEAL, HEALED = "replay", "heal mode", "replay of the healed cache"
FIGURE = re.compile(r"^(steps replayed|steps healed|steps failed|identity gate|model calls|tokens|heals report): (.*)$")
WIDTH = 118  # no line the demo prints is longer
MAX_LINES = 60  # what the demo prints, from its first line to its last (tests/unit/test_demo_output.py)


@dataclass
class Run:
    """One pytest run of the suite: a replay of one shop version, or one of the heal loop's two runs on version 2."""

    version: int
    kind: str = REPLAY  # REPLAY, HEAL or HEALED
    outcomes: dict[str, str] = field(default_factory=dict)  # test id -> passed / failed / error / skipped
    failures: dict[str, str] = field(default_factory=dict)  # test id -> its failure message, from the JUnit report
    figures: dict[str, str] = field(default_factory=dict)  # the lumen summary, label -> value
    exit_status: int = 0
    seconds: float = 0.0
    device: str | None = None  # pytest-playwright's --device; None: its default desktop browser (1280x720)

    @property
    def name(self) -> str:
        """The run's folder under ``test-results/``: ``v1``, ``v1-phone``, ``v2``, ``v3``, ``v2-heal``, ``v2-healed-replay``."""
        if self.kind != REPLAY:
            return {HEAL: "v2-heal", HEALED: "v2-healed-replay"}[self.kind]
        return f"v{self.version}" + ("-phone" if self.device else "")

    @property
    def output_dir(self) -> Path:
        return RESULTS / self.name

    @property
    def label(self) -> str:
        name = "v2 healed cache" if self.kind == HEALED else f"v{self.version} {VERSION_TITLES[self.version]}"
        return f"{name}{f' ({self.device})' if self.device else ''}: {HEAL if self.kind == HEAL else REPLAY}"

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

    def detail(self, label: str) -> str:
        """A summary figure's detail (``steps healed: 1 (similarity 1)`` -> ``similarity 1``), "" without one."""
        value = self.figures.get(label, "")
        return value.split(" (", 1)[1].rstrip(")") if " (" in value else ""


def expected_red(run: Run, test: str) -> str:
    """Why ``test`` failing on ``run`` is what the demo expects ("" when it is not)."""
    if run.kind == REPLAY and run.version == 2 and len(run.failed) <= len(run.outcomes) - V2_MIN_PASSED:
        return "expected: a change only a model can follow; heal mode passes it (its row, below)"
    if run.kind == REPLAY and run.version == 3 and test in REGRESSION_TESTS:
        return "expected: the regression this test guards against, caught"
    return ""


# --- running pytest ---------------------------------------------------------------------


def replay_env() -> dict[str, str]:
    """The environment of a replay run: no API key, no CI flag, no inherited pytest options."""
    drop = {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def pytest_command(run: Run, cache_dir: Path, junit: Path, workers: int) -> list[str]:
    """``pytest example_suite --lumen-mode=replay`` on one shop version (on the run's device), against a cache copy."""
    command = [sys.executable, "-m", "pytest", str(HERE.relative_to(ROOT)), "--lumen-mode=replay",
               f"--shop-version={run.version}", f"--lumen-cache-dir={cache_dir}", "-p", "no:cacheprovider",
               f"--output={run.output_dir.relative_to(ROOT)}", f"--junitxml={junit}", "--tb=short", "-q"]
    return command + (["--device", run.device] if run.device else []) + (["-n", str(workers)] if workers > 1 else [])


@dataclass
class Started:
    """A replay run in progress: its process, where its output goes, when it started."""

    run: Run
    proc: subprocess.Popen[str]
    log: Path
    junit: Path
    start: float


def start_suite(run: Run, scratch: Path, workers: int) -> Started:
    """Start replaying the suite as ``run`` says (its shop version, its device) from a fresh copy of the cache; output
    goes to a log file, which starts with the command."""
    cache_dir = scratch / f"cache-{run.name}"
    shutil.copytree(CACHE, cache_dir)
    junit, log = scratch / f"junit-{run.name}.xml", scratch / f"pytest-{run.name}.log"
    command = pytest_command(run, cache_dir, junit, workers)
    with log.open("w", encoding="utf-8") as out:
        out.write("$ python -m pytest " + " ".join(f'"{a}"' if " " in a else a for a in command[3:]) + "\n")
        out.flush()
        proc = subprocess.Popen(command, cwd=ROOT, env=replay_env(), stdout=out, stderr=subprocess.STDOUT, text=True)
    return Started(run, proc, log, junit, time.monotonic())


def wait_all(started: list[Started]) -> dict[str, float]:
    """Wait for every run; returns each run's duration in seconds, by its name."""
    seconds: dict[str, float] = {}
    while len(seconds) < len(started):
        for job in started:
            if job.run.name not in seconds and job.proc.poll() is not None:
                seconds[job.run.name] = time.monotonic() - job.start
        time.sleep(0.2)
    return seconds


def finish_suite(started: Started, seconds: float) -> Run:
    """Read a finished run's results, and keep its log next to its artifacts."""
    run = started.run
    run.seconds, run.exit_status = seconds, started.proc.wait()
    output = started.log.read_text(encoding="utf-8").splitlines()
    run.output_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(started.log, run.output_dir / "pytest.log")
    run.figures = parse_figures(output)
    if started.junit.exists():
        run.outcomes, run.failures = parse_junit(started.junit)
    return run


def loop_runs(loop: Loop) -> list[Run]:
    """The heal loop's two runs (heal mode, then the replay of what it healed) as ``Run``s."""
    runs = []
    for kind, log, status, folder in ((HEAL, loop.heal_log, loop.heal_status, loop.heal_dir),
                                      (HEALED, loop.replay_log, loop.replay_status, loop.replay_dir)):
        run = Run(2, kind, figures=parse_figures(log), exit_status=status)
        if (folder / "junit.xml").exists():
            run.outcomes, run.failures = parse_junit(folder / "junit.xml")
        runs.append(run)
    return runs


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


def parse_junit(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Each test's outcome from the JUnit XML report, and each failed test's failure: its message, then the ``E``
    lines of its traceback (a report written through xdist keeps only the message's first line as the message)."""
    outcomes, failures = {}, {}
    for case in ET.parse(path).getroot().iter("testcase"):
        kinds = {child.tag: child for child in case}
        outcome = next((kind for kind in ("failure", "error", "skipped") if kind in kinds), "passed")
        outcomes[junit_id(case)] = {"failure": "failed"}.get(outcome, outcome)
        if outcome in ("failure", "error"):
            found = kinds[outcome]
            said = [line[1:].strip() for line in (found.text or "").splitlines() if line.startswith("E ")]
            failures[junit_id(case)] = "\n".join([found.get("message") or "", *said]).strip()
    return outcomes, failures


# --- the screen ----------------------------------------------------------------------------


@dataclass
class Report:
    """Everything the demo prints once its runs are done."""

    runs: list[Run]  # v1, v2, v3 replays, then heal mode and the replay of the healed cache
    diff: CacheDiff
    checks: list[tuple[bool, str]]
    seconds: float


def wrap(text: str, indent: str = "  ", first: str = "") -> list[str]:
    """``text`` in lines of at most ``WIDTH`` characters."""
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False)


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def intro() -> list[str]:
    """What the demo does, printed before its runs start."""
    return [
        *wrap("pytest-lumen demo: the example suite (example_suite/: 14 browser tests of a demo shop served on "
              "127.0.0.1, written as sentences) replayed from its committed cache on three versions of the shop, "
              "then healed with a scripted stand-in model. No API key, no network: each run's whole pytest output "
              f"goes to a pytest.log under {shown(RESULTS)}/."),
        "",
        f"Replaying v1 (original) on a desktop and on a phone ({PHONE}), v2 (redesign) and v3 (regression) at once...",
    ]


HEAL_LOOP_LINE = "Healing v2 in heal mode, then replaying the healed cache..."


def table(runs: list[Run]) -> list[str]:
    """One row a run: tests passed, the reds (expected or not), model calls, steps healed."""
    rows = [("run", "passed", "red", "model calls", "steps healed")]
    for run in runs:
        expected = sum(1 for test in run.failed if expected_red(run, test))
        unexpected = len(run.failed) - expected
        red = ", ".join(([f"{expected} expected"] if expected else []) + ([f"{unexpected} UNEXPECTED"] if unexpected else []))
        rows.append((run.label, f"{len(run.passed)}/{len(run.outcomes)}", red or "-", str(run.model_calls),
                     run.figure("steps healed")))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "   ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def terms() -> list[str]:
    """Each word of the table, said once."""
    return [
        *wrap("replay: each step done again from the cache, its Playwright actions as recorded; no model is called. "
              "heal mode (--lumen-mode=heal): replay, with a model for the steps replay cannot heal. "
              f"{PHONE}: a phone (--device), replayed from its own recording in the same cache: taps, the menu button, "
              "the cart's bottom sheet.", first="  "),
        *wrap("model calls: requests to a model; here a scripted stand-in (FakeAnthropic on 127.0.0.1, answering from "
              "example_suite/heal_scripts.json), called only in heal mode.", first="  "),
        *wrap("red: a failed test. An expected red is one the demo's checks count on: v2 may leave one test to a model, "
              "v3 must fail its regression test.", first="  "),
    ]


def reds(runs: list[Run]) -> list[str]:
    """Each failed test: why it is expected (or that it is not), and what failed, in a line or two."""
    lines = []
    for run in runs:
        for test in run.failed:
            why = expected_red(run, test) or f"NOT expected (see {shown(run.output_dir / 'pytest.log')})"
            lines += wrap(f"{run.label}, {test}: {why}.", first="  ", indent="    ")
            said = wrap(condensed(run.failures.get(test, "")), first="    ", indent="    ")
            lines += said if len(said) <= 2 else [*said[:1], said[1][:WIDTH - 4] + " ..."]
    return ["Reds:", *lines] if lines else []


def condensed(message: str) -> str:
    """A failure message in one sentence: its step, and what was expected and found (else its first line)."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if not lines:
        return "(no failure message: see the run's pytest.log)"
    first = re.sub(r"^[\w.]+(Error|Exception): ", "", lines[0]).split("; ")[0]  # the message, without its detail
    step = next((line.removeprefix("step: ") for line in lines if line.startswith("step: ")), "")
    found = next((line for line in lines if line.startswith("expected ") and ", got " in line), first)
    return f"step {step!r}: {found}" if step else found


def heals(runs: list[Run]) -> list[str]:
    """The heals, as counts per run and per level, with the heals report's path."""
    lines = wrap("steps healed: steps whose recorded element no longer fit the page (renamed, moved, covered) and was "
                 "found again, the cache entry rewritten; counted once a step, by the level of its first heal. Replay "
                 "heals with zero tokens: fallback (a recorded fallback locator), similarity (the element most like the "
                 "recorded one), relabel (the same control with new words), unchanged_text (the one element still "
                 "showing a checked text), overlay (a pop-up in the way, closed: v2's sale pop-up comes back on every run); "
                 "heal mode adds model.", first="  ")
    healed = [run for run in runs if run.detail("steps healed") not in ("", "-")]
    width = max((len(run.label) for run in healed), default=0)
    for run in healed:
        lines.append(f"    {run.label:<{width + 2}}{run.figure('steps healed')} ({run.detail('steps healed')})")
    report = next((r.figures["heals report"] for r in runs if r.kind == REPLAY and "heals report" in r.figures), None)
    if report:
        lines.append(f"    every heal of the v2 replay, with a picture of the healed element: {report}")
    return lines


def gate(runs: list[Run]) -> list[str]:
    """The identity gate's figures of the replays, said once."""
    found = [(run, re.match(r"(\d+) actions in one round trip, (\d+) took the full path", run.figures.get("identity gate", "")))
             for run in runs if run.kind == REPLAY]
    counts = "; ".join(f"{run.name.replace('-', ' ')} {m.group(1)} of {int(m.group(1)) + int(m.group(2))}"
                       for run, m in found if m)
    return wrap("identity gate: the check that a cached element is still the recorded one, made within Playwright's own "
                "action in one browser round trip; an action it does not let through takes the full path (the element "
                f"looked up again, and healed where the page changed). Actions through the gate: {counts or '-'}.",
                first="  ")


def diff_lines(diff: CacheDiff, path: Path) -> list[str]:
    """The cache diff a reviewer sees, as a count and the path of the whole diff."""
    if not diff.files:
        return ["  cache diff: none (heal mode healed nothing the replay had not)"]
    return wrap(f"cache diff a reviewer sees (the committed cache against the healed one): {diff.files} files, "
                f"+{diff.added} -{diff.removed} lines, in {shown(path)}", first="  ")


def verdict(checks: list[tuple[bool, str]], seconds: float) -> list[str]:
    """The checks, and the demo's verdict."""
    lines = ["Checks:", *[line for ok, text in checks for line in wrap(f"[{'ok' if ok else 'FAILED'}] {text}", "    ", "  ")]]
    failed = sum(1 for ok, _ in checks if not ok)
    lines.append(f"demo passed: all {len(checks)} checks hold ({seconds:.0f} s)" if not failed
                 else f"demo FAILED: {failed} of {len(checks)} checks do not hold ({seconds:.0f} s)")
    return lines


def render(report: Report) -> list[str]:
    """What the demo prints once its runs are done (``intro`` and ``HEAL_LOOP_LINE`` came before)."""
    return [
        "", *table(report.runs), "", *terms(), "", *reds(report.runs), "",
        *heals(report.runs), *gate(report.runs), *diff_lines(report.diff, RESULTS / "v2-healed-cache.diff"), "",
        *verdict(report.checks, report.seconds),
    ]


# --- the verdict ------------------------------------------------------------------------------


def checks(runs: dict[str, Run]) -> list[tuple[bool, str]]:
    """The demo's exit rule, as (holds, description) pairs."""
    v1, phone, v2, v3 = runs["v1"], runs["v1-phone"], runs["v2"], runs["v3"]
    return [
        (bool(v1.outcomes) and not v1.failed and v1.model_calls == 0,
         f"v1: all {len(v1.outcomes)} tests pass with 0 model calls"),
        (bool(phone.outcomes) and not phone.failed and phone.model_calls == 0 and phone.figure("steps healed") == "0",
         f"v1 on a phone (--device \"{PHONE}\"): all {len(phone.outcomes)} tests pass with 0 model calls and 0 heals"),
        (bool(v2.outcomes) and v2.model_calls == 0 and len(v2.passed) >= V2_MIN_PASSED,
         f"v2: at least {V2_MIN_PASSED} tests pass, healed with 0 model calls (zero-token means only)"),
        (set(v3.failed) == REGRESSION_TESTS and v3.model_calls == 0,
         f"v3: exactly the regression test(s) fail: {', '.join(sorted(REGRESSION_TESTS))}"),
    ]


def loop_checks(loop: Loop, tests: int) -> list[tuple[bool, str]]:
    """The heal loop's exit rule: heal mode makes v2 all green, and its cache replays all green with 0 model calls."""
    passed = lambda log: next((int(m.group(1)) for line in log if (m := re.match(r"^=*\s*(\d+) passed", line))), 0)  # noqa: E731
    replay_calls = parse_figures(loop.replay_log).get("model calls")
    return [
        (loop.heal_status == 0 and passed(loop.heal_log) == tests,
         f"v2 heal mode ({LABEL}): all {tests} tests pass ({loop.model_requests} requests to the stand-in)"),
        (loop.replay_status == 0 and passed(loop.replay_log) == tests and replay_calls == "0",
         f"v2 replay of the healed cache: all {tests} tests pass with 0 model calls"),
    ]


def run_heal_loop(cache_v2: Path) -> tuple[Loop, CacheDiff]:
    """Heal mode on version 2 with the scripted stand-in, a replay of the healed cache, and the diff to review (kept in
    ``v2-healed-cache.diff``; the healed cache in ``v2-healed-cache/``, for benchmarks/cache_lines.py --healed)."""
    loop = heal_and_replay(cache_v2, RESULTS, replay_env())
    kept = RESULTS / "v2-healed-cache"
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(cache_v2, kept, ignore=shutil.ignore_patterns("*.lock"))
    diff = cache_diff(CACHE, cache_v2)
    (RESULTS / "v2-healed-cache.diff").write_text("".join(line + "\n" for line in diff.lines), encoding="utf-8")
    return loop, diff


def main(argv: list[str] | None = None) -> int:
    """Replay on versions 1, 2 and 3, then the heal loop on 2; print one screen (``render``); apply the exit rule."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--workers", type=int, default=None,
                        help="pytest-xdist workers per run (default: 2 for version 2, whose failing steps wait, 1 otherwise)")
    args = parser.parse_args(argv)
    if not CACHE.is_dir():
        print(f"no cache at {CACHE}: record it first (python example_suite/record.py)", file=sys.stderr)
        return 2
    start = time.monotonic()
    replays = [Run(1), Run(1, device=PHONE), Run(2), Run(3)]
    print("\n".join(intro()), flush=True)
    runs: dict[str, Run] = {}
    with tempfile.TemporaryDirectory(prefix="lumen-demo-") as scratch:
        started = [start_suite(run, Path(scratch), args.workers if args.workers is not None else 2 if run.version == 2
                               else 1) for run in replays]
        seconds = wait_all(started)
        for job in started:
            runs[job.run.name] = finish_suite(job, seconds[job.run.name])
        print(HEAL_LOOP_LINE, flush=True)
        loop, diff = run_heal_loop(Path(scratch) / "cache-v2")
    results = checks(runs) + loop_checks(loop, len(runs["v2"].outcomes))
    print("\n".join(render(Report([*runs.values(), *loop_runs(loop)], diff, results, time.monotonic() - start))))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
