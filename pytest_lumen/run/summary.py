"""The ``lumen`` terminal section and the GitHub Actions step summary: a ``RunRecord`` rendered."""

from __future__ import annotations

import os
from typing import Any

from ..outcome.figures import Figures, RunStats
from .run_record import RunRecord


def figures(record: RunRecord) -> list[tuple[str, str]]:
    """The run's figures as (label, value) rows."""
    unused = unused_label(len(record.unused), bool(record.pruned), record.full_run, record.whole_modules)
    return figure_rows(record.mode, record.stats, unused)


def figure_rows(mode: str, st: RunStats, unused: str) -> list[tuple[str, str]]:
    """Figures as (label, value) rows."""
    fig = st.figures
    healed = ", ".join(f"{k} {v}" for k, v in sorted(fig.steps_healed.items())) or "-"
    return [
        ("mode", mode),
        ("steps replayed", str(fig.steps_replayed)),
        ("steps healed", f"{fig.healed_total} ({healed})"),
        ("steps recorded", str(fig.steps_recorded)),
        ("steps failed", str(fig.steps_failed)),
        ("identity gate", f"{fig.gate_hits} actions in one round trip, {fig.gate_misses} took the full path"
         if fig.gate_hits or fig.gate_misses else "-"),
        ("model calls", model_calls(fig)),
        ("tokens", f"in {fig.usage.input_tokens}, out {fig.usage.output_tokens}, "
                   f"cache read {fig.usage.cache_read_input_tokens}, cache write {fig.usage.cache_creation_input_tokens}"),
        ("estimated cost", "none (no model was called)" if fig.scripted_replies and not fig.model_calls
         else f"${fig.cost:.4f}"),
        ("cache files written", str(len(st.cache_files_written))),
        ("unused cache files", unused),
    ]


def model_calls(fig: Figures) -> str:
    """The model calls, and the replies a script gave in the model's place (``--lumen-script``), which cost nothing."""
    if not fig.scripted_replies:
        return str(fig.model_calls)
    return f"{fig.model_calls} ({fig.scripted_replies} scripted replies in the model's place)"


def unused_label(count: int, pruned: bool, full_run: bool, whole_modules: bool) -> str:
    """How many cache files no test owns, and how much of the suite the run looked at to say so."""
    if full_run:
        return f"{count}" + (" (pruned)" if pruned else "")
    if whole_modules:
        return f"{count} (part of the suite ran: checked in the test modules it collected)"
    return "n/a (not a full run)"


def markdown_table(record: RunRecord, title: str) -> str:
    """The figures as a Markdown table under a ``###`` heading (a step summary, or the shards' joined one)."""
    rows = "\n".join(f"| {label} | {value} |" for label, value in figures(record))
    return f"### {title}\n\n| figure | value |\n|---|---|\n{rows}\n"


def print_summary(tr: Any, record: RunRecord) -> None:
    """Write the ``lumen`` section (nothing when the run ran no step)."""
    st = record.stats
    if not record.active:
        return
    tr.write_sep("=", "lumen")
    for label, value in figures(record):
        tr.write_line(f"{label}: {value}")
    for path in sorted(st.cache_files_written):
        tr.write_line(f"  wrote {path}")
    for heal in st.heals:
        evidence = f" ({heal.evidence})" if heal.evidence else ""
        tr.write_line(f"  healed [{heal.level}] {heal.test} :: {heal.step!r} action {heal.action + 1}: "
                      f"{heal.before} -> {heal.after}{evidence}")
    for line in st.viewports:
        tr.write_line(f"  viewport: {line}")
    for unused in record.unused:
        verb = "pruned" if unused in record.pruned else "unused"
        hint = "" if unused in record.pruned else " (delete with --lumen-prune)"
        tr.write_line(f"  {verb} {unused}{hint}")
    if record.heals_report is not None:
        tr.write_line(f"  heals report: {record.heals_report}")


def write_github_summary(record: RunRecord) -> None:
    """Append the figures' Markdown table to ``$GITHUB_STEP_SUMMARY`` when it is set."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as fh:
        fh.write("\n" + markdown_table(record, "pytest-lumen"))
