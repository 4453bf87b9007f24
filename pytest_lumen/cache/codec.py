"""Cache files as text: stable JSON written for people out, distrustful parsing in.

Writing: two-space-indented JSON, keys in the models' order, each locator a Playwright expression
(``fileform.py``), and each piece of evidence (a fingerprint, an effect, a dialog) on one line, so a heal
changes a few whole lines.

Reading never trusts the file: anything that is not a valid cache file of this
``schema_version`` (not JSON, truncated, unknown action kind, a locator or URL that
fails validation) is a ``CacheFileError`` naming the file, the step and the remedy, and
the file is left as it is until the test is re-recorded. Its content's problems are listed
every one, each at its path as it stands in the file (``steps[0].actions[1].locator``: ``file_problems``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import CacheFileError, record_command
from .fileform import FILE
from .keys import step_key
from .migrate import upgrade
from .model import SCHEMA_VERSION, CacheFile, Goto, LocatorSpec

OLDEST_READABLE = 1  # older versions are upgraded on reading (migrate.py)

WEB_URL_STARTS = ("/", "http://", "https://", "%")  # a path, a web URL, or a %variable% holding one
OTHER_URLS = frozenset({"about:blank"})


ONE_LINE = frozenset({"fingerprint", "after", "option", "by", "viewport", "variables", "fallbacks", "on",
                      "profiles"})  # on one line
ONE_LINE_ITEMS = frozenset({"dialogs"})  # arrays whose items are written one per line, each on one line


def dumps(cache: CacheFile) -> str:
    """The text of a cache file: the same content is always the same bytes, so that diffs review well."""
    return file_text(file_data(cache))


def file_data(cache: CacheFile) -> dict[str, Any]:
    """The file's JSON data (locators as expressions, targets in their actions, nothing absent written)."""
    data: dict[str, Any] = cache.model_dump(mode="json", exclude_none=True, exclude_defaults=False, context=FILE)
    return data


def file_text(data: Any) -> str:
    """``data`` as a cache file's text, with a final newline (ASCII-escaped where UTF-8 cannot hold a character)."""
    text = _json(data, 0, None, ascii_only=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from page text
        text = _json(data, 0, None, ascii_only=True) + "\n"
    return text


def _json(value: Any, depth: int, key: str | None, *, ascii_only: bool) -> str:
    """``value`` indented at ``depth``; under a ``ONE_LINE`` key, on one line; an array of objects as ``[{ ... }, { ... }]``."""
    if key in ONE_LINE or not (isinstance(value, (dict, list)) and value):
        return json.dumps(value, ensure_ascii=ascii_only, separators=(", ", ": "))
    pad, end = "  " * (depth + 1), "\n" + "  " * depth
    if isinstance(value, dict):
        return "{\n" + _members(value, depth, ascii_only) + end + "}"
    if key not in ONE_LINE_ITEMS and all(isinstance(v, dict) and v for v in value):  # steps, actions: no line for a brace
        return "[{\n" + (end + "}, {\n").join(_members(v, depth, ascii_only) for v in value) + end + "}]"
    inner = "by" if key in ONE_LINE_ITEMS else None  # a key of ONE_LINE: each item on one line
    items = [pad + _json(v, depth + 1, inner, ascii_only=ascii_only) for v in value]
    return "[\n" + ",\n".join(items) + end + "]"


def _members(value: dict[str, Any], depth: int, ascii_only: bool) -> str:
    """An object's members, one a line, at ``depth + 1``."""
    pad = "  " * (depth + 1)
    return ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=ascii_only)}: {_json(v, depth + 1, k, ascii_only=ascii_only)}"
                       for k, v in value.items())


# --- reading ------------------------------------------------------------------------------


def record_remedy(nodeid: str | None) -> str:
    """The remedy for an unusable cache file: re-record the test that owns it."""
    return f"re-record this test: {record_command(nodeid)} (the bad file is left as it is until then)"


def step_label(data: Any, index: int) -> str:
    try:
        instruction = data["steps"][index]["instruction"]
    except (KeyError, IndexError, TypeError):
        return f"#{index + 1}"
    return f"#{index + 1} {instruction!r}" if isinstance(instruction, str) else f"#{index + 1}"


MAX_PROBLEMS = 20  # listed in a message; the count says how many more


def file_path(loc: Sequence[Any], data: Any, missing: bool = False, renames: Mapping[str, str] | None = None) -> str:
    """Where a validation error's ``loc`` is in a file's ``data``, as the file writes it: ``steps[0].actions[1].locator``.

    pydantic's path also holds what the file does not: a union's member (``click``, ``int``), a target the file
    writes in its action. Each segment the data does not hold is left out; a field that is ``missing`` is named
    as the file would name it (``renames``: a cache file's action names its target by its ``locator``).
    """
    parts: list[str] = []
    node = data
    for i, seg in enumerate(loc):
        if isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            parts.append(f"[{seg}]")
            node = node[seg]
        elif isinstance(node, dict) and isinstance(seg, str) and (seg in node or (missing and i == len(loc) - 1)):
            name = seg if seg in node else (renames or {}).get(seg, seg)
            parts.append(f".{name}" if name.isidentifier() else f"[{json.dumps(name)}]")
            node = node.get(seg)
    return "".join(parts).lstrip(".") or "the top level"


def file_problems(exc: ValidationError, data: Any, renames: Mapping[str, str] | None = None) -> list[str]:
    """Every problem of a validation error, each ``<path in the file>: <what is wrong>``, one per path (what a union's
    members each said joined by ``; ``), in the order of the file."""
    found: dict[str, list[str]] = {}
    for error in exc.errors():
        where = file_path(error["loc"], data, missing=error["type"] == "missing", renames=renames)
        messages = found.setdefault(where, [])
        if error["msg"] not in messages:
            messages.append(error["msg"])
    return [f"{where}: {'; '.join(messages)}" for where, messages in found.items()]


