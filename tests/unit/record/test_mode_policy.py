"""The run's mode as the agent's decisions (pytest_lumen.record.mode_policy): the whole table, mode by mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_lumen.config import Mode, Settings
from pytest_lumen.record.mode_policy import ModePolicy

# mode: (reads the cache, a miss is recorded, a failed replay is healed by the model)
TABLE = {
    Mode.REPLAY: (True, False, False),
    Mode.HEAL: (True, True, True),
    Mode.RECORD: (False, True, False),
}


@pytest.mark.parametrize("mode", list(Mode))
def test_each_mode_decides_the_lookup_a_miss_and_a_failed_replay(mode: Mode) -> None:
    policy = ModePolicy(mode)
    assert (policy.reads_cache(), policy.may_record(), policy.may_heal_with_model()) == TABLE[mode]
    assert policy.keeps_heals()


@pytest.mark.parametrize(("mode", "hit", "miss"), [
    (Mode.REPLAY, "hit", "miss"),
    (Mode.HEAL, "hit", "miss"),
    (Mode.RECORD, "ignored", "ignored"),
])
def test_the_cache_state_of_a_step(mode: Mode, hit: str, miss: str) -> None:
    assert (ModePolicy(mode).cache_state(True), ModePolicy(mode).cache_state(False)) == (hit, miss)


@pytest.mark.parametrize("mode", list(Mode))
def test_strict_keeps_no_heal_in_any_mode_and_changes_nothing_else(mode: Mode) -> None:
    strict, lenient = ModePolicy(mode, strict=True), ModePolicy(mode)
    assert not strict.keeps_heals()
    assert (strict.reads_cache(), strict.may_record(), strict.may_heal_with_model()) == TABLE[mode]
    assert strict.cache_state(True) == lenient.cache_state(True)


def test_the_policy_of_a_runs_settings(tmp_path: Path) -> None:
    settings = Settings(mode=Mode.HEAL, rootdir=tmp_path, cache_dir=tmp_path / "c", model="m", strict=True)
    assert ModePolicy.of(settings) == ModePolicy(Mode.HEAL, strict=True)
