"""Drift: how a recorded test survives a changed page, for pytest-lumen and two baselines.

The drift suite's test (tests/drift/) is recorded once through the plugin's record path
(the real SDK against the loopback fake model), then replayed against every variant of its
app by three methods, in the same run:

* ``pytest-lumen``: the plugin's ``Replayer`` in replay mode (identity check, zero-token
  heal cascade, effect checks), never a model call;
* ``primary locator``: the cached primary locator only, acted on with Playwright's own
  strictness and actionability, the test's checks asserted on it (a codegen-style script);
* ``coordinates``: a click at the centre of where the element was when recorded (the seed
  design), typing into whatever got the focus, checks read from the element at that point.

The variants are shared out to six processes (``--workers``), each with its own browser: every run
starts from the recorded steps in a fresh plugin session and browser context, whatever process runs
it, and a run mostly waits (on timeouts and page loads), so six side by side overlap their waits on
two cores (the verdicts were the same with four).

Each page logs which element every click and keystroke reached (``data-truth``, invisible
to the plugin), so an action on a wrong element is seen, not guessed. Per method: cosmetic
variants passed with zero tokens, element actions on the right element, on a wrong element,
or not done (not found, ambiguous, disabled), and regressions caught. For pytest-lumen, each heal's
level per variant, and how many of the locators its heals wrote are positional chains (an index,
``:nth-of-type``, a ``>`` chain: ``tests/drift/locators.py``; goal 0).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import queue
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import benchlib as B

from pytest_lumen.cache import Step
from pytest_lumen.cache import model as A
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.config import Mode
from pytest_lumen.errors import LumenAssertionError
from pytest_lumen.page import perform as P
from pytest_lumen.page.checks import run_check
from pytest_lumen.page.targets import bind_target
from pytest_lumen.replay.replayer import ActionFailed, Replayer
from pytest_lumen.templates import substitute
from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.drift.harness import ACTION_TIMEOUT, FLOW, RECORD_SCRIPT, TEST_FILE, TEST_NAME
from tests.drift.locators import positional
from tests.drift.pages import BENIGN_PREFIX, EXPECTED_LOG, ORIGINAL, VARIANTS, Variant, build

NODEID = f"{TEST_FILE}::{TEST_NAME}"
LOG_JS = "() => JSON.parse(localStorage.getItem('drift-log') || '[]')"
METHODS = ("pytest-lumen", "primary locator", "coordinates")
CONTROL = Variant("original", "control", "the recorded app, unchanged")
WORKERS = 6  # processes replaying variants side by side: a run mostly waits (timeouts, page loads), so six overlap on two cores


@dataclass
class ActionResult:
    """What one cached action did on one variant."""

    step: int
    kind: str
    outcome: str  # correct, wrong, not_done, check_passed, check_failed
    detail: str = ""
    heal: str | None = None  # the heal's level (fallback:<kind>, unchanged_text, similarity, relabel)
    healed_to: str | None = None  # the locator the heal wrote
    positional: bool = False  # that locator finds the element by its place (tests/drift/locators.py)


@dataclass
class Run:
    """One method on one variant."""

    variant: str
    kind: str
    method: str
    passed: bool
    actions: list[ActionResult] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, outcome: str) -> int:
        return sum(1 for a in self.actions if a.outcome == outcome)


class Failed(Exception):
    """The replay stopped (as the test would)."""


@dataclass(frozen=True)
class Healed:
    """A heal the plugin made: its level and the locator it wrote into the cache."""

    level: str
    locator: LocatorSpec


# --- the three methods --------------------------------------------------------------------------


class Method:
    """Replays one cached action on a page; raises ``Failed`` when the test would stop."""

    name = ""

    def __init__(self, page: Any, root: Path) -> None:
        self.page = page
        self.root = root

    def act(self, step: int, action: Any, values: dict[str, str]) -> Healed | None:
        """Perform the action; returns the heal when it healed."""
        raise NotImplementedError


class Lumen(Method):
    name = "pytest-lumen"

    def __init__(self, page: Any, root: Path) -> None:
        super().__init__(page, root)
        session = B.new_session(Mode.REPLAY, root, action_timeout=ACTION_TIMEOUT)
        self.replayer = Replayer(page, B.new_state(session, NODEID), gate=True)

    def act(self, step: int, action: Any, values: dict[str, str]) -> Healed | None:
        try:
            one = Step(key=step_key(f"action {step}", []), instruction=f"action {step}", url="/", actions=[action])
            done, heals = self.replayer.replay(step, one, values)
        except ActionFailed as failed:
            raise Failed(failed.error) from None
        return Healed(str(heals[0].level), done[0].target_or_none.locator) if heals else None


class Primary(Method):
    name = "primary locator"

    def act(self, step: int, action: Any, values: dict[str, str]) -> Healed | None:
        target = action.target_or_none
        loc = bind_target(target, values).locator.build(self.page) if target else None
        timeout = ACTION_TIMEOUT * 1000
        try:
            if isinstance(action, A.Expect):
                run_check(self.page, action, loc, values, timeout)
            else:
                P.perform(self.page, action, loc, values, timeout)
        except LumenAssertionError:
            raise
        except Exception as exc:  # Playwright's strictness, timeouts: the script stops
            raise Failed(str(exc).splitlines()[0][:200]) from None
        _settle(self.page)
        return None


class Coordinates(Method):
    name = "coordinates"

    def act(self, step: int, action: Any, values: dict[str, str]) -> Healed | None:
        target = action.target_or_none
        fp = target.fingerprint if target else None
        if fp is None or fp.box is None:
            P.perform(self.page, action, None, values, ACTION_TIMEOUT * 1000)
            return None
        x, y = fp.box.x + fp.box.width / 2, fp.box.y + fp.box.height / 2
        scroll = self.page.evaluate("(y) => { window.scrollTo(0, Math.max(0, y - 300)); return window.scrollY; }", y)
        if isinstance(action, A.Expect):
            self._check(action, fp, x, y - scroll, values)
            return None
        self.page.mouse.click(x, y - scroll)
        if isinstance(action, (A.Fill, A.TypeText)):
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(substitute(getattr(action, "value", None) or action.text, values))
        _settle(self.page)
        return None

    def _check(self, action: A.Expect, fp: Any, x: float, y: float, values: dict[str, str]) -> None:
        text = self.page.evaluate("([x, y]) => { const el = document.elementFromPoint(x, y); "
                                  "return el ? el.textContent : ''; }", [x, y])
        want = substitute(str(action.expected), values) if action.check in ("text", "value") else (fp.name or fp.text or "")
        if want not in " ".join((text or "").split()):
            raise LumenAssertionError(f"the element at the recorded point does not show {want!r}")


def _settle(page: Any) -> None:
    """Give a click's navigation time to start and finish (the baselines have no effect check)."""
    page.wait_for_timeout(100)
    with contextlib.suppress(Exception):  # a page that never loads shows in the next action
        page.wait_for_load_state("load", timeout=3000)


