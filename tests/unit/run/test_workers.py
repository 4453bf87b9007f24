"""Whether this process is an xdist worker (pytest_lumen.run.workers): one rule for the whole package."""

from __future__ import annotations

import pytest

from pytest_lumen.run.session import SESSION
from pytest_lumen.run.workers import is_worker


class Seen:
    worker: bool

    def pytest_configure(self, config: pytest.Config) -> None:
        self.worker = config.stash[SESSION].worker


def test_a_run_without_xdist_is_no_worker_and_its_session_reports(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_a():\n    pass\n")
    seen = Seen()
    result = pytester.inline_run("-p", "no:cacheprovider", "-p", "no:playwright", plugins=[seen])
    result.assertoutcome(passed=1)
    assert not is_worker(result.getcalls("pytest_sessionfinish")[0].session.config) and seen.worker is False


def test_a_config_xdist_gave_a_workerinput_is_a_worker(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig()
    config.workerinput = {"workerid": "gw0"}  # type: ignore[attr-defined]  # what xdist sets on a worker
    assert is_worker(config)
