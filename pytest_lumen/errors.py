"""The plugin's errors: one small hierarchy, every message names the file, the step and the remedy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .playwright_internals import without_call_log

_E = TypeVar("_E", bound="LumenError")


class LumenError(Exception):
    """Base of every error pytest-lumen raises on purpose.

    ``path`` names the file, ``step`` the instruction, ``remedy`` what to do about it;
    ``str()`` puts the three together so that the pytest failure says it all.
    """

    default_remedy = ""
    # The structured stop reason of a step that failed with this error (``lumen_events.jsonl``).
    reason = "replay_failed"

    def __init__(
        self,
        message: str,
        *,
        path: Path | str | None = None,
        step: str | None = None,
        remedy: str | None = None,
    ) -> None:
        self.message = message
        self.path = str(path) if path is not None else None
        self.step = step
        self.remedy = remedy if remedy is not None else self.default_remedy
        super().__init__(self.render())

    def __str__(self) -> str:
        """The rendered message, current even after ``message``, ``step`` or ``remedy`` were changed."""
        return self.render()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by state (the keyword-only arguments would not survive ``Exception``'s default)."""
        return (_rebuild, (type(self), dict(self.__dict__)))

    def completed(self: _E, *, step: str | None = None, redact: Callable[[str], str] | None = None) -> _E:
        """This error as a new one of its kind, complete: naming ``step`` when its raise site could not, its message
        with ``redact`` applied (secret values replaced), the same traceback. An error is not edited once raised."""
        state = dict(self.__dict__)
        state["step"] = self.step or step
        if redact is not None:
            state["message"] = redact(self.message)
        return _rebuild(type(self), state).with_traceback(self.__traceback__)

    def explained(self) -> str:
        """The message and its remedy on one line, for a failure that carries it on (a replayed action's)."""
        return f"{self.message} ({self.remedy})" if self.remedy else self.message

    def render(self) -> str:
        """The message with its ``file:``, ``step:`` and ``remedy:`` lines."""
        lines = [self.message]
        if self.path:
            lines.append(f"  file: {self.path}")
        if self.step:
            lines.append(f"  step: {self.step}")
        if self.remedy:
            lines.append(f"  remedy: {self.remedy}")
        return "\n".join(lines)


def _rebuild(cls: type[_E], state: dict[str, object]) -> _E:
    """Unpickle a ``LumenError`` (see ``LumenError.__reduce__``)."""
    error = cls.__new__(cls)
    error.__dict__.update(state)
    Exception.__init__(error, error.render())
    return error


class ConfigError(LumenError):
    """An ini key or environment variable has a value the plugin cannot use (a bad flag argparse rejects).

    Raised when pytest starts, before any test runs, and reported by pytest as a usage error (exit
    status 4) naming the key, the value, the ini file and the remedy.
    """


class CacheError(LumenError):
    """Base of the errors about `.lumen-cache/` files."""


class CacheFileError(CacheError):
    """A cache file cannot be read: not JSON, truncated, wrong schema_version, invalid content."""

    default_remedy = "re-record this test: pytest --lumen-record <test node id> (the bad file is left as it is until then)"


class CacheMissError(CacheError):
    """Replay mode found no cached step for an instruction."""

    reason = "cache_miss"


class LockTimeoutError(LumenError):
    """A file lock could not be taken in time (another worker holds it)."""

    default_remedy = "another pytest process is writing the same file; wait for it, or raise lumen_lock_timeout"


class ReplayError(LumenError):
    """A cached action could not be replayed safely (element gone, ambiguous, or its effect did not hold)."""


class ModelError(LumenError):
    """The model could not be used: no key, bad key, rate limit, connection, or an unusable reply."""

    reason = "model_error"


class ScriptError(ModelError):
    """The scripted planner (``--lumen-script``) cannot answer: its file is not a valid script, it has no actions for
    the test or the step, or the page does not show or refused what a scripted action names."""


