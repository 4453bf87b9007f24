"""Frameworks: one recorded TodoMVC test replayed on apps nobody tuned the plugin for.

The frameworks suite (tests/frameworks/) implements the TodoMVC spec five times, the way five
frameworks render it in a browser: vanilla (classic jQuery-era markup), React (generated class
names, handlers on the root, a checkbox hidden in its label), Vue (scoped data-v attributes,
TransitionGroup, router-link classes), Angular (custom-element hosts, _ngcontent attributes,
aria-labels) and Lit (web components in open shadow roots); plus cosmetic drifts of the vanilla
app (must still pass) and regressions (must fail, where a user sees the bug).

The test (add two todos, check the count, mark one done, filter with the hash router, check the
list, delete a todo with its hover-only × button, check the count) is recorded once on vanilla
through the plugin's record path (the real SDK against the loopback fake model), then replayed in
replay mode on every variant in one pytest session on four xdist workers (``WORKERS``): zero model calls.
Each page logs which element
every click, keystroke and typed value reached (``data-truth`` hooks the plugin never reads), so an
action on a wrong element is seen, not guessed. As a control, the same flow is also done by hand
(plain Playwright through those hooks, in this process while the replay's workers run): every implementation and
drift must pass it, every regression must fail it at its own step.

Per variant: replayed green or red, the step it failed at and the first line of its error, the
actions on a wrong element. Headline: framework pass rate, cosmetic pass rate, regressions caught
(and caught at their own step), wrong-element actions, model calls.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import time
from dataclasses import asdict
from typing import Any

import benchlib as B

from tests.frameworks import harness as H
from tests.frameworks.pages import VARIANTS

KINDS = ("framework", "cosmetic", "regression")
WORKERS = 4  # pytest-xdist workers replaying the variants: a regression's run mostly waits on its action timeout


def summarize(run: H.SuiteRun, by_hand: dict[str, H.ByHand] | None) -> dict[str, Any]:
    """The figures of the headline and the JSON."""
    results = list(run.results.values())
    kind = {k: [r for r in results if r.kind == k] for k in KINDS}
    regressions = kind["regression"]
    return {
        "frameworks_passed": sum(r.passed for r in kind["framework"]),
        "frameworks_total": len(kind["framework"]),
        "frameworks_pass_rate": (round(sum(r.passed for r in kind["framework"]) / len(kind["framework"]), 3)
                                 if kind["framework"] else None),
        "cosmetic_passed": sum(r.passed for r in kind["cosmetic"]),
        "cosmetic_total": len(kind["cosmetic"]),
        "regressions_caught": sum(not r.passed for r in regressions),
        "regressions_caught_at_their_step": sum(not r.passed and r.failed_at in r.fails_at for r in regressions),
        "regressions_total": len(regressions),
        "wrong_element_actions": sum(len(r.wrong) for r in results),
        "variants_with_wrong_element": sorted(r.name for r in results if r.wrong),
        "repeated_actions": sum(r.repeats for r in results),
        "model_calls": run.model_calls,
        "fake_model_requests": run.fake_requests,
        "goals_missed": H.goals(run),
        "by_hand_problems": H.by_hand_problems(by_hand) if by_hand is not None else None,
    }


def headline(s: dict[str, Any]) -> dict[str, str]:
    """The numbers ``run_all.py`` shows."""
    rate = "-" if s["frameworks_pass_rate"] is None else f"{s['frameworks_pass_rate']:.0%}"
    return {
        "frameworks green": f"{s['frameworks_passed']}/{s['frameworks_total']} ({rate}, goal >= {H.FRAMEWORK_GOAL:.0%})",
        "cosmetic green": f"{s['cosmetic_passed']}/{s['cosmetic_total']}",
        "regressions caught (at their own step)": f"{s['regressions_caught']}/{s['regressions_total']} "
                                                  f"({s['regressions_caught_at_their_step']}/{s['regressions_total']})",
        "wrong-element actions": str(s["wrong_element_actions"]),
        "model calls": str(s["model_calls"]),
    }


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def print_tables(run: H.SuiteRun, by_hand: dict[str, H.ByHand] | None, s: dict[str, Any]) -> None:
    rows = []
    for r in run.results.values():
        if r.passed:
            outcome, step, reason = "passed", "", ""
        else:
            own = r.kind != "regression" or r.failed_at in r.fails_at
            outcome = "failed" if own else "failed (other step)"
            step, reason = H.step_label(r.failed_at), r.first_line
        hand = "-"
        if by_hand is not None and r.name in by_hand:
            found = by_hand[r.name]
            hand = "passed" if found.failed_at is None else f"failed at {found.failed_at}"
        rows.append([r.name, r.kind, outcome, _short(step, 32), _short(reason, 110), len(r.wrong), hand])
    B.print_table("Frameworks: the TodoMVC test recorded on vanilla, replayed on every variant (replay mode)",
                  ["variant", "kind", "replay", "failed at step", "reason (first line)", "wrong element", "by hand"], rows)
    wrong = {r.name: r.wrong for r in run.results.values() if r.wrong}
    if wrong:
        print("actions on a wrong element: " + "; ".join(f"{k}: {', '.join(v)}" for k, v in wrong.items()))
    B.print_table("Headline", ["figure", "value"], [[k, v] for k, v in headline(s).items()])
    if s["goals_missed"]:
        print("goals missed:\n- " + "\n- ".join(_short(g, 400) for g in s["goals_missed"]))
    if s["by_hand_problems"]:
        print("THE INSTRUMENT IS OFF (pages that do not behave as their kind says):\n- " + "\n- ".join(s["by_hand_problems"]))


def main(argv: list[str] | None = None) -> int:
    """Record on vanilla, replay every variant, print the tables, write results/frameworks.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated variant names (default: all)")
    parser.add_argument("--no-by-hand", action="store_true", help="skip the control run of the flow by hand")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] if args.only else list(H.ALL_VARIANTS)
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        parser.error(f"unknown variants: {unknown}; known: {', '.join(H.ALL_VARIANTS)}")
    started = time.perf_counter()
    with B.temp_root("lumen-bench-frameworks-") as root:
        began = time.perf_counter()
        recorded = H.record_once(root / "record")
        record_s = time.perf_counter() - began
        print(f"recorded on vanilla in {record_s:.1f} s; replaying {len(names)} variants", flush=True)
        # The replay's xdist workers are processes of their own (WORKERS > 0): the control by hand runs in this
        # process meanwhile, as the replay's regressions mostly wait on their action timeout.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            replayed = pool.submit(H.run_suite, root / "replay", recorded, names, workers=WORKERS)
            by_hand = None
            if not args.no_by_hand:
                with B.browser() as chromium:
                    by_hand = H.check_by_hand(chromium, names)
            run = replayed.result()
    s = summarize(run, by_hand)
    print_tables(run, by_hand, s)
    B.write_result("frameworks", {
        "headline": headline(s),
        "action_timeout_s": H.ACTION_TIMEOUT,
        "flow": [{"step": i, "method": m, "instruction": text} for i, (m, text, _) in enumerate(H.FLOW)],
        "summary": s,
        "variants": {name: {"kind": VARIANTS[name].kind, "summary": VARIANTS[name].summary,
                            "fails_at": list(VARIANTS[name].fails_at)} for name in names},
        "runs": [{**{k: v for k, v in asdict(r).items() if k != "failure"}, "first_line": r.first_line,
                  "failed_step": H.step_label(r.failed_at) if not r.passed else None} for r in run.results.values()],
        "by_hand": {name: asdict(found) for name, found in by_hand.items()} if by_hand is not None else None,
        "record_s": round(record_s, 1),
        "replay_s": run.seconds,
        "seconds": round(time.perf_counter() - started, 1),
    })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
