"""What the in-process browser tests share: a run's session, one test's context and cache file, and a
planner that must never be asked (replay makes zero model calls)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any, Literal, Protocol

from pytest_lumen.agent import Agent
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.context import TestContext
from pytest_lumen.planner import Planner, ScriptedPlanner
from pytest_lumen.run.session import LumenSession
from tests.support.inner import made_once

NODEID = "tests/test_shop.py::test_sign_in"
CACHE_FILE = ".lumen-cache/tests/test_shop.py/test_sign_in.json"  # as messages show it (relative to the rootdir)


def session_in(mode: Mode, root: Path, action_timeout: float = 5.0) -> LumenSession:
    """A run in ``mode`` whose rootdir is ``root`` (the cache goes to ``root/.lumen-cache``)."""
    return LumenSession(Settings(mode=mode, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL,
                                 action_timeout=action_timeout))


def context(session: LumenSession) -> TestContext:
    """The context of the test ``NODEID`` in ``session``."""
    test_file, name = NODEID.split("::")
    return session.new_context(NODEID, session.store.path_for(test_file, name), session.settings.rootdir / "out")


def cache_file(root: Path) -> Path:
    """Where the test's cache file is written under ``root``."""
    return root / CACHE_FILE


def no_model() -> Planner:
    """A planner factory for replay: asking it fails the test."""
    raise AssertionError("replay asked for the model")


def healed_past_the_gate(ctx: TestContext) -> TestContext:
    """``ctx``, once it is checked that its replay missed the identity gate (so the full path healed it): a heal test
    that replays only through the gate, as users do, covers the full path so, and would stop covering it unnoticed
    if the gate let its change through (it then needs a ``full`` twin, with the gate off)."""
    assert ctx.figures.gate_misses >= 1, f"the identity gate let the changed page through: {ctx.figures}"
    return ctx


class Served(Protocol):
    """A folder of pages served on 127.0.0.1 (``tests/conftest.Site``)."""

    url: str
    root: Path
    redirects: dict[str, str]
    post_redirects: dict[str, str]


def record_then_replay(page: Any, site: Served, root: Path, script: list[dict[str, Any]], instruction: str,
                       kind: Literal["run", "expect"] = "run", gate: bool = True) -> TestContext:
    """Record ``instruction`` (a step of ``kind``: ``agent.run`` or ``agent.expect``) on the site's old.html with the
    scripted planner (``record_once``), replay it on its new.html with no model (``replay_new``); the replay's
    context. The heal tests' trap and twin pages log what was used in ``window.__used``."""
    record_once(page, site, root, script, instruction, kind)
    return replay_new(page, site, root, instruction, kind, gate)


def record_once(page: Any, site: Served, root: Path, script: list[dict[str, Any]], instruction: str,
                kind: Literal["run", "expect"] = "run") -> None:
    """``root``'s cache file: ``instruction`` recorded on the site's old.html with the scripted planner (action timeouts
    of 2 s). A trap and its twins record the same old page: a recording (of the site's files but new.html, its
    redirects, the script, the sentence and the kind, which are all it depends on) is made once per run and copied
    into ``root`` (``tests/support/inner.made_once``, beside ``root``)."""
    def make(folder: Path) -> Path:
        session = session_in(Mode.RECORD, folder, action_timeout=2.0)
        ctx = context(session)
        page.goto(f"{site.url}/old.html")
        getattr(Agent(page, ctx, lambda: ScriptedPlanner(script)), kind)(instruction)
        session.finish(ctx, passed=True)
        return folder
    recorded = made_once(root.parent, f"recorded-{_recording_key(site, script, instruction, kind)}", make)
    cache_file(root).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cache_file(recorded), cache_file(root))


def replay_new(page: Any, site: Served, root: Path, instruction: str, kind: Literal["run", "expect"] = "run",
               gate: bool = True) -> TestContext:
    """Replay ``root``'s recording of ``instruction`` on the site's new.html with no model, through the identity gate
    as users replay (``gate`` False: the full path alone), action timeouts of 2 s (a red step fails fast); its context."""
    ctx = context(session_in(Mode.REPLAY, root, action_timeout=2.0))
    page.goto(f"{site.url}/new.html")
    getattr(Agent(page, ctx, no_model, identity_gate=gate), kind)(instruction)
    return ctx


def _recording_key(site: Served, script: list[dict[str, Any]], instruction: str, kind: str) -> str:
    """What a recording depends on, hashed: every file the site serves but new.html, its redirects (of posts too), the
    script, sentence and kind."""
    digest = hashlib.sha256(json.dumps([script, instruction, kind, site.redirects, site.post_redirects],
                                       sort_keys=True).encode())
    for path in sorted(site.root.rglob("*")):
        if path.is_file() and path.name != "new.html":
            digest.update(str(path.relative_to(site.root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]
