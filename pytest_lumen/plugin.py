"""pytest hooks only: options, settings, browser fallback, reports, summary and the xdist hand-off."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from . import config as cfg
from .fixtures import agent, lumen_identity_gate, lumen_planner, lumen_session, lumen_settings  # noqa: F401 - fixtures
from .session import LumenSession
from .stash import REPORTS, SESSION
from .summary import print_summary, write_github_summary, write_heals_report


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ``lumen`` option group and its ini keys."""
    group = parser.getgroup("lumen", "pytest-lumen: natural-language browser tests")
    for opt in cfg.OPTIONS:
        if opt.flag:
            group.addoption(opt.flag, dest="lumen_" + opt.dest, default=None, help=opt.help)
        if opt.ini:
            parser.addini(opt.ini, help=opt.help, default=None)
    group.addoption("--lumen-record", dest="lumen_record", action="store_true", default=False,
                    help="record every step with the model (same as --lumen-mode=record)")
    group.addoption("--lumen-strict", dest="lumen_strict", action="store_true", default=False,
                    help="fail a test when any of its steps heals, showing the proposed cache change")
    group.addoption("--lumen-prune", dest="lumen_prune", action="store_true", default=False,
                    help="after a full, passing run, delete cache files no test uses")


def pytest_configure(config: pytest.Config) -> None:
    """Resolve the settings (a bad value is a usage error) and set up the run's session."""
    session = LumenSession(cfg.resolve(config))
    config.stash[SESSION] = session
    from . import browser_fixture

    config.pluginmanager.register(browser_fixture, "lumen-browser")


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say the mode, the cache folder and which browser runs."""
    session: LumenSession = config.stash[SESSION]
    s = session.settings
    browser = session.browser.label if session.browser else "none found (install chromium, see README)"
    try:
        cache = s.cache_dir.relative_to(s.rootdir)
    except ValueError:
        cache = s.cache_dir
    return [f"lumen: mode={s.mode.value}, cache={cache}, model={s.model}, browser={browser}"]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Note which cache files the selected tests own (for unused-file detection)."""
    lumen: LumenSession = config.stash[SESSION]
    args = [a for a in config.args if not a.startswith("-")]
    narrowed = any("::" in a for a in args) or bool(config.getoption("keyword")) or bool(config.getoption("markexpr"))
    scope = [Path(a.split("::")[0]) if Path(a.split("::")[0]).is_absolute() else config.invocation_params.dir / a.split("::")[0]
             for a in args] or [config.rootpath]
    lumen.select(items, scope, deselected=narrowed or bool(getattr(config, "_lumen_deselected", False)))


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:
        items[0].config._lumen_deselected = True  # type: ignore[attr-defined]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the item, so the agent fixture knows whether the test passed."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Hand a worker's figures to the controller; prune unused cache files after a full, passing run."""
    config = session.config
    lumen: LumenSession = config.stash[SESSION]
    if hasattr(config, "workeroutput"):
        config.workeroutput["lumen"] = {**lumen.stats.to_json(), "selection": lumen.selection_json()}  # type: ignore[attr-defined]
        return
    write_heals_report(lumen, Path(config.getoption("--output", default="test-results")))
    lumen.unused = lumen.unused_cache_files()
    if lumen.settings.prune and exitstatus == 0 and lumen.full_run:
        for path in lumen.unused:
            path.unlink()
            lumen.pruned.append(path)


def pytest_testnodedown(node: Any, error: Any) -> None:
    """Merge a finished xdist worker's figures into the controller's."""
    data = getattr(node, "workeroutput", {}).get("lumen")
    if data:
        lumen: LumenSession = node.config.stash[SESSION]
        lumen.stats.merge(data)
        lumen.merge_selection(data["selection"])


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The ``lumen`` section, printed once per run (on the controller under xdist)."""
    if hasattr(config, "workerinput"):
        return
    lumen: LumenSession = config.stash[SESSION]
    print_summary(terminalreporter, lumen)
    write_github_summary(lumen)
