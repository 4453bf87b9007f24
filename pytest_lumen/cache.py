"""The committed cache: one JSON file per test, its pydantic models and its locked, atomic persistence.

Reading never trusts the file: anything that is not a valid cache file of this
``schema_version`` (not JSON, truncated, unknown action kind, a locator or URL that
fails validation) is a ``CacheFileError`` naming the file, the step and the remedy, and
the file is left as it is until the test is re-recorded.
"""

from __future__ import annotations

import difflib
import functools
import json
from pathlib import Path
from typing import Any, Callable, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import Action, Goto
from .errors import CacheFileError, CacheWriteError, SecretLeakError
from .fileio import atomic_write_text, locked
from .locators import LocatorSpec
from .secrets import Secrets

SCHEMA_VERSION = 1
StepKind = Literal["run", "expect"]
WEB_URL_STARTS = ("/", "http://", "https://", "%")  # a path, a web URL, or a %variable% holding one
OTHER_URLS = frozenset({"about:blank"})
Check = Callable[[str, Any], None]


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
        """The cached step with this key and occurrence number, if any."""
        return next((s for s in self.steps if s.key == key and s.ordinal == ordinal), None)

    def nearest(self, instruction: str, limit: int = 3) -> list[Step]:
        """The cached steps whose instruction reads most like ``instruction``."""
        def score(step: Step) -> float:
            return difflib.SequenceMatcher(None, step.instruction, instruction).ratio()
        return sorted(self.steps, key=score, reverse=True)[:limit]


def dumps(cache: CacheFile) -> str:
    """Stable, sorted, pretty JSON, so that diffs review well (escaped where UTF-8 cannot hold a character)."""
    return _json_text(cache.model_dump(mode="json", exclude_none=True, exclude_defaults=False))


def _json_text(data: Any) -> str:
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from page text: keep it, escaped
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=True) + "\n"
    return text


# --- reading ------------------------------------------------------------------------------


def record_command(nodeid: Optional[str]) -> str:
    """The remedy for an unusable cache file: re-record the test that owns it."""
    target = f'"{nodeid}"' if nodeid else "<test node id>"
    return f"re-record this test: pytest --lumen-record {target} (the bad file is left as it is until then)"


def _step_label(data: Any, index: int) -> str:
    try:
        instruction = data["steps"][index]["instruction"]
    except (KeyError, IndexError, TypeError):
        return f"#{index + 1}"
    return f"#{index + 1} {instruction!r}" if isinstance(instruction, str) else f"#{index + 1}"


def _step_of(data: Any, loc: tuple[Any, ...]) -> str | None:
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        return _step_label(data, loc[1])
    return None


@functools.lru_cache(maxsize=1)
def aria_roles() -> frozenset[str]:
    """The roles ``get_by_role`` knows (from Playwright's own type hints); empty if they cannot be read."""
    try:
        import typing

        from playwright.sync_api import Page

        return frozenset(typing.get_args(typing.get_type_hints(Page.get_by_role)["role"]))
    except Exception:  # noqa: BLE001 - without Playwright's hints, roles are not checked
        return frozenset()


def _locator_problem(spec: LocatorSpec) -> Optional[str]:
    """Why a cached locator cannot be used as it is, or None."""
    roles = aria_roles()
    if spec.kind == "role" and roles and spec.value not in roles:
        return f"unknown ARIA role {spec.value!r} in {spec.describe()}"
    if spec.parent is not None:
        return _locator_problem(spec.parent)
    return None


def _action_problem(action: Any) -> Optional[str]:
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


def _check_content(cache: CacheFile, data: Any, path: Path, nodeid: Optional[str]) -> None:
    """What the models cannot say: valid roles and URLs, one step per key and occurrence."""
    seen: set[tuple[str, int]] = set()
    for i, step in enumerate(cache.steps):
        if (step.key, step.ordinal) in seen:
            raise CacheFileError(f"cache file holds step key {step.key} #{step.ordinal} twice", path=path,
                                 step=_step_label(data, i), remedy=record_command(nodeid))
        seen.add((step.key, step.ordinal))
        for j, action in enumerate(step.actions):
            problem = _action_problem(action)
            if problem:
                raise CacheFileError(f"cache file content is invalid at steps.{i}.actions.{j}: {problem}", path=path,
                                     step=_step_label(data, i), remedy=record_command(nodeid))


def _parse_json(text: str, path: Path, nodeid: Optional[str]) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, and ints over Python's digit limit
        raise CacheFileError(f"cache file is not valid JSON (truncated or edited?): {exc}", path=path,
                             remedy=record_command(nodeid)) from None
    if not isinstance(data, dict):
        raise CacheFileError("cache file does not hold a JSON object", path=path, remedy=record_command(nodeid))
    return data


