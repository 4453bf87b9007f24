"""Whether a test passed, from the reports of its phases kept on its item (pytest_lumen.run.phases)."""

from __future__ import annotations

import pytest

from pytest_lumen.run import phases


def report(item: pytest.Item, when: str, outcome: str) -> pytest.TestReport:
    return pytest.TestReport(item.nodeid, item.location, {}, outcome, None, when)  # type: ignore[arg-type]


def test_a_test_passed_when_it_ran_and_every_phase_passed(pytester: pytest.Pytester) -> None:
    item = pytester.getitem("def test_func():\n    pass\n")
    assert not phases.passed(item)  # nothing reported yet
    phases.keep(item, report(item, "setup", "passed"))
    assert not phases.passed(item)  # set up, not run
    phases.keep(item, report(item, "call", "passed"))
    assert phases.passed(item)
    phases.keep(item, report(item, "teardown", "failed"))
    assert not phases.passed(item)


def test_a_rerun_is_judged_by_its_own_phases(pytester: pytest.Pytester) -> None:
    item = pytester.getitem("def test_func():\n    pass\n")
    phases.keep(item, report(item, "call", "failed"))
    phases.start(item)  # pytest-rerunfailures runs the item again
    phases.keep(item, report(item, "setup", "passed"))
    phases.keep(item, report(item, "call", "passed"))
    assert phases.passed(item)
