"""What a replay reports when it heals an action: a relocated element (events, heal record, the target written for
it), a renamed route (an ``effect`` heal: the very element led to another route of the app), and the pictures of
any heal: the page before the healed action acted and after it (taken only when an action healed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..cache.model import Action, LocatorSpec, Target
from ..events import HealEnd, HealPictures, HealStart
from ..page.evidence import heal_picture
from ..page.items import key_of
from ..page.targets import fallbacks_for
from ..run.heals import Heal, HealLevel
from ..secrets import map_strings
from .relocation import Missed, Relocated

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from ..context import TestContext
    from ..replay.failure import ActionReplay
    from .overlays import Dismissal

MAX_FALLBACKS = 8


def report_relocation(ctx: TestContext, tpl: Callable[[str], str], instruction: str, replay: ActionReplay,
                      target: Target, problem: str, found: Relocated | Missed, page: Page | None = None,
                      end: str = "") -> Heal | None:
    """Emit a heal's events; the record of a successful heal, with its before picture (taken on ``page``; ``end``:
    which end of a drag, in the picture's name; ``tpl``: the step's rule for what it records, ``secrets.py``)."""
    step, i = replay.step, replay.index
    before = target.locator.describe()
    ctx.events.emit(HealStart(step=step, action=i, before=before, error=problem))
    if isinstance(found, Missed):
        ctx.events.emit(HealEnd(step=step, action=i, ok=False, before=before, detail=found.reason))
        return None
    after = tpl(found.spec.describe())
    runner_up = f", runner-up {found.runner_up:.2f}" if found.runner_up is not None else ""
    found_evidence = tpl(found.evidence) if found.evidence else None  # it quotes the page's names
    evidence = f"; {found_evidence}" if found_evidence else ""
    ctx.events.emit(HealEnd(step=step, action=i, ok=True, level=str(found.level), before=before, after=after,
                            detail=f"score {found.score:.2f}{runner_up}{evidence}"))
    picture = take_picture(ctx, page, step, i, "before", found.locator, end) if page is not None else None
    return Heal(test=ctx.nodeid, step=instruction, action=i, level=found.level, before=before, after=after,
                cache_file=ctx.cache.display, evidence=found_evidence, runner_up=found.runner_up, picture=picture)


def route_heal(ctx: TestContext, tpl: Callable[[str], str], instruction: str, replay: ActionReplay,
               moved: str) -> tuple[Action, Heal]:
    """The action with the route its confirmed element led to (``moved``, normalized) as its recorded effect, and the
    ``effect`` heal that says so (its events emitted): the app renamed a route, the cache follows."""
    action, step, i = replay.action, replay.step, replay.index
    effect = action.after
    assert effect is not None and effect.url is not None, "a route is renamed only where a URL was recorded"
    before, after = effect.url, tpl(moved)
    ctx.events.emit(HealStart(step=step, action=i, before=before, error=f"the page should be at {before}"))
    level = HealLevel(kind="effect")
    ctx.events.emit(HealEnd(step=step, action=i, ok=True, level=str(level), before=before, after=after,
                            detail="the very element (its role, name and place) led to a renamed route"))
    heal = Heal(test=ctx.nodeid, step=instruction, action=i, level=level, before=before, after=after,
                cache_file=ctx.cache.display,
                evidence="the recorded element, confirmed, led to another route of the same origin, which shows no error")
    return action.model_copy(update={"after": effect.model_copy(update={"url": after})}), heal


def overlay_heal(ctx: TestContext, instruction: str, replay: ActionReplay, dismissed: Dismissal) -> Heal:
    """The ``overlay`` heal of an overlay dismissed before (or while) the action acted, its events emitted: the
    cached action is unchanged, and the dismissal is reported (and refused under ``--lumen-strict``) as any heal."""
    step, i = replay.step, replay.index
    before, after = dismissed.overlay, f"dismissed with {dismissed.control}"
    level = HealLevel(kind="overlay")
    ctx.events.emit(HealStart(step=step, action=i, before=before, error=f"the {dismissed.overlay} was in the way"))
    ctx.events.emit(HealEnd(step=step, action=i, ok=True, level=str(level), before=before, after=after,
                            detail=f"dismissed harmlessly, with {dismissed.control}"))
    return Heal(test=ctx.nodeid, step=instruction, action=i, level=level, before=before, after=after,
                cache_file=ctx.cache.display, evidence=f"{dismissed.control} dismisses it and does nothing else")


def take_picture(ctx: TestContext, page: Page, step: int, i: int, which: Literal["before", "after"],
                 element: Locator | None = None, end: str = "") -> str | None:
    """A heal's picture of the page (``element`` highlighted), ``heal-step<N>-action<M>[-drop]-<which>.png`` in the
    test's output folder; its path relative to the report's folder, None when withheld (the page shows a value the
    test passed, as text or in any field) or failed."""
    shown = [*ctx.secrets.variables.values(), *ctx.secrets.env_values.values()]  # any value shown: no picture
    name = heal_picture(page, element, ctx.output_dir / f"heal-step{step + 1}-action{i + 1}{end}-{which}.png",
                        ctx.secrets.redact, shown)
    return f"{ctx.output_dir.name}/{name}" if name else None


def pictured_after(ctx: TestContext, page: Page, step: int, i: int, heal: Heal) -> Heal:
    """The heal with its after picture, taken now that its action was done; the ``heal.pictures`` event names both."""
    after = take_picture(ctx, page, step, i, "after")
    ctx.events.emit(HealPictures(step=step, action=i, level=str(heal.level), before=_file(heal.picture), after=_file(after)))
    return heal.model_copy(update={"after_picture": after})


def _file(picture: str | None) -> str | None:
    """A picture's file name in the test's output folder (where its events file is)."""
    return Path(picture).name if picture else None


def healed_target(target: Target, found: Relocated, templatize: Callable[[str], str]) -> Target:
    """The target as it is now: the locator that found it, fallbacks, and its current fingerprint (templatized)."""
    specs = [*fallbacks_for(found.fingerprint, found.spec), target.locator, *target.fallbacks]
    fallbacks: list[LocatorSpec] = []
    for spec in specs:
        if spec != found.spec and spec not in fallbacks:
            fallbacks.append(spec)
    fp = found.fingerprint  # found in a row by the row's identifying text: the row's other text is evidence only
    fp = fp.model_copy(update={"item": key_of(found.spec)}) if fp is not None else None
    healed = Target(locator=found.spec, fallbacks=fallbacks[:MAX_FALLBACKS], fingerprint=fp)
    return templatized(healed, templatize)


def templatized(target: Target, templatize: Callable[[str], str]) -> Target:
    """The target with every known value in its strings turned into its placeholder (numbers and keys untouched)."""
    return Target.model_validate(map_strings(target.model_dump(mode="json"), templatize))
