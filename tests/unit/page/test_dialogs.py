"""Dialogs without a page: how the dialogs of an action are described (page/dialogs), and the replayed answers, each
given only to the dialog it was recorded for (heal/dialogs)."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import DialogAnswer
from pytest_lumen.heal.dialogs import CachedAnswers
from pytest_lumen.page.dialogs import UnexpectedDialog, describe


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


def test_a_recorded_answer_is_given_only_to_the_dialog_that_says_the_recorded_message() -> None:
    answers = CachedAnswers([DialogAnswer(type="confirm", message="Delete %product%?", accept=True)])
    with pytest.raises(UnexpectedDialog, match=r"the answer recorded here was for a confirm dialog saying "
                                               r"'Delete %product%\?'"):
        answers("confirm", "Delete all 6 products?")
    assert answers("confirm", "Delete  %product%?").accept is True  # whitespace aside, the step's values templated
