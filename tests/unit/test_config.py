"""The options as users meet them: ``--help``, argparse's checks of flags, precedence, bad ini values.

Inner pytest sessions run in process (``runpytest_inprocess``) or only parse their command line and
ini file (``parseconfig``): no browser, no subprocess.
"""

from __future__ import annotations

import typing

import pytest

from pytest_lumen import ConfigError
from pytest_lumen.config import DEFAULT_MODEL, OPTIONS, Mode, default_mode, resolve

INNER = ("-p", "no:cacheprovider")


def settings_of(pytester: pytest.Pytester, *args: str, environ: dict[str, str] | None = None):
    """The settings an inner run would resolve from ``args``, its ini file and ``environ``."""
    return resolve(pytester.parseconfig(*INNER, *args), environ or {})


def test_default_model_is_a_current_sonnet_the_sdk_knows_and_does_not_deprecate():
    from anthropic.resources.messages.messages import DEPRECATED_MODELS
    from anthropic.types.model import Model

    known = typing.get_args(typing.get_args(Model)[0])
    assert "sonnet" in DEFAULT_MODEL
    assert DEFAULT_MODEL in known
    assert DEFAULT_MODEL not in DEPRECATED_MODELS


@pytest.mark.parametrize(
    ("env", "mode"),
    [({}, Mode.REPLAY), ({"ANTHROPIC_API_KEY": "k"}, Mode.HEAL), ({"ANTHROPIC_API_KEY": "k", "CI": "1"}, Mode.REPLAY)],
)
def test_default_mode(env, mode):
    assert default_mode(env) is mode


# --- pytest --help --------------------------------------------------------------------------


def test_help_lists_the_modes_the_metavars_and_the_ini_keys(pytester: pytest.Pytester):
    result = pytester.runpytest_inprocess(*INNER, "--help")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "*pytest-lumen*",
        "*--lumen-mode={replay,heal,record}*",
        "*--lumen-record*",
        "*--lumen-cache-dir=DIR*",
        "*--lumen-model=MODEL*",
        "*--lumen-max-actions=N*",
        "*--lumen-step-timeout=SECONDS*",
        "*--lumen-action-timeout=SECONDS*",
    ])
    text = " ".join(result.stdout.str().split())  # the help wraps at the terminal's width
    assert "(default: claude-sonnet-5-5; environment variable LUMEN_MODEL)" in text
    assert "lumen_mode (string): run mode (values: replay, heal, record; default: replay when CI is set" in text


def test_every_ini_key_and_flag_is_in_the_help(pytester: pytest.Pytester):
    text = pytester.runpytest_inprocess(*INNER, "--help").stdout.str()
    for opt in OPTIONS:
        assert opt.flag is None or opt.flag in text
        assert opt.ini is None or f"{opt.ini} (" in text


# --- flags: argparse checks them --------------------------------------------------------------


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("--lumen-mode=replya", "*argument --lumen-mode: invalid choice: 'replya' (choose from*replay*heal*record*"),
        ("--lumen-mode=Record", "*argument --lumen-mode: invalid choice: 'Record'*"),
        ("--lumen-max-actions=many", "*argument --lumen-max-actions: 'many' is not a whole number*"),
        ("--lumen-max-tokens=-5", "*argument --lumen-max-tokens: '-5' is negative; it must be >= 0*"),
        ("--lumen-action-timeout=fast", "*argument --lumen-action-timeout: 'fast' is not a number of seconds*"),
        ("--lumen-step-timeout=inf", "*argument --lumen-step-timeout: 'inf' is not a number of seconds*"),
    ],
)
def test_a_bad_flag_is_pytests_usage_error(pytester: pytest.Pytester, arg: str, message: str):
    pytester.makepyfile("def test_x(): pass")
    result = pytester.runpytest_inprocess(*INNER, arg)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*usage:*", message])
    result.stdout.no_fnmatch_line("*1 passed*")


def test_flags_come_typed(pytester: pytest.Pytester):
    settings = settings_of(pytester, "--lumen-max-actions=7", "--lumen-max-tokens=0", "--lumen-step-timeout=2.5",
                           "--lumen-action-timeout=1", "--lumen-mode=heal", "--lumen-strict", "--lumen-prune")
    assert (settings.max_actions, settings.max_tokens, settings.step_timeout, settings.action_timeout) == (7, 0, 2.5, 1.0)
    assert settings.mode is Mode.HEAL and settings.strict and settings.prune


