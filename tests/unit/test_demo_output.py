"""``make demo`` tells its story in one screen: what ``example_suite/run_demo.py`` prints is at most 60 lines of at
most 118 characters, its expected reds labelled as expected, and no ``FAILED`` or exit status when the runs went as
the demo expects; a run that did not go so is named as such.

Running the demo takes two minutes of two cores (six pytest sessions of the example suite), too slow for ``make
test``: these tests render its screen (``render``, after ``intro`` and ``HEAL_LOOP_LINE``) from the figures, outcomes
and failure messages of a real ``make demo`` run, parsed by the demo's own ``parse_figures``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from example_suite import run_demo
from example_suite.heal_loop import CacheDiff, Loop
from example_suite.run_demo import HEAL, HEALED, Report, Run

ROOT = Path(__file__).resolve().parents[2]
TESTS = sorted(f"{path.name}::{node.name}" for path in (ROOT / "example_suite").glob("test_*.py")
               for node in ast.parse(path.read_text(encoding="utf-8")).body
               if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))
COUPON, TOTAL = "test_checkout.py::test_coupon_takes_five_dollars_off", "test_checkout.py::test_cart_total_follows_quantities"

# The lumen summaries of a real run (v1 replays on the desktop and on the phone, v2 and v3 replays; heal mode; the replay of
# the healed cache), as pytest printed them, by run name.
SUMMARY = """mode: replay
steps replayed: {replayed}
steps healed: {healed}
steps recorded: 0
steps failed: {failed}
identity gate: {gate}
model calls: {calls}
tokens: in 0, out 0, cache read 0, cache write 0
estimated cost: $0.0000
cache files written: 0
unused cache files: 0
"""
FIGURES = {
    "v1": dict(replayed=61, healed="0 (-)", failed=0, gate="78 actions in one round trip, 0 took the full path", calls=0),
    "v1-phone": dict(replayed=61, healed="0 (-)", failed=0, gate="83 actions in one round trip, 0 took the full path",
                     calls=0),
    "v2": dict(replayed=11, healed="48 (fallback 16, overlay 14, relabel 5, similarity 9, unchanged_text 4)", failed=1,
               gate="6 actions in one round trip, 71 took the full path", calls=0),
    "v3": dict(replayed=59, healed="0 (-)", failed=1, gate="76 actions in one round trip, 1 took the full path", calls=0),
    "v2-heal": dict(replayed=44, healed="17 (fallback 1, model 1, overlay 14, unchanged_text 1)", failed=0,
                    gate="59 actions in one round trip, 19 took the full path", calls=2),
    "v2-healed-replay": dict(replayed=47, healed="14 (overlay 14)", failed=0,
                             gate="63 actions in one round trip, 15 took the full path", calls=0),
}
HEALS_REPORT = "heals report: example_suite/test-results/v2/lumen-heals.md"
# Their failures, as the JUnit reports held them (--tb=short; v2's through xdist; v3's frames inside the package cut).
FAILURES = {
    COUPON: """<failure message="pytest_lumen.errors.ReplayError: cached click on get_by_text(&quot;Apply coupon&quot;) could \
not be replayed: no element matches get_by_text(&quot;Apply coupon&quot;); zero-token heal found nothing (no recorded fallback \
locator finds exactly one visible element; similarity: its name 'Apply coupon' became 'Quantity', which is not known to mean \
the same)&#10;  test: test_checkout.py::test_coupon_takes_five_dollars_off&#10;  file: \
/tmp/lumen-demo-1r4dalr_/cache-v2/test_checkout.py/test_coupon_takes_five_dollars_off.json&#10;[+2 more lines; full report \
in element text]">example_suite/test_checkout.py:43: in test_coupon_takes_five_dollars_off
    agent.run('apply the coupon "WELCOME5"')
