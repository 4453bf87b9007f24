"""Each phase's report of a test (setup, call, teardown), kept on its item: whether the test passed, for its agent;
and its failure shown as pytest shows its own, without the plugin's frames (``hide_plugin_frames``)."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

import pytest

from ..errors import LumenError

REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()
PACKAGE = os.path.join(Path(__file__).resolve().parents[1], "")  # ".../pytest_lumen/": the plugin's frames are its files


def hide_plugin_frames(config: pytest.Config, excinfo: pytest.ExceptionInfo[BaseException] | None) -> None:
    """A ``LumenError`` (one the plugin raises on purpose, its message complete) shown without the plugin's own frames,
    as pytest leaves out its own and pluggy's: the test's line, then the message (and so for the errors it was raised
    from). ``--full-trace`` shows them all, and any other error (a bug of the plugin's) keeps them.

    pytest cuts a test's traceback at the test's own frame and shows every frame linked after it (``Traceback.cut``
    follows ``tb_next``): the plugin's frames are unlinked from the traceback itself, each link set past them.
    """
    if excinfo is None or not isinstance(excinfo.value, LumenError) or config.getoption("fulltrace", False):
        return
    error: BaseException | None = excinfo.value
    for _ in range(8):  # the error, and the ones it was raised from or during
        if error is None:
            break
        _unlink_plugin_frames(error.__traceback__)
        error = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    excinfo.traceback = excinfo.traceback.filter(lambda entry: not str(entry.path).startswith(PACKAGE))


def _unlink_plugin_frames(tb: TracebackType | None) -> None:
    """Link each frame of a traceback past the plugin's frames that follow it (the first frame stays: the catcher's)."""
    while tb is not None:
        after = tb.tb_next
        while after is not None and after.tb_frame.f_code.co_filename.startswith(PACKAGE):
            after = after.tb_next
        tb.tb_next = after
        tb = after


def start(item: pytest.Item) -> None:
    """Forget earlier phases: a rerun (pytest-rerunfailures) is judged by its own phases, not an earlier attempt's."""
    item.stash[REPORTS] = {}


def keep(item: pytest.Item, report: pytest.TestReport) -> None:
    """Keep the report of one phase (as pytest reports it: its secret values already replaced)."""
    item.stash.setdefault(REPORTS, {})[report.when] = report


def passed(item: pytest.Item) -> bool:
    """Whether the test ran and every phase reported so far passed."""
    reports = item.stash.get(REPORTS, {})
    return "call" in reports and all(r.passed for r in reports.values())
