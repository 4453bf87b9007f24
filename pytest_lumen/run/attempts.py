"""Reruns (pytest-rerunfailures): which attempt a test item is on, and run figures that count each test once."""

from __future__ import annotations

from typing import Any

from ..outcome.figures import Figures


def attempt_of(item: Any) -> int:
    """The item's attempt: 1, or 2 and on when pytest-rerunfailures runs it again (its ``execution_count``)."""
    count = getattr(item, "execution_count", None)
    return count if isinstance(count, int) and count > 0 else 1


class Attempts:
    """The figures each test item last added to the run's: a rerun's replace its earlier attempt's."""

    def __init__(self) -> None:
        self.counted: dict[str, Figures] = {}

    def count(self, total: Figures, item_id: str | None, attempt: int, figures: Figures) -> None:
        """Add a test's figures to ``total``, after taking out those of the item's earlier attempt (if a rerun)."""
        previous = self.counted.get(item_id) if item_id is not None and attempt > 1 else None
        if previous is not None:
            total.subtract(previous)
        total.add(figures)
        if item_id is not None:
            self.counted[item_id] = figures
