"""The fixtures users meet: ``agent``, and the configuration fixtures they may override."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .agent import Agent
from .config import Settings
from .planner.base import Planner
from .progress import progress_writer
from .session import LumenSession
from .stash import REPORTS, SESSION


@pytest.fixture(scope="session")
def lumen_session(pytestconfig: pytest.Config) -> LumenSession:
    """The run's ``LumenSession`` (settings, figures, cache store)."""
    return pytestconfig.stash[SESSION]


@pytest.fixture(scope="session")
def lumen_settings(lumen_session: LumenSession) -> Settings:
    """The resolved settings of the run (mode, cache folder, model, budgets)."""
    return lumen_session.settings


@pytest.fixture(scope="session")
def lumen_planner(lumen_settings: Settings) -> Callable[[], Planner]:
    """A factory for the planner that records and heals; override it to plug in another model.

    It is called only when a step needs the model, so replay runs need no API key.
    """
    def make() -> Planner:
        from .planner.anthropic_planner import AnthropicPlanner  # imported only when needed: it is slow

        return AnthropicPlanner(lumen_settings.model)

    return make


@pytest.fixture
def agent(page: Any, request: pytest.FixtureRequest, output_path: str, lumen_session: LumenSession,
          lumen_planner: Callable[[], Planner]) -> Iterator[Agent]:
    """An ``Agent`` on pytest-playwright's ``page``: ``agent.run("log in")``, ``agent.expect("...")``.

    Its cache file is written after the test, only if the test passed.
    """
    item = request.node
    state = lumen_session.new_state(item, Path(output_path), progress_writer(request.config, item))
    yield Agent(page, state, lumen_planner)
    reports = item.stash.get(REPORTS, {})
    passed = all(r.passed for r in reports.values()) and "call" in reports
    lumen_session.finish(state, passed)
