"""Shared pieces of the benchmarks: the demo app and its flow, a browser, plugin objects, tables, results.

Every benchmark is a script with ``main() -> int``; they import this module from
the same folder. Nothing here talks to anything but 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
APP_DIR = HERE / "app"
RESULTS = HERE / "results"

if str(REPO) not in sys.path:  # the package is installed editable; this keeps a bare checkout working too
    sys.path.insert(1, str(REPO))

from pytest_lumen.agent import Agent  # noqa: E402
from pytest_lumen.browser import choose_browser  # noqa: E402
from pytest_lumen.cache import CacheFile  # noqa: E402
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings  # noqa: E402
from pytest_lumen.context import TestContext  # noqa: E402
from pytest_lumen.page import engines  # noqa: E402
from pytest_lumen.run.session import LumenSession  # noqa: E402
from pytest_lumen.testing.fake_anthropic import FakeAnthropic, first_user_text  # noqa: E402
from tests.support import servers  # noqa: E402

# --- the demo flow: 3 pages, 5 steps, 13 cached actions -----------------------------------

USER, PASSWORD = "alice", "s3cret-bench-pw"
VARIABLES = {"user": USER, "pw": PASSWORD}
START_PAGE = "/index.html"


@dataclass(frozen=True)
class FlowStep:
    """One ``agent.run``/``agent.expect`` call of the demo test."""

    kind: str  # "run" or "expect"
    instruction: str
    variables: dict[str, str]


FLOW: tuple[FlowStep, ...] = (
    FlowStep("run", "log in as %user% with password %pw%", VARIABLES),
    FlowStep("expect", "the product list is shown", {}),
    FlowStep("run", "show in-stock mugs and open the blue mug", {}),
    FlowStep("run", "order 2 blue mugs with gift wrap and the note 'leave at the door'", {}),
    FlowStep("expect", "the order is saved", {}),
)

# What the fake model answers for each step (targets by role + name, see fake_anthropic.py).
FLOW_SCRIPT: list[dict[str, Any]] = [
    {"match": "log in as %user%", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%pw%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
        {"tool": "done", "input": {"summary": "signed in"}}]},
    {"match": "the product list is shown", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Products"}, "input": {"text": "Products"}},
        {"tool": "done"}]},
    {"match": "show in-stock mugs", "actions": [
        {"tool": "fill", "target": {"role": "searchbox", "name": "Search"}, "input": {"value": "mug"}},
        {"tool": "check", "target": {"role": "checkbox", "name": "In stock only"}, "input": {"checked": True}},
        {"tool": "click", "target": {"role": "link", "name": "Edit Blue mug"}},
        {"tool": "done"}]},
    {"match": "order 2 blue mugs", "actions": [
        {"tool": "fill", "target": {"role": "spinbutton", "name": "Quantity"}, "input": {"value": "2"}},
        {"tool": "select_option", "target": {"role": "combobox", "name": "Colour"}, "input": {"value": "Blue"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Note"}, "input": {"value": "leave at the door"}},
        {"tool": "check", "target": {"role": "checkbox", "name": "Gift wrap"}, "input": {"checked": True}},
        {"tool": "click", "target": {"role": "button", "name": "Save"}},
        {"tool": "done"}]},
    {"match": "the order is saved", "actions": [
        {"tool": "expect_text", "target": {"role": "status"}, "input": {"text": "Saved 2 x Blue mug"}},
        {"tool": "done"}]},
]

NODEID = "benchmarks/test_demo.py::test_order_flow"


# --- serving pages on 127.0.0.1 -------------------------------------------------------------


serve = servers.serve  # the files under a folder on 127.0.0.1 (any free port); yields the base URL


# --- a browser ----------------------------------------------------------------------------------


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    """A headless Chromium (Playwright's own, else the system one, as the plugin chooses).

    Its Playwright has the identity gate registered, as the ``agent`` fixture does. It is the process's one
    Playwright (``tests/support/driver``), which the in-process inner sessions a benchmark runs share: sync
    Playwright allows one per thread.
    """
    from tests.support import driver

    choice = choose_browser()
    if choice is None:
        raise SystemExit("no Chromium found: run `make browser` first")
    pw = driver.shared()
    if not engines.register(pw.selectors):
        raise SystemExit("could not register pytest-lumen's selector engines")
    chromium = pw.chromium.launch(headless=True, executable_path=choice.for_run(headless=True))
    try:
        yield chromium
    finally:
        chromium.close()


class PlainChromium:
    """A headless Chromium of a Playwright that has none of pytest-lumen's selector engines, as a hand-written suite
    runs: the baseline of a timing. Playwright sends every registered engine to each document a query runs in, which
    a page of the engines' Playwright pays whatever its test does (about 1.4 ms, and 5.5 ms while a script of ours was
    not ASCII: ``page/scripts.ascii_only``). Sync Playwright allows one per thread, so this one lives in a thread of its
    own; ``call(fn)`` runs ``fn(chromium)`` there and returns what it returns (its objects are used in that thread only).
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[Callable[[Any], Any] | None] = queue.Queue()
        self._results: queue.Queue[tuple[bool, Any]] = queue.Queue()
        self._thread = threading.Thread(target=self._serve, name="plain-chromium", daemon=True)

    def __enter__(self) -> PlainChromium:
        self._thread.start()
        self.call(lambda chromium: None)  # launched (or the reason it could not be, raised here)
        return self

    def __exit__(self, *exc: object) -> None:
        self._jobs.put(None)
        self._thread.join()

    def call(self, fn: Callable[[Any], Any]) -> Any:
        """``fn(chromium)``, run in the browser's thread."""
        self._jobs.put(fn)
        ok, value = self._results.get()
        if not ok:
            raise value
        return value

    def _serve(self) -> None:
        from playwright.sync_api import sync_playwright

        stopping = False
        try:
            choice = choose_browser()
            if choice is None:
                raise SystemExit("no Chromium found: run `make browser` first")
            with sync_playwright() as pw:
                chromium = pw.chromium.launch(headless=True, executable_path=choice.for_run(headless=True))
                while (job := self._jobs.get()) is not None:
                    try:
                        self._results.put((True, job(chromium)))
                    except BaseException as exc:  # handed to the caller's thread
                        self._results.put((False, exc))
                stopping = True
                chromium.close()
        except BaseException as exc:
            if stopping:
                return  # told to stop: what the browser's closing raised has no one to go to
            self._results.put((False, exc))
            while self._jobs.get() is not None:
                self._results.put((False, exc))


