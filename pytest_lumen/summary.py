"""The ``lumen`` terminal summary and the GitHub Actions step summary."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .session import LumenSession


def figures(lumen: LumenSession) -> list[tuple[str, str]]:
    """The run's figures as (label, value) rows."""
    st = lumen.stats
    healed = ", ".join(f"{k} {v}" for k, v in sorted(st.steps_healed.items())) or "-"
    unused = lumen.unused
    return [
        ("mode", lumen.settings.mode.value),
        ("steps replayed", str(st.steps_replayed)),
        ("steps healed", f"{st.healed_total} ({healed})"),
        ("steps recorded", str(st.steps_recorded)),
        ("steps failed", str(st.steps_failed)),
        ("identity gate", f"{st.gate_hits} actions in one round trip, {st.gate_misses} took the full path"
         if st.gate_hits or st.gate_misses else "-"),
        ("model calls", str(st.model_calls)),
        ("tokens", f"in {st.usage.input_tokens}, out {st.usage.output_tokens}, "
                   f"cache read {st.usage.cache_read_input_tokens}, cache write {st.usage.cache_creation_input_tokens}"),
        ("estimated cost", f"${st.cost:.4f}"),
        ("cache files written", str(len(st.cache_files_written))),
        ("unused cache files", (f"{len(unused)}" + (" (pruned)" if lumen.pruned else "")) if lumen.full_run
         else "n/a (not a full run)"),
    ]


def print_summary(tr: Any, lumen: LumenSession) -> None:
    """Write the ``lumen`` section."""
    st = lumen.stats
    if not (st.steps_replayed or st.steps_recorded or st.steps_failed or st.healed_total or st.model_calls):
        return
    tr.write_sep("=", "lumen")
    for label, value in figures(lumen):
        tr.write_line(f"{label}: {value}")
    for path in sorted(st.cache_files_written):
        tr.write_line(f"  wrote {path}")
    for heal in st.heals:
        tr.write_line(f"  healed [{heal['level']}] {heal['test']} :: {heal['step']!r} action {heal['action'] + 1}: "
                      f"{heal['before']} -> {heal['after']}")
    root = lumen.settings.rootdir
    for path in lumen.unused:
        verb = "pruned" if path in lumen.pruned else "unused"
        hint = "" if path in lumen.pruned else " (delete with --lumen-prune)"
        tr.write_line(f"  {verb} {path.relative_to(root)}{hint}")
    report = getattr(lumen, "heals_report", None)
    if report is not None:
        tr.write_line(f"  heals report: {report}")


def write_github_summary(lumen: LumenSession) -> None:
    """Append a Markdown table of the figures to ``$GITHUB_STEP_SUMMARY`` when it is set."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return
    rows = "\n".join(f"| {label} | {value} |" for label, value in figures(lumen))
    with open(target, "a", encoding="utf-8") as fh:
        fh.write(f"\n### pytest-lumen\n\n| figure | value |\n|---|---|\n{rows}\n")


def heals_markdown(lumen: LumenSession) -> str:
    """The per-run heals report: every heal with its level and the locator before and after."""
    heals = lumen.stats.heals
    lines = [
        "# pytest-lumen heals",
        "",
        f"{len(heals)} cached action(s) healed in this run (mode `{lumen.settings.mode.value}`). Each rewrote "
        "the cache file named below: review it with `git diff` and commit it to accept the heal, "
        "or restore it (`git checkout -- <file>`) and fix the app if the change was not intended.",
        "",
        "| test | step | action | level | before | after | cache file |",
        "|---|---|---|---|---|---|---|",
    ]
    for h in heals:
        cells = [h["test"], h["step"], str(h["action"] + 1), h["level"], f"`{h['before']}`", f"`{h['after']}`", h["cache_file"]]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def write_heals_report(lumen: LumenSession, output_dir: Path) -> Path | None:
    """Write ``lumen-heals.md`` into the output folder when anything healed."""
    if not lumen.stats.heals:
        return None
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / "lumen-heals.md"
    path.write_text(heals_markdown(lumen), encoding="utf-8")
    lumen.heals_report = path  # type: ignore[attr-defined]
    return path
