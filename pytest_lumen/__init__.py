"""pytest-lumen: deterministic browser regression tests written in natural language.

The ``agent`` fixture (an ``Agent``) runs ``agent.run("log in")`` and ``agent.expect("...")``
on pytest-playwright's ``page``: recorded once by a model, replayed from ``.lumen-cache/``
with zero model calls. See docs/architecture.md for how the package is laid out.

Every name here is one users import: the types of the fixtures (``agent``: ``Agent``,
``agent_for``: ``AgentFactory``, ``lumen_session``: ``LumenSession``, ``lumen_settings``:
``Settings``), the planner seam (``Planner`` and what it takes and gives back, ``AnthropicPlanner``,
``ScriptedPlanner``) and the errors.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from .agent import Agent
from .config import Mode, Settings
from .errors import (
    CacheError,
    CacheFileError,
    CacheMissError,
    CacheWriteError,
    ConfigError,
    HealRejectedError,
    InputUnhandledError,
    LockTimeoutError,
    LumenAssertionError,
    LumenError,
    MemoryFileError,
    ModelError,
    NavigationRefusedError,
    ReplayError,
    ScriptError,
    SecretLeakError,
    StepAbortedError,
)
from .outcome.usage import Usage
from .planner import Planner, PlanReply, PlanRequest, ScriptedPlanner, ToolCall
from .run.factory import AgentFactory
from .run.session import LumenSession

if TYPE_CHECKING:
    from .planner.anthropic_planner import AnthropicPlanner

try:
    __version__ = version("pytest-lumen")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"


def __getattr__(name: str) -> Any:
    """``AnthropicPlanner``, imported on first use: the ``anthropic`` SDK is slow to import and replay never needs it."""
    if name == "AnthropicPlanner":
        from .planner.anthropic_planner import AnthropicPlanner

        return AnthropicPlanner
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Agent",
    "AgentFactory",
    "AnthropicPlanner",
    "CacheError",
    "CacheFileError",
    "CacheMissError",
    "CacheWriteError",
    "ConfigError",
    "HealRejectedError",
    "InputUnhandledError",
    "LockTimeoutError",
    "LumenAssertionError",
    "LumenError",
    "LumenSession",
    "MemoryFileError",
    "Mode",
    "ModelError",
    "NavigationRefusedError",
    "PlanReply",
    "PlanRequest",
    "Planner",
    "ReplayError",
    "ScriptError",
    "ScriptedPlanner",
    "SecretLeakError",
    "Settings",
    "StepAbortedError",
    "ToolCall",
    "Usage",
    "__version__",
]
