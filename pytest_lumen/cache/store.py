"""The locked store of cache files: where a test's file lives, reading it, writing it atomically."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import CacheError, CacheFileError, CacheWriteError, SecretLeakError
from ..secrets import Secrets, map_strings
from .codec import file_data, file_text, loads, record_remedy, step_label
from .fileio import atomic_write_text, locked
from .model import CacheFile

Check = Callable[[str, Any], None]
Merge = Callable[[CacheFile | None, CacheFile], CacheFile]


class CacheStore:
    """Reads and writes the cache files under one folder.

    Errors name a file relative to ``display_root`` (the rootdir; by default the folder
    that holds the cache folder), as users see it in their repository.
    """

    def __init__(self, root: Path, lock_timeout: float = 30.0, display_root: Path | None = None) -> None:
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

    def owner(self, path: Path) -> str | None:
        """The node id of the test that owns ``path`` (``<test file>::<slugged name>``), if it is under the root."""
        try:
            rel = Path(path).relative_to(self.root)
        except ValueError:
            return None
        return f"{rel.parent.as_posix()}::{rel.stem}" if rel.parent.parts else None

    def load(self, path: Path, *, nodeid: str | None = None) -> CacheFile | None:
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
            raise CacheFileError(f"cache file is not UTF-8 text: {exc}", path=shown, remedy=record_remedy(owner)) from None
        return loads(text, Path(shown), nodeid=owner)

    def save(self, path: Path, cache: CacheFile, check: Check | None = None, *,
             secrets: Secrets | None = None, merge: Merge | None = None) -> None:
        """Write ``cache`` atomically under the file's lock; nothing is written when a secret would be.

        ``secrets`` turns every secret value in what the steps recorded into its placeholder (the test's
        own words, ``WORDS``, are never rewritten), then refuses (``SecretLeakError``) any secret left.
        ``check(text, path)`` may veto the text too; a ``SecretLeakError`` it raises is given the step that holds the secret.
        ``merge(on_disk, cache)``, when given, makes the file to write from the one on disk,
        read under the same lock (a shared file two workers write at once, or two device profiles, loses no step);
        a file on disk that cannot be read holds nothing to keep, and is replaced, as a recording replaces it.
        """
        shown = self.display(path)
        with locked(path, self.lock_timeout):
            if merge is not None:
                cache = merge(self._readable(path), cache)
            if secrets is not None:  # on the values as recorded, before a locator is written as an expression
                data = _redacted(cache.model_dump(mode="json", exclude_none=True), secrets)
                self._vet(data, lambda piece, where, step=None: secrets.check_data(piece, where, step), shown)
                cache = CacheFile.model_validate(data)
            data = file_data(cache)
            text = file_text(data)
            if check is not None:
                self._vet(data, lambda piece, where: check(file_text(piece), where), shown)
            try:
                atomic_write_text(path, text)
            except OSError as exc:
                raise CacheWriteError(f"cache file could not be written: {exc.strerror or exc}", path=shown) from None

    def _readable(self, path: Path) -> CacheFile | None:
        try:
            return self.load(path)
        except CacheError:
            return None

    @staticmethod
    def _vet(data: dict[str, Any], check: Callable[..., None], shown: str) -> None:
        """Run ``check`` on the whole file; a secret it finds is traced to its step."""
        try:
            check(data, shown)
        except SecretLeakError as exc:
            raise exc.completed(step=None if exc.step else _leaking_step(data, check, shown)) from None

    def files(self) -> list[Path]:
        """Every cache file under the root (memory and temporary files excluded)."""
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.rglob("*.json") if p.name != "memory.json" and not p.name.startswith("."))


# What a test wrote (its node id; a step's instruction, key and variable names): never rewritten, only checked.
WORDS = frozenset({"test", "key", "instruction", "variables"})


def _redacted(data: dict[str, Any], secrets: Secrets) -> dict[str, Any]:
    """The file's data with every secret replaced in what its steps recorded; the test's own words as they are."""
    steps = [{k: v if k in WORDS else map_strings(v, secrets.hide_secrets) for k, v in step.items()}
             for step in data.get("steps", [])]
    return {**data, "steps": steps}


def _leaking_step(data: dict[str, Any], check: Callable[..., None], shown: str) -> str | None:
    """The label of the first step whose content ``check`` refuses."""
    for i, step in enumerate(data.get("steps", [])):
        try:
            check({"steps": [step]}, shown)
        except SecretLeakError:
            return step_label(data, i)
    return None
