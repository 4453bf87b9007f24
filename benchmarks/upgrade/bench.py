"""Upgrade: each app's tests recorded on its oldest release, replayed on the newer releases and on regressions.

Per app and version: tests green, heals by level (the plugin's own ``heal.end`` events), wrong-element
actions (an effect on the app that the recorded run never had: a page opened, an API call made),
plain checks that failed after a step passed (the step did not do what it should), model calls.
Per regression (a configuration switch that removes a feature, on the oldest release): red, and red at
its own step. Every failure is listed with the plugin's message. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import benchlib as B

from . import apps as A
from . import harness as H

# make bench runs two apps on different stacks (a React SPA from npm, a Python admin from pip) to stay within
# its budget; Datasette (all green in our runs) is there with --apps.
DEFAULT_APPS = ("swagger-ui", "sqladmin")


def _levels(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counter.items())) or "-"


def summarize(app: A.App, replay: H.Replay) -> dict[str, Any]:
    """Per version and per regression, from one app's replay."""
    versions = {}
    for version in app.versions:
        mine = [r for r in replay.runs if r.variant == version]
        heals: Counter[str] = Counter()
        for r in mine:
            heals.update(r.heals)
        versions[version] = {
            "green": sum(r.passed for r in mine), "total": len(mine), "heals": dict(heals),
            "wrong_element_actions": sum(len(r.unintended) for r in mine),
            "plain_checks_failed": sum(r.plain_check_failed and not r.wrong_element for r in mine),
        }
    regressions = {}
    for regression in app.regressions:
        run = next((r for r in replay.runs if r.regression == regression.name), None)
        regressions[regression.name] = {
            "test": regression.test, "summary": regression.summary, "ran": run is not None,
            "red": run is not None and not run.passed,
            "at_own_step": run is not None and H.regression_caught_at_own_step(app, run),
            "wrong_element_actions": len(run.unintended) if run else 0,
            "unintended": run.unintended if run else [],
        }
    failures = [{"test": r.test, "variant": r.variant, "passed": r.passed, "line": r.failed_line, "message": r.message,
                 "unintended": r.unintended, "heals": dict(r.heals)} for r in replay.runs if not r.passed or r.unintended]
    return {"versions": versions, "regressions": regressions, "failures": failures,
            "model_requests_in_replay": replay.model_requests, "replay_s": replay.seconds}


def headline(per_app: dict[str, dict[str, Any]]) -> dict[str, str]:
    newer = [v for name, s in per_app.items() for ver, v in s["versions"].items() if ver != A.APPS[name].oldest]
    same = [s["versions"][A.APPS[name].oldest] for name, s in per_app.items()]
    regs = [r for s in per_app.values() for r in s["regressions"].values()]
    green, total = sum(v["green"] for v in newer), sum(v["total"] for v in newer)
    sgreen, stotal = sum(v["green"] for v in same), sum(v["total"] for v in same)
    wrong = sum(v["wrong_element_actions"] for s in per_app.values() for v in s["versions"].values()) \
        + sum(r["wrong_element_actions"] for r in regs)
    return {
        "upgrade tests green": f"{green}/{total} ({green / total:.0%}, goal >= 90%)" if total else "-",
        "upgrade wrong-element actions": f"{wrong} (goal 0)",
        "upgrade same-version green": f"{sgreen}/{stotal} ({sgreen / stotal:.0%}, goal 100%)" if stotal else "-",
        "upgrade regressions caught at their own step": f"{sum(r['at_own_step'] for r in regs)}/{len(regs)}",
        "upgrade model calls in replay": str(sum(s["model_requests_in_replay"] for s in per_app.values())),
    }


def print_tables(per_app: dict[str, dict[str, Any]]) -> None:
    rows = []
    for name, s in per_app.items():
        for version, v in s["versions"].items():
            kind = "recorded on" if version == A.APPS[name].oldest else "newer"
            rows.append([name, version, kind, f"{v['green']}/{v['total']}", _levels(Counter(v["heals"])),
                         v["wrong_element_actions"], v["plain_checks_failed"]])
    B.print_table("Upgrade: tests recorded on the oldest release, replayed on each release (replay mode)",
                  ["app", "version", "", "green", "heals by level", "wrong-element actions", "plain checks failed"], rows)
    rows = [[name, reg, r["test"], "red" if r["red"] else ("GREEN" if r["ran"] else "did not run"),
             "yes" if r["at_own_step"] else "no", r["wrong_element_actions"]]
            for name, s in per_app.items() for reg, r in s["regressions"].items()]
    B.print_table("Regressions (a configuration switch on the oldest release)",
                  ["app", "regression", "test", "replay", "at its own step", "wrong-element actions"], rows)
    print("\nEvery failure, and every test that had an effect its recording never had (test [variant] at line: the "
          "plugin's message):")
    for name, s in per_app.items():
        for f in s["failures"]:
            wrong = f" | WRONG ELEMENT, effects never recorded: {f['unintended']}" if f["unintended"] else ""
            where = f" at `{f['line']}`: {f['message'][:700]}" if f["message"] else ": passed"
            print(f"- {name} {f['test']}[{f['variant']}]{where}{wrong}")


def main(argv: list[str] | None = None) -> int:
    """Record each app on its oldest release, replay every release and regression, print, write results/upgrade.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default=",".join(DEFAULT_APPS),
                        help=f"comma-separated, of {', '.join(A.APPS)} (default: {', '.join(DEFAULT_APPS)})")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    per_app: dict[str, dict[str, Any]] = {}
    timing: dict[str, Any] = {}
    with B.temp_root("lumen-bench-upgrade-") as root:
        for name in [n for n in args.apps.split(",") if n]:
            app = A.APPS[name]
            began = time.perf_counter()
            for version in app.versions:
                A.install(app, version)
            install_s = time.perf_counter() - began
            recording = H.record(root / name / "record", app)
            print(f"{name}: installed in {install_s:.1f} s, recorded on {app.oldest} in {recording.seconds} s "
                  f"({recording.model_requests} model requests, refused actions: {recording.refused or 'none'})", flush=True)
            replay = H.replay(root / name / "replay", app, recording, H.all_variants(app), workers=3)
            print(f"{name}: replayed {len(replay.runs)} test runs in {replay.seconds} s", flush=True)
            per_app[name] = summarize(app, replay)
            per_app[name]["stack"], per_app[name]["package"] = app.stack, f"{app.registry}: {app.package}"
            timing[name] = {"install_s": round(install_s, 1), "record_s": recording.seconds, "replay_s": replay.seconds}
    print_tables(per_app)
    lines = headline(per_app)
    B.print_table("Headline", ["figure", "value"], [[k, v] for k, v in lines.items()])
    B.write_result("upgrade", {"headline": lines, "apps": per_app, "timing": timing,
                               "seconds": round(time.perf_counter() - started, 1)})
    return 0
