"""What the identity gate tells the full path after a miss (pytest_lumen.replay.gate), without a browser."""

from __future__ import annotations

from typing import Any

from pytest_lumen.outcome.figures import Figures
from pytest_lumen.replay.gate import GATE_MS, Gate


def test_a_miss_that_awaited_the_element_spares_only_its_own_action_a_second_wait_and_only_once() -> None:
    gate = Gate(page=Any, figures=Figures(), timeout_ms=4000)  # type: ignore[arg-type]  # no page is asked
    assert gate.take_absent(2) == 0.0  # no miss yet
    gate.absent = (2, GATE_MS)
    assert gate.take_absent(1) == 0.0  # another action (a fill done again first) gets nothing, and the note is spent
    assert gate.take_absent(2) == 0.0
    gate.absent = (2, GATE_MS)
    assert (gate.take_absent(2), gate.take_absent(2)) == (GATE_MS, 0.0)
