"""The conversation of a step: append-only with page states as diffs for a caching planner, else only the newest page."""

from __future__ import annotations

import json

from pytest_lumen.page.snapshot_diff import DIFF, UNCHANGED, current_snapshot
from pytest_lumen.planner import ToolCall
from pytest_lumen.record.conversation import NOT_RUN, OMITTED, PAGE, SYSTEM, Conversation, Result, page_block, step_message
from pytest_lumen.record.snapshot import Observation
from pytest_lumen.testing.stand_in import message_text


def obs(snapshot: str, url: str = "http://127.0.0.1:8000/") -> Observation:
    return Observation(url=url, title="Shop", kind="page", snapshot=snapshot, refs=frozenset({"e1"}), truncated=False,
                       full_chars=len(snapshot))


ROWS = "\n".join(f'  - row "Mug {i}" [ref=e{i + 10}]' for i in range(30))
FORM = obs(f'- textbox "Username" [ref=e1]\n- textbox "Password" [ref=e2]\n- button "Sign in" [ref=e3]\n{ROWS}')
FILLED = obs(FORM.snapshot.replace('"Username" [ref=e1]', '"Username" [ref=e1]: ada')
             .replace('"Password" [ref=e2]', '"Password" [ref=e2]: %pw%'))
WELCOME = obs('- heading "Welcome" [ref=e1]', url="http://127.0.0.1:8000/welcome")
FIRST = step_message("sign in", "run", FORM)
FILL_USER = ToolCall(id="toolu_1", name="fill", input={"ref": "e1", "value": "ada"})
FILL_PW = ToolCall(id="toolu_2", name="fill", input={"ref": "e2", "value": "%pw%"})
CLICK = ToolCall(id="toolu_3", name="click", input={"ref": "e3"})


def test_the_first_request_is_the_step_message_with_the_whole_page() -> None:
    assert Conversation(FIRST, FORM).messages() == [{"role": "user", "content": FIRST}]
    assert FIRST.startswith("Step: sign in\n\nCurrent page:\n") and 'button "Sign in"' in FIRST
    assert f"Step: sign in\n\n{PAGE}{page_block(FORM)}\n\nCall the tools for the next actions." == FIRST


def test_a_reply_with_several_calls_gets_a_result_for_each_then_the_page_after_them() -> None:
    talk = Conversation(FIRST, FORM)
    talk.add("I fill the form", [Result(FILL_USER, "ok: fill done", False), Result(FILL_PW, "error: not editable", True),
                                 Result(CLICK, NOT_RUN, True)], FILLED)
    reply, results = talk.messages()[1:]
    assert reply == {"role": "assistant", "content": [
        {"type": "text", "text": "I fill the form"},
        {"type": "tool_use", "id": "toolu_1", "name": "fill", "input": {"ref": "e1", "value": "ada"}},
        {"type": "tool_use", "id": "toolu_2", "name": "fill", "input": {"ref": "e2", "value": "%pw%"}},
        {"type": "tool_use", "id": "toolu_3", "name": "click", "input": {"ref": "e3"}}]}
    assert results["content"][:3] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok: fill done", "is_error": False},
        {"type": "tool_result", "tool_use_id": "toolu_2", "content": "error: not editable", "is_error": True},
        {"type": "tool_result", "tool_use_id": "toolu_3", "content": NOT_RUN, "is_error": True}]
    [page] = results["content"][3:]  # text after every tool_result, as the Messages API requires
    assert page["type"] == "text" and page["text"] == PAGE + page_block(FILLED, previous=FORM.snapshot)


def test_a_caching_conversation_only_grows_and_sends_a_small_change_as_a_diff() -> None:
    talk = Conversation(FIRST, FORM)
    talk.add("", [Result(FILL_USER, "ok: fill done", False), Result(FILL_PW, "ok: fill done", False)], FILLED)
    second = talk.messages()
    talk.add("", [Result(CLICK, "ok: click done", False)], WELCOME)
    third = talk.messages()

    assert third[:len(second)] == second  # earlier turns are sent as they were: cache reads
    changed = second[-1]["content"][-1]["text"]
    assert DIFF[0] in changed and "Mug 20" not in changed  # the rows did not change: not sent again
    assert '+- textbox "Username" [ref=e1]: ada' in changed
    assert "URL: http://127.0.0.1:8000/welcome" in third[-1]["content"][-1]["text"]
    assert 'heading "Welcome"' in third[-1]["content"][-1]["text"]  # a new page: whole, shorter than a diff
    users = [message_text(m) for m in third if m["role"] == "user"]
    assert current_snapshot(users[:2]) == FILLED.snapshot and current_snapshot(users) == WELCOME.snapshot


def test_a_reply_without_a_tool_call_is_sent_back_with_a_note_and_the_page() -> None:
    talk = Conversation(FIRST, FORM)
    talk.add("", [], FORM, note="Reply with a tool call.")
    assert talk.messages()[1:] == [{"role": "assistant", "content": "(no text)"},
                                   {"role": "user", "content": f"Reply with a tool call.\n\n{PAGE}URL: "
                                    f"{FORM.url}\nTitle: Shop\nPage type: page\n{UNCHANGED}"}]


def test_without_caching_only_the_newest_page_state_is_sent() -> None:
    talk = Conversation(FIRST, FORM, incremental=False)
    talk.add("I click Sign in", [Result(CLICK, "ok: click done", False)], WELCOME)
    talk.add("", [Result(ToolCall(id="toolu_4", name="goto", input={"url": "/cart"}), "error: net::ERR_FAILED", True)],
             obs('- heading "Your cart" [ref=e1]', url="http://127.0.0.1:8000/cart"))
    messages = talk.messages()

    sent = json.dumps(messages)
    assert sent.count("<untrusted_page>") == 1 and "Your cart" in sent
    assert "Welcome" not in sent and "Mug 20" not in sent  # every older page state is gone
    assert messages[0] == {"role": "user", "content": "Step: sign in\n\n" + OMITTED}
    assert messages[2]["content"][-1] == {"type": "text", "text": OMITTED}
    assert messages[4]["content"][0]["content"] == "error: net::ERR_FAILED"
    assert messages[4]["content"][-1]["text"].startswith(PAGE + "URL: http://127.0.0.1:8000/cart")


def test_page_states_over_the_budget_turn_the_conversation_compact() -> None:
    talk = Conversation(FIRST, FORM, budget=len(FORM.snapshot) + len(WELCOME.snapshot) + 200)
    talk.add("", [Result(CLICK, "ok: click done", False)], WELCOME)
    assert not talk.compact and talk.messages()[0]["content"] == FIRST
    talk.add("", [Result(ToolCall(id="toolu_5", name="go_back", input={}), "ok: go_back done", False)], FORM)
    assert talk.compact
    messages = talk.messages()
    assert messages[0]["content"] == "Step: sign in\n\n" + OMITTED and json.dumps(messages).count("<untrusted_page>") == 1


def test_the_system_prompt_says_calls_may_be_batched_and_how_pages_come() -> None:
    assert "several tools in one reply" in SYSTEM and "the first that fails" in SYSTEM
    assert "unified diff" in SYSTEM and "<untrusted_page_diff>" in SYSTEM


def test_a_check_step_says_it_is_a_check() -> None:
    message = step_message("the cart is empty", "expect", FORM, heal="Heal: the button moved.")
    assert message.startswith("Check: the cart is empty\n\nThis step is a CHECK")
    assert "\n\nHeal: the button moved.\n\nCurrent page:\n" in message
