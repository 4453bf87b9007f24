"""Each phase's report of a test (setup, call, teardown), kept on its item: whether the test passed, for its agent."""

from __future__ import annotations

import pytest

REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


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