# --- plugin objects, built as the fixtures build them ------------------------------------------


def settings(mode: Mode, root: Path, **overrides: Any) -> Settings:
    """Settings as ``pytest`` would resolve them with the defaults, rooted at ``root``."""
    return Settings(mode=mode, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL, **overrides)


def new_state(session: LumenSession, nodeid: str = NODEID) -> TestContext:
    """A test's context, as ``LumenSession.context_for`` builds it for a pytest item."""
    test_file, name = nodeid.split("::")
    return session.new_context(nodeid, session.store.path_for(test_file, name), session.settings.rootdir / "test-results" / name)


def new_session(mode: Mode, root: Path, **overrides: Any) -> LumenSession:
    """The run-wide plugin object for a pretend pytest run rooted at ``root``."""
    return LumenSession(settings(mode, root, **overrides))


def planner_factory(fake_url: str, **options: Any) -> Callable[[], Any]:
    """The real SDK planner, pointed at the loopback fake (never the real API); ``options`` go to ``AnthropicPlanner``."""
    def make() -> Any:
        import anthropic

        from pytest_lumen.planner.anthropic_planner import AnthropicPlanner

        client = anthropic.Anthropic(base_url=fake_url, api_key="sk-bench-not-a-real-key", max_retries=0)
        return AnthropicPlanner(DEFAULT_MODEL, client=client, **options)
    return make


