"""Each process's role under xdist (pytest_lumen.run.roles): a worker hands its figures and selection over, the
controller (or a run without xdist) merges them and ends the run once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.config import Mode, Settings
from pytest_lumen.run.roles import CONTROLLER, OUTPUT_KEY, WORKER, ControllerPlugin, WorkerPlugin
from pytest_lumen.run.run_record import RUN_FILE
from pytest_lumen.run.session import LumenSession

INNER = ("-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:playwright", "-p", "no:xdist")

# A test that counts a replayed step, as an agent would: the run then has something to report.
ONE_STEP = '''
from pytest_lumen.run.session import SESSION


def test_a(request):
    request.config.stash[SESSION].stats.figures.steps_replayed += 1
'''


class PretendWorker:
    """What xdist sets on a worker's config before the plugins are configured."""

    config: pytest.Config

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        config.workerinput = {"workerid": "gw0"}  # type: ignore[attr-defined]
        config.workeroutput = {}  # type: ignore[attr-defined]
        self.config = config


def session(root: Path) -> LumenSession:
    return LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model="m"))


@pytest.fixture(autouse=True)
def no_step_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


def test_a_run_without_xdist_is_its_own_controller_and_reports_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_one=ONE_STEP)
    result = pytester.runpytest_inprocess(*INNER)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*= lumen =*", "mode: replay", "steps replayed: 1"])
    assert (pytester.path / "test-results" / RUN_FILE).exists()


def test_a_worker_hands_its_figures_and_selection_to_the_controller_and_reports_nothing(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_one=ONE_STEP)
    worker = PretendWorker()
    result = pytester.runpytest_inprocess(*INNER, plugins=[worker])
    result.assert_outcomes(passed=1)
    assert worker.config.pluginmanager.has_plugin(WORKER) and not worker.config.pluginmanager.has_plugin(CONTROLLER)
    output = worker.config.workeroutput[OUTPUT_KEY]  # type: ignore[attr-defined]
    assert output["figures"]["steps_replayed"] == 1 and output["selection"]["full_run"] is True
    assert "= lumen =" not in result.stdout.str() and not (pytester.path / "test-results").exists()


def test_the_controller_adds_up_what_its_workers_sent(tmp_path: Path) -> None:
    workers = [session(tmp_path), session(tmp_path)]
    for n, each in enumerate(workers, start=1):
        each.stats.figures.steps_replayed = n
        each.selection.files = {tmp_path / f"test_{n}.json"}
    workers[1].selection.full_run = False  # a worker that ran part of the suite
    controller = ControllerPlugin(session(tmp_path))
    for each in workers:
        controller.merge(WorkerPlugin(each).output())
    controller.merge(None)  # a worker that crashed sends nothing
    ran = controller.session
    assert ran.stats.figures.steps_replayed == 3 and not ran.selection.full_run
    assert ran.selection.files == {tmp_path / "test_1.json", tmp_path / "test_2.json"}


def test_the_controller_reports_nothing_before_the_run_finished(tmp_path: Path) -> None:
    written: list[Any] = []
    ControllerPlugin(session(tmp_path)).report(written)
    assert written == []
