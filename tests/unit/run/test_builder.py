"""Every agent of a run built one way (pytest_lumen.run.builder): the ``agent`` fixture's and an ``agent_for`` block's."""

from __future__ import annotations

import pytest

INNER = ("-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:playwright")  # no browser: agents on no page

# pytest-playwright's fixtures and its --tracing option, stood in for: the agents made here never act.
CONFTEST = '''
import pytest


def pytest_addoption(parser):
    parser.addoption("--tracing", default="off")


@pytest.fixture(scope="session")
def _lumen_engines():
    """No Playwright here."""


@pytest.fixture
def page():
    return None


@pytest.fixture
def output_path(tmp_path):
    return str(tmp_path)
'''

TESTS = '''
def test_alike(agent, agent_for):
    with agent_for(None, "block") as block:
        assert (block.trace_steps, block.identity_gate) == (agent.trace_steps, agent.identity_gate) == ({tracing}, True)
        assert block.memory is not None and agent.memory is not None and block.memory is not agent.memory
'''


@pytest.mark.parametrize(("tracing", "traced"), [("on", True), ("retain-on-failure", True), ("off", False)])
def test_agent_and_agent_for_build_their_agents_alike_trace_groups_included(pytester: pytest.Pytester, tracing: str,
                                                                           traced: bool) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_app=TESTS.format(tracing=traced))
    pytester.inline_run(*INNER, f"--tracing={tracing}").assertoutcome(passed=1)
