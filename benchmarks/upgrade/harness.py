"""Record an app's tests on its oldest version, replay them on every version and regression, judge the runs.

The inner project is what a team has: the test file, a conftest that starts the app, and the
``.lumen-cache`` recorded on the oldest release through the plugin's record path (the real
``anthropic`` SDK against the loopback fake model). Each test's recording is given to every
variant (a newer version, or the oldest with a regression switched on), and one pytest session
replays them all in replay mode: no model call is expected, and any is counted.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from tests.support import inner as shared

from . import apps as A
from .scripts import SCRIPTS

HERE = Path(__file__).resolve().parent
BENCHMARKS = HERE.parent
INNER_TIMEOUT_S = 900
# How long the stand-in model takes to answer when recording: a model takes seconds (Claude's tool calls, about 1 to 5),
# and an app's own timers run meanwhile (a toast shown for half a second before its page goes to the list); a stand-in
# that answers at once chooses from a page the app is about to leave, which no recording with a model does.
THINKING_S = 1.0


def test_file(app: A.App) -> str:
    return f"test_{app.name.replace('-', '_')}.py"


def test_names(app: A.App) -> list[str]:
    """The suite's test functions, in file order."""
    return re.findall(r"^def (test_\w+)\(", (HERE / app.suite).read_text(encoding="utf-8"), flags=re.M)


def variant_name(version: str, regression: str = "") -> str:
    return f"{version}~{regression}" if regression else version


