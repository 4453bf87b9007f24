"""The options of a ``<select>``: which one a cached ``select_option`` means now, and choosing it.

A release rewords or recapitalises an option ("Express shipping" -> "Express Shipping"), or keeps
its ``value`` attribute and changes its label. The recorded option is the one whose value or label
is the wanted text exactly (as Playwright matches it); else, for a heal, the one enabled option
that clearly is it: its label or value equal to the wanted text or the recorded label once case,
spacing and punctuation are set aside, or its ``value`` attribute the recorded option's. Two such
options, or none, is no match: never a guess, and the failure names the option and the options
the select offers now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..cache.model import ChosenOption
from . import scripts
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator

OPTIONS_JS = scripts.function("selectOptions", ("options",))
SELECTED_JS = scripts.function("selectedOption", ("options",))
MIN_MS = 100.0  # the least time Playwright is given to select an option found (never 0: no limit to Playwright)
READ_MS = 1000.0  # the least time one read of a present select is given (a busy machine is slow, not wrong)
_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class Offered:
    """An option as the select offers it now."""

    value: str
    label: str
    disabled: bool = False


class OptionNotOffered(PlaywrightError):
    """The select offers no option that is the wanted one (a Playwright action failure, with the options named)."""

    def __init__(self, wanted: str, offered: list[Offered]) -> None:
        shown = ", ".join(repr(o.label or o.value) for o in offered[:20]) or "none"
        more = f" (and {len(offered) - 20} more)" if len(offered) > 20 else ""
        super().__init__(f"the select offers no option {wanted!r}; the options now offered: {shown}{more}")


def plain(text: str) -> str:
    """A label as a person compares it: case, spacing and punctuation set aside ("Express Shipping!" ~ "express shipping")."""
    return _NOT_WORD.sub(" ", text.casefold()).strip()


def offered(loc: Locator, timeout_ms: float) -> list[Offered]:
    """The options the select at ``loc`` offers now (waiting up to ``timeout_ms`` for the select itself)."""
    rows = evaluate(loc, OPTIONS_JS, timeout=timeout_ms)
    return [Offered(str(r["value"]), str(r["label"]), bool(r["disabled"])) for r in rows]


def chosen(loc: Locator, timeout_ms: float) -> ChosenOption | None:
    """The option the select holds selected now, as a cache records it; None when none is."""
    row = evaluate(loc, SELECTED_JS, timeout=timeout_ms)
    return ChosenOption(value=str(row["value"]), label=str(row["label"])) if row else None


def holds(loc: Locator, wanted: str) -> bool:
    """Whether the select at ``loc`` holds the ``wanted`` option selected now (its value or its label, as
    ``select_option`` matches it); False when it cannot be read."""
    try:
        now = chosen(loc, READ_MS)
    except PlaywrightError:
        return False
    return now is not None and wanted in (now.value, now.label)


def exact(options: list[Offered], wanted: str) -> int | None:
    """The first option whose value or label is ``wanted`` (what Playwright's ``select_option`` selects)."""
    return next((i for i, o in enumerate(options) if wanted in (o.value, o.label)), None)


def clear_match(options: list[Offered], wanted: str, recorded: ChosenOption | None) -> int | None:
    """The one enabled option that clearly is the wanted (or recorded) one, when exactly one is; else None."""
    names = {plain(wanted)} | ({plain(recorded.label)} if recorded is not None and recorded.label else set())
    names.discard("")
    hits = [i for i, o in enumerate(options) if not o.disabled and (
        plain(o.label) in names or plain(o.value) in names or (recorded is not None and o.value == recorded.value))]
    return hits[0] if len(hits) == 1 else None


def select(loc: Locator, wanted: str, timeout_ms: float) -> None:
    """Select the option that is ``wanted`` exactly (its value or its label, as Playwright matches a string); while the
    select offers none, Playwright waits for it (options may load) up to ``timeout_ms``; then this fails naming the
    options offered (``OptionNotOffered``). The options are read only on that failure: a hit is one round trip."""
    try:
        loc.select_option(wanted, timeout=max(timeout_ms, MIN_MS))
    except PlaywrightTimeoutError as timed_out:
        try:
            options = offered(loc, READ_MS)
        except PlaywrightError:
            raise timed_out from None  # no select to read: Playwright's own words say what it waited for
        if exact(options, wanted) is None:
            raise OptionNotOffered(wanted, options) from None
        raise  # the option is there: the select itself was not usable (hidden, disabled), as Playwright says
