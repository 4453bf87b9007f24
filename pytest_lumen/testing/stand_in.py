"""Scripting a stand-in model: snapshot refs by role and name, where a conversation is, what it costs.

Shared by the two fakes of the model: ``FakeAnthropic`` (a loopback Messages API for the real
SDK) and ``ScriptedPlanner`` (an in-process ``Planner``). Both read requests in the Messages
API format and pick elements from the newest aria snapshot by role and name.

One script serves every device profile (``cache/profile.py``). A request is a touch screen's when its tools offer
``tap`` and not ``click`` (a step's tools on a touch profile: ``record/tools.py``): there a scripted ``click`` is
sent as ``tap`` (the same action, by the finger), and an entry with ``"touch": true`` is followed only there (the
phone's own actions: open the menu first, close a bottom sheet), one with ``"touch": false`` only elsewhere. A
check's tools are the same on every device: its entry tells a phone by a piece of the snapshot in its ``match``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..page.snapshot_diff import current_snapshot
from ..planner.base import MOVED_ON

__all__ = [
    "MISSING_REF", "SnapshotNode", "action_input", "assistant_turns", "estimated_input_tokens",
    "estimated_output_tokens", "first_user_text", "last_user_text", "message_text", "next_turn", "on_device", "page_snapshot",
    "parse_snapshot_refs", "pick_turn", "resolve_target", "told_moved_on",
]

MISSING_REF = "e0-missing"

JSONDict = dict[str, Any]


# --------------------------------------------------------------------------
# Snapshot parsing
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class SnapshotNode:
    """One element of an aria snapshot that carries a ``[ref=...]``."""

    role: str
    name: str | None
    ref: str
    text: str | None = None  # the element's inline text (``- generic [ref=e6]: buy milk``)


_ITEM_RE = re.compile(r"^\s*-\s+(?P<rest>.*)$")
_KEY_RE = re.compile(
    r"""(?P<role>[A-Za-z][A-Za-z0-9_-]*)
        (?:\s+"(?P<name>(?:[^"\\]|\\.)*)")?
        (?P<attrs>(?:\s*\[[^\]]*\])*)""",
    re.VERBOSE,
)
_ATTR_RE = re.compile(r"\[([^\]]*)\]")
_BACKSLASH_RE = re.compile(r"\\(.)")


def _unquote_yaml_key(rest: str) -> str:
    """Undo Playwright's YAML single-quoting of a key (``'...'`` with ``''``)."""
    if not rest.startswith("'"):
        return rest
    out: list[str] = []
    i = 1
    while i < len(rest):
        ch = rest[i]
        if ch == "'":
            if rest[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            break
        out.append(ch)
        i += 1
    return "".join(out)


def _decode_name(raw: str) -> str:
    """Decode a JSON-style escaped accessible name."""
    try:
        decoded = json.loads(f'"{raw}"')
    except ValueError:
        return _BACKSLASH_RE.sub(r"\1", raw)
    return decoded if isinstance(decoded, str) else raw


def _find_ref(attrs: str) -> str | None:
    """Return the value of the ``ref=`` attribute in a run of ``[...]`` groups."""
    groups: list[str] = _ATTR_RE.findall(attrs)
    for attr in groups:
        key, sep, value = attr.strip().partition("=")
        if sep and key.strip() == "ref" and value.strip():
            return value.strip()
    return None


def _parse_snapshot_line(line: str) -> SnapshotNode | None:
    """Parse one snapshot line; None when it is not an element with a ref."""
    item = _ITEM_RE.match(line)
    if item is None:
        return None
    key = _unquote_yaml_key(item.group("rest"))
    match = _KEY_RE.match(key)
    if match is None:
        return None
    ref = _find_ref(match.group("attrs"))
    if ref is None:
        return None
    raw_name = match.group("name")
    name = None if raw_name is None else _decode_name(raw_name)
    rest = key[match.end():].strip()
    text = rest[1:].strip() or None if rest.startswith(":") else None
    return SnapshotNode(role=match.group("role"), name=name, ref=ref, text=text)


def parse_snapshot_refs(text: str) -> list[SnapshotNode]:
    """Extract every ``role "name" [...] [ref=eN]`` element from an aria snapshot.

    Understands Playwright's ``aria_snapshot(mode="ai")`` output: the name is
    optional and JSON-escaped, bracketed attributes may come in any order, and
    the whole key may be YAML single-quoted. Lines without a ref are skipped.
    """
    nodes: list[SnapshotNode] = []
    for line in text.splitlines():
        node = _parse_snapshot_line(line)
        if node is not None:
            nodes.append(node)
    return nodes


def resolve_target(nodes: list[SnapshotNode], target: JSONDict) -> str:
    """Resolve ``{"role", "name"?, "text"?, "nth"?}`` to a ref, or ``MISSING_REF``; ``"name": ""`` is an element
    without a name (an icon link)."""
    role, name, text = target.get("role"), target.get("name"), target.get("text")
    nth = int(target.get("nth", 0))
    hits = [n for n in nodes if n.role == role and (name is None or n.name == (name or None))
            and (text is None or n.text == text)]
    if 0 <= nth < len(hits):
        return hits[nth].ref
    return MISSING_REF


# --------------------------------------------------------------------------
# Request inspection (a body in the Messages API format: {"messages": [...], ...})
# --------------------------------------------------------------------------


def _block_text(block: Any) -> list[str]:
    """Text carried by one content block (text or tool_result)."""
    if isinstance(block, str):
        return [block]
    if not isinstance(block, dict):
        return []
    if block.get("type") == "text" and isinstance(block.get("text"), str):
        return [block["text"]]
    if block.get("type") == "tool_result":
        return _content_text(block.get("content"))
    return []


def _content_text(content: Any) -> list[str]:
    """Text pieces of a message ``content`` (string or list of blocks)."""
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [piece for block in content for piece in _block_text(block)]
    return []


def message_text(message: Any) -> str:
    """All text of one message, including tool_result contents."""
    if not isinstance(message, dict):
        return ""
    return "\n".join(_content_text(message.get("content")))


def _messages(body: JSONDict) -> list[JSONDict]:
    messages = body.get("messages")
    if not isinstance(messages, list):
        return []
    return [m for m in messages if isinstance(m, dict)]


def first_user_text(body: JSONDict) -> str:
    """Text of ``messages[0]`` (the task prompt)."""
    messages = _messages(body)
    return message_text(messages[0]) if messages else ""


def last_user_text(body: JSONDict) -> str:
    """Text of the last message with role ``user`` (where the snapshot lives)."""
    for message in reversed(_messages(body)):
        if message.get("role") == "user":
            return message_text(message)
    return ""


def assistant_turns(body: JSONDict) -> int:
    """Number of assistant messages in the request."""
    return sum(1 for m in _messages(body) if m.get("role") == "assistant")


def told_moved_on(message: Any) -> bool:
    """Whether ``message`` answers a reply whose first call was told the page had moved on before it acted
    (``MOVED_ON``; so no call of that reply acted): a model chooses again on the page it is shown then, and so does
    a script, with the same reply. One told so after an earlier call of its reply acted is not given again: that
    call would be done twice."""
    if not isinstance(message, dict) or message.get("role") != "user":
        return False
    results = [b for b in message.get("content") or [] if isinstance(b, dict) and b.get("type") == "tool_result"]
    return bool(results) and any(t.startswith(f"error: {MOVED_ON}") for t in _block_text(results[0]))


def next_turn(body: JSONDict) -> int:
    """The index of the next scripted reply of a step: its assistant messages so far, but those whose result said
    the page had moved on (``told_moved_on``)."""
    return assistant_turns(body) - sum(1 for m in _messages(body)[1:] if told_moved_on(m))


def _step_matches(step: JSONDict, text: str) -> bool:
    match = step.get("match", [])
    needles = [match] if isinstance(match, str) else list(match)
    return all(str(needle) in text for needle in needles)


def _tool_names(body: JSONDict) -> set[str]:
    tools = body.get("tools")
    return {str(t.get("name")) for t in tools if isinstance(t, dict)} if isinstance(tools, list) else set()


def on_touch(body: JSONDict) -> bool:
    """Whether the request is a touch screen's: its tools offer ``tap`` and not ``click``."""
    names = _tool_names(body)
    return "tap" in names and "click" not in names


def _fits_device(step: JSONDict, body: JSONDict) -> bool:
    """An entry's ``touch``: true, only on a touch screen; false, only elsewhere; left out, on every device."""
    touch = step.get("touch")
    return touch is None or bool(touch) == on_touch(body)


def on_device(tool: str, body: JSONDict) -> str:
    """The tool a scripted ``tool`` is on the request's device: a ``click`` is a ``tap`` on a touch screen (the same
    action, by a finger); any other is itself."""
    return "tap" if tool == "click" and on_touch(body) else tool


def _for_device(action: JSONDict, body: JSONDict) -> JSONDict:
    tool = action.get("tool")
    return {**action, "tool": on_device(tool, body)} if isinstance(tool, str) else action


def page_snapshot(body: JSONDict) -> str:
    """The snapshot the model has in front of it: the last one sent whole with the diffs sent after it
    applied (``page/snapshot_diff.py``); the last user message's text when none is marked as one."""
    texts = [message_text(m) for m in _messages(body) if m.get("role") == "user"]
    snapshot = current_snapshot(texts)
    return snapshot if snapshot is not None else last_user_text(body)


def pick_turn(script: list[JSONDict], body: JSONDict) -> list[JSONDict] | None:
    """The scripted tool calls of this request's reply, or None (meaning: answer done).

    A step's ``actions`` has one entry per reply: an action dict, or a list of them (one reply with
    several tool calls, carried out in order). The first step whose ``match`` strings are all in the first
    message and whose ``touch`` fits the request's device is followed; on a touch screen its clicks are taps.
    """
    text = first_user_text(body)
    for step in script:
        if _step_matches(step, text) and _fits_device(step, body):
            actions = step.get("actions", [])
            index = next_turn(body)
            if index >= len(actions):
                return None
            entry = actions[index]
            return [_for_device(action, body) for action in (entry if isinstance(entry, list) else [entry])]
    return None


def action_input(action: JSONDict, body: JSONDict) -> JSONDict:
    """Build the tool_use input for a scripted action: its ``target`` becomes ``ref``, and any other
    ``<x>_target`` becomes ``<x>_ref`` (a drag's ``to_target``), each resolved in the current snapshot."""
    extra = dict(action.get("input", {}))
    targets = {key: value for key, value in action.items() if key == "target" or key.endswith("_target")}
    if targets:
        nodes = parse_snapshot_refs(page_snapshot(body))
        refs = {key[: -len("target")] + "ref": resolve_target(nodes, value) for key, value in targets.items()}
        return {**refs, **extra}
    if "ref" in action:
        return {"ref": action["ref"], **extra}
    return extra


# --------------------------------------------------------------------------
# Usage estimates (about four characters a token)
# --------------------------------------------------------------------------


def dumps(value: Any) -> str:
    """JSON as the fakes measure it."""
    return json.dumps(value, ensure_ascii=False)


def estimated_input_tokens(body: JSONDict) -> int:
    """Tokens of what the model reads: system prompt, messages and tools, as JSON."""
    return sum(len(dumps(body[key])) for key in ("system", "messages", "tools") if key in body) // 4


def estimated_output_tokens(content: list[JSONDict]) -> int:
    """Tokens of a reply: a fixed 20, plus its tool inputs as JSON."""
    return 20 + sum(len(dumps(b.get("input", {}))) for b in content if b.get("type") == "tool_use") // 4