# --- one run -------------------------------------------------------------------------------------


def _log(page: Any) -> list[str]:
    try:
        page.wait_for_load_state("load", timeout=3000)
        return [e for e in page.evaluate(LOG_JS) if not e.startswith(BENIGN_PREFIX)]
    except Exception:  # mid-navigation: read again after the next action
        return []


def _judge(entries: list[str], expected: str) -> tuple[str, str]:
    """Right element (the expected entry, and nothing on another element), wrong element, or not done."""
    real = [e for e in entries if not e.startswith("click:?")]
    element = expected.split(":", 1)[1]
    if any(e.split(":", 1)[1] != element for e in real):  # a click that focuses the field before typing is fine
        return "wrong", ", ".join(real)
    if expected in real:
        return "correct", ""
    return "not_done", "the action reached no element of the page's" if entries else "nothing happened"


def _result(step: int, action: Any, expected: str | None, new_entries: list[str],
            error: BaseException | None = None, heal: Healed | None = None) -> ActionResult:
    """Judge one action: a check by whether it held, an element action by what the page logged meanwhile."""
    healed = {} if heal is None else {"heal": heal.level, "healed_to": heal.locator.describe(),
                                      "positional": positional(heal.locator)}
    if isinstance(action, A.Expect):
        if error is None:
            return ActionResult(step, action.kind, "check_passed", **healed)
        return ActionResult(step, action.kind, "check_failed", str(error).splitlines()[0][:160])
    outcome, detail = _judge(new_entries, expected or "")
    if error is not None:
        why = str(error).splitlines()[0][:300]
        detail = f"right element, then: {why}" if outcome == "correct" else f"{detail}: {why}" if detail else why
    return ActionResult(step, action.kind, outcome, detail, **healed)


def replay_variant(method: Method, variant: str, kind: str, steps: list[Step], url: str) -> Run:
    """Replay the recorded test with one method on one variant, stopping where the test would."""
    page = method.page
    run = Run(variant, kind, method.name, passed=False)
    began = time.perf_counter()
    page.goto(url + "/shop.html")
    expected = iter(EXPECTED_LOG)
    seen = 0
    failed = False
    for index, (step, (_, _, values)) in enumerate(zip(steps, FLOW, strict=False)):
        for action in step.actions:
            wanted = None if isinstance(action, A.Expect) else next(expected)
            error: BaseException | None = None
            heal = None
            try:
                heal = method.act(index, action, values)
            except (LumenAssertionError, Failed) as exc:
                error = exc
            log = _log(page) if wanted is not None else []
            run.actions.append(_result(index, action, wanted, log[seen:], error, heal))
            seen = max(seen, len(log))
            failed = error is not None
            if failed:
                break
        if failed:
            break
    run.passed = not failed and not any(a.outcome in ("wrong", "not_done", "check_failed") for a in run.actions)
    run.seconds = round(time.perf_counter() - began, 2)
    return run


