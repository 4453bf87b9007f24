"""Reruns count once (pytest_lumen.run.attempts): a rerun's figures replace its earlier attempt's in the run's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from pytest_lumen.config import Mode, Settings
from pytest_lumen.outcome.figures import Figures
from pytest_lumen.outcome.usage import Usage
from pytest_lumen.run.attempts import Attempts, attempt_of
from pytest_lumen.run.session import LumenSession


def test_the_attempt_is_pytest_rerunfailures_execution_count_else_1() -> None:
    assert attempt_of(SimpleNamespace()) == 1
    assert attempt_of(SimpleNamespace(execution_count=2)) == 2
    assert attempt_of(SimpleNamespace(execution_count=None)) == 1


def test_a_rerun_replaces_its_earlier_attempt_and_other_tests_add_up() -> None:
    total, attempts = Figures(), Attempts()
    first = Figures(steps_replayed=1, steps_failed=1, steps_healed=Counter(fallback=1), model_calls=2,
                    usage=Usage(input_tokens=100, output_tokens=10), cost=0.5)
    attempts.count(total, "test_a.py::test_a", 1, first)
    attempts.count(total, "test_a.py::test_b", 1, Figures(steps_replayed=3))
    attempts.count(total, "test_a.py::test_a", 2, Figures(steps_replayed=2, steps_healed=Counter(fallback=1)))
    assert (total.steps_replayed, total.steps_failed, total.model_calls) == (5, 0, 0)
    assert total.steps_healed == Counter(fallback=1) and total.usage == Usage() and total.cost == 0


def test_a_first_attempt_under_a_seen_id_adds_up(tmp_path: Path) -> None:
    total, attempts = Figures(), Attempts()
    for _ in range(2):  # an agent_for block (no item id), or a test run twice in a session (attempt 1 each time)
        attempts.count(total, None, 1, Figures(steps_replayed=1))
        attempts.count(total, "t", 1, Figures(steps_replayed=1))
    assert total.steps_replayed == 4


def test_a_failed_attempt_writes_no_cache_file_and_a_passed_rerun_writes_one(tmp_path: Path) -> None:
    from pytest_lumen.cache.model import Step

    lumen = LumenSession(Settings(mode=Mode.REPLAY, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache", model="m"))
    written = []
    for attempt, passed in ((1, False), (2, True)):
        item = SimpleNamespace(nodeid="test_a.py::test_a[chromium]", execution_count=attempt)  # pytest-rerunfailures' count
        ctx = lumen.new_context("test_a.py::test_a", tmp_path / ".lumen-cache/test_a.py/test_a.json",
                                tmp_path / f"out{attempt}", item=item)  # type: ignore[arg-type]  # an item's two fields
        ctx.cache.keep(Step(key="0" * 16, ordinal=0, kind="run", instruction="go", url="/", variables=[], actions=[]),
                       changed=True)
        ctx.figures.steps_recorded = 1
        written.append(lumen.finish(ctx, passed))
    assert written == [None, ".lumen-cache/test_a.py/test_a.json"]
    assert lumen.stats.figures.steps_recorded == 1 and lumen.stats.cache_files_written == {written[1]}