def write_project(root: Path, app: A.App) -> None:
    """The inner project: conftest, the app's test file, an empty ini (the plugin's defaults)."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "inner_conftest.py", root / "conftest.py")
    shutil.copyfile(HERE / app.suite, root / test_file(app))
    (root / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")


def _env(app: A.App, variants: Sequence[str], extra: dict[str, str]) -> dict[str, str]:
    return shared.clean_env({"UPGRADE_APP": app.name, "UPGRADE_VARIANTS": ",".join(variants),
                             "PYTHONPATH": str(BENCHMARKS), **extra})


@dataclass
class Recording:
    """The cache file recorded for each test on the oldest version."""

    caches: dict[str, Path]
    model_requests: int
    refused: list[str]
    seconds: float
    effects: dict[str, list[str]]  # per test: what the recorded run did to the app (the intended effects)


def _selection(tests: Sequence[str] | None) -> list[str]:
    return ["-k", " or ".join(tests)] if tests else []


def record(root: Path, app: A.App, timeout: float = 300, tests: Sequence[str] | None = None) -> Recording:
    """Record the app's tests (all, or those named) on its oldest version; raises when a test did not record."""
    from example_suite.record import refused_actions
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    A.install(app, app.oldest)
    write_project(root, app)
    began = time.perf_counter()
    with FakeAnthropic(latency=THINKING_S) as fake:
        fake.script(SCRIPTS[app.name])
        env = _env(app, [app.oldest], {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
        done = shared.run_session(("-q", "--lumen-record", *_selection(tests), test_file(app)), root, env, timeout)
        requests = list(fake.requests)
    caches = {name: shared.cache_file(root, app.oldest, test_file(app), name) for name in tests or test_names(app)}
    missing = [name for name, path in caches.items() if not path.exists()]
    if done.returncode != 0 or missing:
        raise RuntimeError(f"recording {app.name} {app.oldest} failed (missing {missing}):\n"
                           + done.stdout[-6000:] + done.stderr[-2000:])
    noted = read_outputs(root)
    return Recording(caches, len(requests), refused_actions(requests), round(time.perf_counter() - began, 1),
                     {test: effects(entry, app.bookkeeping, app.addresses) for (test, _), entry in noted.items()})


@dataclass
class TestRun:
    """One test on one variant."""

    test: str
    variant: str
    passed: bool
    failure: str = ""  # the error's text ('' when passed)
    failed_line: str = ""  # the test file's line it failed at
    heals: Counter[str] = field(default_factory=Counter)
    plain_check_failed: bool = False  # a plain check after a step saw the step reach something else
    unintended: list[str] = field(default_factory=list)  # effects on the app the recorded run never had

    @property
    def wrong_element(self) -> bool:
        """The test acted on another element than intended: the app saw an effect the recording never
        caused (a page opened, an API call made). A plain check that fails without one is a step that
        did nothing it should have (``plain_check_failed``), counted apart."""
        return bool(self.unintended)

    @property
    def version(self) -> str:
        return self.variant.partition("~")[0]

    @property
    def regression(self) -> str:
        return self.variant.partition("~")[2]

    @property
    def message(self) -> str:
        """The error's first lines (the plugin's message), without the traceback."""
        lines = [ln for ln in self.failure.splitlines() if ln.strip()]
        return " | ".join(lines[:6])


@dataclass
class Replay:
    """Every variant of one app replayed in one pytest session."""

    runs: list[TestRun]
    model_requests: int
    seconds: float
    returncode: int
    output: str = field(repr=False, default="")


def _failed_line(failure: str, source: list[str], file: str) -> str:
    found = re.findall(rf"^{re.escape(file)}:(\d+):", failure, flags=re.M)
    if not found:
        return ""
    number = int(found[0])
    return source[number - 1].strip() if 0 < number <= len(source) else ""


def _exception_text(case: ET.Element) -> str:
    problem = case.find("failure")
    if problem is None:
        problem = case.find("error")
    if problem is None:
        return ""
    text = problem.text or ""
    # pytest's short traceback ends with the exception: the lines starting "E   "
    errors = [ln[4:] if ln.startswith("E   ") else ln for ln in text.splitlines() if ln.startswith("E ")]
    return "\n".join(errors) or problem.get("message", "") or text


def _rows(state: dict[str, Any]) -> set[str]:
    """The app's data as rows (its API log aside), each as JSON."""
    return {f"{key} {json.dumps(row, sort_keys=True)}" for key, rows in state.items() if key != "log"
            for row in rows}


def page(url: str, bookkeeping: Sequence[str] = (), addresses: Callable[[str], str] | None = None) -> str:
    """A page the app opened as it is compared across releases: its address as the app's ``addresses`` writes it (when
    it has one), without the query parameters that are the app's ``bookkeeping``, each a name (any value: where a form
    returns to) or a ``name=value`` (that value only: the default page size a release writes out), the rest sorted."""
    url = addresses(url) if addresses is not None else url
    if not bookkeeping:
        return url
    parts = urlsplit(url)
    kept = sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                  if k not in bookkeeping and f"{k}={v}" not in bookkeeping)
    return parts._replace(query=urlencode(kept)).geturl()


def effects(entry: dict[str, Any], bookkeeping: Sequence[str] = (), addresses: Callable[[str], str] | None = None) -> list[str]:
    """What a test did to the app: each page it opened (``page``), each API call the app received, each row
    it added, changed (``+``) or removed (``-``)."""
    state, before = entry.get("state") or {}, entry.get("before") or {}
    calls = [f"{c['method']} {c['path']} {json.dumps(c.get('query') or {}, sort_keys=True)} "
             f"{json.dumps(c.get('body'), sort_keys=True)}" for c in state.get("log", [])]
    after, start = _rows(state), _rows(before)
    return ([f"open {page(url, bookkeeping, addresses)}" for url in entry.get("opened", [])] + calls
            + [f"+{row}" for row in sorted(after - start)] + [f"-{row}" for row in sorted(start - after)])


def created_with(intended: list[str], defaults: dict[str, Any]) -> list[str]:
    """The intended effects, each row the test created (added, none of its table's rows removed for it: not an edit)
    holding the values a release's create form starts with (``App.form_defaults``) instead of the recorded ones: a test
    that sets such a field itself is not measured so."""
    def keyed(effect: str) -> tuple[str, Any, dict[str, Any]] | None:
        table, _, row = effect[1:].partition(" ")
        value = json.loads(row) if row.startswith("{") else None
        return (table, value["id"], value) if isinstance(value, dict) and value.get("id") is not None else None

    if not defaults:
        return intended
    edited = {(k[0], k[1]) for e in intended if e.startswith("-") and (k := keyed(e)) is not None}
    out = []
    for effect in intended:
        k = keyed(effect) if effect.startswith("+") else None
        if k is not None and (k[0], k[1]) not in edited:  # a row without an id is left as recorded: it cannot be told
            effect = f"+{k[0]} {json.dumps({**k[2], **defaults}, sort_keys=True)}"
        out.append(effect)
    return out


def read_outputs(root: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """Per (test, variant): the entry the inner conftest noted, with its heals by level."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for path in (root / "outputs").glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            levels: Counter[str] = Counter()
            events = Path(entry["output"]) / "lumen_events.jsonl"
            if events.exists():
                for event_line in events.read_text(encoding="utf-8").splitlines():
                    event = json.loads(event_line)
                    if event.get("type") == "heal.end" and event.get("ok"):
                        levels[str(event.get("level"))] += 1
            out[(entry["test"], entry["variant"])] = {**entry, "heals": levels}
    return out


def replay(root: Path, app: A.App, recording: Recording, variants: Sequence[str],
           timeout: float = INNER_TIMEOUT_S, workers: int = 0) -> Replay:
    """Replay every test on every variant in one pytest session (replay mode; on ``workers`` xdist workers,
    each variant's tests on one of them, when not 0: a benchmark's own session, never inside an outer -n)."""
    from pytest_lumen.testing.fake_anthropic import FakeAnthropic

    for version in {v.partition("~")[0] for v in variants}:
        A.install(app, version)
    write_project(root, app)
    for name, path in recording.caches.items():
        shared.share_cache(path, root, variants, test_file(app), name)
    shutil.rmtree(root / "outputs", ignore_errors=True)
    junit = root / "junit.xml"
    junit.unlink(missing_ok=True)
    began = time.perf_counter()
    with FakeAnthropic() as fake:
        env = _env(app, variants, {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
        parallel = ["-n", str(workers), "--dist=loadgroup"] if workers else []
        done = shared.run_session(("-q", *parallel, "--lumen-mode=replay", "--tb=short", f"--junitxml={junit}",
                                   *_selection(list(recording.caches)), test_file(app)), root, env, timeout)
        requests = fake.request_count
    seconds = round(time.perf_counter() - began, 1)
    source = (root / test_file(app)).read_text(encoding="utf-8").splitlines()
    noted = read_outputs(root)
    runs = []
    for case in ET.parse(junit).iter("testcase") if junit.exists() else []:
        name, _, params = case.get("name", "").split("@", 1)[0].partition("[")  # "@group": xdist's loadgroup
        variant = "-".join(p for p in params.rstrip("]").split("-") if p != "chromium")
        failure = _exception_text(case)
        problem = case.find("failure") if case.find("failure") is not None else case.find("error")
        line = _failed_line(problem.text or "", source, test_file(app)) if failure and problem is not None else ""
        entry = noted.get((name, variant), {})
        intended = set(created_with(recording.effects.get(name, []), app.form_defaults.get(variant.partition("~")[0], {})))
        runs.append(TestRun(name, variant, not failure, failure, line, entry.get("heals", Counter()),
                            plain_check_failed=bool(failure) and line.startswith("assert "),
                            unintended=[e for e in effects(entry, app.bookkeeping, app.addresses) if e not in intended]))
    return Replay(runs, requests, seconds, done.returncode, done.stdout + done.stderr)


def regression_caught_at_own_step(app: A.App, run: TestRun) -> bool:
    """A regression's test is red, at the step the switch breaks (not before, not at a plain check after it)."""
    return not run.passed and app.regression(run.regression).fails_at in run.failed_line


def all_variants(app: A.App, versions: Sequence[str] | None = None, regressions: bool = True) -> list[str]:
    """Every version, then the oldest with each regression switched on."""
    chosen = list(versions or app.versions)
    return chosen + ([variant_name(app.oldest, r.name) for r in app.regressions] if regressions else [])