# --- precedence: flag, ini, environment, default ---------------------------------------------


def test_a_flag_overrides_the_ini_key(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nlumen_mode = record\nlumen_action_timeout = 9\nlumen_max_tokens = 100\n"
                     "lumen_cache_dir = e2e/cache\n")
    from_ini = settings_of(pytester)
    assert (from_ini.mode, from_ini.action_timeout, from_ini.max_tokens) == (Mode.RECORD, 9.0, 100)
    assert from_ini.cache_dir == (pytester.path / "e2e/cache").resolve()
    flags = settings_of(pytester, "--lumen-mode=replay", "--lumen-action-timeout=2", "--lumen-max-tokens=0",
                        "--lumen-cache-dir=other")
    assert (flags.mode, flags.action_timeout, flags.max_tokens) == (Mode.REPLAY, 2.0, 0)
    assert flags.cache_dir == (pytester.path / "other").resolve()


def test_record_wins_over_the_mode(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nlumen_mode = replay\n")
    assert settings_of(pytester, "--lumen-record", "--lumen-mode=heal").mode is Mode.RECORD


def test_model_from_flag_else_ini_else_environment_else_default(pytester: pytest.Pytester):
    env = {"LUMEN_MODEL": "claude-haiku-5-5"}
    assert settings_of(pytester).model == DEFAULT_MODEL
    assert settings_of(pytester, environ=env).model == "claude-haiku-5-5"
    pytester.makeini("[pytest]\nlumen_model = claude-opus-5-5\n")
    assert settings_of(pytester, environ=env).model == "claude-opus-5-5"
    assert settings_of(pytester, "--lumen-model=claude-sonnet-5", environ=env).model == "claude-sonnet-5"


def test_mode_default_follows_ci_and_the_key(pytester: pytest.Pytester):
    assert settings_of(pytester, environ={"ANTHROPIC_API_KEY": "k"}).mode is Mode.HEAL
    assert settings_of(pytester, environ={"ANTHROPIC_API_KEY": "k", "CI": "true"}).mode is Mode.REPLAY
    pytester.makeini("[pytest]\nlumen_mode = Heal\n")  # an ini value is read leniently: case and spaces
    assert settings_of(pytester).mode is Mode.HEAL


def test_ini_lists_and_defaults(pytester: pytest.Pytester):
    defaults = settings_of(pytester)
    assert defaults.secret_env == ("*KEY*", "*TOKEN*", "*SECRET*", "*PASSWORD*")
    assert (defaults.allowed_origins, defaults.equivalent_names, defaults.memory_path) == ((), (), None)
    pytester.makeini("[pytest]\nlumen_allowed_origins = https://pay.example.com http://localhost:8080/\n"
                     "lumen_secret_env = SHOP_*\nlumen_memory_path = lessons.json\n"
                     "lumen_equivalent_names =\n    checkout = pay now\n\n    basket = bag = sack\n")
    settings = settings_of(pytester)
    assert settings.allowed_origins == ("https://pay.example.com", "http://localhost:8080/")
    assert settings.secret_env == ("SHOP_*",)
    assert settings.equivalent_names == ("checkout = pay now", "basket = bag = sack")
    assert settings.memory_file == pytester.path / "lessons.json"


# --- ini keys and environment variables: ConfigError ------------------------------------------


@pytest.mark.parametrize(
    ("line", "message", "remedy"),
    [
        ("lumen_mode = fast", "ini option lumen_mode: 'fast' is not one of replay, heal, record",
         "set lumen_mode to replay, heal, record (default: replay when CI is set"),
        ("lumen_lock_timeout = -1", "ini option lumen_lock_timeout: '-1' is negative; it must be >= 0",
         "set lumen_lock_timeout to seconds >= 0 (default: 30);"),
        ("lumen_snapshot_chars = 2e4", "ini option lumen_snapshot_chars: '2e4' is not a whole number",
         "set lumen_snapshot_chars to a whole number >= 0 (default: 24000);"),
        ("lumen_action_timeout = fast", "ini option lumen_action_timeout: 'fast' is not a number of seconds",
         "(default: 5), or pass --lumen-action-timeout"),
        ("lumen_allowed_origins = https://ok.example checkout.example.com",
         "ini option lumen_allowed_origins: 'checkout.example.com' is not an origin (scheme://host[:port], no path)",
         "space-separated origins"),
        ("lumen_allowed_origins = https://pay.example.com/checkout",
         "ini option lumen_allowed_origins: 'https://pay.example.com/checkout' is not an origin (scheme://host[:port], "
         "no path)", ""),
        ("lumen_equivalent_names =\n    checkout = pay now\n    wishlist",
         "ini option lumen_equivalent_names: the line 'wishlist' names one control only", "lines of names joined by ="),
    ],
)
def test_a_bad_ini_value_is_a_config_error_naming_key_value_file_and_remedy(pytester, line, message, remedy):
    ini = pytester.makeini(f"[pytest]\n{line}\n")
    with pytest.raises(ConfigError) as caught:
        settings_of(pytester)
    assert caught.value.message == message
    assert caught.value.path == str(ini)
    assert remedy in caught.value.remedy and "see 'Configuration' in the pytest-lumen docs" in caught.value.remedy
    assert "docs/" not in caught.value.remedy  # a page a pip user has by its title, not a path of the repository


def test_a_config_error_stops_pytest_with_a_usage_error(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nlumen_max_actions = lots\n")
    pytester.makepyfile("def test_x(): pass")
    result = pytester.runpytest_inprocess(*INNER)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        "ERROR: ini option lumen_max_actions: 'lots' is not a whole number",
        "  file: *tox.ini",
        "  remedy: set lumen_max_actions to a whole number >= 0 (default: 20), or pass --lumen-max-actions;*",
    ])
    result.stdout.no_fnmatch_line("*1 passed*")


