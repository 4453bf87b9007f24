"""pytest-xdist: whether this process is a worker (its figures go to the controller, which reports the run)."""

from __future__ import annotations

import pytest


def is_worker(config: pytest.Config) -> bool:
    """True in an xdist worker: xdist sets ``workerinput`` on a worker's config before its plugins are configured."""
    return hasattr(config, "workerinput")
