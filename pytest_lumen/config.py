"""Settings of a run: the run mode and every option, each defined once in ``OPTIONS``.

Each option is resolved as: command-line flag, else ini key, else environment variable
(where it has one), else the default. A flag's bad value is rejected by argparse (``choices=``,
``type=``) with pytest's usage error; an ini key's or environment variable's by ``ConfigError``,
also a usage error, naming the key, the value and the remedy. A numeric ini key is declared with
its type (``int``, ``float``), which ``pytest --help`` shows. The Options table of the docs'
Configuration page shows the same facts (``tests/unit/test_docs_sync.py`` compares them).
"""

from __future__ import annotations

import argparse
import ast
import enum
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest

from .errors import ConfigError
from .urls import origin_of

DEFAULT_MODEL = "claude-sonnet-5-5"
DEFAULT_SECRET_ENV = ("*KEY*", "*TOKEN*", "*SECRET*", "*PASSWORD*")
KEY_ENV = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")  # what the anthropic SDK authenticates with
DOCS_OPTIONS = "see 'Configuration' in the pytest-lumen docs for every option"


class Mode(str, enum.Enum):
    """How ``agent.run`` treats the cache: replay only, heal, or record (see docs/concepts.md)."""

    REPLAY = "replay"
    HEAL = "heal"
    RECORD = "record"


def _shown(value: object) -> str:
    """A value as a message quotes it: as written (a typed ini key's number as its shortest text: ``'-1'``)."""
    return repr(value if isinstance(value, str) else f"{value:g}" if isinstance(value, (int, float)) else str(value))


def whole_number(value: object) -> int:
    """An integer >= 0, from a flag (argparse's ``type=``), an ini value or an environment variable."""
    try:
        number = int(str(value).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(value)} is not a whole number") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"{_shown(value)} is negative; it must be >= 0")
    return number


def seconds(value: object) -> float:
    """A number of seconds >= 0, from a flag (argparse's ``type=``), an ini value or an environment variable."""
    try:
        number = float(str(value).strip())
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise argparse.ArgumentTypeError(f"{_shown(value)} is not a number of seconds")
    if number < 0:
        raise argparse.ArgumentTypeError(f"{_shown(value)} is negative; it must be >= 0")
    return number


def rejected_text(message: str) -> str | None:
    """The text pytest could not convert for a typed ini key, from its message (Python's own: ``invalid literal for
    int() with base 10: 'many'``, ``could not convert string to float: 'fast'``); None when it does not say."""
    quoted = re.search(r""": ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")$""", message.strip())
    try:
        text = ast.literal_eval(quoted.group(1)) if quoted else None
    except (ValueError, SyntaxError):
        return None
    return text if isinstance(text, str) else None


def origins(value: object) -> tuple[str, ...]:
    """Space-separated origins (``https://pay.example.com``); anything else would never match a page."""
    found = tuple(str(value).split())
    for origin in found:
        if "://" not in origin or origin_of(origin) != origin.rstrip("/").lower():
            raise argparse.ArgumentTypeError(f"{origin!r} is not an origin (scheme://host[:port], no path)")
    return found


def words(value: object) -> tuple[str, ...]:
    """Space-separated words (glob patterns)."""
    return tuple(str(value).split())


def name_groups(lines: object) -> tuple[str, ...]:
    """Lines of two or more names separated by ``=`` (blank lines skipped)."""
    groups = tuple(line.strip() for line in (lines if isinstance(lines, list) else str(lines).splitlines()))
    for line in groups:
        if line and len([part for part in line.split("=") if part.strip()]) < 2:
            raise argparse.ArgumentTypeError(f"the line {line!r} names one control only")
    return tuple(line for line in groups if line)


Kind = Literal["value", "switch", "lines"]
IniType = Literal["string", "int", "float", "linelist"]