# --- the whole benchmark ---------------------------------------------------------------------------


def record_flow(chromium: Any, root: Path) -> list[Step]:
    """Record the drift test on the original app, through the model path against the fake."""
    site = root / "sites" / "original"
    _write(site, ORIGINAL)
    with B.serve(site) as url, FakeAnthropic() as fake:
        fake.script(RECORD_SCRIPT)
        context = chromium.new_context(viewport={"width": 1280, "height": 720})
        steps = [B.FlowStep(kind, text, variables) for kind, text, variables in FLOW]
        cache, _ = B.record(context.new_page(), url + "/shop.html", root, fake, steps=steps, nodeid=NODEID)
        context.close()
    return cache.steps


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def run_variant(chromium: Any, root: Path, steps: list[Step], variant: Variant) -> list[Run]:
    """Every method on one variant; each run in a fresh browser context on the variant's own server."""
    methods: list[Callable[[Any, Path], Method]] = [Lumen, Primary, Coordinates]
    runs = []
    site = root / "sites" / variant.name
    _write(site, ORIGINAL if variant is CONTROL else build(variant))
    with B.serve(site) as url:
        for make in methods:
            context = chromium.new_context(viewport={"width": 1280, "height": 720})
            method = make(context.new_page(), root)
            runs.append(replay_variant(method, variant.name, variant.kind, steps, url))
            context.close()
    print(f"  {variant.name:34} " + "  ".join(f"{r.method}: {'pass' if r.passed else 'fail'}" for r in runs), flush=True)
    return runs


def _variant(name: str) -> Variant:
    return CONTROL if name == CONTROL.name else VARIANTS[name]


def _worker(root: Path, steps: list[Step], todo: Any) -> list[Run]:
    """One worker process: its own browser, variants taken from the shared queue until it is empty."""
    runs: list[Run] = []
    root.mkdir(parents=True, exist_ok=True)
    with B.browser() as chromium:
        while True:
            try:
                name = todo.get_nowait()
            except queue.Empty:  # the manager's proxy raises the queue's own Empty
                return runs
            runs += run_variant(chromium, root, steps, _variant(name))


def run_all(root: Path, steps: list[Step], variants: list[Variant], workers: int = WORKERS) -> list[Run]:
    """Every method on every variant, the variants shared out to ``workers`` processes (each with one browser).

    A variant's three runs stay in one process, each in a fresh browser context; every run starts from
    the recorded steps alone (a fresh plugin session, nothing learned from another variant). The runs
    come back in the variants' order.
    """
    workers = max(1, min(workers, len(variants)))
    ctx = multiprocessing.get_context("spawn")  # Playwright's driver and a forked child do not mix
    with ctx.Manager() as manager, ctx.Pool(workers) as pool:
        todo = manager.Queue()
        for variant in variants:
            todo.put(variant.name)
        batches = pool.starmap(_worker, [(root / f"worker{i}", steps, todo) for i in range(workers)])
    order = {v.name: i for i, v in enumerate(variants)}
    return sorted((r for batch in batches for r in batch), key=lambda r: (order[r.variant], METHODS.index(r.method)))


def summarize(runs: list[Run]) -> dict[str, dict[str, Any]]:
    """Per method: the figures of the table."""
    out: dict[str, dict[str, Any]] = {}
    for method in METHODS:
        mine = [r for r in runs if r.method == method]
        cosmetic = [r for r in mine if r.kind == "cosmetic"]
        regressions = [r for r in mine if r.kind == "regression"]
        model = [r for r in mine if r.kind == "model"]
        element = [a for r in mine for a in r.actions if a.outcome in ("correct", "wrong", "not_done")]
        written = [(r, a) for r in mine for a in r.actions if a.healed_to and a.outcome in ("correct", "check_passed")]
        out[method] = {
            "cosmetic_passed": sum(r.passed for r in cosmetic),
            "cosmetic_total": len(cosmetic),
            "cosmetic_passed_share": round(sum(r.passed for r in cosmetic) / len(cosmetic), 3) if cosmetic else None,
            "element_actions": len(element),
            "correct": sum(a.outcome == "correct" for a in element),
            "wrong_element": sum(a.outcome == "wrong" for a in element),
            "not_done": sum(a.outcome == "not_done" for a in element),
            "runs_with_wrong_element": sorted({r.variant for r in mine if r.count("wrong")}),
            "regressions_caught": sum(not r.passed for r in regressions),
            "regressions_total": len(regressions),
            "model_needed_passed": sum(r.passed for r in model),
            "model_needed_total": len(model),
            "heal_levels": dict(Counter(a.heal for r in mine for a in r.actions if a.heal)),
            "healed_locators": len(written),
            "positional_heals": sum(a.positional for _, a in written),
            "positional_heal_list": [f"{r.variant} step {a.step + 1} {a.kind} [{a.heal}]: {a.healed_to}"
                                     for r, a in written if a.positional],
        }
    return out