class StepAbortedError(LumenError):
    """A model-driven step stopped before it was done; ``reason`` says why (timeout, max_actions, ...)."""

    def __init__(self, message: str, *, reason: str, **kwargs: object) -> None:
        self.reason = reason  # timeout, max_actions, token_budget, model_gave_up, ...
        super().__init__(f"[{reason}] {message}", **kwargs)  # type: ignore[arg-type]


class InputUnhandledError(LumenError):
    """An action's input (a click's mouse events) was sent to the page as the action's time ran out, and the page had
    not taken it within the action's time again, or a check's control did not come to hold its state: it is never sent
    twice, so the step fails as done."""

    reason = "input_unhandled"
    default_remedy = ("the page's main thread was held (a long script, a synchronous request) or the machine was busy: "
                      "raise lumen_action_timeout, or find what holds the page")


class SecretLeakError(LumenError):
    """A write would have put a secret value into a file; nothing was written."""

    reason = "secret_leak"

    default_remedy = "pass the value through variables={...} so that it is stored as its %placeholder%"


class NavigationRefusedError(LumenError):
    """A navigation to an origin that is not allowed was refused."""

    reason = "navigation_refused"

    default_remedy = "add the origin to the lumen_allowed_origins ini option if the test really should go there"


class MemoryFileError(LumenError):
    """memory.json could not be read or written."""


class CacheWriteError(CacheError):
    """A cache file could not be written (permissions, disk full); the old file is left as it was."""

    default_remedy = "check that the cache folder is writable and the disk is not full, then run again"


class LumenAssertionError(LumenError, AssertionError):
    """An ``agent.expect()`` check did not hold: the app regressed (assertions are never healed).

    Its remedy never suggests recording again: that would make the cache expect what the app does now.
    """

    reason = "assertion_failed"
    default_remedy = ("the checked element is there and does not hold the expected value: check the app; "
                      "if the new value is intended, change the test's sentence to say it")


class HealRejectedError(LumenError):
    """A step healed while ``--lumen-strict`` was on; the message shows the proposed cache change."""


def stop_reason(exc: BaseException) -> str:
    """The structured reason a step stopped with ``exc``: the error's own, or ``user_interrupted``."""
    if isinstance(exc, KeyboardInterrupt):
        return "user_interrupted"
    return exc.reason if isinstance(exc, LumenError) else "replay_failed"


def first_line(exc: BaseException, limit: int = 300) -> str:
    """The first line of an error's message, without Playwright's call log (for messages and events)."""
    text = str(exc.message if isinstance(exc, LumenError) else exc).strip()
    text = without_call_log(text).strip()
    return text.splitlines()[0][:limit] if text else type(exc).__name__


SCRIPT_FLAG = "--lumen-script=FILE"
SCRIPT_DOCS = "see 'Try it without a key' in the pytest-lumen docs' Quickstart"
SCRIPT_WAY = f"{SCRIPT_FLAG}, the actions to take written in a JSON file ({SCRIPT_DOCS})"


def key_ways(replay: str) -> list[str]:
    """The three ways on for a run that needs the model and has no API key: the key, a replay (``replay``: its command
    and what it would replay), or a script of the actions in place of the model."""
    return ["set ANTHROPIC_API_KEY to an Anthropic API key, and run again",
            f"replay what is recorded, with zero model calls: {replay}",
            f"try it without a key, following a script instead of the model: {SCRIPT_WAY}"]


def without_key(needs: str, replay: str) -> str:
    """The usage error of a run that needs the model and has no API key: what needs it, then the three ways on."""
    lines = [f"pytest-lumen: {needs}, and ANTHROPIC_API_KEY is not set. Three ways on:"]
    return "\n".join([*lines, *(f"  - {way}" for way in key_ways(replay))])


def record_command(nodeid: str | None) -> str:
    """The command that re-records a test (the remedy for a miss, a bad cache file, an unwanted heal)."""
    return f'pytest --lumen-record "{nodeid}"' if nodeid else "pytest --lumen-record <test node id>"


class ExportError(LumenError):
    """A test that cannot be exported to plain Playwright (``python -m pytest_lumen.export``)."""

    reason = "export_failed"
