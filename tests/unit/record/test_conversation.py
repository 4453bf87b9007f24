"""The conversation of a step: only the newest page state is sent, older ones are replaced by a note."""

from __future__ import annotations

import json

from pytest_lumen.planner import ToolCall
from pytest_lumen.record.conversation import (OMITTED, Conversation, Turn, build_messages, result_message,
                                              step_message)
from pytest_lumen.record.snapshot import Observation


def obs(snapshot: str, url: str = "http://127.0.0.1:8000/") -> Observation:
    return Observation(url=url, title="Shop", kind="page", snapshot=snapshot, refs=frozenset({"e1"}), truncated=False,
                       full_chars=len(snapshot))


FIRST_PAGE = obs('- button "Sign in" [ref=e1]')
SECOND_PAGE = obs('- heading "Welcome" [ref=e1]', url="http://127.0.0.1:8000/welcome")
THIRD_PAGE = obs('- heading "Your cart" [ref=e1]', url="http://127.0.0.1:8000/cart")
FIRST = step_message("sign in", "run", FIRST_PAGE)
CLICK = ToolCall(id="toolu_1", name="click", input={"ref": "e1"})
GOTO = ToolCall(id="toolu_2", name="goto", input={"url": "/cart"})


def test_the_first_request_is_the_step_message_with_the_page() -> None:
    assert Conversation(FIRST).messages(FIRST_PAGE) == [{"role": "user", "content": FIRST}]
    assert FIRST.startswith("Step: sign in\n\nCurrent page:\n") and 'button "Sign in"' in FIRST


def test_only_the_newest_page_state_is_sent() -> None:
    talk = Conversation(FIRST)
    talk.add(CLICK, "I click Sign in", "ok: click done", False)
    talk.add(GOTO, "", "error: net::ERR_FAILED", True)
    messages = talk.messages(THIRD_PAGE)

    sent = json.dumps(messages)
    assert sent.count("<untrusted_page>") == 1 and "Your cart" in sent
    assert sent.count("[ref=e1]") == 1 and "Welcome" not in sent  # every page had an e1: the older ones are gone
    assert messages[0] == {"role": "user", "content": "Step: sign in\n\n" + OMITTED}
    assert messages[1] == {"role": "assistant", "content": [
        {"type": "text", "text": "I click Sign in"},
        {"type": "tool_use", "id": "toolu_1", "name": "click", "input": {"ref": "e1"}}]}
    assert messages[2] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok: click done\n" + OMITTED, "is_error": False}]}
    assert messages[3] == {"role": "assistant", "content": [  # no text block for an empty text
        {"type": "tool_use", "id": "toolu_2", "name": "goto", "input": {"url": "/cart"}}]}
    assert messages[4] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_2", "content": result_message("error: net::ERR_FAILED", THIRD_PAGE),
         "is_error": True}]}


def test_a_reply_without_a_tool_call_is_sent_back_as_plain_text() -> None:
    turns = [Turn(None, "I think I am done", "Reply with exactly one tool call.", True)]
    assert build_messages(FIRST, turns, SECOND_PAGE) == [
        {"role": "user", "content": "Step: sign in\n\n" + OMITTED},
        {"role": "assistant", "content": "I think I am done"},
        {"role": "user", "content": "Reply with exactly one tool call."},
    ]


def test_the_page_after_the_last_call_is_the_one_given() -> None:
    talk = Conversation(FIRST)
    talk.add(CLICK, "", "ok: click done", False)
    last = talk.messages(SECOND_PAGE)[-1]["content"][0]["content"]
    assert last == "ok: click done\n\nCurrent page:\n" + last.split("Current page:\n", 1)[1]
    assert "URL: http://127.0.0.1:8000/welcome" in last and 'heading "Welcome"' in last
    assert talk.messages(SECOND_PAGE) == build_messages(FIRST, talk.turns, SECOND_PAGE)


def test_a_check_step_says_it_is_a_check() -> None:
    message = step_message("the cart is empty", "expect", FIRST_PAGE, heal="Heal: the button moved.")
    assert message.startswith("Check: the cart is empty\n\nThis step is a CHECK")
    assert "\n\nHeal: the button moved.\n\nCurrent page:\n" in message
