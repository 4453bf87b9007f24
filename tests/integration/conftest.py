"""Fixtures of the integration suite: the login test, recorded once per run for the tests that start from a recording.

Recording is a pytest session of its own (the real SDK against the loopback fake model); a test
whose subject is what comes after it (a replay, a heal, a miss, a prune) starts from a copy of
the cache that session wrote, as a user starts from a committed ``.lumen-cache``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support.inner import clean_env, once_per_run, run_session

from ..conftest import INNER_CONFTEST, INNER_INI, LumenRunner, Site
from .pages import LOGIN_SCRIPT, LOGIN_TEST, SITE


def record_login(root: Path, pages: dict[str, str], test: str = LOGIN_TEST, script: list[Any] = LOGIN_SCRIPT) -> Path:
    """Record the login test (or ``test``, the fake model following ``script``) on ``pages`` in the project at
    ``root`` (``--lumen-record``); ``root``."""
    site = Site(root / "site").write(pages)
    (root / "conftest.py").write_text(INNER_CONFTEST, encoding="utf-8")
    (root / "pytest.ini").write_text(INNER_INI, encoding="utf-8")
    (root / "test_app.py").write_text(test, encoding="utf-8")
    try:
        with FakeAnthropic() as fake:
            fake.script(script)
            env = clean_env({"APP_URL": site.url, "ANTHROPIC_BASE_URL": fake.url,
                             "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
            done = run_session(("-q", "--lumen-record"), root, env, timeout=240)
    finally:
        site.stop()
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    return root


@pytest.fixture
def recorded_login(lumen: LumenRunner, site_factory: Callable[[dict[str, str]], Site],
                   tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Site]:
    """``recorded_login(pages)``: the login test and its cache as ``pytest --lumen-record`` wrote them on
    ``pages`` (recorded once per run, shared by the xdist workers), the pages served on a new port."""
    def use(pages: dict[str, str] = SITE) -> Site:
        digest = hashlib.sha256(json.dumps(pages, sort_keys=True).encode()).hexdigest()[:12]
        root = once_per_run(tmp_path_factory, f"login-{digest}", lambda folder: record_login(folder, pages))
        shutil.copytree(root / ".lumen-cache", lumen.path / ".lumen-cache", dirs_exist_ok=True)
        lumen.pytester.makepyfile(test_app=LOGIN_TEST)
        site = site_factory(pages)
        lumen.serve(site)
        return site
    return use