def print_tables(summary: dict[str, dict[str, Any]], runs: list[Run]) -> None:
    rows = []
    for method, s in summary.items():
        heals = f"{s['positional_heals']}/{s['healed_locators']}" if method == "pytest-lumen" else "-"
        rows.append([method, f"{s['cosmetic_passed']}/{s['cosmetic_total']}", f"{s['correct']}/{s['element_actions']}",
                     s["wrong_element"], s["not_done"], f"{s['regressions_caught']}/{s['regressions_total']}", heals])
    B.print_table("Drift: one recorded test against its app's variants (zero model calls for every method)",
                  ["method", "cosmetic passed", "element actions right", "wrong element", "not done", "regressions caught",
                   "positional heals / healed"], rows)
    by_variant: dict[str, dict[str, str]] = {}
    for r in runs:
        cell = "pass" if r.passed else ("WRONG" if r.count("wrong") else "fail")
        levels = Counter(a.heal for a in r.actions if a.heal)
        if levels:
            cell += " (" + ", ".join(f"{k}" + (f" x{n}" if n > 1 else "") for k, n in sorted(levels.items())) + ")"
        by_variant.setdefault(r.variant, {"kind": r.kind})[r.method] = cell
    B.print_table("Per variant", ["variant", "kind", *METHODS],
                  [[name, v["kind"], *(v[m] for m in METHODS)] for name, v in by_variant.items()])
    lumen = summary["pytest-lumen"]
    print("pytest-lumen heal levels: " + (", ".join(f"{k} {v}" for k, v in sorted(lumen["heal_levels"].items())) or "none"))
    print(f"pytest-lumen positional heals (goal 0): {lumen['positional_heals']} of {lumen['healed_locators']} healed locators")
    for line in lumen["positional_heal_list"]:
        print(f"  {line}")


def headline(summary: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The numbers ``run_all.py`` shows: cosmetic variants passed and wrong-element actions, per method; and how
    many of pytest-lumen's healed locators are positional chains (goal 0)."""
    out = {f"{method}: cosmetic passed / wrong element / regressions caught":
           f"{s['cosmetic_passed']}/{s['cosmetic_total']} / {s['wrong_element']} / "
           f"{s['regressions_caught']}/{s['regressions_total']}"
           for method, s in summary.items()}
    lumen = summary["pytest-lumen"]
    out["pytest-lumen: positional heals (goal 0)"] = f"{lumen['positional_heals']} of {lumen['healed_locators']} healed locators"
    return out


def heals_by_variant(runs: list[Run]) -> dict[str, dict[str, Any]]:
    """pytest-lumen's heals per variant: each healed action's level and the locator it wrote."""
    return {r.variant: {"passed": r.passed, "heals": [
        {"step": a.step + 1, "action": a.kind, "level": a.heal, "locator": a.healed_to, "positional": a.positional}
        for a in r.actions if a.heal]} for r in runs if r.method == "pytest-lumen"}


def main(argv: list[str] | None = None) -> int:
    """Record, replay every variant with every method, print the tables, write results/drift.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated variant names (default: all)")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"processes replaying variants (default {WORKERS})")
    args = parser.parse_args(argv)
    chosen = [VARIANTS[n] for n in args.only.split(",")] if args.only else [CONTROL, *VARIANTS.values()]
    started = time.perf_counter()
    with B.temp_root("lumen-bench-drift-") as root:
        with B.browser() as chromium:
            steps = record_flow(chromium, root)
        runs = run_all(root, steps, chosen, args.workers)
    summary = summarize(runs)
    print_tables(summary, runs)
    B.write_result("drift", {
        "headline": headline(summary),
        "action_timeout_s": ACTION_TIMEOUT,
        "workers": args.workers,
        "variants": {v.name: {"kind": v.kind, "summary": v.summary} for v in chosen},
        "summary": summary,
        "heals_by_variant": heals_by_variant(runs),
        "runs": [asdict(r) for r in runs],
        "seconds": round(time.perf_counter() - started, 1),
    })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
