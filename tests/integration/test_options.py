"""The lumen options in whole sessions started as users start them: the mode and model in the header.

``--help``, argparse's checks, precedence and bad ini values are tested in process in tests/unit/test_config.py.
"""

from __future__ import annotations

import pytest

from tests.support.inner import run_inner

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """A pytest session with the plugin, as pytester runs one (``run_inner``)."""
    return run_inner(pytester, *args)


@pytest.mark.parametrize(
    ("env", "ini", "args", "expected"),
    [
        ({"ANTHROPIC_API_KEY": "k"}, "", [], "heal"),
        ({"ANTHROPIC_API_KEY": "k", "CI": "true"}, "", [], "replay"),
        ({}, "", [], "replay"),
        ({"ANTHROPIC_API_KEY": "k"}, "lumen_mode = record", [], "record"),
        ({"ANTHROPIC_API_KEY": "k"}, "lumen_mode = record", ["--lumen-mode=replay"], "replay"),
        ({}, "lumen_mode = replay", ["--lumen-record"], "record"),
    ],
)
def test_mode_precedence_cli_over_ini_over_default(pytester, monkeypatch, env, ini, args, expected):
    for name in ("ANTHROPIC_API_KEY", "CI"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    pytester.makeini(f"[pytest]\n{ini}\n")
    pytester.makepyfile("def test_x(lumen_settings):\n    print('MODE=' + lumen_settings.mode.value)\n")
    result = run(pytester, "-s", *args)
    result.stdout.fnmatch_lines([f"*lumen: mode={expected},*", f"*MODE={expected}*"])


def test_model_from_env_and_cli(pytester, monkeypatch):
    monkeypatch.setenv("LUMEN_MODEL", "claude-haiku-5-5")
    pytester.makepyfile("def test_x(): pass")
    run(pytester).stdout.fnmatch_lines(["*model=claude-haiku-5-5,*"])
    run(pytester, "--lumen-model=claude-opus-5-5").stdout.fnmatch_lines(["*model=claude-opus-5-5,*"])


def test_header_names_the_browser(pytester):
    pytester.makepyfile("def test_x(): pass")
    run(pytester).stdout.fnmatch_lines(["*lumen: mode=*browser=*Chromium*"])
