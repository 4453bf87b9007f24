"""Traps: heals that never act before they know, measured on trap pairs modelled on real releases of admin apps.

The trap suite (tests/traps/) writes a user's tests of three ordinary apps (a React-admin app on MUI, a Rails app
on Bootstrap, a music app on styled-components), one test per trap class: a re-seeded table, a confirm() rewired
to the bulk delete, an option value reused by another category, a consent banner whose Accept became Accept all,
Remove next to Delete, a look-alike icon button in the same row, a modal that asks a question on load, a button a
feature flag removed beside a collapsed section, a section shipped collapsed, a row's POST rewired to delete, an
error toast instead of a navigation, a login page instead of a navigation, a submit that gained scope, and Confirm
and Delete in custom modals. Each test is recorded once on its original app through the record path (the real SDK
against the loopback fake model), then replayed in replay mode on the **trap** (a release on which the recorded
step would act wrongly: it must go red at that step, with no wrong action sent to the app) and on its **twin** (a
harmless release of the same kind: it must heal green with zero tokens), on four xdist workers.

The apps log every mutation (API calls, form posts) and every client effect (a toggle opened, a dialog answered,
a consent given, beacons from the pages' scripts), so a wrong action is an entry of the app's log that the
variant's expected log does not hold, counted, not guessed. The same tests done by hand (plain Playwright, knowing
the page) on the original and the twin, and each trap's bait taken by hand (it must do harm or fail), are the
control that the pages are what they say.

Per pair: the trap red? at its step? its wrong actions; the twin green? (the first line of each failure).
Headline: trap tests red, trap tests red at their step, trap wrong actions, trap twins green (goal >= 90%),
model calls (0).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict
from typing import Any

import benchlib as B

from tests.traps import harness as H
from tests.traps.pages import PAIRS

WORKERS = 4  # pytest-xdist workers replaying the pairs: a trap's run mostly waits on its action timeout
TWIN_GOAL = 0.9  # the share of the twins that must heal green


def summarize(run: H.Run) -> dict[str, Any]:
    """The figures of the headline and the JSON."""
    traps = [r for r in run.outcomes.values() if r.variant == "trap"]
    twins = [r for r in run.outcomes.values() if r.variant == "twin"]
    green = sum(r.passed for r in twins)
    return {
        "pairs": len(traps),
        "traps_red": sum(not r.passed for r in traps),
        "traps_red_at_their_step": sum(r.at_step for r in traps),
        "traps_at_their_step_not_naming_the_cause": sorted(r.pair for r in traps if r.at_step and not r.names_cause),
        "trap_wrong_actions": sum(len(r.wrong) for r in traps),
        "traps_with_wrong_actions": sorted(r.pair for r in traps if r.wrong),
        "twins_green": green,
        "twins_total": len(twins),
        "twins_green_rate": round(green / len(twins), 3) if twins else None,
        "twin_wrong_actions": sum(len(r.wrong) for r in twins),
        "model_calls": run.model_calls,
        "fake_model_requests": run.fake_requests,
        "instrument_problems": H.instrument_problems(run),
        "goals_missed": H.goals(run),
    }


def headline(s: dict[str, Any]) -> dict[str, str]:
    """The numbers ``run_all.py`` shows."""
    rate = "-" if s["twins_green_rate"] is None else f"{s['twins_green_rate']:.0%}"
    return {
        "trap tests red": f"{s['traps_red']}/{s['pairs']}",
        "trap tests red at their step": f"{s['traps_red_at_their_step']}/{s['pairs']}",
        "trap wrong actions": str(s["trap_wrong_actions"]),
        "trap twins green": f"{s['twins_green']}/{s['twins_total']} ({rate}, goal >= {TWIN_GOAL:.0%})",
        "model calls": str(s["model_calls"]),
    }


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def print_tables(run: H.Run, s: dict[str, Any]) -> None:
    rows = []
    for pair in PAIRS:
        trap, twin = run.outcomes.get((pair.name, "trap")), run.outcomes.get((pair.name, "twin"))
        if trap is None or twin is None:
            continue
        step = "no" if not trap.at_step else "yes" if trap.names_cause else f"yes, not naming {pair.trap_names!r}"
        rows.append([pair.title, "green" if trap.passed else "red", step,
                     len(trap.wrong), _short(trap.first_line, 90), "green" if twin.passed else "red",
                     _short(twin.first_line, 90) + (f" (wrong: {len(twin.wrong)})" if twin.wrong else "")])
    B.print_table("Traps: each test recorded on its original app, replayed on the trap and its twin (replay mode)",
                  ["pair", "trap", "at its step", "wrong actions", "trap failure (first line)", "twin",
                   "twin failure (first line)"], rows)
    wrong = {f"{r.pair} ({r.variant})": r.wrong for r in run.outcomes.values() if r.wrong}
    if wrong:
        print("wrong actions sent to the app:\n- " + "\n- ".join(f"{k}: {'; '.join(v)}" for k, v in wrong.items()))
    B.print_table("Headline", ["figure", "value"], [[k, v] for k, v in headline(s).items()])
    if s["instrument_problems"]:
        print("THE INSTRUMENT IS OFF (pages that do not behave as their pair says):\n- "
              + "\n- ".join(s["instrument_problems"]))


def main(argv: list[str] | None = None) -> int:
    """Record every pair on its original app, replay the traps and twins, print the tables, write results/traps.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated pair names (default: all)")
    parser.add_argument("--workers", type=int, default=WORKERS, help="pytest-xdist workers for the replay (0: none)")
    args = parser.parse_args(argv)
    try:
        pairs = H.pairs_named(n for n in args.only.split(",") if n) if args.only else list(PAIRS)
    except ValueError as exc:
        parser.error(str(exc))
    started = time.perf_counter()
    with B.temp_root("lumen-bench-traps-") as root:
        began = time.perf_counter()
        H.record_once(root / "record", pairs)
        record_s = time.perf_counter() - began
        print(f"recorded {len(pairs)} tests on their original apps in {record_s:.1f} s; replaying traps and twins",
              flush=True)
        run = H.replay(root / "replay", root / "record", pairs, workers=args.workers)
    s = summarize(run)
    print_tables(run, s)
    B.write_result("traps", {
        "headline": headline(s),
        "action_timeout_s": H.ACTION_TIMEOUT,
        "summary": s,
        "pairs": {pair.name: {"title": pair.title, "trap_step": pair.trap_step, "trap": pair.trap.summary,
                              "twin": pair.twin.summary} for pair in pairs},
        "runs": [{**{k: v for k, v in asdict(r).items() if k != "failure"}, "at_step": r.at_step,
                  "first_line": r.first_line} for r in run.outcomes.values()],
        "controls": [{"kind": r.kind, "pair": r.pair, "variant": r.variant, "passed": r.passed, "log": r.log,
                      "wrong": r.wrong, "errors": r.errors} for r in (*run.by_hand.values(), *run.baits.values())],
        "record_s": round(record_s, 1),
        "replay_s": run.seconds,
        "seconds": round(time.perf_counter() - started, 1),
    })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