def invalid(what: str, problems: list[str]) -> str:
    """``<what> is invalid at <path>: <problem>``, or, for several, one line each after their count."""
    if len(problems) == 1:
        return f"{what} is invalid at {problems[0]}"
    more = len(problems) - MAX_PROBLEMS
    lines = [f"    at {problem}" for problem in problems[:MAX_PROBLEMS]] + ([f"    and {more} more"] if more > 0 else [])
    return "\n".join([f"{what} is invalid: {len(problems)} problems", *lines])


def _step_of(data: Any, loc: tuple[Any, ...]) -> str | None:
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        return step_label(data, loc[1])
    return None


@functools.lru_cache(maxsize=1)
def aria_roles() -> frozenset[str]:
    """The roles ``get_by_role`` knows (from Playwright's own type hints); empty if they cannot be read."""
    try:
        import typing

        from playwright.sync_api import Page

        return frozenset(typing.get_args(typing.get_type_hints(Page.get_by_role)["role"]))
    except Exception:  # without Playwright's hints, roles are not checked
        return frozenset()


def _locator_problem(spec: LocatorSpec) -> str | None:
    """Why a cached locator cannot be used as it is, or None."""
    roles = aria_roles()
    if spec.kind == "role" and roles and spec.value not in roles:
        return f"unknown ARIA role {spec.value!r} in {spec.describe()}"
    if spec.parent is not None:
        return _locator_problem(spec.parent)
    return None


def _action_problem(action: Any) -> str | None:
    """Why a cached action cannot be replayed as it is, or None."""
    if isinstance(action, Goto) and not (action.url.startswith(WEB_URL_STARTS) or action.url in OTHER_URLS):
        return f"goto {action.url!r} is not a web address (only http(s) URLs and paths are replayed)"
    target = action.target_or_none
    if target is None:
        return None
    for spec in (target.locator, *target.fallbacks):
        problem = _locator_problem(spec)
        if problem:
            return problem
    return None


def _check_content(cache: CacheFile, data: Any, path: Path, nodeid: str | None) -> None:
    """What the models cannot say: valid roles and URLs, one step per key and occurrence."""
    seen: set[tuple[str, int]] = set()
    for i, step in enumerate(cache.steps):
        if step.key != step_key(step.instruction, step.variables):
            raise CacheFileError(f"cache file holds step key {step.key}, which is not the key of its instruction "
                                 f"and variables (edited by hand?)", path=path, step=step_label(data, i),
                                 remedy=record_remedy(nodeid))
        if (step.key, step.ordinal) in seen:
            raise CacheFileError(f"cache file holds step key {step.key} #{step.ordinal} twice", path=path,
                                 step=step_label(data, i), remedy=record_remedy(nodeid))
        seen.add((step.key, step.ordinal))
    problems = [(i, f"steps[{i}].actions[{j}]: {problem}") for i, step in enumerate(cache.steps)
                for j, action in enumerate(step.actions) if (problem := _action_problem(action))]
    if problems:
        raise CacheFileError(invalid("cache file content", [text for _, text in problems]), path=path,
                             step=step_label(data, problems[0][0]), remedy=record_remedy(nodeid))


def _parse_json(text: str, path: Path, nodeid: str | None) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, and ints over Python's digit limit
        raise CacheFileError(f"cache file is not valid JSON (truncated or edited?): {exc}", path=path,
                             remedy=record_remedy(nodeid)) from None
    if not isinstance(data, dict):
        raise CacheFileError("cache file does not hold a JSON object", path=path, remedy=record_remedy(nodeid))
    return data


def _check_version(data: dict[str, Any], path: Path, nodeid: str | None) -> None:
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CacheFileError(f"cache file has no valid schema_version (found {_short(version)})", path=path,
                             remedy=record_remedy(nodeid))
    if version > SCHEMA_VERSION:
        raise CacheFileError(
            f"cache file has schema_version {_short(version)}, newer than this pytest-lumen understands ({SCHEMA_VERSION})",
            path=path,
            remedy=f"upgrade pytest-lumen (pip install -U pytest-lumen), or {record_remedy(nodeid)}",
        )
    if version < OLDEST_READABLE:
        raise CacheFileError(f"cache file has an old or unknown schema_version {_short(version)} "
                             f"(this pytest-lumen reads {OLDEST_READABLE} to {SCHEMA_VERSION})", path=path,
                             remedy=record_remedy(nodeid))


def _short(value: Any, limit: int = 40) -> str:
    """A value for an error message, cut short (a hostile file may hold a huge one)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def loads(text: str, path: Path, *, nodeid: str | None = None) -> CacheFile:
    """Parse a cache file; every problem is a ``CacheFileError`` naming the file, the step and the remedy.

    ``path`` is how errors name the file; ``nodeid`` (the owning test) goes into the remedy.
    """
    data = _parse_json(text, path, nodeid)
    _check_version(data, path, nodeid)
    data = upgrade(data)
    try:
        cache = CacheFile.model_validate(data)
    except ValidationError as exc:
        raise CacheFileError(invalid("cache file content", file_problems(exc, data, renames={"target": "locator"})),
                             path=path, step=_step_of(data, tuple(exc.errors()[0]["loc"])),
                             remedy=record_remedy(nodeid)) from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise CacheFileError(f"cache file content is invalid: {exc}", path=path, remedy=record_remedy(nodeid)) from None
    _check_content(cache, data, path, nodeid)
    return cache
