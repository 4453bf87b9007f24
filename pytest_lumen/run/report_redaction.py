"""pytest's own report of a test, with the test's secret values turned back into placeholders.

A test's agent keeps its ``Secrets`` on the test item (``TEST_SECRETS``). When pytest makes the report
of each phase, the text of the report (the failure with its source lines, arguments, locals and assertion
message, the captured stdout, stderr and log sections, and the values of user properties) is redacted with
them: secret values (``secrets.py``) become their ``%name%`` or ``***``, wherever they stand; the test's
node id, paths and commands are left as they are. The report goes through pytest's own serialization (the
one pytest-xdist sends reports with), in the outermost ``pytest_runtest_makereport`` wrapper, so the
terminal, ``--junitxml``, every plugin reading ``pytest_runtest_logreport`` and an xdist controller only
ever see the placeholders. Reports of tests without an agent, or with nothing to replace, are left as they
are. Not covered: values no step has received yet, and output printed live (``-s``, ``--log-cli-level``),
which never is pytest's report."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from ..secrets import Secrets

TEST_SECRETS = pytest.StashKey[list[Secrets]]()  # each agent's that served the test

# Keys of a serialized failure that name its structure or its file, not what it says.
STRUCTURE = frozenset({"type", "style", "path", "lineno"})


def remember(item: pytest.Item, secrets: Secrets) -> None:
    """Redact the reports of ``item`` with ``secrets`` too (a test's agents each add theirs)."""
    item.stash.setdefault(TEST_SECRETS, []).append(secrets)


def redacted_report(item: pytest.Item, report: pytest.TestReport) -> pytest.TestReport:
    """``report`` with the item's secret values replaced; the same object when nothing needed it."""
    known = item.stash.get(TEST_SECRETS, [])
    if not known:
        return report
    config = item.config
    data = config.hook.pytest_report_to_serializable(config=config, report=report)
    if not data:
        return report
    text = redact_text(known)
    changed = {key: scrub(data[key], text, key) for key in ("longrepr", "sections", "user_properties") if key in data}
    if all(changed[key] == data[key] for key in changed):
        return report
    redacted: pytest.TestReport = config.hook.pytest_report_from_serializable(config=config, data={**data, **changed})
    return redacted


def redact_text(known: Sequence[Secrets]) -> Callable[[str], str]:
    """One function that redacts text with every ``Secrets`` of the test, in turn."""
    def redact(text: str) -> str:
        for secrets in known:
            text = secrets.redact(text)
        return text

    return redact


def scrub(value: Any, redact: Callable[[str], str], key: str = "") -> Any:
    """A copy of serialized report data (lists and tuples kept as such) with ``redact`` applied to every string it says.

    A skip's ``(path, line, reason)`` keeps its path, a section its title and a user property
    its name; in a failure, the keys in ``STRUCTURE`` (an entry's type and style, a file's path
    and line) are kept as they are.
    """
    if key == "longrepr" and isinstance(value, (list, tuple)) and len(value) == 3:
        path, line, reason = value
        triple = (path, line, redact(reason) if isinstance(reason, str) else reason)
        return list(triple) if isinstance(value, list) else triple
    if key in ("sections", "user_properties") and isinstance(value, (list, tuple)):  # (title or name, text) pairs
        return type(value)(type(pair)((pair[0], scrub(pair[1], redact))) if len(pair) == 2 else pair for pair in value)
    if key in STRUCTURE:
        return value
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: scrub(v, redact, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(scrub(v, redact) for v in value)
    return value
