"""``DialogWatch`` (pytest_lumen.page.dialogs) on a real page: one listener per context, answering only during an action."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.cache.model import DialogAnswer
from pytest_lumen.heal.dialogs import CachedAnswers
from pytest_lumen.page.dialogs import DialogWatch

ASK = "document.body.dataset.answer = String(confirm('Delete the project Apollo?'))"


def answered(page: Any) -> str:
    return page.evaluate("document.body.dataset.answer")


def test_an_action_answers_its_dialogs_as_told_and_notes_the_ones_it_cannot(page: Any) -> None:
    watch = DialogWatch.of(page.context)
    accept = DialogAnswer(type="confirm", message="Delete the project %name%?", accept=True)
    with watch.answering(CachedAnswers([accept]), {"name": "Apollo"}, lambda s: s.replace("Apollo", "%name%")) as turn:
        page.evaluate(ASK)
    assert answered(page) == "true" and turn.seen == [accept] and turn.unexpected == []

    with watch.answering(CachedAnswers([]), {}, str) as turn:
        page.evaluate(ASK)
    assert answered(page) == "false"  # dismissed, so that the page goes on
    assert turn.unexpected == ["a confirm dialog saying 'Delete the project Apollo?' (no recorded answer for it)"]


def test_one_listener_per_context_whatever_the_number_of_agents(page: Any) -> None:
    assert DialogWatch.of(page.context) is DialogWatch.of(page.context)


def test_between_actions_a_dialog_is_dismissed_as_playwright_does_when_nobody_listens(page: Any) -> None:
    DialogWatch.of(page.context)
    page.evaluate(ASK)  # the test's own code: no action runs, and the page must not stall
    assert answered(page) == "false"


@pytest.mark.parametrize("where", ["page", "context"])
def test_between_actions_a_dialog_is_left_to_the_tests_own_listener(page: Any, where: str) -> None:
    DialogWatch.of(page.context)
    handled: list[str] = []

    def accept(dialog: Any) -> None:
        handled.append(dialog.message)
        dialog.accept()

    (page if where == "page" else page.context).on("dialog", accept)
    page.evaluate(ASK)
    assert answered(page) == "true" and handled == ["Delete the project Apollo?"]



# A handler that confirms, works a while (as an app's handler does: a re-render), then alerts, in the same script. The
# action here ends as soon as the confirm is shown (a click the browser lets go on once a dialog is up), so the alert
# comes after it returned: the turn asks the page once more after a dialog, which the page answers only after the alert.
CONFIRM_THEN_ALERT = """<!doctype html><html><body><button id="go">Delete project</button><p role="status" id="s"></p>
<script>
  document.getElementById('go').addEventListener('click', () => {
    if (!confirm('Delete the project Apollo?')) return;
    const until = performance.now() + 300; while (performance.now() < until) {}  // the app's own work
    alert('Could not delete the project: you are not an owner.');
  });
</script></body></html>"""


def test_a_dialog_that_follows_an_answered_one_in_the_same_script_is_the_actions_too(page: Any) -> None:
    page.set_content(CONFIRM_THEN_ALERT)
    watch = DialogWatch.of(page.context)
    accept = DialogAnswer(type="confirm", message="Delete the project Apollo?", accept=True)
    with watch.answering(CachedAnswers([accept]), {}, str) as turn, page.expect_event("dialog"):
        page.evaluate("setTimeout(() => document.getElementById('go').click())")  # returns before the confirm
    assert turn.seen == [accept]
    assert turn.unexpected == [
        "an alert dialog saying 'Could not delete the project: you are not an owner.' (no recorded answer for it)"]


def test_a_turn_told_to_ask_its_page_sees_the_dialogs_of_a_click_and_answers_them_before_it_ends(page: Any) -> None:
    page.set_content(CONFIRM_THEN_ALERT)
    watch = DialogWatch.of(page.context)
    accept = DialogAnswer(type="confirm", message="Delete the project Apollo?", accept=True)
    with watch.answering(CachedAnswers([accept]), {}, str, page) as turn:
        page.click("#go")
    assert turn.seen == [accept] and len(turn.unexpected) == 1
    assert page.evaluate("1 + 1") == 2  # nothing left open: the page runs scripts again
