"""``perform``'s dispatch (pytest_lumen.page.perform): one function per action type, every action the cache holds."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from pytest_lumen.cache.model import Action, Expect, Goto
from pytest_lumen.page import perform


def _action_types() -> set[type]:
    union = typing.get_args(Action)[0]  # Annotated[Click | Fill | ..., discriminator]
    return set(typing.get_args(union))


def test_every_action_type_but_a_check_has_its_own_performer() -> None:
    handled = {t for t in perform._do.registry if t is not object}
    assert handled == _action_types() - {Expect}  # a check is run (page/checks.py), never performed


def test_a_check_is_not_performed() -> None:
    with pytest.raises(TypeError, match="does not handle Expect"):
        perform.perform(Expect(check="url", expected="/"), perform.On(typing.cast(Any, None), None, {}, 1000.0))


def test_an_element_action_without_its_element_says_so() -> None:
    on = perform.On(typing.cast(Any, None), None, {}, 1000.0)
    with pytest.raises(AssertionError, match="resolved element"):
        _ = on.element
    assert perform._do.dispatch(Goto) is perform._goto
