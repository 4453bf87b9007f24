"""``AgentBuilder``: every ``Agent`` of a run built one way, the ``agent`` fixture's and each ``agent_for`` block's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from ..agent import Agent
from ..context import TestContext
from ..planner.base import Planner
from .session import LumenSession


def traces_steps(config: pytest.Config) -> bool:
    """Whether pytest-playwright records traces (``--tracing``): then each step is a trace group."""
    return bool(config.getoption("tracing", default="off") != "off")


@dataclass(frozen=True)
class AgentBuilder:
    """How the run's agents are made and ended: the run's session, the planner factory (``lumen_planner``), whether
    replay passes through the identity gate (``lumen_identity_gate``) and whether each step is a trace group."""

    session: LumenSession
    planner: Callable[[], Planner]
    identity_gate: bool = True
    trace_steps: bool = False

    def build(self, page: Any, ctx: TestContext) -> Agent:
        """An agent on ``page`` for the test (or block) of ``ctx``, with its lesson memory."""
        return Agent(page, ctx, self.planner, memory=self.session.new_memory(ctx), trace_steps=self.trace_steps,
                     identity_gate=self.identity_gate)

    def finish(self, agent: Agent, passed: bool) -> str | None:
        """After the test (or block): its lessons, its cache file (when it passed and changed), its events and figures;
        the cache file written, if any."""
        return self.session.finish(agent.ctx, passed, agent.memory)
