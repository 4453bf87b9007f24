"""The run's heals report, ``lumen-heals.md``: every heal of the run (``outcome/heal.py``) in one table."""

from __future__ import annotations

from pathlib import Path

from ..outcome.heal import Heal

REPORT_FILE = "lumen-heals.md"


def heals_markdown(heals: list[Heal], mode: str) -> str:
    """The per-run heals report: every heal with its level and the locator before and after."""
    lines = [
        "# pytest-lumen heals",
        "",
        f"{len(heals)} cached action(s) healed in this run (mode `{mode}`). Each rewrote "
        "the cache file named below: review it with `git diff` and commit it to accept the heal, "
        "or restore it (`git checkout -- <file>`) and fix the app if the change was not intended.",
        "",
        "| test | step | action | level | before | after | evidence | pictures | cache file |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for h in heals:
        evidence = (h.evidence or "") + (f" (runner-up {h.runner_up:.2f})" if h.runner_up is not None else "")
        picture = " ".join(f"[{which}]({file})" for which, file in (("before", h.picture), ("after", h.after_picture))
                           if file)
        cells = [h.test, h.step, str(h.action + 1), str(h.level), f"`{h.before}`", f"`{h.after}`", evidence, picture,
                 h.cache_file]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def write_report(heals: list[Heal], mode: str, output_dir: Path) -> Path | None:
    """Write ``lumen-heals.md`` into the output folder when anything healed."""
    if not heals:
        return None
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / REPORT_FILE
    path.write_text(heals_markdown(heals, mode), encoding="utf-8")
    return path
