"""Where a heal's picture is on disk, and how a report names a heal: shared by the Allure and pytest-html reports."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..context import TestContext
    from ..heals import Heal


def picture_file(ctx: TestContext, heal: Heal) -> Path | None:
    """The heal's picture (``Heal.picture`` is relative to the report's folder; the file is in the test's output folder)."""
    if not heal.picture:
        return None
    path = ctx.output_dir / Path(heal.picture).name
    return path if path.is_file() else None


def heal_title(heal: Heal) -> str:
    """``healed action 2 [relabel]``."""
    return f"healed action {heal.action + 1} [{heal.level}]"


def heal_text(heal: Heal) -> str:
    """A heal as lines of text: the step, the locator before and after, the evidence and the cache file it rewrote."""
    lines = [f"step: {heal.step}", f"action: {heal.action + 1}", f"level: {heal.level}",
             f"before: {heal.before}", f"after: {heal.after}"]
    if heal.evidence:
        lines.append(f"evidence: {heal.evidence}")
    if heal.runner_up is not None:
        lines.append(f"runner-up: {heal.runner_up:.2f}")
    lines.append(f"cache file: {heal.cache_file}")
    return "\n".join(lines) + "\n"
