"""A cached ``select_option`` whose option was renamed: found again like any element, at zero tokens.

When the select no longer offers the recorded option's label exactly, the one option that clearly is
it (``page/options.clear_match``: the same label once case, spacing and punctuation are set aside, or a count set
apart from it; a ``value`` attribute alone never, values are often database ids) is chosen instead, and the step is
reported healed (level ``option``) with the new option written to the cache. Without such an
option nothing is changed here: selecting fails naming the options offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import ChosenOption, SelectOption
from ..outcome.heal import Heal, HealLevel
from ..page.options import clear_match, exact, offered, plain
from ..templates import substitute
from .record import Healed, record, take_picture

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from .attempt import ActionReplay

OPTION = "option"  # the kind of heal of a renamed option
LEVEL = HealLevel(kind=OPTION)


def relocate_option(replay: ActionReplay, loc: Locator, timeout_ms: float) -> tuple[SelectOption, Heal | None]:
    """The action with its option as the select offers it now, and the heal when it was renamed; as it is else."""
    action = replay.action
    assert isinstance(action, SelectOption)
    wanted, by_label = action.choice()
    wanted = substitute(wanted, replay.values)
    recorded = None if action.option is None else ChosenOption(value=substitute(action.option.value, replay.values),
                                                                label=substitute(action.option.label, replay.values))
    try:
        options = offered(loc, timeout_ms)
    except PlaywrightError:
        return action, None  # not readable as a select now: selecting says why
    if exact(options, wanted, by_label) is not None:
        return action, None
    index = clear_match(options, wanted, recorded)
    if index is None:
        return action, None
    now = options[index]
    placeholders = replay.step.placeholders
    healed = action.model_copy(update={"value": placeholders(now.label or now.value),
                                       "option": ChosenOption(value=placeholders(now.value), label=placeholders(now.label))})
    before, after = f"select_option {action.value!r}", f"select_option {healed.value!r}"
    was = recorded.label if recorded is not None and recorded.label else wanted
    aside = "case, spacing and punctuation" if plain(now.label) == plain(was) else "a count"
    evidence = f"its label {now.label!r} is the recorded {wanted!r} ({aside} aside)"
    picture = take_picture(replay, "before", loc)
    return healed, record(replay, Healed(
        LEVEL, before, after, f"the select offers no option {action.value!r}", evidence, evidence), picture)
