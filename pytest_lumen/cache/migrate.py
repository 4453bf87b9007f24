"""Reading cache files that an older pytest-lumen wrote: each older ``schema_version`` is upgraded in memory.

The file on disk is left as it is until its test writes it again (a heal, a new step, a
re-recording), which writes the current version: no churn in git for a file that replays.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .keys import step_key
from .model import SCHEMA_VERSION


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """The file's data at the current schema version (``data`` is a parsed JSON object of a readable version).

    Version 2 wrote each locator as an object and an action's target as an object of its own: the models
    read both forms (``fileform.py``), so a version 2 file needs no change but its version.

    A fingerprint without a ``version`` was captured before fingerprints had one: version 1. It is
    read as it is (a field it lacks is left out of comparisons), and refreshed, when it drifted,
    as its file is written again anyway.
    """
    if data.get("schema_version") == 1:
        data = _v1_to_v2(data)
    versioned: dict[str, Any] = _versioned_fingerprints(data)
    return {**versioned, "schema_version": SCHEMA_VERSION}


def _versioned_fingerprints(data: Any) -> Any:
    """``data`` with ``version: 1`` in every fingerprint that has no version."""
    if isinstance(data, list):
        return [_versioned_fingerprints(item) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: _versioned_fingerprints(value) for key, value in data.items()}
    fingerprint = out.get("fingerprint")
    if isinstance(fingerprint, dict) and "version" not in fingerprint:
        out["fingerprint"] = {"version": 1, **fingerprint}
    return out


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 keyed steps by their URL too: key them by instruction and variable names, in file order."""
    seen: Counter[str] = Counter()
    steps = data.get("steps")
    if isinstance(steps, list):
        upgraded = []
        for step in steps:
            if (isinstance(step, dict) and isinstance(step.get("instruction"), str)
                    and isinstance(step.get("variables", []), list)):
                key = step_key(step["instruction"], [str(v) for v in step.get("variables", [])])
                step = {**step, "key": key, "ordinal": seen[key]}
                seen[key] += 1
            upgraded.append(step)
        data = {**data, "steps": upgraded}
    return {**data, "schema_version": 2}
