"""A cached action done as the widget its element is now declares it is used, as the replayer asks for it.

The translations themselves live with their widget: a select become an ARIA combobox (``widgets.py``), a
date input become a date picker's text field (``dates.py``), a field a closed ``<details>`` hides
(``disclosures.py``); each is reported as a ``widget`` heal, the cached action kept as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cache.model import Expect, SelectOption
from ..page.checks import run_check
from . import dates, disclosures, native, widgets

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Locator, Page

    from ..cache.model import Fingerprint, LocatorSpec
    from ..context import TestContext
    from ..heals import Heal
    from .cascade import Missed

# How the replayer performs an action (its overlay retry included): page, action, element, values, timeout, the
# test's folder, where a drag ends.
Perform = Callable[["Page", Any, "Locator | None", dict[str, str], float, "Path", "Locator | None"], None]


def act(page: Page, action: Any, loc: Locator | None, recorded: Fingerprint | None, values: dict[str, str],
         timeout_ms: float, test_dir: Path, dest: Locator | None, perform_fn: Perform) -> tuple[Any, str | None]:
    """Perform the action (or the check) as the widget its element is now declares it is used (``widgets.py``,
    ``dates.py``): the action as done, and how it was translated (None: done as cached)."""
    if isinstance(action, Expect):
        run_check(page, action, loc, values, timeout_ms, recorded)
        return action, None
    combo = widgets.combobox_of(loc, timeout_ms) if isinstance(action, SelectOption) and loc is not None else None
    if combo is not None and loc is not None:
        widgets.choose(loc, combo, action, values, timeout_ms)
        return action, f"{combo.describe()}: opened, its option {action.value!r} clicked"
    acted = (dates.retyped(action, loc, recorded, values, timeout_ms) if loc is not None else None) or action
    perform_fn(page, acted, loc, values, timeout_ms, test_dir, dest)
    return acted, None if acted is action else "a date picker's text field: the date typed in the format it declares"


def as_native(page: Page, ctx: TestContext, instruction: str, step: int, i: int, action: Any,
              values: dict[str, str], done: list[Any], heals: list[Heal]) -> Any:
    """A click on an ARIA option that is a native select's option now, as the ``select_option`` that chooses it
    (``native.py``; ``done``: the step's actions before it), its heal added to ``heals``; else the action as it is."""
    opener = done[-1].target_or_none if done else None
    chosen = native.as_select(page, action, values, opener.fingerprint if opener is not None else None) \
        if action.target_or_none is not None else None
    if chosen is None:
        return action
    heals.append(widgets.report(ctx, instruction, step, i, action, chosen.how))
    return chosen.action


def reveal(page: Page, ctx: TestContext, instruction: str, step: int, i: int, action: Any, spec: LocatorSpec,
           timeout_ms: float) -> Heal | None:
    """Open the closed ``<details>`` that hide the element (``disclosures.py``): the heal that says so, else None."""
    opened = disclosures.reveal(page, spec, timeout_ms)
    how = f"opened the collapsed section {', '.join(map(repr, opened))}"
    return widgets.report(ctx, instruction, step, i, action, how) if opened else None


def found_nothing(page: Page, problem: str, found: Missed, recorded: Fingerprint | None) -> str:
    """Why the element was not found, and what stands in for it when it is still there, hidden (``widgets.stand_in``)."""
    stand_in = widgets.stand_in(page, recorded)
    return f"{problem}; zero-token heal found nothing ({found.reason})" + (f"; {stand_in}" if stand_in else "")
