"""Reading cache files that an older pytest-lumen wrote: each older ``schema_version`` is upgraded in memory.

The file on disk is left as it is until its test writes it again (a heal, a new step, a
re-recording), which writes the current version: no churn in git for a file that replays.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from ..urls import is_loopback_host, origin_of
from .keys import step_key
from .model import SCHEMA_VERSION

ORIGIN_RELATIVE_HREFS = 3  # the fingerprint version from which a link to its own site is kept origin-relative


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
    if _current(data.get("steps")):  # what the current version writes: read as it is (no copy of the file's data)
        return data if data.get("schema_version") == SCHEMA_VERSION else {**data, "schema_version": SCHEMA_VERSION}
    versioned: dict[str, Any] = _versioned_fingerprints(data)
    steps = versioned.get("steps")
    if isinstance(steps, list):
        versioned = {**versioned, "steps": [_relative_hrefs(step, _origin(step)) for step in steps]}
    return {**versioned, "schema_version": SCHEMA_VERSION}


def _current(data: Any) -> bool:
    """Whether every fingerprint in ``data`` is of a version that needs nothing done (``ORIGIN_RELATIVE_HREFS`` on).
    Read once per test as its file is loaded: a walk of the containers only, no call per value."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(value for value in item if isinstance(value, (dict, list)))
        elif isinstance(item, dict):
            fingerprint = item.get("fingerprint")
            if isinstance(fingerprint, dict) and not _recent(fingerprint.get("version")):
                return False
            stack.extend(value for key, value in item.items() if key != "fingerprint" and isinstance(value, (dict, list)))
    return True


def _recent(version: Any) -> bool:
    return isinstance(version, int) and not isinstance(version, bool) and version >= ORIGIN_RELATIVE_HREFS


def _origin(step: Any) -> str | None:
    url = step.get("url") if isinstance(step, dict) else None
    return origin_of(url) if isinstance(url, str) and "//" in url else None


def _relative_hrefs(data: Any, origin: str | None) -> Any:
    """``data`` with each older fingerprint's link to its own site (a loopback one, or the step's origin) read
    origin-relative, as fingerprints are captured now: the same link, on another port, reads the same."""
    if isinstance(data, list):
        return [_relative_hrefs(item, origin) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: _relative_hrefs(value, origin) for key, value in data.items()}
    fp = out.get("fingerprint")
    href = fp.get("href") if isinstance(fp, dict) else None
    if isinstance(fp, dict) and isinstance(href, str) and int(fp.get("version", 1)) < ORIGIN_RELATIVE_HREFS:
        parts = urlsplit(href.strip())
        if parts.scheme in ("http", "https", "") and parts.netloc and (
                is_loopback_host(parts.hostname) or origin_of(href.strip()) == origin):
            relative = (parts.path or "/") + (f"?{parts.query}" if parts.query else "") \
                + (f"#{parts.fragment}" if parts.fragment else "")
            out["fingerprint"] = {**fp, "href": relative}
    return out


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
