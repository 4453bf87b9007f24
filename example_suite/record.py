"""Record the example suite's caches through the plugin's own record path, with a scripted fake model.

There is no real model here: ``FakeAnthropic`` (a loopback Anthropic Messages API) answers
the real ``anthropic`` SDK with the tool calls written in ``record_scripts.json``, and
``pytest example_suite --lumen-record`` records exactly as it would with Claude. With a
real key you would run instead::

    ANTHROPIC_API_KEY=sk-ant-... pytest example_suite --lumen-record

Usage: ``python example_suite/record.py [extra pytest args]``. Exit status: pytest's, or 1
when a scripted action was refused by the plugin (a stale script: fix the script).

The caches hold two device profiles: the desktop (pytest-playwright's default 1280x720, ``wide``) and a phone::

    python example_suite/record.py                       # the desktop
    python example_suite/record.py --device "Pixel 7"    # the phone (narrow-touch-mobile), beside the desktop's

The same script serves both: on a touch screen the stand-in sends a scripted click as a tap, and the entries
marked ``"touch": true`` are the phone's own (the menu button first, the cart's bottom sheet). Recording one
profile leaves the other's lines as they are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from pytest_lumen.cache import loads
from pytest_lumen.testing.fake_anthropic import FakeAnthropic

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCRIPT = HERE / "record_scripts.json"
CACHE = HERE / ".lumen-cache"
OUTPUT = HERE / "test-results" / "record"


def load_script(path: Path = SCRIPT) -> list[dict[str, Any]]:
    """The fake model's script: the ``steps`` list of ``record_scripts.json``."""
    return json.loads(path.read_text(encoding="utf-8"))["steps"]


def record_env(fake_url: str) -> dict[str, str]:
    """The environment of the recording pytest: the SDK pointed at the fake, no CI flag."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    env["ANTHROPIC_BASE_URL"] = fake_url
    env["ANTHROPIC_API_KEY"] = "sk-fake-example-suite-recording"
    return env


def pytest_command(extra: list[str]) -> list[str]:
    """``pytest example_suite --lumen-record`` on shop version 1, pruning cache files no test uses."""
    return [sys.executable, "-m", "pytest", str(HERE.relative_to(ROOT)), "--lumen-record", "--lumen-prune",
            "-p", "no:cacheprovider", "--shop-version=1", f"--output={OUTPUT.relative_to(ROOT)}", *extra]


def refused_actions(requests: list[dict[str, Any]]) -> list[str]:
    """Tool results the plugin marked as errors: a scripted action that did not work on the page."""
    refused = []
    for body in requests:
        last = body.get("messages", [])[-1:] or [{}]
        content = last[0].get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result" and block.get("is_error"):
                step = str(body["messages"][0].get("content", "")).split("\n", 1)[0]
                status = str(block.get("content", "")).split("\n", 1)[0]
                refused.append(f"{step}: {status}")
    return refused


def cache_files() -> list[Path]:
    """The recorded cache files (the memory file aside)."""
    return sorted(p for p in CACHE.rglob("*.json") if p.name != "memory.json") if CACHE.exists() else []


def described(path: Path) -> str:
    """A cache file in a line: its steps, and each profile's actions (with the steps that profile has of its own)."""
    file = loads(path.read_text(encoding="utf-8"), path)
    held = file.held_profiles() or ["any"]
    parts = []
    for key in held:
        actions = [s.actions_for(key, None if key == "any" else held) for s in file.steps]
        own = sum(1 for s in file.steps if s.per_profile and key in s.per_profile)
        parts.append(f"{key} {sum(len(a) for a in actions if a)} actions" + (f" ({plural(own, 'step')} its own)" if own else ""))
    return f"{plural(len(file.steps), 'step')}; {', '.join(parts)}"


def plural(count: int, word: str) -> str:
    """``1 step``, ``3 steps``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def main(argv: list[str]) -> int:
    """Record, then report: pytest's status, model requests, refused actions, the files written."""
    with FakeAnthropic() as fake:
        fake.script(load_script())
        command = pytest_command(argv)
        print("$ " + " ".join(command[2:]), flush=True)
        status = subprocess.run(command, cwd=ROOT, env=record_env(fake.url), check=False).returncode
        requests = list(fake.requests)
    refused = refused_actions(requests)
    print(f"\nrecording: pytest exit status {status}, {len(requests)} requests to the fake model")
    for line in refused:
        print(f"  refused: {line}")
    for path in cache_files():
        print(f"  {path.relative_to(ROOT)}: {described(path)}")
    return status or (1 if refused else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
