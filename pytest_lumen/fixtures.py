"""The fixtures users meet: ``agent``, and the configuration fixtures they may override.

Each fixture's type is exported from ``pytest_lumen`` for annotations (``agent: Agent``,
``lumen_session: LumenSession``, ``lumen_settings: Settings``; ``agent_for``'s ``AgentFactory`` is in
``run/factory.py``). Both make their agents with the run's ``AgentBuilder`` (``run/builder.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .agent import Agent
from .config import Settings, has_api_key
from .errors import ModelError, without_key
from .page import engines
from .planner.base import Planner
from .run import phases
from .run.builder import AgentBuilder, traces_steps
from .run.progress import progress_writer
from .run.session import CONTEXT, SESSION, LumenSession


@pytest.fixture(scope="session")
def lumen_session(pytestconfig: pytest.Config) -> LumenSession:
    """The run's ``LumenSession``: its ``settings``, the run's figures (``stats``), ``cache_path(item)``."""
    return pytestconfig.stash[SESSION]


@pytest.fixture(scope="session")
def lumen_settings(lumen_session: LumenSession) -> Settings:
    """The resolved settings of the run (mode, cache folder, model, budgets)."""
    return lumen_session.settings


@pytest.fixture(scope="session")
def lumen_planner(lumen_session: LumenSession) -> Callable[[], Planner]:
    """A factory for the planner that records and heals; override it to plug in another model.

    It is called only when a step needs the model, so replay runs need no API key. With ``--lumen-script`` it makes
    planners that follow the script (each agent its own); else ``AnthropicPlanner``s, and without an API key it says
    the ways on (a run that needs the model from the start stops before any test: ``LumenSession.keyless``).
    """
    if lumen_session.script is not None:
        return lumen_session.script.planner
    settings = lumen_session.settings

    def make() -> Planner:
        if not has_api_key():
            raise ModelError(without_key(f"this step needs the model ({settings.mode.value} mode)",
                                         settings.replay_command))
        from .planner.anthropic_planner import AnthropicPlanner  # imported only when needed: it is slow

        return AnthropicPlanner(settings.model)

    return make


@pytest.fixture(scope="session")
def _lumen_engines(playwright: Any) -> None:
    """pytest-lumen's selector engines (``page/engines.py``), registered once with pytest-playwright's ``playwright``.

    Fingerprints read Playwright's roles and names through them, relocation looks inside open
    shadow roots with them, and the identity gate is one of them.
    """
    engines.require(playwright.selectors)


@pytest.fixture(scope="session")
def lumen_identity_gate() -> bool:
    """Whether replay checks identity inside Playwright's own action (one round trip per action).

    Override it to return ``False`` to make replay look at every element separately (the full path).
    """
    return True


@pytest.fixture(scope="session")
def _lumen_agents(pytestconfig: pytest.Config, lumen_session: LumenSession, lumen_planner: Callable[[], Planner],
                  lumen_identity_gate: bool, _lumen_engines: None) -> AgentBuilder:
    """How the run's agents are built, ``agent``'s and ``agent_for``'s alike (``run/builder.py``): the fixtures above,
    and whether each step is a trace group (pytest-playwright's ``--tracing``)."""
    return AgentBuilder(lumen_session, lumen_planner, identity_gate=lumen_identity_gate,
                        trace_steps=traces_steps(pytestconfig))


@pytest.fixture
def agent(page: Any, request: pytest.FixtureRequest, output_path: str, _lumen_agents: AgentBuilder) -> Iterator[Agent]:
    """An ``Agent`` on pytest-playwright's ``page``: ``agent.run("log in")``, ``agent.expect("...")``.

    After the test its cache file is written (only if the test passed and something
    changed), its events go to ``lumen_events.jsonl`` and ``memory_events.jsonl`` in the
    test's output folder, and its figures become JUnit properties.
    """
    item = request.node
    phases.start(item)
    ctx = _lumen_agents.session.context_for(item, Path(output_path), progress_writer(request.config, item))
    built = _lumen_agents.build(page, ctx)
    yield built
    _lumen_agents.finish(built, phases.passed(item))
    item.user_properties.extend(LumenSession.junit_properties(ctx))
    del item.stash[CONTEXT]  # its reports are made: the test's events need not live as long as the session
