"""docs/quickstart.md, done as a reader does it: its files written and its commands run as they are written, in order.

Its blocks are read in the page's order: a block whose first line names a file (``# tests/test_shop.py``), or whose
sentence before it does (`` `lumen-script.json`, ...: ``), is written into a fresh project; each line of a ``sh``
block is run there. Only the install lines are not run (the suite's environment has the package and a browser), and
the app is the demo shop the page tells the reader to serve, served by this test on a free port of 127.0.0.1 (the
test file's ``http://127.0.0.1:8000/`` is that address). No API key is set until the page sets one; the model the
page then records with is the fake one on 127.0.0.1 (``ANTHROPIC_BASE_URL``). What the page says a command prints,
the command must print.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from example_suite.shop import serve_shop
from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support.inner import clean_env, run_session

pytestmark = pytest.mark.slow  # pytest sessions with a browser

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "docs" / "quickstart.md"
SHOP = "http://127.0.0.1:8000/"  # where the page serves the demo shop
INSTALL = re.compile(r"^(pip install -e \.|make dist|pip install dist/pytest_lumen-\*\.whl|"
                     r"python -m playwright install chromium)$")
FILE_COMMENT = re.compile(r"^(?:#|<!--)\s*([\w./-]+)(?:\s*-->)?$")
FILE_SENTENCE = re.compile(r"^`([\w./-]+\.\w+)`[,:]")


@dataclass
class Block:
    """A fenced block of the page: its language, its text, the section it is in and the sentence before it."""

    lang: str
    text: str
    section: str
    before: str

    def file(self) -> str | None:
        """The file the block is, named by its first line or the sentence before it."""
        first = FILE_COMMENT.match(self.text.splitlines()[0]) if self.text.strip() else None
        if first and self.lang in ("python", "gitignore", "ini", "html"):
            return first.group(1)
        named = FILE_SENTENCE.match(self.before)
        return named.group(1) if named and self.lang == "json" else None


def blocks(text: str) -> list[Block]:
    """The page's fenced blocks, in order."""
    found: list[Block] = []
    section, before, body, lang = "", "", None, ""
    for line in text.splitlines():
        if body is None and line.startswith("```"):
            body, lang = [], line[3:].strip()
        elif body is not None and line.strip() == "```":
            found.append(Block(lang, "".join(f"{b}\n" for b in body), section, before))
            body = None
        elif body is not None:
            body.append(line)
        elif line.startswith("## "):
            section = line[3:]
        elif line.strip():
            before = line.strip()
    return found


@dataclass
class Ran:
    """A command of the page and what came of it."""

    command: str
    status: int
    output: str


class Reader:
    """Follows the page in a project folder: writes its files, runs its commands (a pytest in this process)."""

    def __init__(self, project: Path, shop_url: str, fake: FakeAnthropic) -> None:
        self.project = project
        self.shop_url = shop_url
        self.env = clean_env({"ANTHROPIC_BASE_URL": fake.url, "GIT_AUTHOR_NAME": "Reader", "GIT_COMMITTER_NAME":
                              "Reader", "GIT_AUTHOR_EMAIL": "reader@example.invalid",
                              "GIT_COMMITTER_EMAIL": "reader@example.invalid"})
        for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):  # no key until the page sets one
            self.env.pop(name, None)
        self.ran: list[Ran] = []
        self.skipped: list[str] = []

    def write(self, name: str, text: str) -> None:
        path = self.project / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace(SHOP, self.shop_url + "/"), encoding="utf-8")

    def run(self, block: Block) -> None:
        for line in block.text.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            command = " ".join(words)
            if block.section.startswith("1. Install") and INSTALL.match(command):
                self.skipped.append(command)
            elif words[0] == "export":
                name, _, value = words[1].partition("=")
                self.env[name] = value
            else:
                self.ran.append(self._run(words))

    def _run(self, words: list[str]) -> Ran:
        command = " ".join(words)
        if words[0] == "pytest":
            done = run_session(words[1:], self.project, self.env, timeout=240)
        else:
            program = [sys.executable, *words[1:]] if words[0] == "python" else words
            done = subprocess.run(program, cwd=self.project, env=self.env, capture_output=True, text=True, timeout=120)
        return Ran(command, done.returncode, done.stdout + done.stderr)

    def runs(self, *words: str) -> list[Ran]:
        """The commands run that hold every one of ``words``."""
        return [r for r in self.ran if all(w in r.command.split() for w in words)]


def prose(text: str) -> str:
    """The page's text outside its code blocks, its lines joined (a backticked span may wrap)."""
    return " ".join(b for i, b in enumerate(re.split(r"^```.*$", text, flags=re.M)) if i % 2 == 0).replace("\n", " ")


def fake_model_script(script: dict[str, Any]) -> list[dict[str, Any]]:
    """What the fake model answers to the page's test: the same actions as the page's script, then done."""
    steps = [step for test in script["tests"].values() for step in test]
    return [{"match": step["step"], "actions": [*step["actions"], {"tool": "done"}]} for step in steps]


def test_the_quickstart_runs_as_written(tmp_path: Path) -> None:
    text = QUICKSTART.read_text(encoding="utf-8")
    project = tmp_path / "project"
    project.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)  # the reader's project is a repository
    with serve_shop(1) as shop, FakeAnthropic() as fake:
        reader = Reader(project, shop.url, fake)
        for block in blocks(text):
            name = block.file()
            if name is not None:
                reader.write(name, block.text)
                if name.endswith(".json"):
                    fake.script(fake_model_script(json.loads(block.text)))
            elif block.lang == "sh":
                calls_before = fake.request_count
                reader.run(block)
                if "ANTHROPIC_API_KEY" not in reader.env:
                    assert fake.request_count == calls_before, "a command called the model before the page set a key"

    assert reader.skipped == ["pip install -e .", "make dist", "pip install dist/pytest_lumen-*.whl",
                              "python -m playwright install chromium"]
    failed = [f"$ {r.command}\n{r.output[-3000:]}" for r in reader.ran if r.status != 0]
    assert failed == [], "\n\n".join(failed)

    # what the page says its commands print
    [scripted] = reader.runs("--lumen-record", "--lumen-script=lumen-script.json")
    said = prose(text)
    for claim in ("model calls: 0 (", "estimated cost: none"):
        shown = re.search(rf"`({re.escape(claim)}[^`]*)`", said)
        assert shown is not None, claim
        assert " ".join(shown.group(1).split()) in scripted.output, (shown.group(1), scripted.output[-3000:])
    assert "1 passed" in scripted.output and "wrote .lumen-cache/tests/test_shop.py/" in scripted.output
    replays = [r for r in reader.runs("pytest", "tests/test_shop.py") if "--lumen-record" not in r.command]
    assert len(replays) >= 3 and all("1 passed" in r.output and "model calls: 0\n" in r.output for r in replays)
    [recorded] = reader.runs("--lumen-record", "tests/test_shop.py")[-1:]
    assert "model calls: 0" not in recorded.output and fake.request_count >= 5  # the model recorded, on 127.0.0.1
    assert "browser:" in reader.runs("python", "-m", "pytest_lumen.browser")[0].output

    cache = project / ".lumen-cache" / "tests" / "test_shop.py" / "test_sign_in_and_add_to_cart.json"
    committed = subprocess.run(["git", "ls-files"], cwd=project, capture_output=True, text=True, check=True).stdout
    assert cache.relative_to(project).as_posix() in committed.split() and ".lock" not in committed
    assert reader.env["SHOP_PASSWORD"] not in cache.read_text(encoding="utf-8")
