"""Drifted copies of an app: edits that must each find their text a known number of times."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` in ``file``; ``old`` must occur exactly ``count`` times."""

    file: str
    old: str
    new: str
    count: int = 1


def apply_edits(name: str, base: dict[str, str], edits: Iterable[Edit]) -> dict[str, str]:
    """``base`` with each edit made (an edit's ``old`` must occur exactly ``count`` times)."""
    files = dict(base)
    for edit in edits:
        found = files[edit.file].count(edit.old)
        if found != edit.count:
            raise ValueError(f"{name}: {edit.old[:60]!r} occurs {found} times in {edit.file}, expected {edit.count}")
        files[edit.file] = files[edit.file].replace(edit.old, edit.new)
    return files
