"""One test's view of the cache: its file (read once, on first need), step occurrences, and the steps to write."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from .devices import merged_file
from .model import CacheFile, Step
from .sharing import merge
from .store import CacheStore
from .viewport import Viewport


class TestCache:
    """The cache file of one test: what it holds, and the steps this run keeps for it."""

    __test__ = False  # not a pytest test class

    def __init__(self, store: CacheStore, path: Path, nodeid: str, rerun: str | None = None) -> None:
        self.store = store
        self.path = path
        self.nodeid = nodeid
        self.rerun = rerun or nodeid  # the test a person reruns to re-record the file (its remedies name it)
        self.steps: list[Step] = []  # the test's steps as they will be written, in order
        self.changed = False
        self.used = False  # the file was read (for the unused-file check)
        self.shared = False  # the parameters of a ``lumen_shared`` test write it by merging (``sharing.py``)
        self.viewport: Viewport | None = None  # the page's viewport when the test's steps ran
        self.profile: str | None = None  # the device profile they ran on (``profile.py``; None: not known)
        self._file: CacheFile | None = None
        self._ordinals: Counter[str] = Counter()

    @functools.cached_property
    def display(self) -> str:
        """The file's path as users see it (relative to the rootdir)."""
        return self.store.display(self.path)

    def file(self) -> CacheFile | None:
        """The test's cache file, read once (a bad file raises ``CacheFileError``); None when there is none."""
        if not self.used:
            self.used = True
            self._file = self.store.load(self.path, nodeid=self.rerun)
        return self._file

    def next_ordinal(self, key: str) -> int:
        """How many steps with this key came before in the test (0 for the first)."""
        ordinal = self._ordinals[key]
        self._ordinals[key] += 1
        return ordinal

    def keep(self, step: Step, changed: bool) -> None:
        """Keep a step for the file; ``changed``: it differs from what the file held."""
        self.steps.append(step)
        self.changed = self.changed or changed

    def replace_last(self, step: Step) -> None:
        """Replace the step kept last (a conditional step's branch, kept as a step of its own while it replayed)."""
        self.steps[-1] = step

    def to_write(self) -> CacheFile | None:
        """The file to write after a passing test, or None when nothing changed."""
        if not (self.changed and self.steps):
            return None
        # a recording keeps the viewport it ran at; a rewrite (a heal, a step added) keeps the file's, even none
        viewport = self._file.viewport if self._file is not None else self.viewport
        return CacheFile(test=self.nodeid, steps=self.steps, viewport=viewport)

    @property
    def merge(self) -> Callable[[CacheFile | None, CacheFile], CacheFile] | None:
        """How the store joins what this test keeps with the file on disk, read under the file's lock (None: it
        replaces the file): the other device profiles' recordings (``devices.py``), and the steps the other
        parameters of a shared file recorded (``sharing.py``)."""
        profile, shared = self.profile, self.shared
        if profile is None:
            return merge if shared else None

        def joined(on_disk: CacheFile | None, ours: CacheFile) -> CacheFile:
            mine = merged_file(on_disk, ours, profile, shared)
            return merge(on_disk, mine) if shared else mine
        return joined
