"""Live progress lines while the model drives a step (it takes seconds per action)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from .workers import is_worker


def progress_writer(config: pytest.Config, item: pytest.Item) -> Callable[[str], None]:
    """A function that writes one line to the terminal, around pytest's output capture.

    Silent with ``-qq``, under xdist workers (their output is not a terminal) and without a terminal reporter.
    """
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or config.get_verbosity() < -1 or is_worker(config):
        return lambda line: None
    first = [True]

    def write(line: str) -> None:
        with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
            if first[0]:
                reporter.ensure_newline()
                first[0] = False
            reporter.write_line(f"  lumen> {item.name}: {line}", cyan=True)

    return write