def test_a_bad_environment_value_names_the_variable(pytester: pytest.Pytester):
    opt = next(o for o in OPTIONS if o.env)
    assert opt.env == "LUMEN_MODEL"  # the one option CI sets through the environment; it takes any text
    assert settings_of(pytester, environ={"LUMEN_MODEL": "  "}).model == DEFAULT_MODEL  # blank: as if unset


# --- typed ini keys, the script, where the mode came from -------------------------------------


def test_numeric_ini_keys_are_typed_in_the_help(pytester: pytest.Pytester):
    text = pytester.runpytest_inprocess(*INNER, "--help").stdout.str()
    typed = {opt.ini: opt.ini_type for opt in OPTIONS if opt.ini}
    assert typed["lumen_max_actions"] == typed["lumen_snapshot_chars"] == "int"
    assert typed["lumen_action_timeout"] == typed["lumen_lock_timeout"] == "float"
    for key, kind in typed.items():
        assert f"  {key} ({kind}):" in text


def test_a_typed_ini_key_pytest_cannot_convert_is_said_as_any_bad_value(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nlumen_lock_timeout = soon\nlumen_max_actions = 1.5\n")
    with pytest.raises(ConfigError) as caught:
        settings_of(pytester)
    assert caught.value.message == "ini option lumen_max_actions: '1.5' is not a whole number"
    pytester.makeini("[pytest]\nlumen_lock_timeout = soon\n")
    with pytest.raises(ConfigError) as caught:
        settings_of(pytester)
    assert caught.value.message == "ini option lumen_lock_timeout: 'soon' is not a number of seconds"


def test_the_script_is_a_file_relative_to_the_rootdir_from_the_flag_or_the_ini_key(pytester: pytest.Pytester):
    assert settings_of(pytester).script is None
    pytester.makeini("[pytest]\nlumen_script = e2e/script.json\n")
    assert settings_of(pytester).script == pytester.path / "e2e" / "script.json"
    assert settings_of(pytester, "--lumen-script=other.json").script == pytester.path / "other.json"


@pytest.mark.parametrize(("ini", "args", "mode_from", "replay"), [
    ("", ["--lumen-record"], "--lumen-record", "the same pytest command without --lumen-record"),
    ("", ["--lumen-mode=heal"], "--lumen-mode=heal", "pytest --lumen-mode=replay"),
    ("lumen_mode = record", [], "lumen_mode = record", "pytest --lumen-mode=replay"),
    ("", [], "", "pytest --lumen-mode=replay"),
])
def test_the_settings_say_where_the_mode_came_from_and_how_to_replay_instead(pytester, ini, args, mode_from, replay):
    pytester.makeini(f"[pytest]\n{ini}\n")
    settings = settings_of(pytester, *args)
    assert (settings.mode_from, settings.replay_command) == (mode_from, replay)
