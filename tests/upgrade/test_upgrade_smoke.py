"""Smoke test of the upgrade benchmark (benchmarks/upgrade/): one real app, two released versions.

Two of sqladmin's tests (create, delete) are recorded on 0.16.1 through the plugin's record path (the
real SDK against the loopback fake model), then replayed in replay mode on 0.16.1 and 0.22.0 (whose
form labels gained an asterisk), each release installed by pip from the registry into
``~/.cache/pytest-lumen/upgrade-apps/`` on first use and reused after. The full benchmark (every app, every release,
the regressions) runs in ``make bench``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

from upgrade import apps as A  # noqa: E402
from upgrade import harness as H  # noqa: E402

pytestmark = pytest.mark.slow(inner_suite=True)

TESTS = ("test_create_product", "test_delete_product")


def test_recorded_on_an_old_release_replays_on_a_newer_one(tmp_path: Path) -> None:
    app = A.SQLADMIN
    newer = app.versions[-1]
    recording = H.record(tmp_path / "record", app, tests=TESTS)
    assert recording.refused == []
    assert sorted(recording.effects) == sorted(TESTS)  # what the recorded runs did to the app: the intended effects

    replay = H.replay(tmp_path / "replay", app, recording, [app.oldest, newer])

    runs = {(r.test, r.variant): r for r in replay.runs}
    assert sorted(runs) == sorted((t, v) for t in TESTS for v in (app.oldest, newer)), replay.output[-3000:]
    failed = {key: r.message for key, r in runs.items() if not r.passed}
    assert failed == {}, replay.output[-3000:]
    assert [key for key, r in runs.items() if r.unintended] == []
    assert replay.model_requests == 0
