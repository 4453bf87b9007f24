"""Cost estimation and usage arithmetic (pytest_lumen.outcome.usage)."""

from __future__ import annotations

import pytest

from pytest_lumen.outcome.usage import Usage, estimate_cost, price_for


def test_cost_uses_the_model_family_price_row():
    usage = Usage(input_tokens=1_000_000, output_tokens=1_000_000)
    assert estimate_cost("claude-sonnet-5-5", usage) == pytest.approx(3.0 + 15.0)
    assert estimate_cost("claude-haiku-5-5", usage) == pytest.approx(1.0 + 5.0)
    assert estimate_cost("claude-opus-5-5", usage) == pytest.approx(5.0 + 25.0)


def test_cache_tokens_are_priced_apart():
    read = Usage(cache_read_input_tokens=1_000_000)
    write = Usage(cache_creation_input_tokens=1_000_000)
    assert estimate_cost("claude-sonnet-5-5", read) == pytest.approx(0.30)
    assert estimate_cost("claude-sonnet-5-5", write) == pytest.approx(3.75)


def test_unknown_model_is_priced_as_sonnet():
    assert price_for("my-fine-tune") == price_for("claude-sonnet-5-5")


def test_usage_adds_and_totals():
    total = Usage(input_tokens=1, output_tokens=2) + Usage(cache_read_input_tokens=3, cache_creation_input_tokens=4)
    assert total.total == 10 and total.output_tokens == 2