def no_planner() -> Any:
    """The planner of a replay-only run: it must never be asked for."""
    raise AssertionError("replay asked for the model")


def run_steps(agent: Agent, steps: Sequence[FlowStep]) -> None:
    """Carry out the steps with the agent."""
    for step in steps:
        if step.kind == "run":
            agent.run(step.instruction, variables=step.variables or None)
        else:
            agent.expect(step.instruction, variables=step.variables or None)


def record(page: Any, start_url: str, root: Path, fake: FakeAnthropic, steps: Sequence[FlowStep] = FLOW,
           nodeid: str = NODEID, planner: Callable[[], Any] | None = None) -> tuple[CacheFile, float]:
    """Record ``steps`` through the model path into ``root/.lumen-cache``; returns the cache and the seconds."""
    session = new_session(Mode.RECORD, root)
    state = new_state(session, nodeid)
    page.goto(start_url)
    started = time.perf_counter()
    run_steps(Agent(page, state, planner or planner_factory(fake.url)), steps)
    session.finish(state, passed=True)
    elapsed = time.perf_counter() - started
    cache = session.store.load(state.cache.path)
    if cache is None:
        raise RuntimeError("recording wrote no cache file")
    return cache, elapsed


def replay(page: Any, session: LumenSession, steps: Sequence[FlowStep] = FLOW, nodeid: str = NODEID) -> TestContext:
    """One replayed test: a fresh state and agent, the steps, and the plugin's end-of-test work."""
    state = new_state(session, nodeid)
    run_steps(Agent(page, state, no_planner, identity_gate=True), steps)
    session.finish(state, passed=True)
    if state.figures.model_calls:
        raise RuntimeError(f"replay made {state.figures.model_calls} model calls")
    return state


def arrived(page: Any, path: str, waits: bool) -> None:
    """When ``waits``: wait, as replay does after an action whose recorded effect is a navigation
    (``replay/effects.verify_effect``), for the page at ``path`` to have loaded its document (DOMContentLoaded: its
    scripts have run, its handlers are there). A hand-written flow with it does the same waiting as replay, no more."""
    if waits:
        page.wait_for_url(lambda url: urlsplit(url).path == path, timeout=5000, wait_until="domcontentloaded")


