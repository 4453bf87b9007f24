"""The drift suite: a test recorded once, replayed against drifted and regressed copies of its app.

Cosmetic drift (renamed ids, wrappers, moves, rewording, overlays, decoys, other control
types...) must pass in replay mode with zero model calls; a change only a model can
follow fails in replay mode and heals in heal mode; every regression fails, for its own
reason. No variant may make the plugin act on a wrong element: each page logs which
elements were used, and the log must be exactly the recorded ones (or a prefix of them,
when the test stops at a regression).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.page.quality import stable_name
from pytest_lumen.testing.fake_anthropic import FakeAnthropic, first_user_text
from tests.support import inner

from . import harness
from .locators import positional
from .pages import COSMETIC, EXPECTED_LOG, MODEL, REGRESSIONS, meaningful, wrong_actions

pytestmark = pytest.mark.slow(inner_suite=True)

# Why each regression must fail (a text of its failure): it fails for its own reason, not by accident.
REGRESSION_REASONS = {
    "mug_removed": "zero-token heal found nothing",
    # the very Place order button, confirmed, led to another page of the app: a renamed route as far as replay can
    # tell (an effect heal); the check after it, which a user would see fail, catches it
    # the unchanged button's new route is an effect heal; the confirmation's text is nowhere on that page
    "order_goes_elsewhere": 'get_by_text("Thank you, %name%! Your") could not be replayed',
    "wrong_total": "expectation failed: get_by_test_id(\"cart-total\") contains text '$20.00'",
    "broken_help_link": "should be at /help.html, but it is at /help-centre.html",
    "submit_disabled": "get_by_test_id(\"place-order\") is disabled",
    "place_order_removed": "zero-token heal found nothing",
    "confirmation_wrong_name": "expectation failed",
    "mug_button_adds_teapot": "expectation failed: get_by_test_id(\"cart-total\") contains text '$20.00'",
    # a control that pays is taken by its own name or a same-scope synonym only: it is not acted on at all
    "relabelled_submit_goes_elsewhere": "its name 'Place order' became 'Pay now', which is not known to mean the same",
    "two_relabelled_submits": "zero-token heal found nothing",
    "help_button_does_nothing": "the page should be at /help.html",
    "help_link_removed_forum_beside": "'Visit the help center forum': it declares the link /account.html, and the step "
                                      "led to /help.html",
    "help_link_removed_chat_beside": "its name 'Visit the help center' became 'Visit the help center chat', which is "
                                     "not known to mean the same",
}
MODEL_REASON = "zero-token heal found nothing"
INNER_TIMEOUT = 600  # seconds for one inner session: generous, a loaded machine is slow


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inner test, recorded once per run on the original app through the record path (real SDK, fake model).

    Under xdist the workers share one recording: the first one records, under a file lock.
    """
    def record(root: Path) -> Path:
        with FakeAnthropic() as fake:
            fake.script(harness.RECORD_SCRIPT)
            result = harness.record(root, fake.url)
            requests = fake.request_count
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
        assert requests >= len(harness.FLOW)
        return harness.cache_file(root, "original")
    return inner.once_per_run(tmp_path_factory, "drift-record", record)


def prepare(lumen, recorded: Path, names: list[str]) -> None:
    """The inner project with these variants, each test holding a copy of the recorded cache."""
    harness.write_project(lumen.path, names)
    harness.share_cache(recorded, lumen.path, names)
    lumen.monkeypatch.setenv("DRIFT_VARIANTS", ",".join(names))


def rewritten_locators(recorded: Path, replayed: Path) -> list[LocatorSpec]:
    """The locators a replay wrote over the recorded ones in its cache file (its heals), action by action."""
    def targets(path: Path) -> list[Any]:
        return [a.target_or_none for s in loads(path.read_text(), path).steps for a in s.actions]
    return [now.locator for was, now in zip(targets(recorded), targets(replayed), strict=False)
            if was and now and was.locator != now.locator]


def replay_variants(lumen, recorded: Path, names: list[str]) -> tuple[Any, dict[str, Any], dict[str, list[str]]]:
    """One replay-mode session of these variants: its result, each variant's outcome, and each page's log."""
    prepare(lumen, recorded, names)
    result = lumen.run("--lumen-mode=replay", "--junitxml=junit.xml", timeout=INNER_TIMEOUT)
    outcomes = inner.outcomes(lumen.path / "junit.xml")
    assert sorted(outcomes) == sorted(names), result.stdout.str()[-4000:]
    result.stdout.fnmatch_lines(["*model calls: 0*", "*tokens: in 0, out 0*"])
    return result, outcomes, inner.read_logs(lumen.path, names)


