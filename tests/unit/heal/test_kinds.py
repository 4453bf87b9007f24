"""Every kind of heal is derived from what makes it (pytest_lumen.heal.kinds), and a heal names its kind in one word."""

from __future__ import annotations

import pydantic
import pytest

from pytest_lumen.heal.kinds import HEAL_KINDS
from pytest_lumen.heal.strategy import STRATEGIES, Strategy
from pytest_lumen.heal.translations import TRANSLATIONS
from pytest_lumen.outcome.heal import HealLevel


def test_the_kinds_are_those_of_the_strategies_the_translations_and_the_heals_made_while_acting() -> None:
    assert HEAL_KINDS == ("fallback", "row_key", "unchanged_text", "similarity", "widget", "relabel", "effect", "option",
                          "overlay", "profile", "model")
    assert {s.kind for s in STRATEGIES} | {t.kind for t in TRANSLATIONS} <= set(HEAL_KINDS)
    assert all(isinstance(s, Strategy) for s in STRATEGIES)
    assert len({s.name for s in STRATEGIES}) == len(STRATEGIES) and len({t.name for t in TRANSLATIONS}) == len(TRANSLATIONS)


def test_a_new_strategy_brings_its_kind_and_a_level_is_one_word() -> None:
    assert HealLevel.model_validate("glyph_match").kind == "glyph_match"  # a project's strategy: no model to edit
    assert str(HealLevel.model_validate("fallback:role")) == "fallback:role"
    for bad in ("Fallback", "two words", ""):
        with pytest.raises(pydantic.ValidationError):
            HealLevel(kind=bad)
