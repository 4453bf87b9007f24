"""The example suite replays from its committed cache: green on shop v1, on the desktop and on a phone (``--device``:
the cache holds the phone's own recording), red on the v3 regression, no model calls."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.cache.fileio import pretty_json
from tests.support import inner

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "example_suite"
REGRESSION_TEST = "example_suite/test_checkout.py::test_cart_total_follows_quantities"
PHONE = "Pixel 7"
# The tests whose phone recording has actions of its own: the menu button first (sign in, the help in a new tab), the
# cart's bottom sheet closed by "Keep shopping" and by a swipe, and opened into the cart by "View cart".
PHONE_TESTS = ("example_suite/test_shop.py::test_sign_in", "example_suite/test_shop.py::test_help_opens_in_a_new_tab",
               "example_suite/test_shop.py::test_adding_products_updates_the_cart_link", REGRESSION_TEST)


def as_older_versions(cache: Path) -> dict[Path, bytes]:
    """The cache files rewritten as versions 1 and 2 wrote them (every other file), through the package's own models."""
    for i, path in enumerate(sorted(p for p in cache.rglob("*.json") if p.name != "memory.json")):
        data = loads(path.read_text(encoding="utf-8"), path).model_dump(mode="json", exclude_none=True)
        path.write_text(pretty_json({**data, "schema_version": 1 + i % 2}), encoding="utf-8")
    return {p: p.read_bytes() for p in cache.rglob("*.json")}


def replay(version: int, tmp_path: Path, *selection: str, older: dict[Path, bytes] | None = None,
           device: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``pytest example_suite --lumen-mode=replay`` on a shop version, as ``run_demo.py`` does (in this process:
    ``inner.run_session``), on pytest-playwright's ``device`` (None: its default desktop browser).

    It replays from a copy of the committed cache (a heal must not rewrite it), with no API key;
    ``older`` (a dict) receives the copy's files as versions 1 and 2 wrote them, which it replays.
    """
    name = f"v{version}" + ("-phone" if device else "")
    cache = tmp_path / f"cache-{name}"
    shutil.copytree(SUITE / ".lumen-cache", cache)
    if older is not None:
        older.update(as_older_versions(cache))
    env = {k: v for k, v in os.environ.items()
           if k not in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    args = [*(selection or ("example_suite",)), "--lumen-mode=replay", f"--shop-version={version}",
            f"--lumen-cache-dir={cache}", f"--output={tmp_path / f'results-{name}'}", "-rA", "--tb=short",
            *(("--device", device) if device else ())]
    return inner.run_session(args, ROOT, env, timeout=600)


def outcomes(output: str) -> dict[str, str]:
    """``PASSED``/``FAILED`` per test from the ``-rA`` short summary."""
    found = re.findall(r"^(PASSED|FAILED|ERROR|SKIPPED) (\S+?)(?:\[chromium\])?(?: - .*)?$", output, re.MULTILINE)
    return {test: outcome for outcome, test in found}


@pytest.mark.slow
def test_example_suite_is_green_on_v1_and_catches_the_v3_regression(tmp_path: Path) -> None:
    # two sessions: the whole suite on v1, and the checkout tests on v3
    older: dict[Path, bytes] = {}
    v1 = replay(1, tmp_path, older=older)
    v3 = replay(3, tmp_path, "example_suite/test_checkout.py")
    out1, out3 = v1.stdout + v1.stderr, v3.stdout + v3.stderr

    assert v1.returncode == 0, out1
    on_v1 = outcomes(out1)
    assert len(on_v1) >= 10 and set(on_v1.values()) == {"PASSED"}, out1
    assert re.search(r"^model calls: 0$", out1, re.MULTILINE), out1
    assert re.search(r"^steps healed: 0 ", out1, re.MULTILINE), out1
    # files written by versions 1 and 2 of the cache format load, replay, and are left as they were
    assert sum(b'"schema_version": 1' in text for text in older.values()) >= 5, "files of schema version 1 replayed"
    assert [p.name for p, text in older.items() if p.read_bytes() != text] == []

    on_v3 = outcomes(out3)
    assert v3.returncode == 1, out3
    assert {t for t, o in on_v3.items() if o != "PASSED"} == {REGRESSION_TEST}, out3
    assert len(on_v3) >= 2, out3  # the other checkout tests ran, and passed
    assert "Total: $24.50" in out3, out3  # red for the right reason: the total ignores quantities
    assert re.search(r"^model calls: 0$", out3, re.MULTILINE), out3


@pytest.mark.slow
def test_a_phone_replays_its_own_recording_of_the_example_suite(tmp_path: Path) -> None:
    # one session on a phone, with the tests whose phone recording differs most from the desktop's
    phone = replay(1, tmp_path, *PHONE_TESTS, device=PHONE)
    out = phone.stdout + phone.stderr

    assert phone.returncode == 0, out
    assert outcomes(out) == dict.fromkeys(PHONE_TESTS, "PASSED"), out
    assert re.search(r"^model calls: 0$", out, re.MULTILINE), out
    assert re.search(r"^steps healed: 0 ", out, re.MULTILINE), out  # no profile heal: the phone's own actions
    assert re.search(r"^cache files written: 0$", out, re.MULTILINE), out
    assert "viewport:" not in out  # the phone's recording is its own: no note of the desktop's viewport
    assert {p.read_bytes() for p in (tmp_path / "cache-v1-phone").rglob("*.json")} == {
        p.read_bytes() for p in (SUITE / ".lumen-cache").rglob("*.json")}
