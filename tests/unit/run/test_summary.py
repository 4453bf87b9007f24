"""The ``lumen`` terminal summary (pytest_lumen.run.summary): a finished run's ``RunRecord`` rendered."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_lumen.config import Mode, Settings
from pytest_lumen.run.run_record import RunRecord
from pytest_lumen.run.session import LumenSession
from pytest_lumen.run.summary import figures, markdown_table, print_summary, write_github_summary


class Lines:
    """A terminal reporter that keeps what it is given."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_sep(self, sep: str, title: str) -> None:
        self.lines.append(f"{sep} {title} {sep}")

    def write_line(self, line: str) -> None:
        self.lines.append(line)


def _finished(root: Path, cache_dir: Path, files: list[str], prune: bool = False) -> RunRecord:
    """A full run of ``root`` that ran one step and owns none of the cache ``files``."""
    for name in files:
        (cache_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (cache_dir / name).write_text("{}")
    lumen = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=cache_dir, model="m", prune=prune))
    lumen.stats.figures.steps_replayed = 1  # a run with agent steps has a lumen section
    lumen.selection.scope = [root.resolve()]
    return lumen.finish_run(root / "test-results", exitstatus=0)


def _summary(record: RunRecord) -> list[str]:
    tr = Lines()
    print_summary(tr, record)
    return tr.lines


def test_unused_files_under_the_rootdir_are_listed_relative_to_it(tmp_path: Path) -> None:
    record = _finished(tmp_path, tmp_path / ".lumen-cache", ["tests/test_a.py/test_old.json"])
    assert "  unused .lumen-cache/tests/test_a.py/test_old.json (delete with --lumen-prune)" in _summary(record)
    assert (tmp_path / ".lumen-cache/tests/test_a.py/test_old.json").exists()


def test_pruned_files_are_listed_as_pruned_and_gone(tmp_path: Path) -> None:
    record = _finished(tmp_path, tmp_path / ".lumen-cache", ["tests/test_a.py/test_older.json"], prune=True)
    lines = _summary(record)
    assert "  pruned .lumen-cache/tests/test_a.py/test_older.json" in lines and "unused cache files: 1 (pruned)" in lines
    assert not (tmp_path / ".lumen-cache/tests/test_a.py/test_older.json").exists()


def test_a_cache_folder_outside_the_rootdir_is_listed_in_full(tmp_path: Path) -> None:
    root, cache = tmp_path / "project", tmp_path / "elsewhere" / "cache"
    root.mkdir()
    record = _finished(root, cache, ["tests/test_a.py/test_old.json"])
    assert f"  unused {cache / 'tests/test_a.py/test_old.json'} (delete with --lumen-prune)" in _summary(record)


def test_a_run_without_steps_prints_no_section(tmp_path: Path) -> None:
    lumen = LumenSession(Settings(mode=Mode.REPLAY, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache", model="m"))
    assert _summary(lumen.finish_run(tmp_path / "out", exitstatus=0)) == []
    assert not (tmp_path / "out" / "lumen-run.json").exists()


def test_the_step_summary_is_the_same_table_the_shards_join(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _finished(tmp_path, tmp_path / ".lumen-cache", [])
    target = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(target))
    write_github_summary(record)
    text = target.read_text()
    assert text == "\n" + markdown_table(record, "pytest-lumen")
    assert "| steps replayed | 1 |" in text and len(figures(record)) == text.count("\n| ") - 1


def test_a_scripted_run_shows_no_model_call_and_no_cost(tmp_path: Path) -> None:
    lumen = LumenSession(Settings(mode=Mode.RECORD, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache", model="m"))
    lumen.stats.figures.steps_recorded = 2
    lumen.stats.figures.scripted_replies = 9
    shown = dict(figures(lumen.finish_run(tmp_path / "test-results", exitstatus=0)))
    assert shown["model calls"] == "0 (9 scripted replies in the model's place)"
    assert shown["estimated cost"] == "none (no model was called)"
    assert shown["tokens"] == "in 0, out 0, cache read 0, cache write 0"
