"""The drift suite's inner project: one test, recorded once, replayed against every variant.

The inner project is what a user has: a test file, a conftest, an ini, and the committed
``.lumen-cache``. Its conftest serves the variant named by the test's parameter on its own
127.0.0.1 server, at the same paths as the original (so every variant uses the recorded
cache keys), and after each test writes the page's action log to ``logs/<variant>.json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from filelock import FileLock

from pytest_lumen.session import cache_slug

from .pages import EXPECTED_LOG, ORIGINAL, VARIANTS, build

TEST_FILE = "test_shop.py"
TEST_NAME = "test_checkout"
NAME, EMAIL = "Ada Lovelace", "ada@example.com"
ACTION_TIMEOUT = 3.0  # seconds: a regression fails fast, and a busy machine still records and replays
# An inner replay session of many variants runs them on two xdist workers: its tests mostly wait (a
# regression on its action timeout), so two overlap well on two cores; more would starve a busy machine.
# The plugin merges the workers' figures and heals into the one summary the tests read.
INNER_WORKERS = ("-n", "2")

# The test's steps: (agent method, instruction, variables).
FLOW: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("run", "add the blue mug and the green plate to the cart", {}),
    ("expect", "the cart total is $20.00", {}),
    ("run", "fill in the checkout form as %name% <%email%> and accept the terms", {"name": NAME, "email": EMAIL}),
    ("run", "place the order", {}),
    ("expect", "the confirmation thanks %name% for 2 items totalling $20.00", {"name": NAME}),
    ("run", "open the help page", {}),
    ("expect", "the help center heading is shown", {}),
)

# What the fake model does when the test is recorded (targets by role and name in the snapshot).
RECORD_SCRIPT: list[dict[str, Any]] = [
    {"match": "Step: add the blue mug and the green plate", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Add to cart", "nth": 0}},
        {"tool": "click", "target": {"role": "button", "name": "Add to cart", "nth": 2}},
        {"tool": "done"}]},
    {"match": "Check: the cart total is $20.00", "actions": [
        {"tool": "expect_text", "target": {"role": "status"}, "input": {"text": "$20.00"}},
        {"tool": "done"}]},
    {"match": "Step: fill in the checkout form", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Email"}, "input": {"value": "%email%"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Full name"}, "input": {"value": "%name%"}},
        {"tool": "check", "target": {"role": "checkbox", "name": "I accept the terms"}, "input": {"checked": True}},
        {"tool": "done"}]},
    {"match": "Step: place the order", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Place order"}},
        {"tool": "done"}]},
    {"match": "Check: the confirmation thanks", "actions": [
        {"tool": "expect_text", "target": {"role": "paragraph", "nth": 0},
         "input": {"text": "Thank you, %name%! Your order of 2 items totalling $20.00 is placed."}},
        {"tool": "done"}]},
    {"match": "Step: open the help page", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Visit the help center"}},
        {"tool": "done"}]},
    {"match": "Check: the help center heading", "actions": [
        {"tool": "expect_visible", "target": {"role": "heading", "name": "Help center"}},
        {"tool": "done"}]},
]

# How the fake model heals the step that only a model can heal (it sees the heal message).
HEAL_SCRIPT: list[dict[str, Any]] = [
    {"match": ["Step: add the blue mug and the green plate", "the page changed"], "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Add to cart", "nth": 0}},
        {"tool": "click", "target": {"role": "button", "name": "Add to cart", "nth": 2}},
        {"tool": "done"}]},
]

_CONFTEST_TEMPLATE = '''
import functools
import http.server
import json
import os
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).parent


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def pytest_generate_tests(metafunc):
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", os.environ["{env_var}"].split(","))


@pytest.fixture
def {fixture}(variant, page):
    """The variant's pages on their own 127.0.0.1 server; the page's action log is kept after the test."""
    handler = functools.partial(Quiet, directory=str(HERE / "sites" / variant))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    try:
        log = page.evaluate("() => JSON.parse(localStorage.getItem('drift-log') || '[]')")
    except Exception as exc:
        log = ["?unreadable log: " + str(exc).splitlines()[0]]
    (HERE / "logs").mkdir(exist_ok=True)
    (HERE / "logs" / (variant + ".json")).write_text(json.dumps(log))
    server.shutdown()
    server.server_close()
'''


def inner_conftest(fixture: str = "shop", env_var: str = "DRIFT_VARIANTS") -> str:
    """The inner project's conftest: the variants named in ``env_var`` parametrize ``variant``; the fixture
    ``fixture`` serves the variant's site on its own 127.0.0.1 server, yields its base URL, and after the
    test writes the page's ``drift-log`` to ``logs/<variant>.json``. (Shared with tests/frameworks.)"""
    return _CONFTEST_TEMPLATE.replace("{fixture}", fixture).replace("{env_var}", env_var)


