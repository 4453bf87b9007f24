"""The planner on the ``anthropic`` SDK: Messages API with tool use and prompt caching."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, cast

import anthropic

from ..config import has_api_key
from ..errors import ModelError, key_ways
from ..outcome.usage import Usage
from .base import PlanReply, PlanRequest, ToolCall

if TYPE_CHECKING:
    from anthropic.types import MessageParam, TextBlockParam, ToolUnionParam

KEY_REMEDY = ("check ANTHROPIC_API_KEY: it must be a key of your Anthropic Console (or replay without the model: "
              "pytest --lumen-mode=replay)")
NO_KEY_REMEDY = "; or ".join(key_ways("pytest --lumen-mode=replay"))


BREAKPOINT = {"type": "ephemeral"}


def _cached(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the last block as a prompt-cache breakpoint."""
    if not blocks:
        return blocks
    return [*blocks[:-1], {**blocks[-1], "cache_control": BREAKPOINT}]


def cached_turns(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages with two prompt-cache breakpoints: on the newest message, so that the next request
    reads the whole conversation so far from the cache, and on the user message before the newest reply,
    where the previous request's breakpoint was (a sure hit). With the tools' and the system prompt's,
    that makes four, the most the API allows."""
    marked = list(messages)
    for index in (i for i in (len(marked) - 3, len(marked) - 1) if i >= 0):
        if marked[index].get("role") == "user":
            content = marked[index]["content"]
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
            marked[index] = {**marked[index], "content": _cached(blocks)}
    return marked


def map_error(exc: Exception, model: str, base_url: str) -> ModelError:
    """The plugin's error, with a remedy, for an SDK error."""
    if isinstance(exc, anthropic.AuthenticationError):
        return ModelError("the Anthropic API rejected the API key (401 authentication_error)", remedy=KEY_REMEDY)
    if isinstance(exc, anthropic.PermissionDeniedError):
        return ModelError("the API key may not use this model (403 permission_error)",
                          remedy="check the key's workspace and the model id (--lumen-model)")
    if isinstance(exc, anthropic.RateLimitError):
        return ModelError("rate limited by the Anthropic API (429) after the SDK's retries",
                          remedy="wait and run again, record with fewer xdist workers, or raise your rate limit")
    if isinstance(exc, anthropic.NotFoundError):
        return ModelError(f"model {model!r} was not found (404)",
                          remedy="pick a current model id with --lumen-model or LUMEN_MODEL")
    if isinstance(exc, anthropic.BadRequestError):
        return ModelError(f"the Anthropic API refused the request (400): {exc.message}",
                          remedy="report this to pytest-lumen with the lumen_events.jsonl of the test")
    if isinstance(exc, anthropic.APITimeoutError):
        return ModelError(f"the Anthropic API at {base_url} timed out",
                          remedy="run again; raise the step timeout (--lumen-step-timeout) if the model is slow")
    if isinstance(exc, anthropic.APIConnectionError):
        return ModelError(f"cannot reach the Anthropic API at {base_url}",
                          remedy="check the network, a proxy, or ANTHROPIC_BASE_URL")
    if isinstance(exc, anthropic.APIStatusError):
        return ModelError(f"the Anthropic API failed ({exc.status_code}) after the SDK's retries: {exc.message}",
                          remedy="run again later")
    return ModelError(f"the Anthropic SDK failed: {exc}", remedy="run again; report it if it persists")


class AnthropicPlanner:
    """Chooses actions with Claude through ``anthropic.Anthropic().messages.create``.

    The tools and the system prompt are always prompt-cache breakpoints; with ``cache_turns`` (the
    default) the conversation is too, and the driver sends it append-only with page states as diffs.
    """

    def __init__(
        self,
        model: str,
        *,
        client: anthropic.Anthropic | None = None,
        max_tokens: int = 1024,
        max_retries: int = 2,
        timeout: float = 60.0,
        cache_turns: bool = True,
    ) -> None:
        self.model = model
        self.cache_turns = cache_turns  # earlier turns of a step are cache reads: the driver sends them unchanged
        self.max_tokens = max_tokens
        if client is None:
            if not has_api_key():
                raise ModelError("no API key: ANTHROPIC_API_KEY is not set, so the model cannot record or heal",
                                 remedy=NO_KEY_REMEDY)
            client = anthropic.Anthropic(max_retries=max_retries, timeout=timeout)
        self.client = client

    @property
    def base_url(self) -> str:
        return str(self.client.base_url)

    def plan(self, request: PlanRequest) -> PlanReply:
        """One Messages API call; the reply's tool calls and usage."""
        started = time.perf_counter()
        try:
            message = self.client.messages.create(
                model=self.model,
                max_tokens=self.max_tokens,
                # the request's blocks are the JSON the API takes, built as plain dicts: the SDK's TypedDicts by name
                system=cast("list[TextBlockParam]", _cached([{"type": "text", "text": request.system}])),
                tools=cast("list[ToolUnionParam]", _cached(request.tools)),
                tool_choice={"type": "any"},
                messages=cast("list[MessageParam]", cached_turns(request.messages) if self.cache_turns else request.messages),
            )
        except anthropic.AnthropicError as exc:
            raise map_error(exc, self.model, self.base_url) from exc
        latency = (time.perf_counter() - started) * 1000
        calls, texts = [], []
        for block in message.content:
            if block.type == "tool_use":
                calls.append(ToolCall(id=block.id, name=block.name, input=block.input if isinstance(block.input, dict) else {}))
            elif block.type == "text":
                texts.append(block.text)
        u = message.usage
        usage = Usage(
            input_tokens=u.input_tokens or 0,
            output_tokens=u.output_tokens or 0,
            cache_read_input_tokens=getattr(u, "cache_read_input_tokens", 0) or 0,
            cache_creation_input_tokens=getattr(u, "cache_creation_input_tokens", 0) or 0,
        )
        return PlanReply(tool_calls=calls, text="\n".join(texts), usage=usage, stop_reason=message.stop_reason,
                         latency_ms=latency)
