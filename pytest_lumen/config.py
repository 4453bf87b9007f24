"""Settings of a run: the run mode and every option.

Each option is resolved as: command-line flag, else ini key, else environment variable
(where it has one), else the default.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

DEFAULT_MODEL = "claude-sonnet-5-5"
DEFAULT_SECRET_ENV = ("*KEY*", "*TOKEN*", "*SECRET*", "*PASSWORD*")


class Mode(str, enum.Enum):
    """How ``agent.run`` treats the cache: replay only, heal, or record (see docs/concepts.md)."""

    REPLAY = "replay"
    HEAL = "heal"
    RECORD = "record"

    @classmethod
    def parse(cls, value: str, source: str) -> Mode:
        try:
            return cls(value.strip().lower())
        except ValueError:
            valid = ", ".join(m.value for m in cls)
            raise pytest.UsageError(
                f"{source}: invalid lumen mode {value!r}; valid modes are: {valid}"
            ) from None


@dataclass(frozen=True)
class Option:
    """One setting: its command-line flag, ini key, environment variable and default."""

    dest: str
    flag: str | None
    ini: str | None
    env: str | None
    default: Any
    help: str
    type: type = str


OPTIONS: tuple[Option, ...] = (
    Option("mode", "--lumen-mode", "lumen_mode", None, None,
           "run mode: replay, heal or record (default: replay when CI is set or no "
           "ANTHROPIC_API_KEY is configured, else heal)"),
    Option("cache_dir", "--lumen-cache-dir", "lumen_cache_dir", None, ".lumen-cache",
           "folder of the committed cache files, relative to the rootdir"),
    Option("model", "--lumen-model", "lumen_model", "LUMEN_MODEL", DEFAULT_MODEL,
           "Anthropic model id used to record and heal"),
    Option("max_actions", "--lumen-max-actions", "lumen_max_actions", None, 20,
           "most actions the model may take in one step", int),
    Option("max_tokens", "--lumen-max-tokens", "lumen_max_tokens", None, 0,
           "token budget per test for the model (0: no budget)", int),
    Option("step_timeout", "--lumen-step-timeout", "lumen_step_timeout", None, 120.0,
           "seconds one model-driven step may take", float),
    Option("action_timeout", None, "lumen_action_timeout", None, 5.0,
           "seconds a replayed action waits for its element", float),
    Option("memory_path", None, "lumen_memory_path", None, "",
           "memory file of lessons (default: <cache dir>/memory.json)"),
    Option("secret_env", None, "lumen_secret_env", None, " ".join(DEFAULT_SECRET_ENV),
           "glob patterns of environment variable names whose values are secrets"),
    Option("allowed_origins", None, "lumen_allowed_origins", None, "",
           "origins navigation may go to, besides loopback and those the test visited"),
    Option("lock_timeout", None, "lumen_lock_timeout", None, 30.0,
           "seconds to wait for a cache or memory file lock", float),
    Option("snapshot_chars", None, "lumen_snapshot_chars", None, 24000,
           "most characters of the page snapshot sent to the model per turn", int),
)


@dataclass(frozen=True)
class Settings:
    """The resolved settings of one pytest run."""

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

    @property
    def memory_file(self) -> Path:
        return self.memory_path or self.cache_dir / "memory.json"


FLAGS: tuple[tuple[str, str, str], ...] = (  # (flag, dest, help) of the switches that are not OPTIONS
    ("--lumen-record", "lumen_record", "record every step with the model (same as --lumen-mode=record)"),
    ("--lumen-strict", "lumen_strict", "fail a test when any of its steps heals, showing the proposed cache change"),
    ("--lumen-prune", "lumen_prune", "after a full, passing run, delete cache files no test uses"),
)


def add_options(parser: pytest.Parser) -> None:
    """The ``lumen`` option group and its ini keys."""
    group = parser.getgroup("lumen", "pytest-lumen: natural-language browser tests")
    for opt in OPTIONS:
        if opt.flag:
            group.addoption(opt.flag, dest="lumen_" + opt.dest, default=None, help=opt.help)
        if opt.ini:
            parser.addini(opt.ini, help=opt.help, default=None)
    for flag, dest, help_text in FLAGS:
        group.addoption(flag, dest=dest, action="store_true", default=False, help=help_text)
    parser.addini("lumen_equivalent_names", type="linelist", default=[],
                  help="groups of names that mean one control, one per line: 'checkout = pay now' (relabel heals)")


def default_mode(environ: os._Environ[str] | dict[str, str] = os.environ) -> Mode:
    """Replay-only in CI or without an API key, heal otherwise."""
    if environ.get("CI") or not environ.get("ANTHROPIC_API_KEY"):
        return Mode.REPLAY
    return Mode.HEAL


def _raw(config: pytest.Config, opt: Option) -> tuple[Any, str]:
    if opt.flag is not None:
        value = config.getoption("lumen_" + opt.dest, default=None)
        if value is not None:
            return value, opt.flag
    if opt.ini is not None:
        value = config.getini(opt.ini)
        if value not in (None, "", []):
            return value, f"ini option {opt.ini}"
    if opt.env is not None and os.environ.get(opt.env):
        return os.environ[opt.env], f"environment variable {opt.env}"
    return opt.default, "default"


def _convert(opt: Option, value: Any, source: str) -> Any:
    if value is None or opt.type is str:
        return value
    try:
        converted = opt.type(value)
    except (TypeError, ValueError):
        raise pytest.UsageError(
            f"{source}: {opt.dest.replace('_', '-')} must be a number, got {value!r}"
        ) from None
    if converted < 0:
        raise pytest.UsageError(f"{source}: {opt.dest.replace('_', '-')} must be >= 0")
    return converted


def _base_url(config: pytest.Config) -> str | None:
    """pytest-base-url's ``--base-url`` / ini ``base_url``: its origin is dropped from cache keys."""
    value = config.getoption("base_url", default=None)
    if not value:
        try:
            value = config.getini("base_url")
        except ValueError:
            value = None
    return value or None


def resolve(config: pytest.Config) -> Settings:
    """Build the run's ``Settings`` from the command line, the ini file and the environment."""
    values: dict[str, Any] = {}
    for opt in OPTIONS:
        raw, source = _raw(config, opt)
        values[opt.dest] = _convert(opt, raw, source)
    if config.getoption("lumen_record", default=False):
        mode = Mode.RECORD
    elif values["mode"]:
        source = "--lumen-mode" if config.getoption("lumen_mode") else "ini option lumen_mode"
        mode = Mode.parse(values["mode"], source)
    else:
        mode = default_mode()
    rootdir = Path(config.rootpath)
    cache_dir = (rootdir / values["cache_dir"]).resolve()
    memory = Path(values["memory_path"]) if values["memory_path"] else None
    if memory is not None and not memory.is_absolute():
        memory = rootdir / memory
    return Settings(
        mode=mode,
        rootdir=rootdir,
        cache_dir=cache_dir,
        model=values["model"],
        max_actions=max(1, values["max_actions"]),
        max_tokens=values["max_tokens"],
        step_timeout=values["step_timeout"],
        action_timeout=values["action_timeout"],
        memory_path=memory,
        secret_env=tuple(values["secret_env"].split()),
        allowed_origins=tuple(values["allowed_origins"].split()),
        lock_timeout=values["lock_timeout"],
        snapshot_chars=values["snapshot_chars"],
        strict=bool(config.getoption("lumen_strict", default=False)),
        base_url=_base_url(config),
        prune=bool(config.getoption("lumen_prune", default=False)),
        equivalent_names=tuple(config.getini("lumen_equivalent_names")),
    )