def test_replay_mode_survives_cosmetic_drift_with_zero_tokens(lumen, fake_anthropic, recorded):
    cosmetic = ["original", *(v.name for v in COSMETIC)]
    _, outcomes, logs = replay_variants(lumen, recorded, cosmetic)

    assert fake_anthropic.request_count == 0
    broken = {name: (outcomes[name] or "")[:600] for name in cosmetic if outcomes[name] is not None}
    assert broken == {}, "cosmetic drift must replay with zero tokens"
    assert {name: meaningful(logs[name]) for name in cosmetic} == {name: list(EXPECTED_LOG) for name in cosmetic}
    wrong = {name: wrong_actions(logs[name]) for name in cosmetic if wrong_actions(logs[name])}
    assert wrong == {}, "the plugin acted on a wrong element"

    # What the heals wrote says what the element is: never where it is (locators.py), never a count in its name.
    written = {name: rewritten_locators(recorded, harness.cache_file(lumen.path, name)) for name in cosmetic}
    assert all(written[name] for name in ("fields_relabelled", "link_became_button", "count_in_name"))
    by_place = {name: [s.describe() for s in specs if positional(s)] for name, specs in written.items()}
    counted = {name: [s.describe() for s in specs if s.name and stable_name(s.name)] for name, specs in written.items()}
    assert ({name: found for name, found in by_place.items() if found},
            {name: found for name, found in counted.items() if found}) == ({}, {}), "(positional heals, counts in names)"

    # The heals were written back: the current locators and fingerprints, which then replay as they are.
    path = harness.cache_file(lumen.path, "buttons_reworded")
    steps = loads(path.read_text(), path).steps
    mug = steps[0].actions[0].target.fingerprint
    assert (mug.name, mug.context) == ("Add to basket", "Blue mug $12.00")
    assert steps[5].actions[0].target.fingerprint.name == "Open the support page"
    healed = ["buttons_reworded", "redesign", "fields_relabelled"]  # fallback, similarity, relabel
    lumen.monkeypatch.setenv("DRIFT_VARIANTS", ",".join(healed))
    again = lumen.run("--lumen-mode=replay", timeout=INNER_TIMEOUT)
    again.assert_outcomes(passed=len(healed))
    again.stdout.fnmatch_lines([f"*steps replayed: {7 * len(healed)}*", "*steps healed: 0*"])
    assert fake_anthropic.request_count == 0


def test_replay_mode_fails_every_regression_for_its_own_reason_without_a_wrong_action(lumen, fake_anthropic, recorded):
    must_fail = [v.name for v in (*MODEL, *REGRESSIONS)]
    _, outcomes, logs = replay_variants(lumen, recorded, must_fail)

    assert fake_anthropic.request_count == 0
    missed = [name for name in must_fail if outcomes[name] is None]
    assert missed == [], "a regression (or a change only a model can follow) passed in replay mode"
    reasons = {**REGRESSION_REASONS, **{v.name: MODEL_REASON for v in MODEL}}
    wrong_reason = {name: (outcomes[name] or "")[:600] for name, reason in reasons.items()
                    if reason not in (outcomes[name] or "")}
    assert wrong_reason == {}
    wrong = {name: wrong_actions(logs[name]) for name in must_fail if wrong_actions(logs[name])}
    assert wrong == {}, "the plugin acted on a wrong element"


def test_heal_mode_calls_the_model_only_for_what_the_zero_token_heal_cannot_heal(lumen, fake_anthropic, recorded):
    names = ["products_renamed", "buttons_reworded"]
    prepare(lumen, recorded, names)
    fake_anthropic.script(harness.HEAL_SCRIPT)

    result = lumen.run("--lumen-mode=heal", timeout=INNER_TIMEOUT)
    result.assert_outcomes(passed=2)
    assert fake_anthropic.request_count == 3  # click, click, done: the one step only a model could heal
    assert all("the page changed" in first_user_text(body) for body in fake_anthropic.requests)
    logs = inner.read_logs(lumen.path, names)
    assert {name: meaningful(logs[name]) for name in names} == {name: list(EXPECTED_LOG) for name in names}
    out = result.stdout.str()
    assert "healed [model] test_shop.py::test_checkout[products_renamed] :: 'add the blue mug" in out
    assert "healed [model] test_shop.py::test_checkout[buttons_reworded]" not in out
    path = harness.cache_file(lumen.path, "products_renamed")
    contexts = [a.target.fingerprint.context for a in loads(path.read_text(), path).steps[0].actions]
    assert contexts == ["Navy coffee cup $12.00", "Dinner dish, sage $8.00"]
