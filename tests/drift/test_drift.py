"""The drift suite: a test recorded once, replayed against drifted and regressed copies of its app.

Cosmetic drift (renamed ids, wrappers, moves, rewording, overlays, decoys, other control
types...) must pass in replay mode with zero model calls; a change only a model can
follow fails in replay mode and heals in heal mode; every regression fails, for its own
reason. No variant may make the plugin act on a wrong element: each page logs which
elements were used, and the log must be exactly the recorded ones (or a prefix of them,
when the test stops at a regression).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_lumen.testing.fake_anthropic import FakeAnthropic, first_user_text

from . import harness
from .pages import COSMETIC, EXPECTED_LOG, MODEL, REGRESSIONS, meaningful, wrong_actions

pytestmark = pytest.mark.slow

# Why each regression must fail (a text of its failure): it fails for its own reason, not by accident.
REGRESSION_REASONS = {
    "mug_removed": "zero-token heal found nothing",
    "order_goes_elsewhere": "should be at /thanks.html, but it is at /account.html",
    "wrong_total": "expectation failed: get_by_test_id(\"cart-total\") contains text '$20.00'",
    "broken_help_link": "should be at /help.html, but it is at /help-centre.html",
    "submit_disabled": "get_by_test_id(\"place-order\") is disabled",
    "place_order_removed": "zero-token heal found nothing",
    "confirmation_wrong_name": "expectation failed",
    "mug_button_adds_teapot": "expectation failed: get_by_test_id(\"cart-total\") contains text '$20.00'",
}
MODEL_REASON = "zero-token heal found nothing"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inner test, recorded once on the original app through the record path (real SDK, fake model)."""
    root = tmp_path_factory.mktemp("drift-record")
    with FakeAnthropic() as fake:
        fake.script(harness.RECORD_SCRIPT)
        result = harness.record(root, fake.url)
        requests = fake.request_count
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert requests >= len(harness.FLOW)
    return harness.cache_file(root, "original")


def prepare(lumen, recorded: Path, names: list[str]) -> None:
    """The inner project with these variants, each test holding a copy of the recorded cache."""
    harness.write_project(lumen.path, names)
    harness.share_cache(recorded, lumen.path, names)
    lumen.monkeypatch.setenv("DRIFT_VARIANTS", ",".join(names))


def test_replay_mode_survives_cosmetic_drift_and_fails_every_regression(lumen, fake_anthropic, recorded):
    cosmetic = ["original", *(v.name for v in COSMETIC)]
    must_fail = [v.name for v in (*MODEL, *REGRESSIONS)]
    names = cosmetic + must_fail
    prepare(lumen, recorded, names)

    result = lumen.run("--lumen-mode=replay", "--junitxml=junit.xml")
    outcomes = harness.outcomes(lumen.path / "junit.xml")
    logs = harness.read_logs(lumen.path, names)

    assert sorted(outcomes) == sorted(names)
    assert fake_anthropic.request_count == 0
    result.stdout.fnmatch_lines(["*model calls: 0*", "*tokens: in 0, out 0*"])
    broken = {name: (outcomes[name] or "")[:600] for name in cosmetic if outcomes[name] is not None}
    assert broken == {}, "cosmetic drift must replay with zero tokens"
    assert {name: list(meaningful(logs[name])) for name in cosmetic} == {name: list(EXPECTED_LOG) for name in cosmetic}
    missed = [name for name in must_fail if outcomes[name] is None]
    assert missed == [], "a regression (or a change only a model can follow) passed in replay mode"
    reasons = {**REGRESSION_REASONS, **{v.name: MODEL_REASON for v in MODEL}}
    wrong_reason = {name: (outcomes[name] or "")[:600] for name, reason in reasons.items() if reason not in (outcomes[name] or "")}
    assert wrong_reason == {}
    wrong = {name: wrong_actions(logs[name]) for name in names if wrong_actions(logs[name])}
    assert wrong == {}, "the plugin acted on a wrong element"


def test_heals_are_written_back_as_current_locators_and_fingerprints(lumen, fake_anthropic, recorded):
    prepare(lumen, recorded, ["buttons_reworded"])
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
    steps = json.loads(harness.cache_file(lumen.path, "buttons_reworded").read_text())["steps"]
    mug = steps[0]["actions"][0]["target"]
    assert mug["fingerprint"]["name"] == "Add to basket" and mug["fingerprint"]["context"] == "Blue mug $12.00"
    assert steps[5]["actions"][0]["target"]["fingerprint"]["name"] == "Open the support page"

    before = fake_anthropic.request_count
    again = lumen.run("--lumen-mode=replay")
    again.assert_outcomes(passed=1)
    again.stdout.fnmatch_lines(["*steps replayed: 7*", "*steps healed: 0*"])
    assert fake_anthropic.request_count == before == 0


def test_a_change_only_a_model_can_follow_heals_in_heal_mode(lumen, fake_anthropic, recorded):
    prepare(lumen, recorded, ["products_renamed"])
    fake_anthropic.script(harness.HEAL_SCRIPT)

    result = lumen.run("--lumen-mode=heal")
    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == 3  # click, click, done: only the step the cascade could not heal
    assert all("the page changed" in first_user_text(body) for body in fake_anthropic.requests)
    assert wrong_actions(harness.read_logs(lumen.path, ["products_renamed"])["products_renamed"]) == []
    result.stdout.fnmatch_lines(["*healed [model]*add the blue mug and the green plate*"])
    steps = json.loads(harness.cache_file(lumen.path, "products_renamed").read_text())["steps"]
    assert [a["target"]["fingerprint"]["context"] for a in steps[0]["actions"]] == ["Navy coffee cup $12.00", "Dinner dish, sage $8.00"]
