"""Atomic, locked file writes and their pretty JSON, shared by the cache and the memory store.

Every write goes to a temporary file in the target's folder (same file system), is
flushed to disk, then renamed over the target with ``os.replace``: a reader, a crash or
a ``kill -9`` sees the old file or the new one, never a torn one. Writers hold the
target's ``filelock`` lock (``<name>.lock`` beside it) while they read-merge-write.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from ..errors import LockTimeoutError

DEFAULT_LOCK_TIMEOUT = 30.0
TEMP_SUFFIX = ".tmp"


def pretty_json(data: Any) -> str:
    """Stable, sorted, two-space-indented JSON with a final newline, so that diffs review well.

    Non-ASCII text is kept as UTF-8; when UTF-8 cannot hold a character (a lone surrogate
    from page text), the whole text is written ASCII-escaped instead.
    """
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=True) + "\n"
    return text


def lock_path(path: Path) -> Path:
    """The lock file that guards ``path`` (beside it, so it lives on the same file system)."""
    return path.with_name(path.name + ".lock")


def temp_prefix(path: Path) -> str:
    """The name prefix of ``path``'s temporary files (hidden, so that ``*.json`` globs skip them)."""
    return f".{path.name}."


@contextlib.contextmanager
def locked(path: Path, timeout: float = DEFAULT_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the lock of ``path``; ``LockTimeoutError`` after ``timeout`` seconds.

    filelock's ``FileLock`` uses ``fcntl.flock`` on POSIX: the kernel drops the lock when
    the holder dies, so a killed worker never leaves a lock that blocks the next run.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_path(path)), timeout=timeout)
    try:
        lock.acquire()
    except Timeout as exc:
        raise LockTimeoutError(
            f"could not lock {path.name} within {timeout:g}s: another process holds {lock_path(path).name}",
            path=path,
        ) from exc
    try:
        yield
    finally:
        lock.release()


def _umask() -> int:
    """The process umask (read without changing it where /proc allows)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The permissions the new file gets: the old file's, else what ``open()`` would give (0666 minus umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete temporary files a killed writer left beside ``path``; returns them.

    Only safe while holding ``locked(path)``: every live writer holds that lock.
    """
    ours = re.compile(re.escape(temp_prefix(path)) + r"[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))  # mkstemp's names
    removed = []
    with contextlib.suppress(OSError):
        for leftover in path.parent.iterdir():
            if ours.fullmatch(leftover.name):
                with contextlib.suppress(FileNotFoundError):
                    leftover.unlink()
                    removed.append(leftover)
    return removed


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable (best effort: not every platform can open a folder)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, never a torn one.

    Call it while holding ``locked(path)``: it also removes temporary files that killed
    writers left behind. The file keeps its permissions (a new one gets the umask's).
    """
    data = text.encode("utf-8")  # an unencodable text fails here, before any file is touched
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
