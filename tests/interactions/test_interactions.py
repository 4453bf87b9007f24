"""Every interaction, as a user runs it: recorded through the real SDK, replayed, healed, and red on a bug.

The inner project (tests/interactions/inner.py) has one test per interaction on the workspace app
(tests/interactions/pages.py). It is recorded once with ``--lumen-record`` against the loopback
fake model; the conditional step's other branch is recorded in heal mode as a returning visitor.
Then one replay session runs every test on the original app, on a drifted copy (each recorded
locator broken, each element kept: it must heal with zero tokens) and on a regressed copy (one real
bug per page: each test must fail), with no model call at all.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.cache.model import Effect, History
from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support import inner as shared

from . import inner
from .pages import site

pytestmark = pytest.mark.slow(inner_suite=True)

INNER_TIMEOUT = 600  # seconds for one inner session: generous, a loaded machine is slow
ACTION_TIMEOUT = 3.0  # seconds: a regression fails fast, and a busy machine still records and replays

# Why each regression fails (a text of its failure): for its own reason, not by accident.
REGRESSION_REASONS = {
    "test_rename_todo": 'no element matches get_by_role("textbox", name="Edit todo", exact=True)',
    "test_delete_file": 'get_by_test_id("menu-delete") is not visible',
    "test_move_card": "Locator expected to have text '['Write the docs']'",  # the drop did nothing: the test's check
    "test_change_avatar": 'waiting for event "filechooser"',
    "test_delete_project": "an alert dialog saying 'Could not delete the project: you are not an owner.'",
    "test_pay_by_card": 'no element matches locator("iframe[name=\\"__privateStripeFrame4821\\"]").content_frame'
                        '.get_by_role("button", name="Pay")',  # "Pay $20.00": an amount is no part of a locator
    "test_help_opens_in_a_new_tab": 'no element matches get_by_test_id("faq-billing")',  # the tab is a 404
    "test_command_palette_and_back": 'get_by_test_id("palette-input") is not visible',
    "test_cookie_banner": 'no element matches get_by_test_id("cmp-accept")',  # the banner shows, its button is gone
}


def write_project(root: Path, variants: tuple[str, ...]) -> None:
    """The inner project: conftest, tests, ini, the avatar file, and the variants' sites."""
    shared.write_inner(root, inner.CONFTEST, inner.TEST_FILE, inner.TESTS, ACTION_TIMEOUT)
    (root / "data").mkdir(exist_ok=True)
    (root / "data" / "avatar.png").write_bytes(inner.AVATAR_PNG)
    for name in variants:
        shared.write_site(root / "sites" / name, site(name))


