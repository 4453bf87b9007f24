"""``memory.json`` on disk: read distrustfully, written atomically, always under its lock.

A file that is not JSON or not a valid memory file is moved aside to
``memory.json.corrupt-<UTC time>`` with a :class:`MemoryFileWarning`; a file of a newer
format, or one that cannot be read at all, is a :class:`MemoryFileError`.
"""

from __future__ import annotations

import contextlib
import json
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from ..cache.fileio import DEFAULT_LOCK_TIMEOUT, atomic_write_text, locked, pretty_json
from ..errors import MemoryFileError
from .lesson_file import SUPPORTED_VERSION, Lesson, MemoryFile, utc_now

DiskState = Literal["ok", "missing", "corrupt"]

_OS_REMEDY = "check that the file and its folder exist, are readable and are writable by this user"
_NEWER_REMEDY = (
    "upgrade pytest-lumen to read it, or point lumen_memory_path at another file "
    "(or move this one away) to start a fresh memory"
)


class MemoryFileWarning(UserWarning):
    """memory.json was unreadable; it was moved aside and the memory starts again from the seeds."""


def memory_text(lessons: list[Lesson]) -> str:
    """The text of a ``memory.json`` holding ``lessons``: sorted keys, two-space indent."""
    return pretty_json(MemoryFile(version=SUPPORTED_VERSION, lessons=lessons).model_dump(mode="json"))


class MemoryDisk:
    """The file at ``path``; a file-system error becomes a :class:`MemoryFileError` naming it."""

    def __init__(self, path: Path, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        self.path = path
        self._lock_timeout = lock_timeout

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The file's lock; a file-system error taking it becomes a MemoryFileError.

        (Errors inside the block are already MemoryFileErrors, so only the lock's own reach here.)
        """
        try:
            with locked(self.path, self._lock_timeout):
                yield
        except OSError as exc:
            raise self._os_error("cannot lock", exc) from exc

    def exists(self) -> bool:
        """True when there is a file (or a link) at the path."""
        try:
            return self.path.exists() or self.path.is_symlink()
        except OSError as exc:
            raise self._os_error("cannot look for", exc) from exc

    def read(self) -> tuple[list[Lesson] | None, DiskState]:
        """The lessons on disk (caller holds the lock) and how they were found.

        None instead of lessons when the file is missing or was unusable and set aside:
        the memory starts again from the seeds.
        """
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None, "missing"
        except OSError as exc:
            raise self._os_error("cannot read", exc) from exc
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            self._set_aside(f"it is not JSON ({type(exc).__name__})")
            return None, "corrupt"
        self._check_version(data)
        try:
            lessons = MemoryFile.model_validate(data, strict=True).lessons
        except (ValidationError, ValueError, TypeError, RecursionError) as exc:
            self._set_aside(f"it is not a valid memory file ({_first_problem(exc)})")
            return None, "corrupt"
        return lessons, "ok"

    def write(self, text: str) -> None:
        """Replace the file with ``text`` atomically (caller holds the lock)."""
        try:
            atomic_write_text(self.path, text)
        except OSError as exc:
            raise self._os_error("cannot write", exc) from exc

    def _os_error(self, doing: str, exc: OSError) -> MemoryFileError:
        return MemoryFileError(
            f"{doing} the memory file {self.path.name}: {exc.strerror or exc}",
            path=self.path,
            remedy=_OS_REMEDY,
        )

    def _check_version(self, data: object) -> None:
        if not isinstance(data, dict):
            return
        version = data.get("version")
        if type(version) is int and version > SUPPORTED_VERSION:
            raise MemoryFileError(
                f"{self.path.name} has memory format version {version}, newer than the "
                f"version {SUPPORTED_VERSION} this pytest-lumen reads",
                path=self.path,
                remedy=_NEWER_REMEDY,
            )

    def _set_aside(self, why: str) -> None:
        """Move the unreadable file to ``<name>.corrupt-<UTC time>`` and warn."""
        stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():  # never overwrite an earlier set-aside file
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.replace(self.path, target)
        except OSError as exc:
            raise self._os_error("cannot move aside the unreadable", exc) from exc
        warnings.warn(
            MemoryFileWarning(
                f"pytest-lumen: the memory file {self.path} could not be used because {why}; "
                f"it was moved to {target} and the memory starts again from the seed lessons"
            ),
            stacklevel=2,
        )


def _first_problem(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        errors = exc.errors()
        if errors:
            first = errors[0]
            where = ".".join(str(part) for part in first.get("loc", ())) or "top level"
            more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
            return f"{where}: {first.get('msg', 'invalid')}{more}"
    return type(exc).__name__
