"""Whether this process is an xdist worker (pytest_lumen.run.workers): one rule for the whole package."""

from __future__ import annotations

import pytest

from pytest_lumen.run.workers import is_worker


def test_a_config_xdist_gave_a_workerinput_is_a_worker(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig()
    config.workerinput = {"workerid": "gw0"}  # type: ignore[attr-defined]  # what xdist sets on a worker
    assert is_worker(config)
    assert not is_worker(pytester.parseconfig())
