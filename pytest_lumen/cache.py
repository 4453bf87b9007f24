"""The committed cache: one JSON file per test, its pydantic models and its locked, atomic persistence."""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import Action
from .errors import CacheFileError
from .fileio import atomic_write_text, locked

SCHEMA_VERSION = 1
StepKind = Literal["run", "expect"]


class Step(BaseModel):
    """One ``agent.run``/``agent.expect`` call: where it started, what it said, what it did."""

    model_config = ConfigDict(extra="forbid")
    key: str = Field(pattern=r"^[0-9a-f]{16}$")
    ordinal: int = Field(default=0, ge=0)
    kind: StepKind = "run"
    instruction: str
    url: str
    variables: list[str] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)


class CacheFile(BaseModel):
    """A test's cache file (``.lumen-cache/<test file>/<test>.json``)."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = SCHEMA_VERSION
    test: str
    steps: list[Step] = Field(default_factory=list)

    def find(self, key: str, ordinal: int) -> Step | None:
        return next((s for s in self.steps if s.key == key and s.ordinal == ordinal), None)

    def nearest(self, instruction: str, limit: int = 3) -> list[Step]:
        """The cached steps whose instruction reads most like ``instruction``."""
        def score(step: Step) -> float:
            return difflib.SequenceMatcher(None, step.instruction, instruction).ratio()
        return sorted(self.steps, key=score, reverse=True)[:limit]


def dumps(cache: CacheFile) -> str:
    """Stable, sorted, pretty JSON, so that diffs review well."""
    data = cache.model_dump(mode="json", exclude_none=True, exclude_defaults=False)
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _step_of(data: Any, loc: tuple[Any, ...]) -> str | None:
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        try:
            step = data["steps"][loc[1]]
            return f"#{loc[1] + 1} {step.get('instruction')!r}"
        except (KeyError, IndexError, TypeError, AttributeError):
            return f"#{loc[1] + 1}"
    return None


def loads(text: str, path: Path) -> CacheFile:
    """Parse a cache file; every problem is a ``CacheFileError`` naming the file, the step and the remedy."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise CacheFileError(f"cache file is not valid JSON (truncated or edited?): {exc}", path=path) from None
    if not isinstance(data, dict):
        raise CacheFileError("cache file does not hold a JSON object", path=path)
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CacheFileError(f"cache file has no valid schema_version (found {version!r})", path=path)
    if version > SCHEMA_VERSION:
        raise CacheFileError(
            f"cache file has schema_version {version}, newer than this pytest-lumen understands ({SCHEMA_VERSION})",
            path=path,
            remedy="upgrade pytest-lumen (pip install -U pytest-lumen), or re-record this test",
        )
    if version < SCHEMA_VERSION:
        raise CacheFileError(f"cache file has an old schema_version {version}", path=path)
    try:
        return CacheFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CacheFileError(
            f"cache file content is invalid at {where}: {first['msg']} ({exc.error_count()} problem(s))",
            path=path,
            step=_step_of(data, tuple(first["loc"])),
        ) from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise CacheFileError(f"cache file content is invalid: {exc}", path=path) from None


class CacheStore:
    """Reads and writes the cache files under one folder."""

    def __init__(self, root: Path, lock_timeout: float = 30.0) -> None:
        self.root = root
        self.lock_timeout = lock_timeout

    def path_for(self, test_file: str, test_name: str) -> Path:
        return self.root / test_file / f"{test_name}.json"

    def load(self, path: Path) -> CacheFile | None:
        """The cache file at ``path``, or None when there is none."""
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise CacheFileError(f"cache file cannot be read: {exc}", path=path) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CacheFileError(f"cache file is not UTF-8 text: {exc}", path=path) from None
        return loads(text, path)

    def save(self, path: Path, cache: CacheFile, check: Any = None) -> None:
        """Write ``cache`` atomically under the file's lock; ``check(text)`` may veto (secrets)."""
        text = dumps(cache)
        if check is not None:
            check(text, path)
        with locked(path, self.lock_timeout):
            atomic_write_text(path, text)

    def files(self) -> list[Path]:
        """Every cache file under the root (memory and lock files excluded)."""
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.rglob("*.json") if p.name != "memory.json")
