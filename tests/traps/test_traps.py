"""Heals that never act before they know: trap pairs, modelled on how releases of ordinary admin apps break.

Each pair (tests/traps/pages.py) is a user's test, recorded once on its original app through the record path (the
real SDK against the loopback fake model), then replayed in replay mode on two releases of the app: a **trap**,
on which the recorded step would act wrongly (delete another product, accept another question, choose another
category, consent to more, post to another route...), which must go red at that step with no wrong action sent to
the app; and its harmless **twin**, which must heal green with zero tokens. The apps log every mutation and every
client effect (tests/traps/app.py), so a wrong action is counted, not guessed; the same tests done by hand on the
original and the twin, and each trap's bait taken by hand (it must do harm, or fail), are the control that the pages
are what they say.

The pairs are replayed in four groups, each an inner session of its own, so that pytest-xdist runs them side by
side; the controls (by hand, no recording needed) are a fifth, which runs beside the recording.
``benchmarks/traps.py`` runs them all in one session and prints the table.
"""

from __future__ import annotations

import dataclasses
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support import inner as shared
from tests.support.edits import Edit

from . import harness
from .app import App
from .pages import BY_NAME, PAIRS, Expected, missing, wrong_actions

# The pairs in four groups of about the same replay time (a trap waits out its action timeout), by what they test.
GROUPS: dict[str, tuple[str, ...]] = {
    "rows": ("reseeded_table", "dialog_message", "lookalike_row", "remove_vs_delete", "dialog_title"),
    "scope": ("option_value", "consent_scope", "renamed_submit", "order_dialog", "dialog_unnamed"),
    "hidden": ("draft_modal", "flag_hides_button", "collapsed_section", "delete_dialog", "dialog_question"),
    "effects": ("row_action_rewired", "error_not_navigation", "login_not_navigation", "terms_not_consent", "moved_delete"),
}


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every pair's test, recorded once per run on its original app (real SDK, fake model); the project's root.

    Under xdist the workers share one recording: the first one records, under a file lock. ``record_once`` raises
    with the inner run's output when the recording is not the one the suite means (each original's log included).
    """
    return shared.once_per_run(tmp_path_factory, "traps-record", harness.record_once)


def test_the_groups_hold_every_pair_once() -> None:
    grouped = [name for names in GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(pair.name for pair in PAIRS)
    assert len(PAIRS) >= 13


def test_every_pair_is_a_trap_and_a_twin_of_one_recorded_test() -> None:
    text = harness.inner_tests()
    hand = harness.by_hand_tests()
    bait = harness.bait_tests()
    script = json.dumps(harness.record_script())
    for pair in PAIRS:
        sites = {variant: pair.site(variant) for variant in ("original", "trap", "twin")}
        assert sites["trap"] != sites["original"] and sites["twin"] != sites["original"], pair.name
        assert sites["trap"] != sites["twin"], pair.name
        assert text.splitlines()[harness.step_line(pair, text) - 1].strip().startswith("agent."), pair.name
        assert f"def test_{pair.name}(agent, page, app):" in text, pair.name
        assert f"def test_{pair.name}(page, app):" in hand and f"def test_{pair.name}(page, app):" in bait, pair.name
        assert pair.trap_step in script, pair.name
        assert len(pair.twin.expected.done) >= len(pair.original_log), f"{pair.name}: a twin does the test's work"
        assert not pair.trap.expected.done or set(pair.trap.expected.done) <= set(pair.original_log), pair.name
    # a sentence that holds another's is matched first, or the stand-in model would answer it as the shorter one
    steps = [entry["match"] if isinstance(entry["match"], str) else entry["match"][0] for entry in harness.record_script()]
    for i, earlier in enumerate(steps):
        assert not any(earlier in later and earlier != later for later in steps[i + 1:]), earlier


def test_a_wrong_action_is_what_the_expected_log_does_not_hold() -> None:
    expected = Expected(("DELETE /api/products/5 (Green plate)",), allowed=("promo: Got it",))
    log = ["promo: Got it", "DELETE /api/products/5 (Green plate)", "DELETE /api/products/5 (Green plate)",
           "DELETE /api/products/2 (Blue bowl)"]
    assert wrong_actions(log, expected) == ["DELETE /api/products/5 (Green plate)", "DELETE /api/products/2 (Blue bowl)"]
    assert missing(["promo: Got it"], expected) == ["DELETE /api/products/5 (Green plate)"]
    assert wrong_actions([], expected) == [] and missing(log, expected) == []


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Answers as the server sent them: a 303 is read, not followed."""

    def redirect_request(self, *args: object) -> None:
        return None


