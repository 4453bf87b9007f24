"""The frameworks suite: one TodoMVC test recorded on a vanilla app, replayed on apps nobody tuned for.

The same TodoMVC spec is implemented five times the way five frameworks render it (vanilla
jQuery-era markup, React, Vue, Angular, Lit with shadow roots), plus cosmetic drifts and
regressions of the vanilla app (tests/frameworks/pages.py). The test is recorded once on vanilla
through the plugin's record path (real SDK, loopback fake model), then replayed in replay mode on
every variant in one pytest session. Goals: at least 90% of the framework implementations green,
every cosmetic drift green, every regression red at one of its own steps, no action on a wrong
element (from the pages' logs), no model call.

``test_pages_behave_as_their_kind_says`` checks the instrument itself, without the plugin: the flow
done by hand passes on every implementation and drift and fails on every regression where a user
would see the bug.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import inner as shared

from . import harness
from .pages import VARIANTS

pytestmark = pytest.mark.slow(inner_suite=True)

INNER_TIMEOUT = 600  # seconds for the inner replay session: generous, a loaded machine is slow


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inner test, recorded once per run on vanilla through the record path (real SDK, fake model).

    Under xdist the workers share one recording: the first one records, under a file lock.
    """
    # record_once raises with the inner run's output when the recording is not the one the suite means
    return shared.once_per_run(tmp_path_factory, "frameworks-record", harness.record_once)


# The variants in three groups, each its own test (and inner session), so that pytest-xdist runs them side by side.
KINDS = ("framework", "cosmetic", "regression")


def of_kind(kind: str) -> tuple[str, ...]:
    """The names of the variants of one kind."""
    return tuple(name for name in harness.ALL_VARIANTS if VARIANTS[name].kind == kind)


def test_the_groups_hold_every_variant() -> None:
    assert sorted(name for kind in KINDS for name in of_kind(kind)) == sorted(harness.ALL_VARIANTS)


@pytest.mark.parametrize("kind", KINDS)
def test_pages_behave_as_their_kind_says(browser: Any, kind: str) -> None:
    found = harness.check_by_hand(browser, of_kind(kind))
    assert sorted(found) == sorted(of_kind(kind))
    assert harness.by_hand_problems(found) == []


@pytest.mark.parametrize("kind", KINDS)
def test_replay_across_frameworks_drifts_and_regressions(recorded: Path, tmp_path: Path, kind: str) -> None:
    run = harness.run_suite(tmp_path, recorded, of_kind(kind), timeout=INNER_TIMEOUT)

    # The harness worked: every variant's test ran, and its page left a log.
    no_outcome = [r.name for r in run.results.values() if r.failure.startswith("?no outcome")]
    assert no_outcome == [], run.output[-4000:]
    assert [r.name for r in run.results.values() if r.log == ["?no log"]] == [], run.output[-4000:]

    table = "\n".join(
        f"  {r.name:22} {r.kind:10} {'pass' if r.passed else 'FAIL at ' + harness.step_label(r.failed_at)}"
        + (f" | wrong: {r.wrong}" if r.wrong else "") + (f" | {r.first_line[:220]}" if not r.passed else "")
        for r in run.results.values())
    missed = harness.goals(run)
    assert missed == [], "goals missed:\n- " + "\n- ".join(missed) + "\nper variant:\n" + table
