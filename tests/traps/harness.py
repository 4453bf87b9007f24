"""The trap suite's inner project, its recording, its replays and their judge.

The inner project is what a user has: one test per trap class (``pages.PAIRS``, in ``test_releases.py``), a conftest
and an ini. Its conftest starts the app (``app.py``, copied in as ``trap_app.py``) on 127.0.0.1 for each test, seeded
from the site of the test's pair and variant (``sites/<pair>/<variant>``, the variant being the test's parameter),
and after the test writes what the app logged, and the page's script errors, to
``logs/<kind>-<pair>-<variant>.json``, once what the page's scripts sent has come (a condition, not a sleep). The
project is recorded once with ``--lumen-record`` on the original sites (the real SDK against the loopback fake
model), then replayed in replay mode on the traps and the twins (``TRAP_VARIANTS``), the outcomes read from a JUnit
report. Two controls run in the same session, without the plugin's agent: each test done by hand on the original
and the twin (``test_by_hand.py``, ``HAND_VARIANTS``: it must pass, logging the test's work and nothing else), and
each trap's bait taken by hand (``test_bait.py``, ``BAIT_VARIANTS``: it must do harm or fail, or the trap is not
armed).

The judge, per pair: the trap must fail, at its own step (a pytest-lumen error naming the step's sentence, raised
from the step's line; a failure of the test's own closing check counts as red but not at its step), with no entry
in the app's log that its expected log does not hold (a wrong action); the twin must pass, having done the test's
work (its expected ``done`` entries) and nothing else. No replay may call the model.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support import inner as shared

from . import app as trap_app
from .pages import BY_NAME, PAIRS, Pair, missing, wrong_actions

TEST_FILE = "test_releases.py"
VARIANTS_ENV = "TRAP_VARIANTS"
ACTION_TIMEOUT = 3.0  # seconds: a trap fails fast, and a busy machine still records and replays
INNER_TIMEOUT = 600  # seconds for one inner session: generous, a loaded machine is slow
RELEASES = ("trap", "twin")

CONFTEST = '''"""The trap suite's inner conftest: each test's app on 127.0.0.1, its log kept after the test."""

import json
import os
from pathlib import Path

import pytest

from trap_app import App

HERE = Path(__file__).parent
SETTLE = 10.0  # seconds at most for what the page sent to reach the app (milliseconds, but a busy machine is slow)


# Each test file's kind, and the variable that names the variants its tests run on.
KINDS = {"test_by_hand.py": ("hand", "HAND_VARIANTS"), "test_bait.py": ("bait", "BAIT_VARIANTS")}


def kind_of(path):
    """The kind of a test file: the agent's tests, the flows done by hand, or the traps' baits taken by hand."""
    return KINDS.get(path.name, ("agent", "TRAP_VARIANTS"))


def pytest_generate_tests(metafunc):
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", os.environ.get(kind_of(metafunc.definition.path)[1], "original").split(","))


def sent_by(page):
    """How many requests the page's scripts say they sent (beacons, API calls); None when it cannot be asked."""
    for _ in range(2):
        try:
            return int(page.evaluate("() => Number(sessionStorage.getItem('acme.sent') || 0)"))
        except Exception:
            try:
                page.wait_for_load_state(timeout=5000)
            except Exception:
                pass
    return None


