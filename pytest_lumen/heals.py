"""A heal: one cached action done another way than recorded, as the run reports it (``lumen-heals.md``)."""

from __future__ import annotations

from pydantic import BaseModel


class Heal(BaseModel):
    """One healed action: where (test, step, action), how (level) and the locator before and after."""

    test: str
    step: str
    action: int  # index of the action in the step, from 0
    level: str  # fallback:<kind>, unchanged_text, similarity or model
    before: str
    after: str
    cache_file: str


def heals_markdown(heals: list[Heal], mode: str) -> str:
    """The per-run heals report: every heal with its level and the locator before and after."""
    lines = [
        "# pytest-lumen heals",
        "",
        f"{len(heals)} cached action(s) healed in this run (mode `{mode}`). Each rewrote "
        "the cache file named below: review it with `git diff` and commit it to accept the heal, "
        "or restore it (`git checkout -- <file>`) and fix the app if the change was not intended.",
        "",
        "| test | step | action | level | before | after | cache file |",
        "|---|---|---|---|---|---|---|",
    ]
    for h in heals:
        cells = [h.test, h.step, str(h.action + 1), h.level, f"`{h.before}`", f"`{h.after}`", h.cache_file]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"
