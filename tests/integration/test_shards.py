"""A suite split over shards (pytest-split): each shard's unused-cache check, and the shards' figures and heals joined."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .pages import DRIFTED, HEALABLE, LOGIN_SCRIPT, LOGIN_TEST

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

PARTIAL = "unused cache files: 1 (part of the suite ran: checked in the test modules it collected)"


def test_each_shard_checks_unused_files_in_what_it_collected_and_the_join_adds_the_shards_up(
        lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(HEALABLE))
    lumen.pytester.makepyfile(test_a=LOGIN_TEST, test_b=LOGIN_TEST.replace("test_login", "test_login_again"))
    fake_anthropic.script(LOGIN_SCRIPT)
    lumen.run("--lumen-record").assert_outcomes(passed=2)
    recorded = fake_anthropic.request_count
    orphan = lumen.path / ".lumen-cache" / "test_a.py" / "test_deleted.json"
    orphan.write_text("{}")
    gone = lumen.path / ".lumen-cache" / "test_gone.py" / "test_x.json"  # its module was deleted
    gone.parent.mkdir()
    gone.write_text("{}")

    lumen.serve(site_factory(DRIFTED))  # each shard heals its test with zero tokens
    shards = []
    for group, extra in (("1", ()), ("2", ("-n", "1"))):  # the second through xdist: a worker's selection is merged
        result = lumen.run("--lumen-mode=replay", "--lumen-prune", "--splits", "2", "--group", group,
                           "--output", f"results-{group}", *extra)
        result.assert_outcomes(passed=1)
        shards.append(result.stdout.str())
        result.stdout.fnmatch_lines([PARTIAL, "  unused .lumen-cache/test_a.py/test_deleted.json (delete with --lumen-prune)"])
        assert "test_gone" not in result.stdout.str()  # a shard cannot tell a deleted module from one it did not collect
    assert sum("steps healed: 1 (fallback 1)" in out for out in shards) == 2
    assert orphan.exists() and gone.exists()  # a shard never prunes
    assert fake_anthropic.request_count == recorded

    joined = subprocess.run([sys.executable, "-m", "pytest_lumen.run.shards", "results-1", "results-2"], cwd=lumen.path,
                            capture_output=True, text=True, check=True).stdout
    assert "### pytest-lumen (2 shards joined)" in joined
    for row in ("| mode | replay |", "| steps replayed | 2 |", "| steps healed | 2 (fallback 2) |", "| model calls | 0 |",
                "| " + PARTIAL.replace(": ", " | ", 1) + " |", "* `.lumen-cache/test_a.py/test_deleted.json`"):
        assert row in joined, joined
    assert "| test_a.py::test_login | log in as %user% with password %pw% | 3 | fallback:role |" in joined
    assert "| test_b.py::test_login_again | log in as %user% with password %pw% | 3 | fallback:role |" in joined
    assert "test_gone" not in joined and "s3cret-canary-77" not in joined
