"""``agent_for``: natural-language steps outside a test's ``page``, e.g. a session fixture that logs in once.

Each use is a pseudo-test of its own, named by the caller: its cache file is
``.lumen-cache/<folder of the calling file>/_fixtures/<name>.json``, written only when the
``with`` block succeeded, and its events go to ``<output>/_fixtures/<name>/``. Its secrets also
redact pytest's reports of every test of the run: a session fixture's failure is reported on each
test that needs it, and the tests it serves work in what it logged in with.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from .agent import Agent
from .errors import LumenError, record_command
from .planner.base import Planner
from .progress import progress_writer
from .report_redaction import remember as remember_secrets
from .session import LumenSession, cache_slug, clean_nodeid

FIXTURES_FOLDER = "_fixtures"


class AgentFactory:
    """Makes ``Agent``s on pages the caller owns: ``with agent_for(page, "login") as agent: agent.run(...)``."""

    def __init__(self, request: pytest.FixtureRequest, session: LumenSession, planner: Callable[[], Planner],
                 identity_gate: bool) -> None:
        self.config = request.config
        self.items: list[pytest.Item] = request.session.items
        self.session = session
        self.planner = planner
        self.identity_gate = identity_gate

    def __call__(self, page: Any, name: str) -> AbstractContextManager[Agent]:
        """An agent on ``page`` whose steps are cached under ``name``, next to the file that calls this."""
        caller = Path(sys._getframe(1).f_code.co_filename)
        return self._agent(page, name, caller)

    def folder(self, caller: Path) -> str:
        """``<folder of caller>/_fixtures`` relative to the rootdir (``_fixtures`` for a caller outside it)."""
        try:
            parts = caller.resolve().parent.relative_to(self.session.settings.rootdir.resolve()).parts
        except ValueError:
            parts = ()
        return "/".join([*parts, FIXTURES_FOLDER])

    @contextmanager
    def _agent(self, page: Any, name: str, caller: Path) -> Iterator[Agent]:
        folder, slug = self.folder(caller), cache_slug(name)
        path = self.session.store.path_for(folder, slug)
        output = Path(self.config.getoption("--output", default="test-results")) / FIXTURES_FOLDER / slug
        item = current_item(self.items)
        progress = progress_writer(self.config, item) if item is not None else (lambda line: None)
        ctx = self.session.new_context(f"{folder}::{slug}", path, output, progress)
        for each in self.items:
            ctx.secrets.keep([each.nodeid, clean_nodeid(each)])  # named in a remedy: never rewritten
            remember_secrets(each, ctx.secrets)
        memory = self.session.new_memory(ctx)
        passed = False
        try:
            yield Agent(page, ctx, self.planner, memory=memory, identity_gate=self.identity_gate)
            passed = True
        except LumenError as exc:
            if item is not None and exc.remedy:  # a pseudo-test is recorded by running a test that needs it
                exc.remedy = exc.remedy.replace(record_command(ctx.nodeid), record_command(clean_nodeid(item)))
            raise
        finally:
            self.session.finish(ctx, passed, memory)


def current_item(items: list[pytest.Item]) -> pytest.Item | None:
    """The test pytest is setting up or running now (``PYTEST_CURRENT_TEST``), if any."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
    return next((i for i in items if i.nodeid == current), None)


@pytest.fixture(scope="session")
def agent_for(request: pytest.FixtureRequest, lumen_session: LumenSession, lumen_planner: Callable[[], Planner],
              lumen_identity_gate: bool, _lumen_engines: None) -> AgentFactory:
    """A factory of agents on pages you own, usable from session fixtures (log in once, save ``storage_state``).

    ``with agent_for(page, "login") as agent: agent.run("log in as %user%", variables=...)``: the
    steps are cached in ``.lumen-cache/<folder>/_fixtures/login.json`` like any test's, recorded,
    replayed and healed by the run's mode.
    """
    return AgentFactory(request, lumen_session, lumen_planner, lumen_identity_gate)
