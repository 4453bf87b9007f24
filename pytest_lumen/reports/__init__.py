"""Third-party test reports: Allure steps (``allure.py``) and pytest-html extras (``html.py``).

Each is used only when its plugin is installed and on for the run (``--alluredir``, ``--html``),
and imported only then: pytest-lumen runs without either installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

    from ..context import TestContext


class Reports:
    """Which report plugins this run writes for, looked up when a test needs them (after every plugin is configured)."""

    def __init__(self, config: pytest.Config | None = None) -> None:
        self.config = config

    def allure_on(self) -> bool:
        """allure-pytest writes results this run (its listener is registered only with ``--alluredir``)."""
        return self.config is not None and self.config.pluginmanager.hasplugin("allure_listener")

    def html_on(self) -> bool:
        """pytest-html writes a report this run (``--html``)."""
        return (self.config is not None and self.config.pluginmanager.hasplugin("html")
                and bool(self.config.getoption("htmlpath", default=None)))

    def watch(self, ctx: TestContext) -> None:
        """Make the test's steps Allure steps as its events happen."""
        if self.allure_on():
            from .allure import AllureSteps

            ctx.events.listeners.append(AllureSteps(ctx))

    def add_extras(self, report: pytest.TestReport, ctx: TestContext | None) -> None:
        """Put the test's heals and their pictures in the pytest-html extras of its ``call`` report."""
        if ctx is not None and report.when == "call" and ctx.heals and self.html_on():
            from .html import heal_extras

            extras: list[Any] = list(getattr(report, "extras", []))
            report.extras = extras + heal_extras(ctx)  # type: ignore[attr-defined]
