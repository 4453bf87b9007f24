"""Sharded runs: each run saves its figures (``lumen-run.json``), and one command joins the shards' files.

In a CI matrix every shard uploads its ``test-results/``; a last job downloads them all and runs
``python -m pytest_lumen.shards DIR...``, which prints one Markdown summary (figures added up,
unused cache files, every heal) for ``$GITHUB_STEP_SUMMARY``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from .errors import LumenError
from .heals import heals_markdown
from .stats import RunStats
from .summary import active, figure_rows, unused_label

if TYPE_CHECKING:
    from .session import LumenSession

RUN_FILE = "lumen-run.json"


class RunRecord(BaseModel):
    """One run's figures, as ``lumen-run.json`` in its output folder."""

    mode: str
    stats: dict[str, Any]  # RunStats.to_json()
    unused: list[str]  # cache files no test owns, relative to the rootdir
    full_run: bool
    whole_modules: bool


def write_run_record(lumen: LumenSession, output_dir: Path) -> Path | None:
    """Write the run's ``lumen-run.json`` when it ran any step (on the controller, after the unused check)."""
    if not active(lumen):
        return None
    root = lumen.settings.rootdir
    record = RunRecord(mode=lumen.settings.mode.value, stats=lumen.stats.to_json(),
                       unused=sorted(p.relative_to(root).as_posix() for p in lumen.unused),
                       full_run=lumen.full_run, whole_modules=lumen.whole_modules)
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / RUN_FILE
    path.write_text(record.model_dump_json(indent=1), encoding="utf-8")
    return path


def read_records(folders: list[Path]) -> list[RunRecord]:
    """Every ``lumen-run.json`` under the folders (each shard's downloaded artifact)."""
    records = []
    for path in sorted(f for folder in folders for f in folder.rglob(RUN_FILE)):
        try:
            records.append(RunRecord.model_validate_json(path.read_text(encoding="utf-8")))
        except (OSError, ValidationError) as exc:
            raise LumenError(f"cannot read a shard's figures: {exc}", path=path,
                             remedy="pass the folders of the shards' test-results artifacts, as pytest-lumen wrote them") from exc
    return records


def join(records: list[RunRecord]) -> str:
    """One Markdown summary of the shards: figures added up, unused cache files, every heal."""
    if not records:
        return "### pytest-lumen\n\nNo shard ran a pytest-lumen step (no lumen-run.json found).\n"
    stats = RunStats()
    for record in records:
        stats.merge(record.stats)
    modes = sorted({r.mode for r in records})
    unused = sorted({u for r in records for u in r.unused})
    label = unused_label(len(unused), False, any(r.full_run for r in records), all(r.whole_modules for r in records))
    rows = "\n".join(f"| {k} | {v} |" for k, v in figure_rows(", ".join(modes), stats, label))
    parts = [f"### pytest-lumen ({len(records)} shards joined)\n\n| figure | value |\n|---|---|\n{rows}\n"]
    if unused:
        parts.append("Unused cache files (delete them with `pytest --lumen-prune` on a full run):\n\n"
                     + "".join(f"* `{u}`\n" for u in unused))
    if stats.heals:
        parts.append(heals_markdown(stats.heals, ", ".join(modes)))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    """``python -m pytest_lumen.shards DIR...``: print the joined summary of the shards' output folders."""
    parser = argparse.ArgumentParser(prog="python -m pytest_lumen.shards", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="the shards' test-results folders (or one folder holding them)")
    args = parser.parse_args(argv)
    try:
        print(join(read_records(args.folders)))
    except LumenError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