@dataclass(frozen=True)
class Option:
    """One setting: its command-line flag, ini key, environment variable, valid values and default.

    ``parse`` turns a flag's, ini key's or environment variable's text into the value; ``values``
    says in words what it accepts (for the help, the docs and the remedy of a bad value);
    ``default_doc`` says the default in Markdown where it is not a plain value.
    """

    dest: str
    flag: str | None
    ini: str | None
    env: str | None
    default: Any
    help: str
    parse: Callable[[Any], Any] = str
    values: str = "text"
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    kind: Kind = "value"
    default_doc: str | None = None

    @property
    def shown_default(self) -> str:
        """The default as the help and the docs say it (Markdown)."""
        if self.default_doc is not None:
            return self.default_doc
        if self.kind == "switch":
            return "off"
        if self.default in (None, "", ()):
            return "empty"
        return f"`{self.default:g}`" if isinstance(self.default, (int, float)) else f"`{self.default}`"

    def convert(self, raw: Any) -> Any:
        """The value of ``raw`` (the text of an ini key or an environment variable); ArgumentTypeError if unusable."""
        if self.choices:
            value = str(raw).strip().lower()
            if value not in self.choices:
                raise argparse.ArgumentTypeError(f"{raw!r} is not one of {', '.join(self.choices)}")
            return value
        return self.parse(raw)

    @property
    def ini_type(self) -> IniType:
        """The type its ini key is declared with (``pytest --help`` shows it): ``int``, ``float``, ``linelist``, else
        ``string``. pytest converts a typed value; ``convert`` still checks it (a negative number, an infinity)."""
        if self.kind == "lines":
            return "linelist"
        typed: IniType = "int" if self.parse is whole_number else "float" if self.parse is seconds else "string"
        return typed if pytest.version_tuple >= (8, 4) else "string"  # pytest 8.4 added the numeric types

    def remedy(self, key: str) -> str:
        """What to do about a bad value of ``key`` (the ini key or the environment variable it came from)."""
        also = f", or pass {self.flag}" if self.flag else ""
        return (f"set {key} to {self.values.replace('`', '')} (default: {self.shown_default.replace('`', '')}){also}; "
                f"{DOCS_OPTIONS}")


MODES = tuple(m.value for m in Mode)

OPTIONS: tuple[Option, ...] = (
    Option("mode", "--lumen-mode", "lumen_mode", None, None,
           "run mode", choices=MODES, values=", ".join(f"`{m}`" for m in MODES),
           default_doc="`replay` when `CI` is set or neither `ANTHROPIC_API_KEY` nor `ANTHROPIC_AUTH_TOKEN` is, else `heal`"),
    Option("record", "--lumen-record", None, None, False,
           "record every step with the model (same as --lumen-mode=record)", kind="switch", values="—"),
    Option("strict", "--lumen-strict", None, None, False,
           "fail a test when any of its steps heals, showing the proposed cache change", kind="switch", values="—"),
    Option("prune", "--lumen-prune", None, None, False,
           "after a full, passing run, delete cache files no test uses", kind="switch", values="—"),
    Option("cache_dir", "--lumen-cache-dir", "lumen_cache_dir", None, ".lumen-cache",
           "folder of the committed cache files, relative to the rootdir", values="a folder", metavar="DIR"),
    Option("model", "--lumen-model", "lumen_model", "LUMEN_MODEL", DEFAULT_MODEL,
           "Anthropic model id used to record and heal", values="a model id", metavar="MODEL"),
    Option("max_actions", "--lumen-max-actions", "lumen_max_actions", None, 20,
           "most actions the model may take in one step", whole_number, "a whole number >= 0", metavar="N"),
    Option("max_tokens", "--lumen-max-tokens", "lumen_max_tokens", None, 0,
           "token budget per test for the model, 0 for none", whole_number, "a whole number >= 0", metavar="N"),
    Option("step_timeout", "--lumen-step-timeout", "lumen_step_timeout", None, 120.0,
           "seconds one model-driven step may take", seconds, "seconds >= 0", metavar="SECONDS"),
    Option("action_timeout", "--lumen-action-timeout", "lumen_action_timeout", None, 5.0,
           "seconds a replayed action waits for its element", seconds, "seconds >= 0", metavar="SECONDS"),
    Option("memory_path", None, "lumen_memory_path", None, "",
           "memory file of lessons", values="a file", default_doc="empty: `<cache dir>/memory.json`"),
    Option("secret_env", None, "lumen_secret_env", None, " ".join(DEFAULT_SECRET_ENV),
           "glob patterns of environment variable names whose values are secrets", words, "space-separated globs"),
    Option("allowed_origins", None, "lumen_allowed_origins", None, "",
           "origins navigation may go to, besides loopback and those the test visited", origins,
           "space-separated origins"),
    Option("lock_timeout", None, "lumen_lock_timeout", None, 30.0,
           "seconds to wait for a cache or memory file lock", seconds, "seconds >= 0"),
    Option("equivalent_names", None, "lumen_equivalent_names", None, (),
           "groups of names that mean one control, one per line: 'checkout = pay now' (for relabel heals)",
           name_groups, "lines of names joined by `=`", kind="lines"),
    Option("snapshot_chars", None, "lumen_snapshot_chars", None, 24000,
           "most characters of the page snapshot sent to the model per turn", whole_number, "a whole number >= 0"),
    Option("script", "--lumen-script", "lumen_script", None, "",
           "record and heal by following a script of actions instead of the model: no API key, no model call",
           values="a JSON file, relative to the rootdir", metavar="FILE"),
)


