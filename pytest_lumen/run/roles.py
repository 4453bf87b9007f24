"""What only one process of a run does, by its role under pytest-xdist: each role a plugin that ``pytest_configure``
registers (as xdist's ``DSession`` and ``WorkerInteractor``), the shared work staying the session's (``session.py``).

An xdist worker hands its figures and selection to the controller; the controller, or a run without xdist,
merges the workers' and ends the run: the heals report, pruning, ``lumen-run.json`` and the summary. A run that
cannot start (``LumenSession.stop_at_start``) stops with pytest's usage error, which under xdist the controller reports.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from .run_record import RunRecord
from .selection import Selection
from .session import LumenSession
from .summary import print_summary, write_github_summary
from .workers import is_worker

OUTPUT_KEY = "lumen"  # a worker's part of xdist's ``workeroutput``
WORKER = "lumen-worker"  # the plugins' names in pytest's plugin manager
CONTROLLER = "lumen-controller"


class WorkerPlugin:
    """On an xdist worker: its figures and selection go to the controller with xdist's ``workeroutput``."""

    def __init__(self, session: LumenSession) -> None:
        self.session = session

    def output(self) -> dict[str, Any]:
        """The worker's figures and selection, as ``ControllerPlugin.merge`` reads them."""
        return {**self.session.stats.to_json(), "selection": self.session.selection.model_dump(mode="json"),
                "stopped": self.session.stopped}

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Hand the worker's figures and selection to the controller."""
        session.config.workeroutput[OUTPUT_KEY] = self.output()  # type: ignore[attr-defined]  # set by xdist on a worker


class ControllerPlugin:
    """The run's end, once: on xdist's controller, with the workers' figures merged, or in a run without xdist."""

    def __init__(self, session: LumenSession) -> None:
        self.session = session
        self.record: RunRecord | None = None  # what the run did, once it finished

    def merge(self, data: dict[str, Any] | None) -> None:
        """Add a finished worker's figures and selection (None: a worker that sent none, e.g. one that crashed)."""
        if not data:
            return
        self.session.stopped = self.session.stopped or data.get("stopped")
        self.session.stats.merge(data)
        self.session.selection.merge(Selection.model_validate(data["selection"]))

    def finish(self, config: pytest.Config, exitstatus: int) -> None:
        """End the run (``LumenSession.finish_run``) in pytest's output folder, and keep what it did."""
        self.record = self.session.finish_run(Path(config.getoption("--output", default="test-results")), exitstatus)

    def report(self, terminalreporter: Any) -> None:
        """The ``lumen`` terminal section and the GitHub step summary of the run that finished."""
        if self.record is None:
            return
        print_summary(terminalreporter, self.record)
        write_github_summary(self.record)

    @pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: the plugin runs without xdist installed
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """Merge a finished xdist worker's figures into the run's."""
        self.merge(getattr(node, "workeroutput", {}).get(OUTPUT_KEY))

    @pytest.hookimpl(trylast=True)  # after the other plugins' (xdist's nodes torn down), as when plugin.py had it
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """The heals report, pruning and ``lumen-run.json``; a usage error the workers stopped at, as pytest's own."""
        if self.session.stopped:
            sys.stderr.write(f"ERROR: {self.session.stopped}\n")
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
            return
        self.finish(session.config, exitstatus)

    @pytest.hookimpl(trylast=True)  # the ``lumen`` section after the other plugins', as when plugin.py had it
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """The ``lumen`` section, printed once per run."""
        self.report(terminalreporter)


def register_role(config: pytest.Config, session: LumenSession) -> None:
    """Register this process's role with pytest: a worker's plugin on an xdist worker (``workers.is_worker``), else the
    controller's."""
    if is_worker(config):
        config.pluginmanager.register(WorkerPlugin(session), WORKER)
    else:
        config.pluginmanager.register(ControllerPlugin(session), CONTROLLER)
