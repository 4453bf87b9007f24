"""Settings pieces that need no pytest session."""

from __future__ import annotations

import typing

import pytest

from pytest_lumen.config import DEFAULT_MODEL, Mode, default_mode


def test_default_model_is_a_current_sonnet_the_sdk_knows_and_does_not_deprecate():
    from anthropic.resources.messages.messages import DEPRECATED_MODELS
    from anthropic.types.model import Model

    known = typing.get_args(typing.get_args(Model)[0])
    assert "sonnet" in DEFAULT_MODEL
    assert DEFAULT_MODEL in known
    assert DEFAULT_MODEL not in DEPRECATED_MODELS


@pytest.mark.parametrize(
    ("env", "mode"),
    [({}, Mode.REPLAY), ({"ANTHROPIC_API_KEY": "k"}, Mode.HEAL), ({"ANTHROPIC_API_KEY": "k", "CI": "1"}, Mode.REPLAY)],
)
def test_default_mode(env, mode):
    assert default_mode(env) is mode


def test_mode_parse_lists_valid_values():
    assert Mode.parse(" Record ", "x") is Mode.RECORD
    with pytest.raises(pytest.UsageError, match="valid modes are: replay, heal, record"):
        Mode.parse("fast", "--lumen-mode")
