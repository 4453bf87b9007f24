"""``ActionOutcome``: one entry of a test's action log, a model-chosen tool call and how it ended.

The recording driver fills the log (``record/driver.py``), the session redacts it after the test
(``run/session.py``) and the memory learns from it (``memory/``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionOutcome:
    """One entry of a test's action log: a model-chosen tool call and how it ended.

    ``command`` is the tool name (``fill``, ``click``, ...); ``domain`` the host of the page
    the action ran on.
    """

    command: str
    ok: bool
    error: str | None = None
    domain: str | None = None
