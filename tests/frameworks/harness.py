"""The frameworks suite's inner project: one TodoMVC test, recorded once on vanilla, replayed on every variant.

The inner project is what a user has: a test file, a conftest, an ini and the committed
``.lumen-cache``. Its conftest (shared with tests/drift) serves the variant named by the test's
parameter on its own 127.0.0.1 server and, after the test, writes the page's action log to
``logs/<variant>.json``. The recording is made with ``--lumen-record`` through the real SDK
against the loopback fake model; the replay of every variant is one pytest session in replay
mode (zero model calls), its results read from a JUnit XML report.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support import inner as shared
from tests.support import servers

from .pages import (
    COSMETIC,
    EXPECTED_LOG,
    FRAMEWORKS,
    REGRESSIONS,
    VARIANTS,
    build,
    repeated_actions,
    wrong_actions,
)

TEST_FILE = "test_todos.py"
TEST_NAME = "test_todo_flow"
RECORDED_ON = "vanilla"
VARIANTS_ENV = "FRAMEWORK_VARIANTS"
ACTION_TIMEOUT = 3.0  # seconds: a regression fails fast, and a busy machine still records and replays

# The test's steps: (agent method, instruction, variables).
FLOW: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("run", "add a todo %item%", {"item": "buy milk"}),
    ("run", "add a todo %item%", {"item": "walk the dog"}),
    ("expect", "2 items are left", {}),
    ("run", "mark %item% as done", {"item": "buy milk"}),
    ("run", "show only the active todos", {}),
    ("expect", "the list shows 1 todo", {}),
    ("run", "delete %item%", {"item": "walk the dog"}),
    ("expect", "no items are left", {}),
)

# What the fake model does when the test is recorded on vanilla, targets by role, name and position
# in the snapshot as a model reads them. Vanilla's row checkboxes have no name (their <label> is not
# tied to them), the toggle-all checkbox comes first; "N items left" is an unnamed generic (a <span>).
NEW_TODO = {"role": "textbox", "name": "What needs to be done?"}
RECORD_SCRIPT: list[dict[str, Any]] = [
    {"match": "Step: add a todo %item%", "actions": [
        {"tool": "fill", "target": NEW_TODO, "input": {"value": "%item%"}},
        {"tool": "press", "target": NEW_TODO, "input": {"key": "Enter"}},
        {"tool": "done"}]},
    {"match": "Check: 2 items are left", "actions": [
        {"tool": "expect_text", "target": {"role": "generic", "nth": 10}, "input": {"text": "2 items left"}},
        {"tool": "done"}]},
    {"match": "Step: mark %item% as done", "actions": [
        {"tool": "check", "target": {"role": "checkbox", "nth": 1}, "input": {"checked": True}},
        {"tool": "done"}]},
    {"match": "Step: show only the active todos", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Active"}},
        {"tool": "done"}]},
    {"match": "Check: the list shows 1 todo", "actions": [
        {"tool": "expect_count", "target": {"role": "listitem", "nth": 0}, "input": {"count": 1}},
        {"tool": "done"}]},
    {"match": "Step: delete %item%", "actions": [
        {"tool": "hover", "target": {"role": "listitem", "nth": 0}},
        {"tool": "click", "target": {"role": "button", "name": "\u00d7"}},
        {"tool": "done"}]},
    {"match": "Check: no items are left", "actions": [
        {"tool": "expect_text", "target": {"role": "generic", "nth": 6}, "input": {"text": "0 items left"}},
        {"tool": "done"}]},
]

INNER_CONFTEST = shared.inner_conftest(fixture="app_url", env_var=VARIANTS_ENV)

FIRST_STEP_LINE = 6  # the line of the inner test file that holds the flow's first step
LOG_CHECK = len(FLOW)  # the "step" index of the inner test's final check of the page's log


def inner_test() -> str:
    """The user's test: the flow, then a check of the page's log (the right elements, in order)."""
    lines = [
        "EXPECTED = " + repr(list(EXPECTED_LOG)),
        "",
        "",
        f"def {TEST_NAME}(agent, page, app_url):",
        '    page.goto(app_url + "/")  # the app\'s hash router rewrites the URL to /#/',
    ]
    for method, instruction, variables in FLOW:
        args = f", variables={variables!r}" if variables else ""
        lines.append(f"    agent.{method}({instruction!r}{args})")
    lines += [
        "    log = page.evaluate(\"() => JSON.parse(localStorage.getItem('drift-log') || '[]')\")",
        "    assert log == EXPECTED, f'the page was used through other elements: {log}'",
        "",
    ]
    assert lines[FIRST_STEP_LINE - 1].startswith("    agent."), "FIRST_STEP_LINE is off"
    return "\n".join(lines)


def failed_step(failure: str) -> int | None:
    """The index in ``FLOW`` of the step a failure happened in (``LOG_CHECK``: the final log check), from
    the line of the test file that pytest's traceback points at; None when it cannot be told."""
    lines = re.findall(rf"^{re.escape(TEST_FILE)}:(\d+):", failure, flags=re.M)
    if not lines:
        return None
    index = int(lines[0]) - FIRST_STEP_LINE
    if 0 <= index < len(FLOW):
        return index
    return LOG_CHECK if index in (len(FLOW), len(FLOW) + 1) else None  # reading the log, asserting on it


