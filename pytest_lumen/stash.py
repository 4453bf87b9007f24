"""Stash keys shared by the hooks and the fixtures."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .context import TestContext  # noqa: F401 - named by the string type argument of CONTEXT below
    from .secrets import Secrets
    from .session import LumenSession  # noqa: F401 - named by the string type argument of SESSION below

SESSION = pytest.StashKey["LumenSession"]()
REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()
TEST_SECRETS = pytest.StashKey[list["Secrets"]]()  # each agent's, for pytest's report (report_redaction.py)
CONTEXT = pytest.StashKey["TestContext"]()  # the test's agent context, for its reports (reports/)
