"""pytest-lumen: deterministic browser regression tests written in natural language.

The ``agent`` fixture (an ``Agent``) runs ``agent.run("log in")`` and ``agent.expect("...")``
on pytest-playwright's ``page``: recorded once by a model, replayed from ``.lumen-cache/``
with zero model calls. See docs/architecture.md for how the package is laid out.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .agent import Agent
from .config import Mode, Settings
from .errors import (
    CacheError,
    CacheFileError,
    CacheMissError,
    CacheWriteError,
    ConfigError,
    HealRejectedError,
    LockTimeoutError,
    LumenAssertionError,
    LumenError,
    MemoryFileError,
    ModelError,
    NavigationRefusedError,
    ReplayError,
    SecretLeakError,
    StepAbortedError,
)
from .planner import Planner, PlanReply, PlanRequest, ScriptedPlanner, ToolCall

try:
    __version__ = version("pytest-lumen")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"

__all__ = [
    "Agent",
    "CacheError",
    "CacheFileError",
    "CacheMissError",
    "CacheWriteError",
    "ConfigError",
    "HealRejectedError",
    "LockTimeoutError",
    "LumenAssertionError",
    "LumenError",
    "MemoryFileError",
    "Mode",
    "ModelError",
    "NavigationRefusedError",
    "PlanReply",
    "PlanRequest",
    "Planner",
    "ReplayError",
    "ScriptedPlanner",
    "SecretLeakError",
    "Settings",
    "StepAbortedError",
    "ToolCall",
    "__version__",
]
