"""The drift suite's inner project: one test, recorded once, replayed against every variant.

The inner project is what a user has: a test file, a conftest, an ini, and the committed
``.lumen-cache``. Its conftest serves the variant named by the test's parameter on its own
127.0.0.1 server, at the same paths as the original (so every variant uses the recorded
cache keys), and after each test writes the page's action log to ``logs/<variant>.json``.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tests.support import inner

from .pages import EXPECTED_LOG, ORIGINAL, VARIANTS, build

TEST_FILE = "test_shop.py"
TEST_NAME = "test_checkout"
NAME, EMAIL = "Ada Lovelace", "ada@example.com"
ACTION_TIMEOUT = 3.0  # seconds: a regression fails fast, and a busy machine still records and replays

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


def write_project(root: Path, variants: Iterable[str]) -> None:
    """The inner project: conftest, test file, ini, and the variants' sites."""
    inner.write_inner(root, inner.INNER_CONFTEST, TEST_FILE, inner_test(), ACTION_TIMEOUT)
    for name in variants:
        inner.write_site(root / "sites" / name, ORIGINAL if name == "original" else build(VARIANTS[name]))


def record(root: Path, fake_url: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Record the original app through the plugin's record path, in a pytest subprocess."""
    write_project(root, ["original"])
    return inner.record_inner(root, fake_url, TEST_FILE, {"DRIFT_VARIANTS": "original"}, timeout)


def cache_file(root: Path, variant: str) -> Path:
    """Where the inner test's cache file for ``variant`` lives under ``root``."""
    return inner.cache_file(root, variant, TEST_FILE, TEST_NAME)


def share_cache(recorded: Path, root: Path, variants: Iterable[str]) -> None:
    """Give each variant's test a copy of the recorded cache file (as if it had been recorded for it)."""
    inner.share_cache(recorded, root, variants, TEST_FILE, TEST_NAME)