INNER_CONFTEST = inner_conftest()


def inner_test() -> str:
    """The user's test: the flow, then a check of the page's log (the right elements, in order)."""
    lines = [
        "EXPECTED = " + repr(list(EXPECTED_LOG)),
        "",
        "",
        "def test_checkout(agent, page, shop):",
        '    page.goto(shop + "/shop.html")',
    ]
    for method, instruction, variables in FLOW:
        args = f", variables={variables!r}" if variables else ""
        lines.append(f"    agent.{method}({instruction!r}{args})")
    lines += [
        "    log = page.evaluate(\"() => JSON.parse(localStorage.getItem('drift-log') || '[]')\")",
        "    used = [entry for entry in log if not entry.startswith('click:dismiss-')]",
        "    assert used == EXPECTED, f'the page was used through other elements: {used}'",
        "",
    ]
    return "\n".join(lines)


def write_site(folder: Path, files: dict[str, str]) -> None:
    """Write a site's files under ``folder``."""
    for file, text in files.items():
        path = folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def write_inner(root: Path, conftest: str, test_file: str, test_text: str, action_timeout: float) -> None:
    """The inner project's conftest, test file and ini."""
    (root / "conftest.py").write_text(conftest, encoding="utf-8")
    (root / test_file).write_text(test_text, encoding="utf-8")
    (root / "pytest.ini").write_text(f"[pytest]\nlumen_action_timeout = {action_timeout}\n", encoding="utf-8")


def write_project(root: Path, variants: Iterable[str]) -> None:
    """The inner project: conftest, test file, ini, and the variants' sites."""
    write_inner(root, INNER_CONFTEST, TEST_FILE, inner_test(), ACTION_TIMEOUT)
    for name in variants:
        write_site(root / "sites" / name, ORIGINAL if name == "original" else build(VARIANTS[name]))


def cache_file(root: Path, variant: str, test_file: str = TEST_FILE, test_name: str = TEST_NAME) -> Path:
    """Where the inner test's cache file for ``variant`` lives under ``root``."""
    return root / ".lumen-cache" / test_file / f"{cache_slug(f'{test_name}[{variant}]')}.json"


def share_cache(recorded: Path, root: Path, variants: Iterable[str], test_file: str = TEST_FILE,
                test_name: str = TEST_NAME) -> None:
    """Give each variant's test a copy of the recorded cache file (as if it had been recorded for it)."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    for name in variants:
        data["test"] = f"{test_file}::{test_name}[{name}]"
        target = cache_file(root, name, test_file, test_name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def clean_env(extra: dict[str, str]) -> dict[str, str]:
    """The environment of an inner run: no CI, no inherited pytest options, plus ``extra``."""
    drop = {"CI", "GITHUB_STEP_SUMMARY", "PYTEST_XDIST_WORKER", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(extra)
    return env


def record_inner(root: Path, fake_url: str, test_file: str, env: dict[str, str],
                 timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Record ``test_file`` of the inner project at ``root`` with ``--lumen-record``, the model being the fake."""
    env = clean_env({**env, "ANTHROPIC_BASE_URL": fake_url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--lumen-record", test_file],
                          cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


def record(root: Path, fake_url: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Record the original app through the plugin's record path, in a pytest subprocess."""
    write_project(root, ["original"])
    return record_inner(root, fake_url, TEST_FILE, {"DRIFT_VARIANTS": "original"}, timeout)


def once_per_run(tmp_path_factory: Any, name: str, make: Callable[[Path], Path]) -> Path:
    """What ``make(root)`` returns, made once per run in ``<basetemp>/<name>``: under xdist the workers share it
    (the first one makes it under a file lock, the others wait and get the same path). Shared by the
    drift, frameworks and interactions suites, which each record their inner project once."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    done = shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.exists():
            root = shared / name
            root.mkdir(exist_ok=True)
            done.write_text(str(make(root)), encoding="utf-8")
    return Path(done.read_text(encoding="utf-8"))


def read_logs(root: Path, variants: Sequence[str]) -> dict[str, list[str]]:
    """The action log each variant's test left (missing: the test never got to its page)."""
    out = {}
    for name in variants:
        path = root / "logs" / f"{name}.json"
        out[name] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else ["?no log"]
    return out


def outcomes(junit_xml: Path) -> dict[str, str | None]:
    """Each variant's inner test outcome from a JUnit report: None when it passed, else its failure text."""
    out: dict[str, str | None] = {}
    for case in ET.parse(junit_xml).iter("testcase"):
        params = case.get("name", "").split("[", 1)[1].rstrip("]").split("-")
        variant = "-".join(p for p in params if p != "chromium")
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        out[variant] = None if problem is None else f"{problem.get('message', '')}\n{problem.text or ''}"
    return out