E   pytest_lumen.errors.ReplayError: cached click on get_by_text("Apply coupon") could not be replayed: no element matches \
get_by_text("Apply coupon"); zero-token heal found nothing (no recorded fallback locator finds exactly one visible element; \
similarity: its name 'Apply coupon' became 'Quantity', which is not known to mean the same)
E     test: test_checkout.py::test_coupon_takes_five_dollars_off
E     file: /tmp/lumen-demo-1r4dalr_/cache-v2/test_checkout.py/test_coupon_takes_five_dollars_off.json
E     step: apply the coupon "WELCOME5"
E     remedy: if the app changed on purpose, re-record: pytest --lumen-record \
"test_checkout.py::test_coupon_takes_five_dollars_off" (or heal with --lumen-mode=heal); if not, this is a regression\
</failure>""",
    TOTAL: """<failure message="pytest_lumen.errors.LumenAssertionError: expectation failed: \
get_by_test_id(&quot;cart-total&quot;) contains text 'Total: $37.00'&#10;  expected 'Total: $37.00', got 'Total: \
$24.50'&#10;  step: the cart total is $37.00&#10;  remedy: the checked element is there and does not hold the expected \
value: check the app; if the new value is intended, change the test's sentence to say it">\
example_suite/test_checkout.py:18: in test_cart_total_follows_quantities
    agent.expect("the cart total is $37.00")
pytest_lumen/page/checks.py:70: in run_check
    raise LumenAssertionError(f"expectation failed: {describe_check(action)}\\n  expected {expected!r}, "
E   pytest_lumen.errors.LumenAssertionError: expectation failed: get_by_test_id("cart-total") contains text 'Total: $37.00'
E     expected 'Total: $37.00', got 'Total: $24.50'
E     step: the cart total is $37.00
E     remedy: the checked element is there and does not hold the expected value: check the app; if the new value is \
intended, change the test's sentence to say it</failure>""",
}


def a_run(tmp_path: Path, version: int, kind: str, red: tuple[str, ...] = (), device: str | None = None,
          **figures: object) -> Run:
    """A run with a real run's lumen summary (``figures`` replaced) and a JUnit report of its outcomes, read by the demo's
    own parsers."""
    run = Run(version, kind, device=device)
    summary = SUMMARY.format(**{**FIGURES[run.name], **figures}).splitlines()
    lines = summary + ([HEALS_REPORT] if run.name == "v2" else [])
    cases = "".join(f'<testcase classname="{test.split(".py::")[0]}" name="{test.split("::")[1]}[chromium]">'
                    f"{FAILURES[test] if test in red else ''}</testcase>" for test in TESTS)
    junit = tmp_path / f"junit-{run.name}-{len(red)}-{len(figures)}.xml"
    junit.write_text(f'<?xml version="1.0"?><testsuites><testsuite name="pytest">{cases}</testsuite></testsuites>',
                     encoding="utf-8")
    run.outcomes, run.failures = run_demo.parse_junit(junit)
    run.figures = run_demo.parse_figures(lines)
    return run


def real_runs(tmp_path: Path) -> dict[str, Run]:
    return {"v1": a_run(tmp_path, 1, "replay"), "v1-phone": a_run(tmp_path, 1, "replay", device=run_demo.PHONE),
            "v2": a_run(tmp_path, 2, "replay", (COUPON,)), "v3": a_run(tmp_path, 3, "replay", (TOTAL,))}


def screen(runs: dict[str, Run], healed: tuple[Run, Run]) -> list[str]:
    """Every line the demo prints, from its first to its last."""
    logs = [f"={' ' if healed[i].failed else ''}{len(healed[i].passed)} passed in 30.00s ===" for i in (0, 1)]
    loop = Loop([logs[0]], 0, 2, ["model calls: 0", logs[1]], 0, Path("v2-heal"), Path("v2-healed-replay"))
    checks = run_demo.checks(runs) + run_demo.loop_checks(loop, len(TESTS))
    report = Report([*runs.values(), *healed], CacheDiff(["..."], 14, 179, 179), checks, 127.0)
    return [*"\n".join(run_demo.intro()).splitlines(), run_demo.HEAL_LOOP_LINE, *"\n".join(run_demo.render(report)).splitlines()]


