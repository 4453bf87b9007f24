"""Where a heal's pictures are on disk, and how a report names a heal: shared by the Allure and pytest-html reports."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..context import TestContext
    from ..outcome.heal import Heal


def picture_files(ctx: TestContext, heal: Heal) -> list[tuple[str, Path]]:
    """The heal's pictures that were taken, as (``before`` or ``after``, file): the page before the healed action
    acted and after it (``Heal.picture`` and ``Heal.after_picture`` are relative to the report's folder; the files
    are in the test's output folder)."""
    found: list[tuple[str, Path]] = []
    for which, picture in (("before", heal.picture), ("after", heal.after_picture)):
        path = ctx.output_dir / Path(picture).name if picture else None
        if path is not None and path.is_file():
            found.append((which, path))
    return found


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
