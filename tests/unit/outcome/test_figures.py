"""The run figures (pytest_lumen.outcome.figures): what a worker hands to the xdist controller."""

from __future__ import annotations

import json

from pytest_lumen.outcome.figures import Figures, RunStats
from pytest_lumen.outcome.usage import Usage


def test_run_stats_survive_the_xdist_hand_off():
    worker = RunStats(Figures(steps_replayed=2, steps_recorded=1))
    worker.figures.steps_healed["fallback"] += 1
    worker.figures.add_model_call("claude-sonnet-5-5", Usage(input_tokens=100, output_tokens=10))
    worker.cache_files_written.add(".lumen-cache/a.json")
    controller = RunStats(Figures(steps_replayed=1))
    controller.merge(json.loads(json.dumps(worker.to_json())))
    totals = controller.figures
    assert totals.steps_replayed == 3 and totals.healed_total == 1 and totals.model_calls == 1
    assert totals.usage.input_tokens == 100 and totals.cost > 0
    assert controller.cache_files_written == {".lumen-cache/a.json"}