def test_the_app_logs_every_mutation_and_client_effect(tmp_path: Path) -> None:
    """The instrument: API calls, form posts (303 and flash), beacons; GETs change nothing and are not logged."""
    pair = BY_NAME["row_action_rewired"]
    shared.write_site(tmp_path, pair.site("original"))
    app = App(tmp_path).start()
    opener = urllib.request.build_opener(NoRedirect)
    try:
        def call(method: str, path: str, data: bytes | None = None) -> tuple[int, str]:
            request = urllib.request.Request(app.url + path, data=data, method=method)
            try:
                with opener.open(request, timeout=10) as response:
                    return response.status, response.headers.get("Location") or ""
            except urllib.error.HTTPError as error:
                return error.code, error.headers.get("Location") or ""

        assert call("GET", "/products")[0] == 200
        assert call("POST", "/products/2/archive", b"authenticity_token=x1") == (303, "/products")
        page = urllib.request.urlopen(app.url + "/products", timeout=10).read().decode()
        assert "Green plate was archived." in page and ">Archived<" in page
        assert "Green plate was archived." not in urllib.request.urlopen(app.url + "/products", timeout=10).read().decode()
        assert call("DELETE", "/api/products/3")[0] == 204
        assert call("POST", "/__log", json.dumps({"entry": "disclosure opened: Show details"}).encode())[0] == 204
        assert call("POST", "/nowhere", b"a=1")[0] == 404
        assert app.log == ["POST /products/2/archive (Green plate)", "DELETE /api/products/3 (Red teapot)",
                           "disclosure opened: Show details", "POST /nowhere a=1 -> 404"]
        assert app.received == 2  # what a page's scripts send (the API call, the beacon), counted as it comes
    finally:
        app.stop()


def test_an_edit_that_misses_its_text_is_refused() -> None:
    pair = BY_NAME["renamed_submit"]
    broken = dataclasses.replace(pair.twin, edits=(Edit("products/2/edit.html", "Save it", "Save changes"),))
    with pytest.raises(ValueError, match="occurs 0 times"):
        dataclasses.replace(pair, twin=broken).site("twin")


@pytest.mark.slow(inner_suite=True)
def test_the_pages_are_what_each_pair_says(tmp_path: Path) -> None:
    """The instrument, without the plugin's agent (nor the recording, so it runs beside it): each test done by hand on
    the twin passes, logging the test's work and nothing else; each trap's bait, taken by hand, does harm or fails
    (the trap is armed); no page's script throws. (Each original's log is the pair's: the recording checks it,
    ``harness.recording_problems``; ``make bench`` does the flows by hand on the originals too.)"""
    run = harness.controls(tmp_path / "inner", by_hand=("twin",))

    ran = (*run.by_hand.values(), *run.baits.values())
    assert len(ran) == 2 * len(PAIRS) and not [r for r in ran if r.failure.startswith("?no outcome")], run.output[-4000:]
    assert harness.instrument_problems(run) == []


@pytest.mark.slow(inner_suite=True)
@pytest.mark.parametrize("group", GROUPS)
def test_no_heal_acts_before_it_knows(recorded: Path, tmp_path: Path, group: str) -> None:
    run = harness.replay(tmp_path / "inner", recorded, harness.pairs_named(GROUPS[group]), by_hand=(), bait=())

    # The harness worked: every test ran, and its app left a log.
    ran = (*run.outcomes.values(), *run.by_hand.values(), *run.baits.values())
    no_outcome = [(r.kind, r.pair, r.variant) for r in ran if r.failure.startswith("?no outcome")]
    assert no_outcome == [], run.output[-4000:]

    missed = harness.goals(run)
    assert missed == [], "goals missed:\n- " + "\n- ".join(missed) + "\nper pair:\n" + harness.table(run)