@dataclass(frozen=True)
class Settings:
    """The resolved settings of one pytest run (the ``lumen_settings`` fixture)."""

    mode: Mode
    rootdir: Path
    cache_dir: Path
    model: str
    max_actions: int = 20
    max_tokens: int = 0
    step_timeout: float = 120.0
    action_timeout: float = 5.0
    memory_path: Path | None = None
    secret_env: tuple[str, ...] = DEFAULT_SECRET_ENV
    allowed_origins: tuple[str, ...] = ()
    lock_timeout: float = 30.0
    snapshot_chars: int = 24000
    strict: bool = False
    prune: bool = False
    base_url: str | None = None
    equivalent_names: tuple[str, ...] = ()  # a project's groups of equivalent names, "a = b" per line
    script: Path | None = None  # --lumen-script: the scripted planner's file (record and heal without a model)
    mode_from: str = ""  # where the mode was set: "--lumen-record", "--lumen-mode=heal", "lumen_mode = heal"; "": default
    device: str | None = None  # pytest-playwright's --device of the run (a device profile's remedies name it)

    @property
    def replay_command(self) -> str:
        """How to run the same suite in replay mode, as its mode was set."""
        if self.mode_from == "--lumen-record":
            return "the same pytest command without --lumen-record"
        return "pytest --lumen-mode=replay"

    @property
    def memory_file(self) -> Path:
        return self.memory_path or self.cache_dir / "memory.json"


def help_text(opt: Option, ini: bool = False) -> str:
    """The option's line in ``pytest --help``: what it does, (for an ini key) its values, its default and its
    environment variable."""
    extra = [f"values: {opt.values.replace('`', '')}"] if ini else []
    if opt.kind != "switch":
        extra.append(f"default: {opt.shown_default.replace('`', '')}")
    if opt.env:
        extra.append(f"environment variable {opt.env}")
    return opt.help + (f" ({'; '.join(extra)})" if extra else "")


def add_options(parser: pytest.Parser) -> None:
    """The ``lumen`` option group and its ini keys, as pytest-playwright declares its own."""
    group = parser.getgroup("lumen", "pytest-lumen: natural-language browser tests")
    for opt in OPTIONS:
        if opt.flag and opt.kind == "switch":
            group.addoption(opt.flag, dest="lumen_" + opt.dest, action="store_true", default=False, help=opt.help)
        elif opt.flag and opt.choices:
            group.addoption(opt.flag, dest="lumen_" + opt.dest, default=None, choices=list(opt.choices),
                            help=help_text(opt))
        elif opt.flag:  # default None: an unset flag leaves the ini key, the environment or the default
            group.addoption(opt.flag, dest="lumen_" + opt.dest, default=None, type=opt.parse, metavar=opt.metavar,
                            help=help_text(opt))
        if opt.ini and opt.kind == "lines":
            parser.addini(opt.ini, help=help_text(opt, ini=True), type="linelist", default=[])
        elif opt.ini:  # converted by ``Option.convert``: a bad value is a ConfigError naming the key
            parser.addini(opt.ini, help=help_text(opt, ini=True), type=opt.ini_type, default=None)


