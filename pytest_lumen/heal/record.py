"""The heal record, built in one place: every heal's events (``heal.start``, ``heal.end``), its ``Heal`` for the report
and the cache rewrite, its pictures (the page before the healed action acted and after it), and the target written
for a relocated element. Each kind of heal says what it was (``Healed``); ``record`` does the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..cache.model import Action, LocatorSpec, Target
from ..events import HealEnd, HealPictures, HealStart
from ..outcome.heal import Heal, HealLevel
from ..page.evidence import heal_picture
from ..page.items import header_of, key_of
from ..page.targets import fallbacks_for
from ..secrets import map_strings
from .relocation import Missed, Relocated

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from ..secrets import PlaceholderRule
    from .attempt import ActionReplay
    from .overlays import Dismissal

MAX_FALLBACKS = 8
# The heals made while acting (``kinds.py`` lists every kind)
EFFECT, OVERLAY, WIDGET, MODEL = "effect", "overlay", "widget", "model"
PROFILE = "profile"  # a step replayed from another device profile's recording (``replay/device_profile.py``)


@dataclass(frozen=True)
class Healed:
    """One heal as reported: its level, the action (or what stood in its way) before and after, why it was needed
    (``problem``), how it was found (``detail``, for the event), and on what evidence, with the runner-up's score."""

    level: HealLevel
    before: str
    after: str
    problem: str
    detail: str
    evidence: str | None = None
    runner_up: float | None = None


def record(replay: ActionReplay, healed: Healed, picture: str | None = None) -> Heal:
    """Emit a heal's events and return its record (``picture``: the page before its action acted, when taken)."""
    ctx, step, i = replay.step.ctx, replay.step.index, replay.index
    ctx.events.emit(HealStart(step=step, action=i, before=healed.before, error=healed.problem))
    ctx.events.emit(HealEnd(step=step, action=i, ok=True, level=str(healed.level), before=healed.before,
                            after=healed.after, detail=healed.detail))
    return Heal(test=ctx.nodeid, step=replay.step.instruction, action=i, level=healed.level, before=healed.before,
                after=healed.after, cache_file=ctx.cache.display, evidence=healed.evidence,
                runner_up=healed.runner_up, picture=picture)


def report_relocation(replay: ActionReplay, target: Target, problem: str, found: Relocated | Missed,
                      end: str = "") -> Heal | None:
    """The heal of a relocated element, with its before picture (``end``: which end of a drag, in the picture's name);
    a miss emits its events, no heal."""
    before, step = target.locator.describe(), replay.step
    if isinstance(found, Missed):
        step.ctx.events.emit(HealStart(step=step.index, action=replay.index, before=before, error=problem))
        step.ctx.events.emit(HealEnd(step=step.index, action=replay.index, ok=False, before=before, detail=found.reason))
        return None
    runner_up = f", runner-up {found.runner_up:.2f}" if found.runner_up is not None else ""
    evidence = step.placeholders(found.evidence) if found.evidence else None  # it quotes the page's names
    picture = take_picture(replay, "before", found.locator, end)
    healed = Healed(found.level, before, step.placeholders(found.spec.describe()), problem,
                    f"score {found.score:.2f}{runner_up}" + (f"; {evidence}" if evidence else ""), evidence,
                    found.runner_up)
    return record(replay, healed, picture)


def route_heal(replay: ActionReplay, route: str) -> tuple[Action, Heal]:
    """The action with the route its confirmed element led to (``route``, normalized) as its recorded effect, and the
    ``effect`` heal that says so: the app renamed a route, the cache follows."""
    action = replay.action
    effect = action.after
    assert effect is not None and effect.url is not None, "a route is renamed only where a URL was recorded"
    before, after = effect.url, replay.step.placeholders(route)
    heal = record(replay, Healed(
        HealLevel(kind=EFFECT), before, after, f"the page should be at {before}",
        "the very element (its role, name and place) led to a renamed route",
        "the recorded element, confirmed, led to another route of the same origin, which is a page of the app"))
    return action.model_copy(update={"after": effect.model_copy(update={"url": after})}), heal


