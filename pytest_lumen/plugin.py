"""pytest hooks only: each hands its work to the run's ``LumenSession`` (``run/session.py``), or to the role plugin
``pytest_configure`` registers for this process, an xdist worker's or the controller's (``run/roles.py``)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from . import config as cfg
from .cache.sharing import MARKER_HELP
from .errors import ConfigError, ScriptError
from .fixtures import (  # noqa: F401 - fixtures
    _lumen_agents,
    _lumen_engines,
    agent,
    lumen_identity_gate,
    lumen_planner,
    lumen_session,
    lumen_settings,
)
from .reports import Reports
from .run import browser_fixture, phases
from .run.factory import SETUPS, Setups, agent_for  # noqa: F401 - fixture
from .run.report_redaction import redacted_report
from .run.roles import register_role
from .run.session import SESSION, LumenSession

# pytest 9 deprecates a session fixture written as an instance method, as pytest-playwright's stand-in for
# pytest-base-url's ``base_url`` is: not the user's to fix, so that one warning is not shown (pytest reports a
# warning from the file that triggered it, its own, so the filter names the fixture, and only pytest-playwright's).
BASE_URL_WARNING = ("ignore:Session-scoped fixtures defined as instance methods are deprecated\\.\\s+Instance attributes "
                    "set in the 'base_url' fixture:pytest.PytestRemovedIn10Warning")


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ``lumen`` option group and its ini keys (``config.OPTIONS``)."""
    cfg.add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    """Resolve the settings (a bad value is a usage error) and read the script (``--lumen-script``: a bad one too), set
    up the run's session, this process's role (xdist worker or controller) and the browser fallback."""
    try:
        config.stash[SESSION] = LumenSession(cfg.resolve(config), Reports(config))
    except (ConfigError, ScriptError) as exc:  # pytest reports its UsageError before any test runs, with exit status 4
        raise pytest.UsageError(str(exc)) from exc
    register_role(config, config.stash[SESSION])
    if config.pluginmanager.has_plugin("playwright-base-url") and hasattr(pytest, "PytestRemovedIn10Warning"):
        config.addinivalue_line("filterwarnings", BASE_URL_WARNING)
    config.stash[SETUPS] = Setups()
    config.addinivalue_line("markers", MARKER_HELP)
    config.pluginmanager.register(browser_fixture, "lumen-browser")


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say the mode, the cache folder and which browser runs."""
    return [config.stash[SESSION].header()]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Note every collected test's cache file, before ``-k``, ``-m`` or a splitter deselects any."""
    config.stash[SESSION].collect(items)


@pytest.hookimpl(tryfirst=True)  # before xdist's worker sends its collection to the controller
def pytest_collection_finish(session: pytest.Session) -> None:
    """Stop before any test when the tests need the model and there is no API key (a usage error naming the ways
    on); note which cache files the selected tests own (for unused-file detection)."""
    session.config.stash[SESSION].collection_finished(session)


def pytest_deselected(items: list[pytest.Item]) -> None:
    """A deselected test makes the run partial: unused cache files are then looked for in collected modules only."""
    if items:
        items[0].config.stash[SESSION].selection.deselected = True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, object, object]:
    """Note the test pytest runs, for ``agent_for`` blocks its fixtures run."""
    with item.config.stash[SETUPS].running(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> Generator[None, object, object]:
    """Note the fixture pytest sets up, for ``agent_for`` blocks it runs."""
    with request.config.stash[SETUPS].setting_up(fixturedef):
        return (yield)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Each phase's report with the test's secret values replaced (and its heals in pytest-html's extras), kept on
    the item for the agent fixture; a LumenError shown without the plugin's frames."""
    phases.hide_plugin_frames(item.config, call.excinfo)
    report = redacted_report(item, (yield))
    phases.keep(item, report)
    item.config.stash[SESSION].add_report_extras(item, report)
    return report
