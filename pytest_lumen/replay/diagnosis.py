"""What a failed step tells the user: the cache miss, the replay failure, and what a model heal is told."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..config import has_api_key
from ..errors import SCRIPT_DOCS, SCRIPT_FLAG, CacheMissError, ReplayError
from ..playwright_internals import CALL_LOG
from ..urls import normalize_url

CALL_LOG_LINES = 10  # of Playwright's call log in a replay error (retries repeat the same few lines)

if TYPE_CHECKING:
    from ..cache.model import CacheFile, Step
    from ..context import TestContext
    from ..heal.attempt import ActionFailed


def miss_error(ctx: TestContext, wanted: Step, cache: CacheFile | None) -> CacheMissError:
    """No cached step for this instruction: what was looked for, and the nearest cached steps."""
    lines = ["no cached step for this instruction (replay mode never calls the model)",
             f"  test: {ctx.nodeid}",
             f"  looked for: key {wanted.key} #{wanted.ordinal} (this instruction with variables {wanted.variables}, "
             f"occurrence {wanted.ordinal + 1} in the test), on page {wanted.url!r}"]
    if cache is None:
        lines.append("  the test has no cache file yet")
    else:
        lines.append("  nearest cached steps:")
        for near in cache.nearest(wanted.instruction):
            lines.append(f"    - {near.instruction!r} ({_differences(near, wanted) or 'same'})")
    return CacheMissError("\n".join(lines), path=ctx.cache.display, step=wanted.instruction, remedy=record_it(ctx))


def record_it(ctx: TestContext) -> str:
    """How to record a step that is not cached: with the model (a key), or without a key from a script."""
    if has_api_key():
        return f"record it: {ctx.record_command}  (or run with --lumen-mode=heal)"
    return (f"record it with the model: set ANTHROPIC_API_KEY, then {ctx.record_command}; or without a key, from a "
            f"script of its actions: add {SCRIPT_FLAG} to that command ({SCRIPT_DOCS})")


def branch_miss_error(ctx: TestContext, cached: Step, recorded: str) -> CacheMissError:
    """A conditional step whose page calls for a branch that was never recorded."""
    return CacheMissError(f"the page shows none of the ways this conditional step was recorded to go: {recorded}",
                          path=ctx.cache.display, step=cached.instruction,
                          remedy=f"record this way too: run it with --lumen-mode=heal and an API key, or re-record: "
                                 f"{ctx.record_command}")


def closed_error(ctx: TestContext, cached: Step, why: str) -> ReplayError:
    """The page closed or crashed before replay could tell which recorded way a conditional step goes."""
    return ReplayError(f"the page closed before replay could tell which recorded way this step goes ({why})",
                       path=ctx.cache.display, step=cached.instruction,
                       remedy="see what closed the page or made it crash (an earlier step, the app's own "
                              "window.close(), the browser's log): no heal brings back a page that is gone")


def _differences(near: Step, wanted: Step) -> str:
    diffs = []
    if near.instruction != wanted.instruction:
        diffs.append("instruction differs")
    if near.url != wanted.url:
        diffs.append(f"recorded on {near.url!r}")
    if near.variables != wanted.variables:
        diffs.append(f"variables {near.variables}")
    if near.ordinal != wanted.ordinal:
        diffs.append(f"occurrence #{near.ordinal}")
    return ", ".join(diffs)


def replay_error(ctx: TestContext, cached: Step, failed: ActionFailed, started_at: str) -> ReplayError:
    """A cached action could not be replayed, and replay mode does not heal with the model.

    When the step started on another page than it was recorded on, the message says so: a
    step whose test went elsewhere fails because of that, not because of its own element.
    """
    where = "" if started_at == cached.url else f"\n  the step was recorded on {cached.url!r} and started on {started_at!r}"
    if ctx.viewport_note:  # a layout that follows the viewport may explain it
        where += f"\n  viewport: {ctx.viewport_note} (a layout can differ with the size of the page)"
    return ReplayError(
        f"cached {failed.action.describe()} could not be replayed: {failed.error}\n  test: {ctx.nodeid}{where}"
        f"{shown_log(failed.log)}",
        path=ctx.cache.display, step=cached.instruction,
        remedy=f"if the app changed on purpose, re-record: {ctx.record_command} "
               f"(or heal with --lumen-mode=heal); if not, this is a regression")


def shown_log(log: str) -> str:
    """Playwright's call log of a failed action, as a replay error shows it (its first lines): what the action waited
    for, and what was in its way (``<td class="line-total"> intercepts pointer events``)."""
    lines = [line.rstrip() for line in log.splitlines() if line.strip()]
    if not lines:
        return ""
    more = len(lines) - CALL_LOG_LINES
    kept = lines[:CALL_LOG_LINES] + ([f"  ... {more} more line{'s' if more > 1 else ''}"] if more > 0 else [])
    return f"\n  {CALL_LOG}\n" + "\n".join(f"  {line}" for line in kept)


def heal_brief(failed: ActionFailed) -> str:
    """What the model is told when it heals a step: what was replayed, and what went wrong next."""
    done = "; ".join(a.describe() for a in failed.done) or "nothing"
    if failed.performed:
        what = (f"The next recorded action, {failed.action.describe()}, was performed, but what "
                f"followed differs from the recording: {failed.error}. Do not repeat it.")
    else:
        what = f"The next recorded action, {failed.action.describe()}, failed: {failed.error}"
    return (f"This step was recorded before, but the page changed. Already replayed: {done}.\n{what}\n"
            f"Continue from the current page and complete the step.")


def as_observed(action: Any, page_url: str, placeholders: Any) -> Any:
    """A performed action whose effect differed, kept with the effect seen now (a heal accepts the change): without
    the mutations it was recorded sending (which held now is not known here; the model's heal records its own)."""
    effect = action.after.model_copy(update={"requests": None}) if action.after is not None else None
    if effect is not None and effect.url is not None:
        effect = effect.model_copy(update={"url": placeholders(normalize_url(page_url))})
    elif effect is not None:
        effect = None  # the field holds another value than the one typed: the app reformats it
    return action.model_copy(update={"after": effect})
