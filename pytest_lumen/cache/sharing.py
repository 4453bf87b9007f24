"""Shared cache files: the parameters of a parametrized test marked ``lumen_shared`` replay one file.

``test_checkout[alice]`` and ``test_checkout[bob]`` run the same sentences with other
``%variables%``; a step's key is the instruction template and its variable *names*, so the
steps one parameter recorded are the steps the other needs. Marked tests keep their steps in
``<test file>/<function name>.json`` (named like the node id without its parameters). A parameter
that takes another path records its extra steps into the same file: a shared file is written by
merging, under its lock, what this test kept into what the file holds now, so no step another
parameter (or another xdist worker) recorded is ever dropped.
"""

from __future__ import annotations

import pytest

from .model import CacheFile, Step

SHARED_MARKER = "lumen_shared"
MARKER_HELP = (f"{SHARED_MARKER}: the parameters of this parametrized test share one cache file "
               "(.lumen-cache/<test file>/<function name>.json); see 'Concepts' in the pytest-lumen docs")


def shared_name(item: pytest.Item) -> str | None:
    """The function name the parameters of a ``lumen_shared`` test share, or None for a test of its own."""
    callspec = getattr(item, "callspec", None)
    if item.get_closest_marker(SHARED_MARKER) is None or callspec is None:
        return None
    if not set(callspec.params) - {"browser_name"}:  # pytest-playwright's browser only: a test of its own
        return None
    return getattr(item, "originalname", None) or item.name.split("[", 1)[0]


def shared_nodeid(item: pytest.Item) -> str | None:
    """The node id a shared file is written with: the test's node id without its parameters."""
    name = shared_name(item)
    return None if name is None else f"{item.nodeid.rsplit('::', 1)[0]}::{name}"


def merge(on_disk: CacheFile | None, ours: CacheFile) -> CacheFile:
    """``ours`` merged into the file as it is now: our steps replace theirs (same key and ordinal), others stay.

    The file's order is kept; steps it did not hold come after, in the order this test ran them.
    """
    if on_disk is None:
        return ours
    mine: dict[tuple[str, int], Step] = {(s.key, s.ordinal): s for s in ours.steps}
    steps = [mine.pop((s.key, s.ordinal), s) for s in on_disk.steps]
    return ours.model_copy(update={"steps": steps + list(mine.values())})