def overlay_heal(replay: ActionReplay, dismissed: Dismissal) -> Heal:
    """The ``overlay`` heal of an overlay dismissed before (or while) the action acted: the cached action is unchanged,
    and the dismissal is reported (and refused under ``--lumen-strict``) as any heal."""
    return record(replay, Healed(
        HealLevel(kind=OVERLAY), dismissed.overlay, f"dismissed with {dismissed.control}",
        f"the {dismissed.overlay} was in the way", f"dismissed harmlessly, with {dismissed.control}",
        f"{dismissed.control} dismisses it and does nothing else"))


def widget_heal(replay: ActionReplay, how: str, after: str | None = None) -> Heal:
    """The ``widget`` heal of a translation: the cached action done as ``how`` says, kept as it is, or written as
    ``after`` describes it."""
    target = replay.action.target_or_none
    before = f"{replay.action.kind} {target.locator.describe() if target is not None else ''}".strip()
    return record(replay, Healed(
        HealLevel(kind=WIDGET), before, after or before, "the element is another widget now", how, how))


def model_heal(replay: ActionReplay, after: str, picture: str | None) -> Heal:
    """The ``model`` heal: the model finished the step from the action replay could not do (its events are the model's
    own tool calls); ``after``: the actions it chose, ``picture``: the page as replay left it."""
    ctx = replay.step.ctx
    return Heal(test=ctx.nodeid, step=replay.step.instruction, action=replay.index, level=HealLevel(kind=MODEL),
                before=replay.action.describe(), after=after, cache_file=ctx.cache.display, picture=picture)


def take_picture(replay: ActionReplay, which: Literal["before", "after"], element: Locator | None = None,
                 end: str = "") -> str | None:
    """A heal's picture of the page (``element`` highlighted), ``heal-step<N>-action<M>[-drop]-<which>.png`` in the
    test's output folder; its path relative to the report's folder, None when withheld (the page shows a value the
    test passed, as text or in any field) or failed."""
    ctx, step, i = replay.step.ctx, replay.step.index, replay.index
    shown = [*ctx.secrets.variables.values(), *ctx.secrets.env_values.values()]  # any value shown: no picture
    name = heal_picture(replay.step.page, element, ctx.output_dir / f"heal-step{step + 1}-action{i + 1}{end}-{which}.png",
                        ctx.secrets.redact, shown)
    return f"{ctx.output_dir.name}/{name}" if name else None


def pictured_after(replay: ActionReplay, heal: Heal) -> Heal:
    """The heal with its after picture, taken now that its action was done; the ``heal.pictures`` event names both."""
    after = take_picture(replay, "after")
    replay.step.ctx.events.emit(HealPictures(step=replay.step.index, action=replay.index, level=str(heal.level),
                                             before=_file(heal.picture), after=_file(after)))
    return heal.model_copy(update={"after_picture": after})


def _file(picture: str | None) -> str | None:
    """A picture's file name in the test's output folder (where its events file is)."""
    return Path(picture).name if picture else None


def healed_target(target: Target, found: Relocated, placeholders: PlaceholderRule) -> Target:
    """The target as it is now: the locator that found it, fallbacks, and its current fingerprint (with its placeholders)."""
    specs = [*fallbacks_for(found.fingerprint, found.spec), target.locator, *target.fallbacks]
    fallbacks: list[LocatorSpec] = []
    for spec in specs:
        if spec != found.spec and spec not in fallbacks:
            fallbacks.append(spec)
    fp = found.fingerprint  # found in a row by the row's identifying text: the row's other text is evidence only
    if fp is not None:
        key = key_of(found.spec)
        column = fp.item_column if key == fp.item else header_of(found.locator, key)
        fp = fp.model_copy(update={"item": key, "item_column": column})
    healed = Target(locator=found.spec, fallbacks=fallbacks[:MAX_FALLBACKS], fingerprint=fp)
    return target_with_placeholders(healed, placeholders)


def target_with_placeholders(target: Target, placeholders: PlaceholderRule) -> Target:
    """The target with every known value in its strings turned into its placeholder (numbers and keys untouched)."""
    return Target.model_validate(map_strings(target.model_dump(mode="json"), placeholders))
