"""Sharded runs: each run saves its figures (``lumen-run.json``), and one command joins the shards' files.

In a CI matrix every shard uploads its ``test-results/``; a last job downloads them all and runs
``python -m pytest_lumen.run.shards DIR...``, which prints one Markdown summary (figures added up,
unused cache files, every heal) for ``$GITHUB_STEP_SUMMARY``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from ..errors import LumenError
from .heals_report import heals_markdown
from .run_record import RUN_FILE, RunRecord
from .summary import markdown_table


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
    run = RunRecord.join(records)
    parts = [markdown_table(run, f"pytest-lumen ({len(records)} shards joined)")]
    if run.unused:
        parts.append("Unused cache files (delete them with `pytest --lumen-prune` on a full run):\n\n"
                     + "".join(f"* `{u}`\n" for u in run.unused))
    if run.stats.heals:
        parts.append(heals_markdown(run.stats.heals, run.mode))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    """``python -m pytest_lumen.run.shards DIR...``: print the joined summary of the shards' output folders."""
    parser = argparse.ArgumentParser(prog="python -m pytest_lumen.run.shards", description=__doc__.splitlines()[0])
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
