"""``ScriptedPlanner``: an in-process planner that follows a script in the model's place: no server, no SDK, no model.

It stands where ``AnthropicPlanner`` stands, as httpx's ``MockTransport`` stands for a network transport. A
script names elements by role and name, and each is resolved to its ref in the newest snapshot of the request,
the way ``FakeAnthropic`` does it. A run uses one through the ``--lumen-script`` option (ini ``lumen_script``):
a script file (``ScriptFile``, its JSON schema in the docs as ``script-schema.json``) holds each test's steps and
their actions, and each test's agent gets a planner that reads its own (``ScriptBook``)::

    pytest --lumen-record --lumen-script=lumen-script.json

A conftest may plug one in itself, overriding the ``lumen_planner`` fixture (each agent calls the factory: every
test gets a planner of its own, which starts the list again)::

    @pytest.fixture(scope="session")
    def lumen_planner():
        return lambda: ScriptedPlanner([
            {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
            {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
            {"tool": "done"},
        ])

``script_schema_text`` is the script file's JSON schema, published as ``docs/script-schema.json`` (a unit test
compares them).
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from ..cache.codec import file_problems, invalid
from ..cache.fileio import pretty_json
from ..cache.keys import without_browser
from ..errors import SCRIPT_DOCS, ScriptError
from ..outcome.usage import Usage
from ..testing.stand_in import (
    MISSING_REF,
    action_input,
    estimated_input_tokens,
    estimated_output_tokens,
    first_user_text,
    next_turn,
    on_device,
    page_snapshot,
    parse_snapshot_refs,
    pick_turn,
    resolve_target,
    told_moved_on,
)
from .base import PlanReply, PlanRequest, ToolCall

Entry = dict[str, Any] | list[dict[str, Any]] | ToolCall | PlanReply
"""One scripted reply: an action dict, a list of them (several tool calls in one reply), a ``ToolCall``
(sent as it is) or a whole ``PlanReply``."""
Reply = Entry | Callable[[PlanRequest], Entry]
"""An entry, or a callable that makes one from the request."""

__all__ = ["Entry", "Reply", "ScriptBook", "ScriptExhausted", "ScriptFile", "ScriptedPlanner", "script_schema",
           "script_schema_text"]

ANSWER_DIALOG = "answer_dialog"  # the one tool of a dialog question (record/dialogs.py)


class ScriptExhausted(AssertionError):
    """The model was asked once more than its script has replies for."""


class ScriptedPlanner:
    """A ``Planner`` that answers from a script, in process.

    ``script`` is a list of replies, one per request (across the steps of a test, in order), or a
    callable answering every request (``from_steps`` follows a ``FakeAnthropic`` script by step; a
    ``ScriptBook`` by test and step).
    A reply is a dict ``{"tool": name, "target": {"role", "name"?, "nth"?}, "input": {...}, "text": ...}``
    (``"ref": "e3"`` in place of ``target`` names a ref as it is; a target not in the snapshot becomes
    the ref ``e0-missing``), a list of such dicts (one reply with several tool calls), a ``ToolCall``, a
    ``PlanReply``, or a callable ``(PlanRequest) -> reply``.
    A request past the end of the list raises ``ScriptExhausted``. Each reply reports an estimated
    usage (about four characters a token). ``requests`` keeps every request.
    ``cache_turns`` is what the driver reads of a planner (see ``Planner``): True, as ``AnthropicPlanner``.
    ``calls_model``: False, it calls none, so the run counts its replies as scripted replies, with no tokens and no
    cost; True makes it stand for a model in those figures too (the driver's own tests count its accounting so).
    """

    def __init__(self, script: Iterable[Reply] | Callable[[PlanRequest], Entry], *,
                 model: str = "scripted", cache_turns: bool = True, calls_model: bool = False) -> None:
        self.model = model
        self.cache_turns = cache_turns
        self.calls_model = calls_model
        self._answer: Callable[[PlanRequest], Entry]
        if callable(script):
            self._answer = script
            self._replies: list[Reply] | None = None
        else:
            self._replies = list(script)
            self._answer = self._next
        self._again = 0  # requests that asked again for the reply before (``told_moved_on``)
        self.requests: list[PlanRequest] = []

    @classmethod
    def from_steps(cls, steps: list[dict[str, Any]], *, model: str = "scripted",
                   calls_model: bool = False) -> ScriptedPlanner:
        """A planner following a ``FakeAnthropic`` script: ``[{"match": ..., "actions": [...]}, ...]``.

        As with the fake server, the step whose ``match`` strings are all in the first message is
        followed, reply by reply; past its last reply, or with no matching step, it answers ``done``.
        """
        def answer(request: PlanRequest) -> Entry:
            actions = pick_turn(steps, {"messages": request.messages})
            return actions if actions is not None else {"tool": "done", "input": {"summary": "done"}}
        return cls(answer, model=model, calls_model=calls_model)

    @property
    def calls(self) -> int:
        """How many requests were answered (or asked for)."""
        return len(self.requests)

    def plan(self, request: PlanRequest) -> PlanReply:
        """The script's next reply to ``request``, with an estimated usage."""
        started = time.perf_counter()
        self.requests.append(request)
        reply = self._reply(self._answer(request), request)
        return dataclasses.replace(reply, latency_ms=(time.perf_counter() - started) * 1000)

    def _next(self, request: PlanRequest) -> Entry:
        assert self._replies is not None
        if request.messages and told_moved_on(request.messages[-1]):
            self._again += 1  # the reply before is given again, for the page shown now
        index = len(self.requests) - 1 - self._again
        if index >= len(self._replies):
            step = first_user_text({"messages": request.messages}).split("\n", 1)[0]
            count = f"{len(self._replies)} repl{'y' if len(self._replies) == 1 else 'ies'}"
            raise ScriptExhausted(f"ScriptedPlanner: the script has {count}, and the model was asked for reply "
                                  f"{index + 1} (in {step!r}); add replies, or end the step with "
                                  f'{{"tool": "done"}}')
        reply = self._replies[index]
        return reply(request) if callable(reply) else reply

    def _reply(self, entry: Entry, request: PlanRequest) -> PlanReply:
        """The reply for an entry; one without a usage gets one estimated from the request."""
        if isinstance(entry, PlanReply):
            reply = entry
        elif isinstance(entry, ToolCall):
            reply = PlanReply(tool_calls=[entry], stop_reason="tool_use")
        elif isinstance(entry, (dict, list)):
            actions = [entry] if isinstance(entry, dict) else entry
            calls = [ToolCall(id=f"toolu_scripted_{len(self.requests)}" + (f"_{i}" if i else ""), name=str(a["tool"]),
                              input=action_input(a, {"messages": request.messages})) for i, a in enumerate(actions)]
            text = str(actions[0].get("text", f"(scripted) {', '.join(c.name for c in calls)}")) if actions else ""
            reply = PlanReply(tool_calls=calls, text=text, stop_reason="tool_use")
        else:
            raise TypeError(f"ScriptedPlanner: a reply must be a dict, a list of dicts, a ToolCall or a PlanReply, not {entry!r}")
        if reply.usage.total:
            return reply
        body = {"system": request.system, "messages": request.messages, "tools": request.tools}
        blocks = [{"type": "tool_use", "input": call.input} for call in reply.tool_calls]
        usage = Usage(input_tokens=estimated_input_tokens(body), output_tokens=estimated_output_tokens(blocks))
        return dataclasses.replace(reply, usage=usage)


# --- the script file (--lumen-script) ---------------------------------------------------------


class ScriptTarget(BaseModel):
    """An element as a model points at one: by its role and name in the page's accessibility snapshot."""

    model_config = ConfigDict(extra="forbid")
    role: str = Field(min_length=1, description="its ARIA role: button, link, textbox, checkbox, combobox, heading...")
    name: str | None = Field(None, description="its accessible name, exactly: a button's or a link's text, a field's "
                                               "label (left out: any name)")
    text: str | None = Field(None, description="its own text, for an element without a name (a cell, a paragraph)")
    nth: int = Field(0, ge=0, description="which of the elements that match, counted from 0")

    def describe(self) -> str:
        """``button 'Sign in'`` (for messages)."""
        named = f" {self.name!r}" if self.name is not None else f" with text {self.text!r}" if self.text else ""
        return f"{self.role}{named}" + (f" (nth={self.nth})" if self.nth else "")


class ScriptAction(BaseModel):
    """One tool call, made in the model's place."""

    model_config = ConfigDict(extra="forbid")
    tool: str = Field(min_length=1, description="a tool of the model's: click, double_click, right_click, fill, type, "
                      "press, select_option, check, hover, drag, upload_file, goto, go_back, go_forward, reload, scroll, "
                      "wait_for; on a touch screen (--device) tap and swipe instead of the pointer's tools, a click "
                      "done as a tap; in a check: expect_visible, expect_text, expect_value, expect_checked, "
                      "expect_count, expect_url; and done (the step is complete) or fail")
    target: ScriptTarget | None = Field(None, description="the element it acts on or checks")
    to_target: ScriptTarget | None = Field(None, description="a drag's destination")
    input: dict[str, Any] = Field(default_factory=dict, description="its other arguments: a fill's value, a press's "
                                  "key, an expect_text's text, a goto's url; %placeholders% as the step writes them")


ScriptReply = Annotated[Annotated[ScriptAction, Tag("call")] | Annotated[list[ScriptAction], Tag("calls")],
                        Discriminator(lambda reply: "calls" if isinstance(reply, list) else "call")]
"""One reply in the model's place: a tool call, or a list of them (told apart first: a problem is the one's own)."""


class ScriptDialog(BaseModel):
    """The answer to a JavaScript dialog (alert, confirm, prompt) that an action of the step opens."""

    model_config = ConfigDict(extra="forbid")
    accept: bool = Field(description="true: OK; false: Cancel")
    text: str | None = Field(None, description="what a prompt is answered with")


class ScriptStep(BaseModel):
    """One step of a test that the model would carry out: its sentence and the replies given in the model's place."""

    model_config = ConfigDict(extra="forbid")
    step: str = Field(min_length=1, description="the sentence as the test writes it, agent.run('...') or "
                      "agent.expect('...'), %placeholders% unfilled")
    actions: list[ScriptReply] = Field(
        min_length=1, description="the replies, in order: a tool call, or a list of them (one reply); after the last "
                                  "the step is done, so a closing {\"tool\": \"done\"} may be left out")
    dialogs: list[ScriptDialog] = Field(default_factory=list, description="the answers to the JavaScript dialogs its "
                                                                          "actions open, in order")


class ScriptFile(BaseModel):
    """A script for ``--lumen-script``: the actions each test's steps take, given in the model's place."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_ref: str | None = Field(None, alias="$schema", description="the JSON schema of this file, for editors")
    about: str = Field("", description="free text, for people")
    tests: dict[str, list[ScriptStep]] = Field(description="each test's steps in its order, by the test's node id "
                                               "(tests/test_shop.py::test_sign_in) or its name (test_sign_in); a step "
                                               "a test runs twice is listed twice")


def script_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a script file."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            **ScriptFile.model_json_schema(by_alias=True)}


class ScriptBook:
    """A script file, read once per run: each test's steps and the actions they take (``--lumen-script``).

    ``planner`` is the ``lumen_planner`` factory: every agent gets a planner of its own (``ScriptReader``), which
    answers each request from its test's steps, by the request's ``test``, ``step`` and ``occurrence``.
    """

    def __init__(self, script: ScriptFile, shown: str) -> None:
        self.shown = shown  # the file as messages name it
        self.tests = {without_browser(key): steps for key, steps in script.tests.items()}

    @classmethod
    def load(cls, path: Path, shown: str | None = None) -> ScriptBook:
        """Read and check a script file; every problem is a ``ScriptError`` naming the file (``shown``: as messages
        name it) and, for its content, each problem's path in it."""
        shown = shown or str(path)
        remedy = f"fix the script file (its format: {SCRIPT_DOCS})"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ScriptError(f"the script file cannot be read: {exc.strerror or exc}", path=shown,
                              remedy="pass an existing file to --lumen-script (relative to the rootdir)") from None
        except (ValueError, RecursionError) as exc:
            raise ScriptError(f"the script file is not valid JSON: {exc}", path=shown, remedy=remedy) from None
        try:
            return cls(ScriptFile.model_validate(data), shown)
        except ValidationError as exc:
            raise ScriptError(invalid("the script file", file_problems(exc, data)), path=shown, remedy=remedy) from None

    def planner(self) -> ScriptedPlanner:
        """A planner for one agent: a script calls no model."""
        return ScriptedPlanner(ScriptReader(self).answer, model="scripted")

    def steps_of(self, test: str) -> list[ScriptStep]:
        """The steps of ``test`` (a node id): listed by its node id, else by its name, else by its function's name."""
        name = test.rsplit("::", 1)[-1]
        for key in (without_browser(test), without_browser(name), name.split("[", 1)[0]):
            if key in self.tests:
                return self.tests[key]
        listed = ", ".join(sorted(self.tests)) or "none"
        raise ScriptError(f"the script has no steps for the test {test} (it has: {listed})", path=self.shown,
                          remedy=f'add the test to the script\'s "tests", by its node id or its name: "{name}": '
                                 f'[{{"step": "<its first sentence>", "actions": [...]}}, ...]')


class ScriptReader:
    """One agent's reading of a ``ScriptBook``: answers a request from the actions its test and step list, and stops
    the step with a ``ScriptError`` where the script and the page part ways (an action the page refused, an element
    it does not show, a dialog the script does not answer)."""

    def __init__(self, book: ScriptBook) -> None:
        self.book = book
        self.dialogs: dict[tuple[str, str, int], int] = {}  # dialogs answered, per test, step and occurrence
        self.pending: ScriptError | None = None  # raised at the step's next request (a dialog's handler swallows it)

    def answer(self, request: PlanRequest) -> Entry:
        """The script's reply to ``request``."""
        entry = self._entry(request)
        if [tool.get("name") for tool in request.tools] == [ANSWER_DIALOG]:
            return self._dialog(request, entry)
        if self.pending is not None:
            raise self.pending
        self._refused(request)
        turn = next_turn({"messages": request.messages})
        done = {"tool": "done", "input": {"summary": "the script's actions for this step are done"}}
        if turn >= len(entry.actions):
            return done
        reply = entry.actions[turn]
        calls = [self._call(request, action) for action in (reply if isinstance(reply, list) else [reply])]
        last = turn == len(entry.actions) - 1 and calls[-1]["tool"] not in ("done", "fail", "skip")
        return [*calls, done] if last else calls  # done with the last action, as a model does (unless it moves on)

    def _error(self, request: PlanRequest, message: str, remedy: str) -> ScriptError:
        return ScriptError(f"{message} (test {request.test})", path=self.book.shown, step=request.step, remedy=remedy)

    def _entry(self, request: PlanRequest) -> ScriptStep:
        """The step's entry: the ``occurrence``-th of the test's entries with its sentence."""
        steps = self.book.steps_of(request.test)
        same = [step for step in steps if step.step == request.step]
        if request.occurrence < len(same):
            return same[request.occurrence]
        listed = "; ".join(repr(step.step) for step in steps)
        if same:
            raise self._error(request, f"the script lists this step {len(same)} time(s) for the test, and the test "
                                       f"runs it again", f"list it once more, in the test's order: {listed}")
        raise self._error(request, f"the script has no actions for this step (its steps for the test: {listed})",
                          f'add {{"step": {json.dumps(request.step)}, "actions": [...]}} to the test\'s steps in the '
                          f"order the test runs them")

    def _refused(self, request: PlanRequest) -> None:
        """Stop at a scripted action the page refused (the model would try another way; the script has none)."""
        last = request.messages[-1] if request.messages else {}
        if told_moved_on(last):  # not refused: the page moved on before it acted; the reply is given again
            return
        content = last.get("content") if isinstance(last, dict) else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result" and block.get("is_error"):
                said = str(block.get("content", "")).split("\n\n", 1)[0]
                raise self._error(request, f"a scripted action did not work on the page: {said}",
                                  "an action that loads another page ends its reply: give the actions after it a "
                                  "reply of their own (an entry of the step's actions)" if said.startswith("not run")
                                  else "fix the action in the script (its tool, its target, its input), or the "
                                       "test's page: the page the step starts on, after the actions before it")

    def _call(self, request: PlanRequest, action: ScriptAction) -> dict[str, Any]:
        """The tool call of a scripted action, its targets resolved to the refs of the page the request shows."""
        tools = [str(tool.get("name")) for tool in request.tools]
        action = action.model_copy(update={"tool": on_device(action.tool, {"tools": request.tools})})  # a finger taps
        if action.tool not in tools:
            raise self._error(request, f"the script's tool {action.tool!r} is not one this step may use",
                              f"use one of: {', '.join(tools)}")
        call: dict[str, Any] = {"tool": action.tool, "input": dict(action.input)}
        nodes = parse_snapshot_refs(page_snapshot({"messages": request.messages}))
        for key, target in (("ref", action.target), ("to_ref", action.to_target)):
            if target is None:
                continue
            ref = resolve_target(nodes, target.model_dump())
            if ref == MISSING_REF:
                alike = sorted({repr(n.name) for n in nodes if n.role == target.role and n.name}) or ["none"]
                raise self._error(request, f"the page shows no {target.describe()} for the script's {action.tool} "
                                           f"(the {target.role} elements it shows: {', '.join(alike[:12])})",
                                  "name the element by its role and name as the page shows them, or check that the "
                                  "actions before it led to this page")
            call["input"][key] = ref
        return call

    def _dialog(self, request: PlanRequest, entry: ScriptStep) -> Entry:
        """The answer to a JavaScript dialog an action of the step opened, the next of the step's ``dialogs``."""
        key = (request.test, request.step, request.occurrence)
        index = self.dialogs.get(key, 0)
        self.dialogs[key] = index + 1
        if index < len(entry.dialogs):
            answer = entry.dialogs[index]
            given = {"accept": answer.accept, **({"text": answer.text} if answer.text is not None else {})}
            return {"tool": ANSWER_DIALOG, "input": given}
        said = first_user_text({"messages": request.messages}).split("It says", 1)[0].strip()
        self.pending = self._error(request, f"the script gives no answer to a JavaScript dialog the step opened "
                                            f"({said.splitlines()[-1] if said else 'a dialog'})",
                                   'answer it in the step\'s "dialogs": [{"accept": true}] (OK) or [{"accept": false}]')
        raise self.pending


def script_schema_text() -> str:
    """The schema as stable, sorted, pretty JSON with a final newline (``docs/script-schema.json``)."""
    return pretty_json(script_schema())
