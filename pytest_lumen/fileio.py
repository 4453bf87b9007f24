"""Atomic, locked file writes shared by the cache and the memory store."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from .errors import LockTimeoutError

DEFAULT_LOCK_TIMEOUT = 30.0


def lock_path(path: Path) -> Path:
    """The lock file that guards ``path`` (beside it, so it lives on the same file system)."""
    return path.with_name(path.name + ".lock")


@contextlib.contextmanager
def locked(path: Path, timeout: float = DEFAULT_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the lock of ``path``.

    filelock's ``FileLock`` uses ``fcntl.flock`` on POSIX: the kernel drops the lock when
    the holder dies, so a killed worker never leaves a lock that blocks the next run.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_path(path)), timeout=timeout)
    try:
        with lock:
            yield
    except Timeout as exc:
        raise LockTimeoutError(
            f"could not lock {path.name} within {timeout:g}s", path=path
        ) from exc


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, never a torn one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
