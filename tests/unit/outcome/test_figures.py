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


def test_a_scripted_reply_is_counted_apart_with_no_tokens_and_no_cost():
    figures = Figures()
    usage = Usage(input_tokens=900, output_tokens=40)
    assert figures.add_reply("scripted", usage, scripted=True) == Usage()
    assert (figures.scripted_replies, figures.model_calls, figures.usage.total, figures.cost) == (1, 0, 0, 0.0)
    assert figures.add_reply("claude-sonnet-5-5", usage, scripted=False) == usage
    assert (figures.scripted_replies, figures.model_calls, figures.usage.total) == (1, 1, 940) and figures.cost > 0
    joined = RunStats()
    joined.merge(json.loads(json.dumps(RunStats(figures).to_json())))
    assert joined.figures.scripted_replies == 1
    older = RunStats(Figures(steps_replayed=1)).to_json()  # a shard's lumen-run.json of an older version
    del older["figures"]["scripted_replies"]
    assert RunStats.from_json(older).figures.scripted_replies == 0