def _check_version(data: dict[str, Any], path: Path, nodeid: Optional[str]) -> None:
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CacheFileError(f"cache file has no valid schema_version (found {_short(version)})", path=path,
                             remedy=record_command(nodeid))
    if version > SCHEMA_VERSION:
        raise CacheFileError(
            f"cache file has schema_version {_short(version)}, newer than this pytest-lumen understands ({SCHEMA_VERSION})",
            path=path,
            remedy=f"upgrade pytest-lumen (pip install -U pytest-lumen), or {record_command(nodeid)}",
        )
    if version < SCHEMA_VERSION:
        raise CacheFileError(f"cache file has an old or unknown schema_version {_short(version)} "
                             f"(this pytest-lumen writes {SCHEMA_VERSION})", path=path, remedy=record_command(nodeid))


def _short(value: Any, limit: int = 40) -> str:
    """A value for an error message, cut short (a hostile file may hold a huge one)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def loads(text: str, path: Path, *, nodeid: Optional[str] = None) -> CacheFile:
    """Parse a cache file; every problem is a ``CacheFileError`` naming the file, the step and the remedy.

    ``path`` is how errors name the file; ``nodeid`` (the owning test) goes into the remedy.
    """
    data = _parse_json(text, path, nodeid)
    _check_version(data, path, nodeid)
    try:
        cache = CacheFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the top level"
        raise CacheFileError(
            f"cache file content is invalid at {where}: {first['msg']} ({exc.error_count()} problem(s))",
            path=path,
            step=_step_of(data, tuple(first["loc"])),
            remedy=record_command(nodeid),
        ) from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise CacheFileError(f"cache file content is invalid: {exc}", path=path, remedy=record_command(nodeid)) from None
    _check_content(cache, data, path, nodeid)
    return cache


# --- the store ----------------------------------------------------------------------------


class CacheStore:
    """Reads and writes the cache files under one folder.

    Errors name a file relative to ``display_root`` (the rootdir; by default the folder
    that holds the cache folder), as users see it in their repository.
    """

    def __init__(self, root: Path, lock_timeout: float = 30.0, display_root: Optional[Path] = None) -> None:
        self.root = root
        self.lock_timeout = lock_timeout
        self.display_root = display_root if display_root is not None else root.parent

    def path_for(self, test_file: str, test_name: str) -> Path:
        """Where the cache file of a test lives."""
        return self.root / test_file / f"{test_name}.json"

    def display(self, path: Path) -> str:
        """``path`` relative to the display root when it is under it."""
        try:
            return Path(path).relative_to(self.display_root).as_posix()
        except ValueError:
            return str(path)

    def owner(self, path: Path) -> Optional[str]:
        """The node id of the test that owns ``path`` (``<test file>::<slugged name>``), if it is under the root."""
        try:
            rel = Path(path).relative_to(self.root)
        except ValueError:
            return None
        return f"{rel.parent.as_posix()}::{rel.stem}" if rel.parent.parts else None

    def load(self, path: Path, *, nodeid: Optional[str] = None) -> CacheFile | None:
        """The cache file at ``path``, or None when there is none; a bad file is a ``CacheFileError``."""
        shown, owner = self.display(path), nodeid or self.owner(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise CacheFileError(f"cache file cannot be read: {exc.strerror or exc}", path=shown,
                                 remedy="check the file's permissions (or delete it and re-record the test)") from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CacheFileError(f"cache file is not UTF-8 text: {exc}", path=shown, remedy=record_command(owner)) from None
        return loads(text, Path(shown), nodeid=owner)

    def save(self, path: Path, cache: CacheFile, check: Optional[Check] = None, *,
             secrets: Optional[Secrets] = None) -> None:
        """Write ``cache`` atomically under the file's lock; nothing is written when a secret would be.

        ``secrets`` turns every known value in the file's strings into its placeholder, then
        refuses (``SecretLeakError``) what is left. ``check(text, path)`` may veto the text
        too; a ``SecretLeakError`` it raises is given the step that holds the secret.
        """
        shown = self.display(path)
        data = cache.model_dump(mode="json", exclude_none=True, exclude_defaults=False)
        if secrets is not None:
            data = secrets.redact_data(data)
            self._vet(data, lambda piece, where, step=None: secrets.check_data(piece, where, step), shown)
        text = _json_text(data)
        if check is not None:
            self._vet(data, lambda piece, where: check(_json_text(piece), where), shown)
        with locked(path, self.lock_timeout):
            try:
                atomic_write_text(path, text)
            except OSError as exc:
                raise CacheWriteError(f"cache file could not be written: {exc.strerror or exc}", path=shown) from None

    @staticmethod
    def _vet(data: dict[str, Any], check: Callable[..., None], shown: str) -> None:
        """Run ``check`` on the whole file; a secret it finds is traced to its step."""
        try:
            check(data, shown)
        except SecretLeakError as exc:
            if exc.step is None:
                exc.step = _leaking_step(data, check, shown)
            raise

    def files(self) -> list[Path]:
        """Every cache file under the root (memory and temporary files excluded)."""
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.rglob("*.json") if p.name != "memory.json" and not p.name.startswith("."))


def _leaking_step(data: dict[str, Any], check: Callable[..., None], shown: str) -> Optional[str]:
    """The label of the first step whose content ``check`` refuses."""
    for i, step in enumerate(data.get("steps", [])):
        try:
            check({"steps": [step]}, shown)
        except SecretLeakError:
            return _step_label(data, i)
    return None
