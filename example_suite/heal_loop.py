"""The demo's last act: heal mode on the redesign with the scripted stand-in model, then a replay of the healed cache.

``run_demo.py`` calls ``heal_and_replay`` with the cache the version-2 replay left (its zero-token heals
already written). Heal mode runs with ``FakeAnthropic`` (a loopback Anthropic API answering from
``heal_scripts.json``: no API key, no network) for the steps only a model can heal; a replay of the
healed cache must then pass every test with zero model calls. ``cache_diff`` is what a reviewer sees. Each
run's whole output is kept in ``<its output folder>/pytest.log``, its outcomes in ``junit.xml`` beside it.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from pytest_lumen.testing.fake_anthropic import FakeAnthropic

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCRIPT = HERE / "heal_scripts.json"
LABEL = "scripted stand-in model: FakeAnthropic on 127.0.0.1, no API key, no network"


@dataclass
class Loop:
    """The two runs of the loop: heal mode (with the stand-in), then replay of what it wrote."""

    heal_log: list[str]
    heal_status: int
    model_requests: int
    replay_log: list[str]
    replay_status: int
    heal_dir: Path  # each run's output folder: pytest.log, junit.xml, lumen-heals.md, a folder per test
    replay_dir: Path


def _pytest(mode: str, cache_dir: Path, output: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One run of the suite on version 2; its whole output is kept in ``<output>/pytest.log``, its outcomes in
    ``<output>/junit.xml``."""
    command = [sys.executable, "-m", "pytest", str(HERE.relative_to(ROOT)), f"--lumen-mode={mode}", "--shop-version=2",
               f"--lumen-cache-dir={cache_dir}", "-p", "no:cacheprovider", f"--output={output}",
               f"--junitxml={output / 'junit.xml'}", "--tb=short", "-q"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    output.mkdir(parents=True, exist_ok=True)
    shown = " ".join(command[3:])
    (output / "pytest.log").write_text(f"$ python -m pytest {shown}\n{done.stdout}{done.stderr}", encoding="utf-8")
    return done


def heal_and_replay(cache_dir: Path, results: Path, base_env: dict[str, str]) -> Loop:
    """Heal the cache at ``cache_dir`` on version 2 with the stand-in model, then replay it with no model at all."""
    with FakeAnthropic() as fake:
        fake.script(json.loads(SCRIPT.read_text(encoding="utf-8"))["steps"])
        env = {**base_env, "ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-fake-demo-heal"}
        healed = _pytest("heal", cache_dir, results / "v2-heal", env)
        requests = fake.request_count
    replayed = _pytest("replay", cache_dir, results / "v2-healed-replay", base_env)
    return Loop(healed.stdout.splitlines(), healed.returncode, requests, replayed.stdout.splitlines(), replayed.returncode,
                results / "v2-heal", results / "v2-healed-replay")


@dataclass
class CacheDiff:
    """What a reviewer sees: the unified diff of every cache file that changed, and its size."""

    lines: list[str]
    files: int
    added: int
    removed: int


def cache_diff(before: Path, after: Path) -> CacheDiff:
    """The diff of every cache file under ``after`` against its copy under ``before``, as ``git diff`` shows it."""
    found = CacheDiff([], 0, 0, 0)
    for path in sorted(after.rglob("*.json")):
        rel = path.relative_to(after)
        old = (before / rel).read_text(encoding="utf-8").splitlines() if (before / rel).exists() else []
        new = path.read_text(encoding="utf-8").splitlines()
        diff = list(difflib.unified_diff(old, new, f"a/{rel}", f"b/{rel}", lineterm="", n=1))
        if not diff:
            continue
        found.lines += diff
        found.files += 1
        found.added += sum(1 for d in diff if d.startswith("+") and not d.startswith("+++"))
        found.removed += sum(1 for d in diff if d.startswith("-") and not d.startswith("---"))
    return found