@pytest.fixture
def app(request, variant, page):
    """The app of the test's pair and variant, freshly seeded; after the test, what it logged (and the page's
    script errors) in logs/<agent|hand|bait>-<pair>-<variant>.json."""
    pair = request.node.originalname[len("test_"):]
    kind = kind_of(request.node.path)[0]
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    server = App(HERE / "sites" / pair / variant).start()
    yield server
    sent = sent_by(page)
    settled = sent is not None and server.wait_for(lambda: server.received >= sent, SETTLE)
    record = {"log": list(server.log), "errors": errors, "settled": settled, "sent": sent, "received": server.received}
    (HERE / "logs").mkdir(exist_ok=True)
    (HERE / "logs" / f"{kind}-{pair}-{variant}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    server.stop()
'''

TEST_HEADER = '''"""A user's tests of the Acme apps, one per way a release breaks a step (tests/traps/pages.py)."""

import re

from playwright.sync_api import expect
'''
HAND_FILE = "test_by_hand.py"
HAND_HEADER = '''"""The same tests done by hand (plain Playwright, knowing the page): the control that the pages are right."""

import re

from playwright.sync_api import expect
'''


BAIT_FILE = "test_bait.py"
BAIT_HEADER = '''"""What a heal that acts before it knows would do on each trap, done by hand: the trap is armed."""

import re

from playwright.sync_api import expect
'''
FILES = {"agent": TEST_FILE, "hand": HAND_FILE, "bait": BAIT_FILE}


def inner_tests(pairs: Iterable[Pair] = PAIRS) -> str:
    """The inner test file: the header, then each pair's test."""
    return TEST_HEADER + "".join("\n" + pair.test for pair in pairs)


def by_hand_tests(pairs: Iterable[Pair] = PAIRS) -> str:
    """The inner file of the tests done by hand."""
    return HAND_HEADER + "".join("\n" + pair.by_hand for pair in pairs)


def bait_tests(pairs: Iterable[Pair] = PAIRS) -> str:
    """The inner file of the traps' baits, taken by hand."""
    return BAIT_HEADER + "".join("\n" + pair.bait for pair in pairs)


def step_line(pair: Pair, text: str | None = None) -> int:
    """The line of the inner test file where ``pair``'s trap step is called."""
    lines = (text if text is not None else inner_tests()).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def test_{pair.name}("))
    for number in range(start + 1, len(lines)):
        if re.match(r"\s+agent\.(run|expect)\(", lines[number]) and f'("{pair.trap_step}"' in lines[number]:
            return number + 1
    raise ValueError(f"{pair.name}: the trap step {pair.trap_step!r} is not in its test")


def record_script(pairs: Iterable[Pair] = PAIRS) -> list[dict[str, Any]]:
    """The stand-in model's script for every pair: the most specific match first (a sentence that holds another,
    "delete the Green plate and confirm", must not be answered as the shorter one)."""
    entries = [entry for pair in pairs for entry in pair.script]

    def specificity(entry: dict[str, Any]) -> tuple[int, int]:
        needles = [entry["match"]] if isinstance(entry["match"], str) else list(entry["match"])
        return len(needles[0]), len(needles)
    return sorted(entries, key=specificity, reverse=True)


def write_project(root: Path, pairs: Iterable[Pair], variants: Iterable[str]) -> None:
    """The inner project: conftest, the app's module, the test files, the ini and the sites of these variants."""
    root.mkdir(parents=True, exist_ok=True)
    shared.write_inner(root, CONFTEST, TEST_FILE, inner_tests(), ACTION_TIMEOUT)
    (root / HAND_FILE).write_text(by_hand_tests(), encoding="utf-8")
    (root / BAIT_FILE).write_text(bait_tests(), encoding="utf-8")
    (root / "trap_app.py").write_text(Path(trap_app.__file__).read_text(encoding="utf-8"), encoding="utf-8")
    variants = list(variants)
    for pair in pairs:
        for variant in variants:
            shared.write_site(root / "sites" / pair.name / variant, pair.site(variant))


def inner_test_name(pair: Pair) -> str:
    """The inner test of a pair (in both files)."""
    return f"test_{pair.name}"


def cache_file(root: Path, pair: Pair, variant: str) -> Path:
    """Where the cache file of ``pair``'s test for ``variant`` lives under ``root``."""
    return shared.cache_file(root, variant, TEST_FILE, inner_test_name(pair))


@dataclass
class Logged:
    """What the app logged in one inner test, and what says whether to trust it."""

    log: list[str]
    errors: list[str]  # the page's uncaught script errors
    problem: str = ""  # why the log cannot be trusted ('' when it can)


def read_log(root: Path, pair: Pair, variant: str, kind: str = "agent") -> Logged:
    """What the app logged in the variant's test (``kind``: the agent's test, or the one done by ``hand``)."""
    path = root / "logs" / f"{kind}-{pair.name}-{variant}.json"
    if not path.exists():
        return Logged([], [], "no log: the test never got to its app")
    data = json.loads(path.read_text(encoding="utf-8"))
    problem = "" if data["settled"] else (f"the page sent {data['sent']} requests, the app received "
                                          f"{data['received']} (within the conftest's SETTLE)")
    return Logged(list(data["log"]), list(data["errors"]), problem)


def outcomes(junit: Path) -> dict[tuple[str, str, str], str | None]:
    """(kind, pair, variant) -> None when the inner test passed, else its failure text; kind: agent, hand or bait."""
    out: dict[tuple[str, str, str], str | None] = {}
    for case in ET.parse(junit).iter("testcase"):
        test, _, params = case.get("name", "").partition("[")
        variant = "-".join(p for p in params.rstrip("]").split("-") if p != "chromium")
        module = case.get("classname", "").rpartition(".")[2] + ".py"
        kind = next((k for k, file in FILES.items() if file == module), "agent")
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        out[(kind, test.removeprefix("test_"), variant)] = (
            None if problem is None else f"{problem.get('message', '')}\n{problem.text or ''}")
    return out


def model_calls(output: str) -> int | None:
    """The ``model calls: N`` of the plugin's terminal summary."""
    found = re.findall(r"model calls: (\d+)", output)
    return int(found[-1]) if found else None


# --- recording -----------------------------------------------------------------------------------------------------


def recording_problems(root: Path, pairs: Sequence[Pair] = PAIRS) -> list[str]:
    """What is wrong with a recording (empty: it is the one the suite means): each test's cache file written, and
    each original app's log what the pair says the original does (the instrument reads the app right)."""
    problems = []
    for pair in pairs:
        if not cache_file(root, pair, "original").exists():
            problems.append(f"{pair.name}: no cache file")
        logged = read_log(root, pair, "original")
        if logged.problem or logged.errors:
            problems.append(f"{pair.name}: {logged.problem or logged.errors}")
        if sorted(logged.log) != sorted(pair.original_log):
            problems.append(f"{pair.name}: the original logged {logged.log}, expected {list(pair.original_log)}")
    return problems


def record_once(root: Path, pairs: Sequence[Pair] = PAIRS) -> Path:
    """Record every pair's test on its original site under ``root`` (the fake model behind the real SDK); ``root``.

    Raises ``RuntimeError`` when the recording failed or is not the one the suite means.
    """
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    write_project(root, pairs, ("original",))
    with FakeAnthropic() as fake:
        fake.script(record_script(pairs))
        env = shared.clean_env({VARIANTS_ENV: "original", "ANTHROPIC_BASE_URL": fake.url,
                                "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
        tests = [f"{TEST_FILE}::{inner_test_name(pair)}" for pair in pairs]
        result = shared.run_session(("-q", "--lumen-record", *tests), root, env, INNER_TIMEOUT)
        requests = fake.request_count
    if result.returncode != 0:
        raise RuntimeError("recording the originals failed:\n" + result.stdout[-6000:] + result.stderr[-2000:])
    problems = recording_problems(root, pairs)
    if requests < len(pairs) or problems:
        raise RuntimeError(f"unexpected recording ({requests} model requests):\n- " + "\n- ".join(problems))
    return root


# --- replaying and judging -----------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One inner test's run on one variant (the agent's replay, or the control by hand), judged."""

    kind: str  # agent or hand
    pair: str
    variant: str
    passed: bool
    failure: str  # the failure text ('' when passed)
    log: list[str]
    errors: list[str]  # the page's uncaught script errors
    problem: str  # why the log cannot be trusted ('' when it can)
    wrong: list[str]  # entries its expected log does not hold: wrong actions
    missing: list[str]  # the test's work (expected done entries) its log does not show
    named_step: bool  # the failure is pytest-lumen's, naming the trap step's sentence
    at_line: bool  # the failure was raised from the trap step's line of the test
    names_cause: bool  # the failure names what the pair says it must (the question a dialog asked instead)

    @property
    def at_step(self) -> bool:
        """Red at its own step: pytest-lumen failed the trap step itself (not the test's closing check)."""
        return not self.passed and self.named_step and self.at_line

    @property
    def first_line(self) -> str:
        """The failure's first meaningful line."""
        return next((line.strip() for line in self.failure.splitlines() if line.strip()), "")


@dataclass
class Run:
    """The replay of some pairs' releases (and the control by hand) in one inner pytest session."""

    outcomes: dict[tuple[str, str], Outcome]  # (pair, variant) -> the agent's replay
    by_hand: dict[tuple[str, str], Outcome]  # (pair, variant) -> the control by hand
    baits: dict[tuple[str, str], Outcome]  # (pair, "trap") -> the trap's bait taken by hand
    model_calls: int | None  # as the inner run's summary reports them
    fake_requests: int  # requests the fake model received during the replay
    seconds: float
    returncode: int
    output: str = field(repr=False, default="")


LUMEN_ERROR = re.compile(r"pytest_lumen\.errors\.\w+Error")


def judge(kind: str, pair: Pair, variant: str, failure: str | None, logged: Logged, text: str) -> Outcome:
    """A test's outcome on a variant, judged against the pair's expectations (``text``: the agent's test file)."""
    expected = pair.expected(variant)
    report = failure or ""
    named = bool(LUMEN_ERROR.search(report)) and f"step: {pair.trap_step}" in report
    lines = [int(n) for n in re.findall(rf"^{re.escape(TEST_FILE)}:(\d+):", report, flags=re.M)]
    at_line = bool(lines) and lines[0] == step_line(pair, text)
    return Outcome(kind, pair.name, variant, failure is None, report, logged.log, logged.errors, logged.problem,
                   wrong_actions(logged.log, expected), missing(logged.log, expected), named, at_line,
                   pair.trap_names in report)


HAND_VARIANTS = ("original", "twin")  # the control by hand: the test's flow must pass on these, doing its work
BAIT_VARIANTS = ("trap",)  # the control that the traps are armed: the bait by hand must do harm, or fail


def replay(root: Path, recorded: Path | None, pairs: Sequence[Pair], variants: Sequence[str] = RELEASES,
           by_hand: Sequence[str] = HAND_VARIANTS, bait: Sequence[str] = BAIT_VARIANTS, workers: int = 0,
           timeout: float = INNER_TIMEOUT) -> Run:
    """Replay the tests of ``pairs`` recorded under ``recorded`` on ``variants`` in one replay-mode session rooted at
    ``root``, with the same tests done by hand on ``by_hand`` and the traps' baits taken on ``bait`` (``workers``: that
    many pytest-xdist workers, in a process of their own; else in this process). The fake model is reachable (key and
    base URL set), so that a model call would be made, and counted. No ``variants``: the controls alone (``controls``)."""
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    write_project(root, pairs, dict.fromkeys((*variants, *by_hand, *bait)))
    if variants:
        if recorded is None:
            raise ValueError("replaying needs the recording")
        for pair in pairs:
            shared.share_cache(cache_file(recorded, pair, "original"), root, variants, TEST_FILE, inner_test_name(pair))
    spread = ("-n", str(workers), "--dist", "load") if workers else ()
    tests = [f"{TEST_FILE}::{inner_test_name(pair)}" for pair in pairs] if variants else []
    tests += [f"{HAND_FILE}::{inner_test_name(pair)}" for pair in pairs] if by_hand else []
    tests += [f"{BAIT_FILE}::{inner_test_name(pair)}" for pair in pairs] if bait else []
    began = time.perf_counter()
    with FakeAnthropic() as fake:
        env = shared.clean_env({VARIANTS_ENV: ",".join(variants), "HAND_VARIANTS": ",".join(by_hand),
                                "BAIT_VARIANTS": ",".join(bait), "ANTHROPIC_BASE_URL": fake.url,
                                "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
        done: subprocess.CompletedProcess[str] = shared.run_session(
            ("-q", "--lumen-mode=replay", f"--junitxml={root / 'junit.xml'}", *spread, *tests), root, env, timeout)
        requests = fake.request_count
    seconds = time.perf_counter() - began
    junit = root / "junit.xml"
    found = outcomes(junit) if junit.exists() else {}
    text = inner_tests()
    ran: dict[str, dict[tuple[str, str], Outcome]] = {"agent": {}, "hand": {}, "bait": {}}
    for kind, names in (("agent", variants), ("hand", by_hand), ("bait", bait)):
        for pair in pairs:
            for variant in names:
                failure = found.get((kind, pair.name, variant), "?no outcome: the test did not run")
                ran[kind][(pair.name, variant)] = judge(kind, pair, variant, failure,
                                                        read_log(root, pair, variant, kind), text)
    output = done.stdout + done.stderr
    return Run(ran["agent"], ran["hand"], ran["bait"], model_calls(output), requests, round(seconds, 1), done.returncode, output)


def controls(root: Path, pairs: Sequence[Pair] = PAIRS, workers: int = 0, timeout: float = INNER_TIMEOUT,
             by_hand: Sequence[str] = HAND_VARIANTS) -> Run:
    """The controls alone, which need no recording: each test done by hand on ``by_hand`` (the original and the
    twin), each trap's bait taken by hand, in one session rooted at ``root``."""
    return replay(root, None, pairs, (), by_hand=by_hand, workers=workers, timeout=timeout)


TWIN_GOAL = 1.0  # share of the twins that must heal green (the bench's headline asks >= 90%; the suite asks all)


def instrument_problems(run: Run) -> list[str]:
    """What says the suite's instrument is off (empty: it is sound): a test whose log cannot be trusted, a page whose
    script threw under a flow by hand, a flow done by hand that fails or does other than the test's work on the
    original or the twin, or a trap's bait that, taken by hand, neither does harm nor fails (a trap not armed)."""
    controls = (*run.by_hand.values(), *run.baits.values())
    problems = [f"{r.kind} {r.pair}-{r.variant}: {r.problem}" for r in (*run.outcomes.values(), *controls) if r.problem]
    problems += [f"{r.kind} {r.pair}-{r.variant}: the page's script threw {r.errors}" for r in controls if r.errors]
    problems += [f"hand {r.pair}-{r.variant}: the flow by hand fails: {r.first_line[:300]}"
                 for r in run.by_hand.values() if not r.passed]
    problems += [f"hand {r.pair}-{r.variant}: by hand, the app logged {r.log}, not the test's work only"
                 for r in run.by_hand.values() if r.passed and (r.wrong or r.missing)]
    problems += [f"bait {r.pair}: taken by hand, the trap's bait did no harm and the test passed: the trap is not armed"
                 for r in run.baits.values() if r.passed and not r.wrong]
    return problems


def goals(run: Run) -> list[str]:
    """The goals the run misses (empty: all met)."""
    missed = []
    broken = instrument_problems(run)
    if broken:
        missed.append("THE INSTRUMENT IS OFF: " + "; ".join(broken))
    results = list(run.outcomes.values())
    traps = [r for r in results if r.variant == "trap"]
    green = [r.pair for r in traps if r.passed]
    if green:
        missed.append(f"traps that replayed green (each must go red at its step): {green}")
    elsewhere = [f"{r.pair}: {r.first_line[:200]}" for r in traps if not r.passed and not r.at_step]
    if elsewhere:
        missed.append("traps red, but not at their own step (pytest-lumen must fail the step that would act): "
                      + "; ".join(elsewhere))
    unnamed = [f"{r.pair} (must name {BY_NAME[r.pair].trap_names!r})" for r in traps if r.at_step and not r.names_cause]
    if unnamed:
        missed.append("traps red at their step, the failure not naming what it must: " + "; ".join(unnamed))
    wrong = {f"{r.pair}-{r.variant}": r.wrong for r in results if r.wrong}
    if wrong:
        missed.append(f"wrong actions sent to the app: {wrong}")
    twins = [r for r in results if r.variant == "twin"]
    red = [f"{r.pair}: {r.first_line[:200]}" for r in twins if not r.passed]
    if twins and (len(twins) - len(red)) / len(twins) < TWIN_GOAL:
        missed.append(f"twins red ({len(red)}/{len(twins)}; each must heal green): " + "; ".join(red))
    undone = {r.pair: r.missing for r in twins if r.passed and r.missing}
    if undone:
        missed.append(f"twins green without the test's work in the app's log: {undone}")
    if run.outcomes and (run.model_calls != 0 or run.fake_requests != 0):
        missed.append(f"model calls in replay: {run.model_calls} reported, {run.fake_requests} received by the fake")
    return missed


def verdict(outcome: Outcome) -> str:
    """A trap's or a twin's outcome in a few words."""
    if outcome.variant == "trap":
        return "GREEN" if outcome.passed else "red at its step" if outcome.at_step else "red, not at its step"
    return "green" if outcome.passed else "RED"


def table(run: Run) -> str:
    """One line a pair: the trap's and the twin's outcome, for an assertion message."""
    lines = []
    for pair in dict.fromkeys(name for name, _ in run.outcomes):
        parts = [f"  {pair:22}"]
        for variant in RELEASES:
            found = run.outcomes.get((pair, variant))
            if found is not None:
                parts.append(f"{variant} {verdict(found)}" + (f", wrong: {found.wrong}" if found.wrong else "")
                             + (f" | {found.first_line[:160]}" if not found.passed else ""))
        lines.append(" || ".join(parts))
    return "\n".join(lines)


def pairs_named(names: Iterable[str]) -> list[Pair]:
    """The pairs of these names, in the suite's order."""
    wanted = set(names)
    unknown = wanted - set(BY_NAME)
    if unknown:
        raise ValueError(f"unknown pairs: {sorted(unknown)}; known: {', '.join(BY_NAME)}")
    return [pair for pair in PAIRS if pair.name in wanted]