def run_inner(root: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One pytest session of the inner project."""
    return shared.run_session(("-q", *args, inner.TEST_FILE), root, shared.clean_env(env), INNER_TIMEOUT)


def cache(root: Path, test: str, variant: str = "original") -> Path:
    return shared.cache_file(root, variant, inner.TEST_FILE, test)


def outcomes(junit: Path) -> dict[tuple[str, str], str | None]:
    """(test, variant) -> None when it passed, else its failure text."""
    out: dict[tuple[str, str], str | None] = {}
    for case in ET.parse(junit).iter("testcase"):
        test, _, params = case.get("name", "").partition("[")
        variant = "-".join(p for p in params.rstrip("]").split("-") if p != "chromium")
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        out[(test, variant)] = None if problem is None else f"{problem.get('message', '')}\n{problem.text or ''}"
    return out


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inner project, recorded on the original app (real SDK, fake model), both cookie branches included.

    Under xdist the workers share one recording: the first one records, under a file lock.
    """
    def record(root: Path) -> Path:
        write_project(root, ("original",))
        with FakeAnthropic() as fake:
            fake.script(inner.RECORD_SCRIPT)
            env = {inner.VARIANTS_ENV: "original", "ANTHROPIC_BASE_URL": fake.url,
                   "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"}
            result = run_inner(root, "--lumen-record", env=env)
            assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
            assert fake.request_count >= 2 * len(inner.TEST_NAMES)
            # the branch the first recording never saw: a returning visitor gets no banner
            fake.script(inner.SKIP_SCRIPT)
            before = fake.request_count
            result = run_inner(root, "--lumen-mode=heal", "-k", "test_cookie_banner", env={**env, "RETURNING_VISITOR": "1"})
            assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
            assert fake.request_count - before == 1  # skip: nothing to do
        return root
    return shared.once_per_run(tmp_path_factory, "interactions-record", record)


def test_each_interaction_is_cached_as_its_own_action(recorded: Path) -> None:
    steps = {test: loads(cache(recorded, test).read_text(encoding="utf-8"), cache(recorded, test)).steps
             for test in inner.TEST_NAMES}
    written = "\n".join(cache(recorded, test).read_text(encoding="utf-8") for test in inner.TEST_NAMES)

    dblclick, fill, enter = steps["test_rename_todo"][0].actions
    assert (dblclick.kind, dblclick.clicks, fill.value, enter.key) == ("click", 2, "%title%", "Enter")
    menu, delete = steps["test_delete_file"][0].actions
    assert (menu.button, delete.target.fingerprint.role) == ("right", "menuitem")
    drag = steps["test_move_card"][0].actions[0]
    assert drag.kind == "drag" and drag.to.fingerprint.name == "Done"  # both ends fingerprinted
    upload = steps["test_change_avatar"][0].actions[0]
    assert (upload.kind, upload.files) == ("upload", ["%image%"])
    assert str(recorded) not in written and "avatar.png" not in written  # no path of this machine, no file
    click = steps["test_delete_project"][0].actions[0]
    assert [(d.type, d.accept) for d in click.dialogs] == [("confirm", True)]
    card_fill, pay = steps["test_pay_by_card"][0].actions
    assert card_fill.value == "%card%" and "4242" not in written
    assert card_fill.target.locator.parent.kind == pay.target.locator.parent.kind == "frame"
    frames = {f.parent.value for f in pay.target.fallbacks}  # the iframe's name is generated: other ways
    assert frames >= {'iframe[title="Secure card payment input frame"]', 'iframe[src*="/card.html"]'}
    help_link = steps["test_help_opens_in_a_new_tab"][0].actions[0]
    assert help_link.after.popup == "/help.html"
    chord = steps["test_command_palette_and_back"][0].actions[0]
    assert (chord.kind, chord.key, chord.target) == ("press", "Control+K", None)
    assert steps["test_command_palette_and_back"][1].actions == [
        History(go="back", after=Effect(url="/dashboard.html"))]
    branches = steps["test_cookie_banner"][0].branches
    assert [[a.kind for a in branch] for branch in branches] == [["wait_for", "click"], []]


def replay(recorded: Path, root: Path, variant: str) -> tuple[dict[tuple[str, str], str | None], str]:
    """Every test replayed on one variant of the app, in one replay-mode session: outcomes and output."""
    shutil.copytree(recorded, root, ignore=shutil.ignore_patterns("test-results", "sites"))
    write_project(root, (variant,))
    for test in inner.TEST_NAMES:
        shared.share_cache(cache(recorded, test), root, (variant,), inner.TEST_FILE, test)
    result = run_inner(root, "--lumen-mode=replay", "--junitxml=junit.xml", env={inner.VARIANTS_ENV: variant})
    found = outcomes(root / "junit.xml")
    assert sorted(found) == sorted((test, variant) for test in inner.TEST_NAMES), result.stdout[-4000:]
    assert "model calls: 0" in result.stdout and "tokens: in 0, out 0" in result.stdout
    return found, result.stdout


def test_replay_of_every_interaction_on_the_unchanged_app_needs_no_heal(
        recorded: Path, tmp_path: Path, fake_anthropic: FakeAnthropic) -> None:
    root = tmp_path / "inner"
    found, out = replay(recorded, root, "original")

    assert fake_anthropic.request_count == 0
    broken = {test: (found[(test, "original")] or "")[:800] for test in inner.TEST_NAMES if found[(test, "original")] is not None}
    assert broken == {}, "the original app must replay green"
    assert not re.search(r"healed \[[^\]]+\] \S+\[[^\]]*original\]", out), "the original app needs no heal"

    # The cookie banner's other branch replays too: a returning visitor sees none, and nothing is asked.
    again = run_inner(root, "--lumen-mode=replay", "-k", "test_cookie_banner and original",
                      env={inner.VARIANTS_ENV: "original", "RETURNING_VISITOR": "1"})
    assert again.returncode == 0, again.stdout[-4000:]
    assert "model calls: 0" in again.stdout and fake_anthropic.request_count == 0


def test_replay_heals_every_interaction_with_zero_tokens(recorded: Path, tmp_path: Path,
                                                          fake_anthropic: FakeAnthropic) -> None:
    found, out = replay(recorded, tmp_path / "inner", "drifted")

    assert fake_anthropic.request_count == 0
    broken = {test: (found[(test, "drifted")] or "")[:800] for test in inner.TEST_NAMES if found[(test, "drifted")] is not None}
    assert broken == {}, "the drifted app must replay green"
    unhealed = [test for test in inner.TEST_NAMES
                if not re.search(rf"healed \[[^\]]+\] {inner.TEST_FILE}::{test}\[[^\]]*drifted\]", out)]
    assert unhealed == [], "every drift breaks a recorded locator: each must show its heal\n" + out[-4000:]
    assert "healed [model]" not in out


def test_replay_stays_red_on_every_bug_for_its_own_reason(recorded: Path, tmp_path: Path,
                                                          fake_anthropic: FakeAnthropic) -> None:
    found, _ = replay(recorded, tmp_path / "inner", "regressed")

    assert fake_anthropic.request_count == 0
    passed = [test for test in inner.TEST_NAMES if found[(test, "regressed")] is None]
    assert passed == [], "a bug passed in replay mode"
    wrong_reason = {test: (found[(test, "regressed")] or "")[:800] for test, reason in REGRESSION_REASONS.items()
                    if reason not in (found[(test, "regressed")] or "")}
    assert wrong_reason == {}