def default_mode(environ: Mapping[str, str] = os.environ) -> Mode:
    """Replay-only in CI or without an API key, heal otherwise."""
    if environ.get("CI") or not has_api_key(environ):
        return Mode.REPLAY
    return Mode.HEAL


def has_api_key(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the anthropic SDK has what it authenticates with (``ANTHROPIC_API_KEY``, or ``ANTHROPIC_AUTH_TOKEN``)."""
    return any(environ.get(name, "").strip() for name in KEY_ENV)


def _value(config: pytest.Config, opt: Option, environ: Mapping[str, str]) -> Any:
    """The option's value: the flag's (argparse converted it), else the ini key's, else the environment's, else the
    default. A bad ini or environment value is a ``ConfigError`` (a pytest usage error)."""
    if opt.flag is not None:
        value = config.getoption("lumen_" + opt.dest, default=None)
        if value is not None and (value is not False or opt.kind != "switch"):
            return value
    key, source, path = opt.ini or "", f"ini option {opt.ini}", config.inipath
    try:
        raw: Any = config.getini(opt.ini) if opt.ini is not None else None
    except pytest.UsageError as exc:  # a typed key pytest could not convert: said as for any bad value, when it can be
        raw = rejected_text(str(exc))
        if raw is None:
            raise ConfigError(f"{source}: {exc}", path=path, remedy=opt.remedy(key)) from None
    if raw in (None, "", []) and opt.env is not None and environ.get(opt.env, "").strip():
        raw, key, source, path = environ[opt.env], opt.env, f"environment variable {opt.env}", None
    if raw in (None, "", []):
        return opt.default
    try:
        return opt.convert(raw)
    except argparse.ArgumentTypeError as exc:
        raise ConfigError(f"{source}: {exc}", path=path, remedy=opt.remedy(key)) from None


def _base_url(config: pytest.Config) -> str | None:
    """pytest-base-url's ``--base-url`` / ini ``base_url``: its origin is dropped from cache keys."""
    value = config.getoption("base_url", default=None)
    if not value:
        try:
            value = config.getini("base_url")
        except ValueError:
            value = None
    return value or None


def _as_tuple(value: str | Sequence[str]) -> tuple[str, ...]:
    """A default's words (``"a b"``) or an already parsed tuple."""
    return tuple(value.split()) if isinstance(value, str) else tuple(value)


def resolve(config: pytest.Config, environ: Mapping[str, str] = os.environ) -> Settings:
    """Build the run's ``Settings`` from the command line, the ini file and the environment."""
    values = {opt.dest: _value(config, opt, environ) for opt in OPTIONS}
    mode = Mode.RECORD if values["record"] else Mode(values["mode"]) if values["mode"] else default_mode(environ)
    mode_from = ("--lumen-record" if values["record"] else "" if not values["mode"]
                 else f"--lumen-mode={mode.value}" if config.getoption("lumen_mode", default=None)
                 else f"lumen_mode = {mode.value}")
    rootdir = Path(config.rootpath)
    memory, script = (rootdir / values[name] if values[name] else None for name in ("memory_path", "script"))
    return Settings(
        mode=mode,
        rootdir=rootdir,
        cache_dir=(rootdir / values["cache_dir"]).resolve(),
        model=values["model"],
        max_actions=max(1, values["max_actions"]),
        max_tokens=values["max_tokens"],
        step_timeout=values["step_timeout"],
        action_timeout=values["action_timeout"],
        memory_path=memory,
        secret_env=_as_tuple(values["secret_env"]),
        allowed_origins=_as_tuple(values["allowed_origins"]),
        lock_timeout=values["lock_timeout"],
        snapshot_chars=values["snapshot_chars"],
        strict=values["strict"],
        prune=values["prune"],
        base_url=_base_url(config),
        equivalent_names=_as_tuple(values["equivalent_names"]),
        script=script,
        mode_from=mode_from,
        device=config.getoption("device", default=None),
    )
