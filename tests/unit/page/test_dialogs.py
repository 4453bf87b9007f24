"""What pytest_lumen.page.dialogs says without a page: how the dialogs of an action are described, replayed answers."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import DialogAnswer
from pytest_lumen.page.dialogs import CachedAnswers, UnexpectedDialog, describe


def test_what_the_model_is_told_about_the_dialogs_of_its_action() -> None:
    answers = [DialogAnswer(type="alert", message="Saved", accept=True),
               DialogAnswer(type="prompt", message="New name?", accept=True, text="%name%")]
    assert describe(answers) == ("it opened an alert dialog 'Saved', which was accepted; "
                                 "then a prompt dialog 'New name?', which was accepted with '%name%'")
    assert describe([]) == ""


def test_replayed_answers_come_in_order_and_a_dialog_of_another_type_is_unexpected() -> None:
    answers = CachedAnswers([DialogAnswer(type="confirm", message="Sure?", accept=False)])
    with pytest.raises(UnexpectedDialog, match="a confirm dialog was recorded here"):
        answers("alert", "Hi")
    assert answers("confirm", "Sure?").accept is False
    with pytest.raises(UnexpectedDialog, match="no recorded answer"):
        answers("confirm", "Sure?")
