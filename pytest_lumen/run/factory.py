"""``agent_for``: natural-language steps outside a test's ``page``, e.g. a session fixture that logs in once.

Each use is a pseudo-test of its own, named by the caller: its cache file is
``.lumen-cache/<folder of the calling fixture's file>/_fixtures/<name>.json``, written only when
the ``with`` block succeeded, and its events go to ``<output>/_fixtures/<name>/``. What calls it is
what pytest is setting up at the time (``Setups``, fed by pytest's own hooks): a fixture, whose
file names the folder, else the test item. Its secrets also redact pytest's reports of every test
that needs that fixture: a session fixture's failure is reported on each test that needs it, and
the tests it serves work in what it logged in with.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from ..agent import Agent
from ..cache.keys import cache_slug
from .builder import AgentBuilder
from .names import clean_nodeid
from .progress import progress_writer
from .report_redaction import remember as remember_secrets

FIXTURES_FOLDER = "_fixtures"


class Setups:
    """What pytest is running now, from its hooks: the test item, and the fixtures it is setting up (innermost last)."""

    def __init__(self) -> None:
        self.item: pytest.Item | None = None
        self.fixtures: list[pytest.FixtureDef[Any]] = []

    @contextmanager
    def running(self, item: pytest.Item) -> Iterator[None]:
        """While pytest runs ``item`` (its setup, call and teardown: ``pytest_runtest_protocol``)."""
        self.item = item
        try:
            yield
        finally:
            self.item = None

    @contextmanager
    def setting_up(self, fixturedef: pytest.FixtureDef[Any]) -> Iterator[None]:
        """While pytest sets up the fixture of ``fixturedef`` (``pytest_fixture_setup``)."""
        self.fixtures.append(fixturedef)
        try:
            yield
        finally:
            self.fixtures.pop()

    def caller(self) -> pytest.FixtureDef[Any] | None:
        """The fixture whose function is running now (None: a test's body, or a fixture's teardown)."""
        return self.fixtures[-1] if self.fixtures else None


SETUPS = pytest.StashKey[Setups]()  # the run's, on pytest's config (plugin.py feeds it)


def source_file(fixturedef: pytest.FixtureDef[Any]) -> Path | None:
    """The file that defines a fixture's function."""
    try:
        found = inspect.getsourcefile(inspect.unwrap(fixturedef.func))
    except TypeError:  # a built-in
        return None
    return Path(found) if found else None


class AgentFactory:
    """Makes ``Agent``s on pages the caller owns: ``with agent_for(page, "login") as agent: agent.run(...)``."""

    def __init__(self, agents: AgentBuilder, *, config: pytest.Config, items: list[pytest.Item], setups: Setups) -> None:
        self.agents = agents
        self.session = agents.session
        self.config = config
        self.items = items  # the run's (this worker's, under xdist)
        self.setups = setups

    def __call__(self, page: Any, name: str) -> AbstractContextManager[Agent]:
        """An agent on ``page`` whose steps are cached under ``name``, next to the fixture (or test) that calls this."""
        item, fixture = self.setups.item, self.setups.caller()
        served: list[pytest.Item] = [each for each in self.items if fixture is not None
                                     and isinstance(each, pytest.Function) and fixture.argname in each.fixturenames]
        if item is not None and item not in served:
            served.append(item)
        caller = (source_file(fixture) if fixture is not None else None) or (Path(item.path) if item is not None else None)
        return self._agent(page, name, self.folder(caller), item, served)

    def folder(self, caller: Path | None) -> str:
        """``<folder of caller>/_fixtures`` relative to the rootdir (``_fixtures`` for a caller outside it)."""
        try:
            parts = caller.resolve().parent.relative_to(self.session.settings.rootdir.resolve()).parts if caller else ()
        except ValueError:
            parts = ()
        return "/".join([*parts, FIXTURES_FOLDER])

    @contextmanager
    def _agent(self, page: Any, name: str, folder: str, item: pytest.Item | None,
               served: list[pytest.Item]) -> Iterator[Agent]:
        slug = cache_slug(name)
        path = self.session.store.path_for(folder, slug)
        output = Path(self.config.getoption("--output", default="test-results")) / FIXTURES_FOLDER / slug
        progress = progress_writer(self.config, item) if item is not None else (lambda line: None)
        rerun = clean_nodeid(item) if item is not None else None  # a pseudo-test is recorded by running a test that needs it
        ctx = self.session.new_context(f"{folder}::{slug}", path, output, progress, rerun=rerun)
        for each in served:
            ctx.secrets.keep([each.nodeid, clean_nodeid(each)])  # named in a remedy: never rewritten
            remember_secrets(each, ctx.secrets)
        agent = self.agents.build(page, ctx)
        passed = False
        try:
            yield agent
            passed = True
        finally:
            self.agents.finish(agent, passed)


@pytest.fixture(scope="session")
def agent_for(request: pytest.FixtureRequest, _lumen_agents: AgentBuilder) -> AgentFactory:
    """A factory of agents on pages you own, usable from session fixtures (log in once, save ``storage_state``).

    ``with agent_for(page, "login") as agent: agent.run("log in as %user%", variables=...)``: the
    steps are cached in ``.lumen-cache/<folder>/_fixtures/login.json`` like any test's, recorded,
    replayed and healed by the run's mode.
    """
    return AgentFactory(_lumen_agents, config=request.config, items=request.session.items,
                        setups=request.config.stash[SETUPS])