def step_label(index: int | None) -> str:
    """``3 'mark %item% as done'`` for a step index."""
    if index is None:
        return "?"
    if index == LOG_CHECK:
        return f"{index} (log check)"
    return f"{index} {FLOW[index][1]!r}"


def write_project(root: Path, variants: Iterable[str]) -> None:
    """The inner project: conftest, test file, ini, and the variants' sites."""
    root.mkdir(parents=True, exist_ok=True)
    shared.write_inner(root, INNER_CONFTEST, TEST_FILE, inner_test(), ACTION_TIMEOUT)
    for name in variants:
        shared.write_site(root / "sites" / name, build(VARIANTS[name]))


def cache_file(root: Path, variant: str) -> Path:
    """Where the inner test's cache file for ``variant`` lives under ``root``."""
    return shared.cache_file(root, variant, TEST_FILE, TEST_NAME)


def share_cache(recorded: Path, root: Path, variants: Iterable[str]) -> None:
    """Give each variant's test a copy of the recorded cache file (as if it had been recorded for it)."""
    shared.share_cache(recorded, root, variants, TEST_FILE, TEST_NAME)


def record(root: Path, fake_url: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Record the test on vanilla through the plugin's record path, in a pytest subprocess."""
    write_project(root, [RECORDED_ON])
    return shared.record_inner(root, fake_url, TEST_FILE, {VARIANTS_ENV: RECORDED_ON}, timeout)


def check_recording(cache: Path) -> list[str]:
    """What is wrong with a recording (empty: it is the one the suite means): every step recorded, the
    text checks on the "items left" line, the list check a count of 1 on the todo rows (or on the list
    that holds them, however the plugin stores a count)."""
    data = json.loads(cache.read_text(encoding="utf-8"))
    steps = data["steps"]
    problems = []
    if [s["instruction"] for s in steps] != [instruction for _, instruction, _ in FLOW]:
        problems.append(f"steps recorded: {[s['instruction'] for s in steps]}")
        return problems
    for index, text in ((2, "2 items left"), (7, "0 items left")):
        action = steps[index]["actions"][0]
        fp = action["fingerprint"]
        if action.get("check") != "text" or text not in (fp.get("text") or ""):
            problems.append(f"step {index} checks {action.get('check')} on {fp.get('tag')} {fp.get('text')!r}")
    count = steps[5]["actions"][0]
    fp = count["fingerprint"]
    if count.get("check") != "count" or count.get("expected") != 1 or fp.get("tag") not in ("li", "ul") \
            or "walk the dog" not in (fp.get("text") or ""):  # the step was passed no %item%: the page's own words
        problems.append(f"step 5 checks {count.get('check')} {count.get('expected')} on {fp.get('tag')} {fp.get('text')!r}")
    return problems


def replay(root: Path, variants: Sequence[str], junit: Path, timeout: float = 600,
           extra_env: dict[str, str] | None = None, workers: int = 0) -> subprocess.CompletedProcess[str]:
    """Replay every variant in one pytest session (replay mode), writing a JUnit report; ``workers``: that many
    pytest-xdist workers share the variants out (a process of its own), else the session runs in this process."""
    env = shared.clean_env({VARIANTS_ENV: ",".join(variants), **(extra_env or {})})
    spread = ("-n", str(workers), "--dist", "load") if workers else ()
    return shared.run_session(("-q", "--lumen-mode=replay", f"--junitxml={junit}", *spread, TEST_FILE), root, env,
                              timeout)


read_logs = shared.read_logs
outcomes = shared.outcomes

# --- the whole suite: record once, replay every variant, judge ----------------------------------------

ALL_VARIANTS: tuple[str, ...] = tuple(v.name for v in (*FRAMEWORKS, *COSMETIC, *REGRESSIONS))
FRAMEWORK_GOAL = 0.9  # share of the framework implementations that must replay green


@dataclass
class VariantResult:
    """One variant's replay: its inner test's outcome, and what its page logged."""

    name: str
    kind: str
    summary: str
    passed: bool
    failure: str  # the failure text ('' when passed)
    log: list[str]
    wrong: list[str]  # log entries that are actions on a wrong element
    repeats: int = 0  # the same action again on the element just used (retries)
    failed_at: int | None = None  # the step the test failed in (index in FLOW; LOG_CHECK: the final log check)
    fails_at: tuple[int, ...] = ()  # a regression: the steps where it must fail

    @property
    def first_line(self) -> str:
        """The failure's first meaningful line."""
        for line in self.failure.splitlines():
            if line.strip():
                return line.strip()
        return ""


@dataclass
class SuiteRun:
    """The replay of every variant in one inner pytest session."""

    results: dict[str, VariantResult]
    model_calls: int | None  # as the inner run's summary reports them
    fake_requests: int  # requests the fake model received during the replay
    seconds: float
    returncode: int
    output: str = field(repr=False, default="")


def record_once(root: Path) -> Path:
    """Record the test on vanilla under ``root`` (the fake model behind the real SDK); the cache file.

    Raises ``RuntimeError`` when the recording failed or is not the one the suite means.
    """
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    root.mkdir(parents=True, exist_ok=True)
    with FakeAnthropic() as fake:
        fake.script(RECORD_SCRIPT)
        result = record(root, fake.url)
        requests = fake.request_count
    cache = cache_file(root, RECORDED_ON)
    if result.returncode != 0 or not cache.exists():
        raise RuntimeError("recording on vanilla failed:\n" + result.stdout[-4000:] + result.stderr[-2000:])
    problems = check_recording(cache)
    if requests < len(FLOW) or problems:
        raise RuntimeError(f"unexpected recording ({requests} model requests): {problems}")
    return cache


def model_calls(output: str) -> int | None:
    """The ``model calls: N`` of the plugin's terminal summary."""
    found = re.findall(r"model calls: (\d+)", output)
    return int(found[-1]) if found else None


def run_suite(root: Path, recorded: Path, names: Sequence[str] = ALL_VARIANTS, timeout: float = 600,
              workers: int = 0) -> SuiteRun:
    """Replay the recorded test on every variant in ``names``, in one pytest session rooted at ``root`` (``workers``:
    as ``replay`` shares them out).

    The fake model is reachable (key and base URL set), so that a model call would be made, and counted.
    """
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    write_project(root, names)
    share_cache(recorded, root, names)
    began = time.perf_counter()
    with FakeAnthropic() as fake:
        done = replay(root, names, root / "junit.xml", timeout,
                      {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"}, workers)
        requests = fake.request_count
    seconds = time.perf_counter() - began
    junit = root / "junit.xml"
    found = outcomes(junit) if junit.exists() else {}
    logs = read_logs(root, names)
    results = {}
    for name in names:
        variant = VARIANTS[name]
        failure = found.get(name, "?no outcome: the variant's test did not run")
        log = logs[name]
        results[name] = VariantResult(name, variant.kind, variant.summary, failure is None, failure or "", log,
                                      wrong_actions(log), repeated_actions(log),
                                      None if failure is None else failed_step(failure), variant.fails_at)
    output = done.stdout + done.stderr
    return SuiteRun(results, model_calls(output), requests, round(seconds, 1), done.returncode, output)


def goals(run: SuiteRun) -> list[str]:
    """The suite's goals that the run misses (empty: all met)."""
    by_kind: dict[str, list[VariantResult]] = {}
    for r in run.results.values():
        by_kind.setdefault(r.kind, []).append(r)
    missed = []
    frameworks = by_kind.get("framework", [])
    green = [r for r in frameworks if r.passed]
    if frameworks and len(green) / len(frameworks) < FRAMEWORK_GOAL:
        missed.append(f"frameworks green: {len(green)}/{len(frameworks)} (goal {FRAMEWORK_GOAL:.0%}); red: "
                      + "; ".join(f"{r.name}: {r.first_line[:200]}" for r in frameworks if not r.passed))
    broken = [r for r in by_kind.get("cosmetic", []) if not r.passed]
    if broken:
        missed.append("cosmetic drifts red (all must pass): " + "; ".join(f"{r.name}: {r.first_line[:200]}" for r in broken))
    uncaught = [r.name for r in by_kind.get("regression", []) if r.passed]
    if uncaught:
        missed.append(f"regressions that passed (all must fail): {uncaught}")
    elsewhere = [f"{r.name} failed at step {step_label(r.failed_at)}, not at {list(r.fails_at)}: {r.first_line[:160]}"
                 for r in by_kind.get("regression", []) if not r.passed and r.failed_at not in r.fails_at]
    if elsewhere:
        missed.append("regressions red for another reason than their own: " + "; ".join(elsewhere))
    wrong = {r.name: r.wrong for r in run.results.values() if r.wrong}
    if wrong:
        missed.append(f"actions on a wrong element: {wrong}")
    if run.model_calls != 0 or run.fake_requests != 0:
        missed.append(f"model calls in replay: {run.model_calls} reported, {run.fake_requests} received by the fake")
    return missed


# --- the pages checked without the plugin ---------------------------------------------------------


@dataclass
class ByHand:
    """The flow done by hand on one variant: where it failed (None: it passed), why, and the page's log."""

    failed_at: int | None
    reason: str
    log: list[str]


COUNT_TEXT = re.compile(r"^\s*\d+ items? left!?\s*$")


def drive_by_hand(page: Any, url: str, timeout_ms: float = 3000) -> ByHand:
    """The test's flow as a careful user (or a hand-written Playwright script knowing the page) does it.

    Elements are found by their ``data-truth`` hooks, so this checks the pages, not the plugin: every
    framework and cosmetic variant must pass it, every regression must fail it at one of its own steps.
    A checkbox hidden behind a styled control is clicked where a user clicks (forced, through its label),
    and a row is hovered before its × button is clicked.
    """
    from playwright.sync_api import Error, expect

    truth = lambda name: page.locator(f'[data-truth="{name}"]')  # noqa: E731 - CSS pierces open shadow roots
    count = page.get_by_text(COUNT_TEXT)
    step = 0
    try:
        page.goto(url + "/")
        expect(page).to_have_url(re.compile(r"/#/$"), timeout=timeout_ms)
        for step, item in ((0, "buy milk"), (1, "walk the dog")):  # noqa: B007 - step names the failing step below
            truth("new-todo").fill(item, timeout=timeout_ms)
            truth("new-todo").press("Enter", timeout=timeout_ms)
        step = 2
        expect(count).to_have_text(re.compile(r"^\s*2 items left"), timeout=timeout_ms)
        step = 3
        toggle = truth("toggle:buy milk")
        try:
            toggle.check(timeout=timeout_ms / 2)
        except Error:
            toggle.check(force=True, timeout=timeout_ms / 2)  # covered by its styled control: click where it shows
        expect(toggle).to_be_checked(timeout=timeout_ms)
        step = 4
        truth("filter:active").click(timeout=timeout_ms)
        expect(page).to_have_url(re.compile(r"/#/active$"), timeout=timeout_ms)
        step = 5
        expect(page.locator('[data-truth^="toggle:"]:visible')).to_have_count(1, timeout=timeout_ms)
        step = 6
        truth("toggle:walk the dog").hover(force=True, timeout=timeout_ms)
        truth("destroy:walk the dog").click(timeout=timeout_ms)
        step = 7
        expect(count).to_have_text(re.compile(r"^\s*0 items left"), timeout=timeout_ms)
        step = LOG_CHECK
        log = page.evaluate("() => JSON.parse(localStorage.getItem('drift-log') || '[]')")
        assert log == list(EXPECTED_LOG), f"log {log}"
        return ByHand(None, "", log)
    except (AssertionError, Error) as exc:
        try:
            log = page.evaluate("() => JSON.parse(localStorage.getItem('drift-log') || '[]')")
        except Error:
            log = ["?unreadable log"]
        return ByHand(step, str(exc).strip().splitlines()[0][:300], log)


def check_by_hand(browser: Any, names: Sequence[str] = ALL_VARIANTS, root: Path | None = None) -> dict[str, ByHand]:
    """Every variant driven by hand, each in a fresh browser context on its own 127.0.0.1 server."""
    import tempfile

    out = {}
    with tempfile.TemporaryDirectory(prefix="lumen-frameworks-") as tmp:
        base = root or Path(tmp)
        for name in names:
            folder = base / "sites" / name
            shared.write_site(folder, build(VARIANTS[name]))
            with servers.serve(folder) as url:
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                try:
                    out[name] = drive_by_hand(context.new_page(), url)
                finally:
                    context.close()
    return out


def by_hand_problems(found: dict[str, ByHand]) -> list[str]:
    """Variants whose pages do not behave as their kind says (empty: the instrument is sound)."""
    problems = []
    for name, result in found.items():
        variant = VARIANTS[name]
        if variant.kind == "regression":
            if result.failed_at not in variant.fails_at:
                flow = "passed" if result.failed_at is None else "failed at " + step_label(result.failed_at)
                problems.append(f"{name}: a user should see the bug at step {list(variant.fails_at)}, "
                                f"but the flow {flow}: {result.reason}")
        elif result.failed_at is not None:
            problems.append(f"{name} ({variant.kind}): the flow fails by hand at step {step_label(result.failed_at)}: "
                            f"{result.reason}")
    return problems