def test_the_demo_tells_a_real_run_in_one_screen_with_its_reds_labelled_expected(tmp_path: Path) -> None:
    assert len(TESTS) == 14
    lines = screen(real_runs(tmp_path), (a_run(tmp_path, 2, HEAL), a_run(tmp_path, 2, HEALED)))
    text = "\n".join(lines)
    assert len(lines) <= run_demo.MAX_LINES == 60, text
    assert max(map(len, lines)) <= run_demo.WIDTH, text
    assert "FAILED" not in text and "exit status" not in text and "UNEXPECTED" not in text, text
    start = next(i for i, line in enumerate(lines) if line.startswith("  run "))
    table = lines[start:start + 7]
    assert [row.split()[:3] for row in table[1:]] == [["v1", "original:", "replay"], ["v1", "original", "(Pixel"],
                                                      ["v2", "redesign:", "replay"], ["v3", "regression:", "replay"],
                                                      ["v2", "redesign:", "heal"], ["v2", "healed", "cache:"]]
    cells = [row.split()[-4:] if "expected" not in row else row.split()[-5:] for row in table[1:]]
    assert cells == [["14/14", "-", "0", "0"], ["14/14", "-", "0", "0"], ["13/14", "1", "expected", "0", "48"],
                     ["13/14", "1", "expected", "0", "0"], ["14/14", "-", "2", "17"], ["14/14", "-", "0", "14"]], text
    prose = " ".join(text.split())
    assert f"v2 redesign: replay, {COUPON}: expected:" in prose and f"v3 regression: replay, {TOTAL}: expected:" in prose
    assert ("step 'apply the coupon \"WELCOME5\"': cached click on get_by_text(\"Apply coupon\") could not be replayed: no "
            'element matches get_by_text("Apply coupon")\n') in text.replace("\n    ", " ") + "\n"
    assert "step 'the cart total is $37.00': expected 'Total: $37.00', got 'Total: $24.50'" in text
    assert "48 (fallback 16, overlay 14, relabel 5, similarity 9, unchanged_text 4)" in text
    assert "example_suite/test-results/v2/lumen-heals.md" in text and "example_suite/test-results/v2-healed-cache.diff" in text
    for term in ("replay:", "heal mode (--lumen-mode=heal):", "Pixel 7:", "model calls:", "red:", "steps healed:",
                 "identity gate:"):
        assert prose.count(term) == 1, term  # each said once
    assert "v1 78 of 78; v1 phone 83 of 83; v2 6 of 77; v3 76 of 77" in prose
    assert '[ok] v1 on a phone (--device "Pixel 7"): all 14 tests pass with 0 model calls and 0 heals' in prose
    assert lines[-1] == "demo passed: all 6 checks hold (127 s)"


@pytest.mark.parametrize("broken", ["v1 red", "v3 green", "phone borrowed the desktop's"])
def test_a_run_that_did_not_go_as_expected_is_named_and_fails_the_demo(broken: str, tmp_path: Path) -> None:
    runs = real_runs(tmp_path)
    if broken == "v1 red":
        runs["v1"] = a_run(tmp_path, 1, "replay", (TOTAL,))
    elif broken == "v3 green":
        runs["v3"] = a_run(tmp_path, 3, "replay")
    else:  # a phone without its own recording: the desktop's actions, carried by the zero-token heal
        runs["v1-phone"] = a_run(tmp_path, 1, "replay", device=run_demo.PHONE, replayed=23, healed="38 (profile 38)")
    lines = screen(runs, (a_run(tmp_path, 2, HEAL), a_run(tmp_path, 2, HEALED)))
    text = "\n".join(lines)
    assert len(lines) <= run_demo.MAX_LINES and max(map(len, lines)) <= run_demo.WIDTH, text
    assert lines[-1] == "demo FAILED: 1 of 6 checks do not hold (127 s)"
    if broken == "v1 red":
        assert f"v1 original: replay, {TOTAL}: NOT expected (see example_suite/test-results/v1/pytest.log)." in " ".join(
            text.split())
        assert "1 UNEXPECTED" in text and "[FAILED] v1: all 14 tests pass with 0 model calls" in text
    elif broken == "v3 green":
        assert "[FAILED] v3: exactly the regression test(s) fail" in text
    else:
        assert '[FAILED] v1 on a phone (--device "Pixel 7"): all 14 tests pass' in text
        assert "v1 original (Pixel 7): replay 38 (profile 38)" in " ".join(text.split())  # its heals, counted by level
