"""A run's ``RunRecord`` (pytest_lumen.run.run_record): ``lumen-run.json`` as written, read back and joined."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_lumen.outcome.figures import Figures, RunStats
from pytest_lumen.outcome.heal import Heal
from pytest_lumen.run.run_record import RUN_FILE, RunRecord

HEAL = Heal(test="t.py::test_a", step="save", action=0, level="relabel", before="a", after="b", cache_file="c.json")


def _record(replayed: int, unused: list[str], full_run: bool) -> RunRecord:
    stats = RunStats(Figures(steps_replayed=replayed), cache_files_written={f"w{replayed}"}, heals=[HEAL])
    return RunRecord(mode="replay", stats=stats, unused=unused, full_run=full_run, whole_modules=True,
                     pruned=unused[:1], heals_report="out/lumen-heals.md")


def test_the_file_holds_the_figures_in_their_json_form_and_not_what_only_the_terminal_shows(tmp_path: Path) -> None:
    record = _record(2, ["b.json", "a.json"], full_run=True)
    path = record.write(tmp_path)
    data = json.loads(path.read_text())
    assert path.name == RUN_FILE and list(data) == ["mode", "stats", "unused", "full_run", "whole_modules"]
    assert data["stats"] == record.stats.to_json() and data["unused"] == ["a.json", "b.json"]
    back = RunRecord.model_validate_json(path.read_text())
    assert back.stats.figures.steps_replayed == 2 and back.stats.heals == [HEAL] and back.pruned == []


def test_joined_shards_add_up_and_count_each_unused_file_once() -> None:
    run = RunRecord.join([_record(1, ["a.json"], full_run=False), _record(3, ["a.json", "b.json"], full_run=True)])
    assert run.stats.figures.steps_replayed == 4 and run.stats.cache_files_written == {"w1", "w3"}
    assert run.unused == ["a.json", "b.json"] and run.full_run and run.whole_modules and run.mode == "replay"
    assert len(run.stats.heals) == 2 and run.pruned == [] and run.heals_report is None


def test_a_run_without_steps_is_not_active() -> None:
    assert not RunRecord(mode="replay", stats=RunStats(), unused=[], full_run=True, whole_modules=True).active
    assert _record(1, [], full_run=True).active
