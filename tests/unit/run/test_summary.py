"""The ``lumen`` terminal summary (pytest_lumen.summary): the unused cache files it lists."""

from __future__ import annotations

from pathlib import Path

from pytest_lumen.config import Mode, Settings
from pytest_lumen.session import LumenSession
from pytest_lumen.summary import print_summary


class Lines:
    """A terminal reporter that keeps what it is given."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_sep(self, sep: str, title: str) -> None:
        self.lines.append(f"{sep} {title} {sep}")

    def write_line(self, line: str) -> None:
        self.lines.append(line)


def _summary(root: Path, cache_dir: Path, unused: list[Path], pruned: list[Path]) -> list[str]:
    lumen = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=cache_dir, model="m"))
    lumen.stats.figures.steps_replayed = 1  # a run with agent steps has a lumen section
    lumen.unused, lumen.pruned = unused, pruned
    tr = Lines()
    print_summary(tr, lumen)
    return tr.lines


def test_unused_files_under_the_rootdir_are_listed_relative_to_it(tmp_path: Path) -> None:
    cache = tmp_path / ".lumen-cache"
    kept, gone = cache / "tests/test_a.py/test_old.json", cache / "tests/test_a.py/test_older.json"
    lines = _summary(tmp_path, cache, [kept, gone], [gone])
    assert "  unused .lumen-cache/tests/test_a.py/test_old.json (delete with --lumen-prune)" in lines
    assert "  pruned .lumen-cache/tests/test_a.py/test_older.json" in lines


def test_a_cache_folder_outside_the_rootdir_is_listed_in_full(tmp_path: Path) -> None:
    root, cache = tmp_path / "project", tmp_path / "elsewhere" / "cache"
    old = cache / "tests/test_a.py/test_old.json"
    assert f"  unused {old} (delete with --lumen-prune)" in _summary(root, cache, [old], [])
