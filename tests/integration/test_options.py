"""The lumen options as users meet them: --help, precedence, usage errors."""

from __future__ import annotations

import pytest

from tests.support.inner import run_inner

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """A pytest session with the plugin, as pytester runs one (``run_inner``)."""
    return run_inner(pytester, *args)


def test_help_lists_the_lumen_options(pytester: pytest.Pytester):
    result = run(pytester, "--help")
    result.stdout.fnmatch_lines([
        "*pytest-lumen*",
        "*--lumen-mode=*",
        "*--lumen-cache-dir=*",
        "*--lumen-model=*",
        "*--lumen-record*",
        "*lumen_mode (string)*",
        "*lumen_cache_dir (string)*",
        "*lumen_model (string)*",
    ])


def test_bad_mode_is_a_usage_error_listing_valid_modes(pytester: pytest.Pytester):
    pytester.makepyfile("def test_x(): pass")
    result = run(pytester, "--lumen-mode=replya")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*invalid lumen mode 'replya'; valid modes are: replay, heal, record*"])


def test_bad_ini_mode_is_a_usage_error(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nlumen_mode = fast\n")
    pytester.makepyfile("def test_x(): pass")
    result = run(pytester)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*ini option lumen_mode: invalid lumen mode 'fast'*"])


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
