"""What one test's agent works with: its settings, cache, secrets, events and figures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cache.handle import TestCache
from .config import Settings
from .errors import record_command
from .events import EventLog
from .outcome.action_log import ActionOutcome
from .outcome.figures import Figures
from .outcome.heal import Heal
from .secrets import Secrets


def _silent(line: str) -> None:
    """The progress writer of a run that shows no progress."""


@dataclass
class TestContext:
    """One test's context: settings and cache in; events, figures, heals and the action log out.

    Per-test only: the session adds the test's figures and heals to the run's when the test ends.
    """

    __test__ = False  # not a pytest test class

    nodeid: str
    settings: Settings
    cache: TestCache
    secrets: Secrets
    output_dir: Path
    events: EventLog = field(default_factory=EventLog)
    progress: Callable[[str], None] = _silent
    figures: Figures = field(default_factory=Figures)
    heals: list[Heal] = field(default_factory=list)
    # The model-driven actions and how they ended, for the memory to learn from.
    action_log: list[ActionOutcome] = field(default_factory=list)
    background_requests: set[str] = field(default_factory=set)  # what the page sent while no action was taken (recording)
    memory_events: list[dict[str, Any]] = field(default_factory=list)
    # pytest's node id of the test item (None for an ``agent_for`` block) and its attempt (2 on for a rerun)
    item_id: str | None = None
    attempt: int = 1
    # "recorded at 1280x720, replayed at 800x600" when replay runs at another viewport (viewport.py)
    viewport_note: str | None = None

    @property
    def record_command(self) -> str:
        """The command that re-records this test's steps (an ``agent_for`` block's: the test that needs it), on the
        run's device (pytest-playwright's ``--device``: a recording belongs to its device profile)."""
        device = self.settings.device
        return record_command(self.cache.rerun) + (f' --device "{device}"' if device else "")

    def __post_init__(self) -> None:
        self.events.redact = self.secrets.redact
        # the test's own words, never rewritten: its node id, its file, its cache file
        self.secrets.keep([self.nodeid, self.nodeid.split("::", 1)[0], self.cache.display])
        self.events.attempt = self.attempt

    @property
    def test_dir(self) -> Path:
        """The folder of the test's file: an upload's relative paths start there."""
        return (self.settings.rootdir / self.nodeid.split("::", 1)[0]).parent
