"""The ``lumen`` terminal summary, the GitHub Actions step summary and the heals report file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .heals import heals_markdown

if TYPE_CHECKING:
    from .session import LumenSession
    from .stats import RunStats

HEALS_REPORT = "lumen-heals.md"


def figures(lumen: LumenSession) -> list[tuple[str, str]]:
    """The run's figures as (label, value) rows."""
    unused = unused_label(len(lumen.unused), bool(lumen.pruned), lumen.full_run, lumen.whole_modules)
    return figure_rows(lumen.settings.mode.value, lumen.stats, unused)


def figure_rows(mode: str, st: RunStats, unused: str) -> list[tuple[str, str]]:
    """Figures as (label, value) rows: of one run, or of the shards of a run joined."""
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
        ("model calls", str(fig.model_calls)),
        ("tokens", f"in {fig.usage.input_tokens}, out {fig.usage.output_tokens}, "
                   f"cache read {fig.usage.cache_read_input_tokens}, cache write {fig.usage.cache_creation_input_tokens}"),
        ("estimated cost", f"${fig.cost:.4f}"),
        ("cache files written", str(len(st.cache_files_written))),
        ("unused cache files", unused),
    ]


def unused_label(count: int, pruned: bool, full_run: bool, whole_modules: bool) -> str:
    """How many cache files no test owns, and how much of the suite the run looked at to say so."""
    if full_run:
        return f"{count}" + (" (pruned)" if pruned else "")
    if whole_modules:
        return f"{count} (part of the suite ran: checked in the test modules it collected)"
    return "n/a (not a full run)"


def active(lumen: LumenSession) -> bool:
    """Whether the run did anything to report (a run without ``agent`` steps has no ``lumen`` section)."""
    fig = lumen.stats.figures
    return bool(fig.steps_replayed or fig.steps_recorded or fig.steps_failed or fig.healed_total or fig.model_calls)


def print_summary(tr: Any, lumen: LumenSession) -> None:
    """Write the ``lumen`` section."""
    st = lumen.stats
    if not active(lumen):
        return
    tr.write_sep("=", "lumen")
    for label, value in figures(lumen):
        tr.write_line(f"{label}: {value}")
    for path in sorted(st.cache_files_written):
        tr.write_line(f"  wrote {path}")
    for heal in st.heals:
        evidence = f" ({heal.evidence})" if heal.evidence else ""
        tr.write_line(f"  healed [{heal.level}] {heal.test} :: {heal.step!r} action {heal.action + 1}: "
                      f"{heal.before} -> {heal.after}{evidence}")
    for line in st.viewports:
        tr.write_line(f"  viewport: {line}")
    for unused in lumen.unused:  # under the rootdir: relative to it; a cache folder elsewhere: in full
        verb = "pruned" if unused in lumen.pruned else "unused"
        hint = "" if unused in lumen.pruned else " (delete with --lumen-prune)"
        tr.write_line(f"  {verb} {lumen.store.display(unused)}{hint}")
    if lumen.heals_report is not None:
        tr.write_line(f"  heals report: {lumen.heals_report}")


def write_github_summary(lumen: LumenSession) -> None:
    """Append a Markdown table of the figures to ``$GITHUB_STEP_SUMMARY`` when it is set."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return
    rows = "\n".join(f"| {label} | {value} |" for label, value in figures(lumen))
    with open(target, "a", encoding="utf-8") as fh:
        fh.write(f"\n### pytest-lumen\n\n| figure | value |\n|---|---|\n{rows}\n")


def write_heals_report(lumen: LumenSession, output_dir: Path) -> Path | None:
    """Write ``lumen-heals.md`` into the output folder when anything healed."""
    if not lumen.stats.heals:
        return None
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / HEALS_REPORT
    path.write_text(heals_markdown(lumen.stats.heals, lumen.settings.mode.value), encoding="utf-8")
    return path