@contextlib.contextmanager
def temp_root(prefix: str) -> Iterator[Path]:
    """A throw-away project root."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        yield Path(tmp)


# --- requests kept by the fake ----------------------------------------------------------------


def request_chars(body: dict[str, Any]) -> int:
    """Characters of what the model reads: system prompt, messages and tool definitions, as JSON."""
    return sum(len(json.dumps(body[k], ensure_ascii=False)) for k in ("system", "messages", "tools") if k in body)


def step_of(body: dict[str, Any]) -> str:
    """The step a request belongs to: the first line of its first user message."""
    return first_user_text(body).split("\n", 1)[0]


# --- generated large pages -------------------------------------------------------------------


def big_table_html(rows: int = 2500) -> str:
    """A page with a search box over a ``rows``-row, 4-column data table."""
    body = "\n".join(
        f"<tr><td>Row {i}</td><td>SKU-{i:05d}</td><td>{(i * 37) % 1000}</td><td>{'in stock' if i % 3 else 'sold out'}</td></tr>"
        for i in range(1, rows + 1))
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Inventory</title></head><body><main>"
            "<h1>Inventory</h1><label for='q'>Search</label> <input id='q' type='search'>"
            "<table><thead><tr><th>Item</th><th>SKU</th><th>Price</th><th>State</th></tr></thead><tbody>"
            f"{body}</tbody></table></main></body></html>")


def many_controls_html(controls: int = 1000) -> str:
    """A form with ``controls`` interactive controls: text fields, checkboxes, selects, buttons, links."""
    parts = []
    for i in range(controls):
        kind = i % 5
        if kind == 0:
            parts.append(f"<label for='f{i}'>Field {i}</label><input id='f{i}'>")
        elif kind == 1:
            parts.append(f"<label><input type='checkbox'> Option {i}</label>")
        elif kind == 2:
            parts.append(f"<label for='s{i}'>Choice {i}</label><select id='s{i}'><option>A</option><option>B</option></select>")
        elif kind == 3:
            parts.append(f"<button type='button'>Action {i}</button>")
        else:
            parts.append(f"<a href='#item-{i}'>Link {i}</a>")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Settings</title></head><body><main>"
            "<h1>Settings</h1><form>" + "\n".join(f"<div>{p}</div>" for p in parts) + "</form></main></body></html>")


# --- numbers, tables, results ---------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


MIN_ALTERNATIONS = 5  # a headline ratio is the median of at least this many alternations


@dataclass(frozen=True)
class Alternated:
    """The seconds of a baseline ``a`` and a variant ``b`` timed in alternations: each alternation runs ``a, b, b, a``
    (the next ``b, a, a, b``), so that a drift in the machine's load within it hits both sides alike."""

    a: list[float]
    b: list[float]

    @property
    def blocks(self) -> list[tuple[list[float], list[float]]]:
        """Each alternation's two ``a`` and two ``b`` seconds."""
        return [(self.a[i:i + 2], self.b[i:i + 2]) for i in range(0, len(self.a), 2)]

    @property
    def ratios(self) -> list[float]:
        """Each alternation's ratio: its two ``b`` over its two ``a``."""
        return [sum(b) / sum(a) for a, b in self.blocks]

    @property
    def enough(self) -> bool:
        """Whether there are enough alternations for a headline (``--quick`` runs fewer)."""
        return len(self.blocks) >= MIN_ALTERNATIONS

    @property
    def ratio(self) -> float:
        """The headline: the median of the alternations' ratios."""
        return median(self.ratios)

    @property
    def extra_s(self) -> float:
        """The median over alternations of what ``b`` took more than ``a`` (seconds, per run)."""
        return median([(sum(b) - sum(a)) / 2 for a, b in self.blocks])


def alternate(a: Callable[[], float], b: Callable[[], float], alternations: int) -> Alternated:
    """Time ``a`` and ``b`` (each returns the seconds of one run) in ``alternations`` ABBA blocks, after a warm-up of
    each (first-use costs are not what is measured). A headline takes at least ``MIN_ALTERNATIONS`` (``enough``)."""
    a(), b()
    ta: list[float] = []
    tb: list[float] = []
    for k in range(alternations):
        for side in ((a, b, b, a) if k % 2 == 0 else (b, a, a, b)):
            (ta if side is a else tb).append(side())
    return Alternated(ta, tb)


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A plain-text table, right-aligned numbers."""
    cells = [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(str(h)), *(len(r[i]) for r in cells)) if cells else len(str(h)) for i, h in enumerate(headers)]
    line = "+-" + "-+-".join("-" * w for w in widths) + "-+"
    print(f"\n{title}")
    print(line)
    print("| " + " | ".join(str(h).ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print(line)
    for row in cells:
        print("| " + " | ".join(c.rjust(w) if _numeric(c) else c.ljust(w) for c, w in zip(row, widths, strict=False)) + " |")
    print(line, flush=True)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _numeric(text: str) -> bool:
    return text.replace(",", "").replace(".", "", 1).replace("-", "", 1).replace("x", "").strip().isdigit()


def environment() -> dict[str, Any]:
    """Where the numbers were measured."""
    import playwright

    choice = choose_browser()
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "playwright": getattr(playwright, "__version__", "?"),
        "browser": choice.label if choice else None,
    }


def write_result(name: str, data: dict[str, Any]) -> Path:
    """Write ``benchmarks/results/<name>.json`` (with the environment) and return its path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    payload = {"benchmark": name, "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "environment": environment(), **data}
    path.write_text(json.dumps(payload, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    print(f"\nresults: {path.relative_to(REPO)}", flush=True)
    return path
