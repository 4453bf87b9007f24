"""The options of a ``<select>``: which one a cached ``select_option`` means now, and choosing it.

An option is known by its label, as a person reads it: its ``value`` attribute is often a database id,
which a re-seed gives to another option ("3" was Garden, and is Kitchen now). The recorded option is
the one whose label is the recorded label exactly (an older file, which recorded no option: whose value
or label is the wanted text, as Playwright matches it); else, for a heal, the one enabled option whose
label is the recorded one once case, spacing and punctuation are set aside ("Express shipping" ->
"Express Shipping"), never a symbol ("4+" is not "4"); else the one whose label is it once a count set apart
from it is ("Garden" -> "Garden (12)"; "Size (10)" -> "Size (12)" only with the recorded value). A value alone
is never a match. Two such options, or none, is no match: never a guess, and the failure names the option and
the options the select offers now.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..cache.model import ChosenOption
from . import scripts
from .evaluate import evaluate
from .quality import counts_aside

if TYPE_CHECKING:
    from playwright.sync_api import Locator

OPTIONS_JS = scripts.function("selectOptions", ("options",))
SELECTED_JS = scripts.function("selectedOption", ("options",))
MIN_MS = 100.0  # the least time Playwright is given to select an option found (never 0: no limit to Playwright)
READ_MS = 1000.0  # the least time one read of a present select is given (a busy machine is slow, not wrong)
# The punctuation of prose, which a label's restyling adds or drops: dashes, brackets, quotes and connectors (their
# Unicode categories), and the marks that end or separate a clause. Any other mark (# % & @ * /) or symbol (+ < $ °) is
# part of what the label says.
PROSE_CATEGORIES = ("Pc", "Pd", "Ps", "Pe", "Pi", "Pf")
CLAUSE_MARKS = frozenset(".,;:!?'\"\u2026\u00a1\u00bf\u00b7")


@dataclass(frozen=True)
class Offered:
    """An option as the select offers it now."""

    value: str
    label: str
    disabled: bool = False


class OptionNotOffered(PlaywrightError):
    """The select offers no option that is the wanted one (a Playwright action failure, with the options named)."""

    def __init__(self, wanted: str, offered: list[Offered], why: str = "") -> None:
        shown = ", ".join(repr(o.label or o.value) for o in offered[:20]) or "none"
        more = f" (and {len(offered) - 20} more)" if len(offered) > 20 else ""
        said = f" ({why})" if why else ""
        super().__init__(f"the select offers no option {wanted!r}{said}; the options now offered: {shown}{more}")


def _select_among(loc: Locator, label: str, value: str, timeout_ms: float) -> None:
    """Select the option labelled ``label`` whose value is ``value``, else the only option labelled ``label``."""
    options = offered(loc, max(timeout_ms, READ_MS))
    labelled = [o for o in options if o.label == label]
    if any(o.value == value for o in labelled):
        loc.select_option(value=value, timeout=max(timeout_ms, MIN_MS))
    elif len(labelled) == 1:
        loc.select_option(label=label, timeout=max(timeout_ms, MIN_MS))
    else:
        raise OptionNotOffered(label, options, f"{len(labelled)} options are labelled so, and none has the recorded "
                                               f"value: which one is meant is not known")


def plain(text: str) -> str:
    """A label as a person compares it: case, spacing and the punctuation of prose set aside ("Express Shipping!" ~
    "express shipping"), never a symbol or a mark that says what its figures or words are ("4+" is not "4", "UTC+5"
    not "UTC 5", "C#" not "C", "10%" not "10")."""
    return " ".join("".join(" " if _prose(c) else c for c in text.casefold()).split())


def _prose(c: str) -> bool:
    """Whether a character is spacing or the punctuation of prose: a dash, a bracket, a quote, a connector, or a mark
    that ends or separates a clause."""
    category = unicodedata.category(c)
    return c.isspace() or category in PROSE_CATEGORIES or (category == "Po" and c in CLAUSE_MARKS)


def offered(loc: Locator, timeout_ms: float) -> list[Offered]:
    """The options the select at ``loc`` offers now (waiting up to ``timeout_ms`` for the select itself)."""
    rows = evaluate(loc, OPTIONS_JS, timeout=timeout_ms)
    return [Offered(str(r["value"]), str(r["label"]), bool(r["disabled"])) for r in rows]


def chosen(loc: Locator, timeout_ms: float) -> ChosenOption | None:
    """The option the select holds selected now, as a cache records it; None when none is."""
    row = evaluate(loc, SELECTED_JS, timeout=timeout_ms)
    if not row:
        return None
    return ChosenOption(value=str(row["value"]), label=str(row["label"]), repeated=True if row["repeated"] else None)


def holds(loc: Locator, wanted: str, by_label: bool = False, value: str | None = None) -> bool:
    """Whether the select at ``loc`` holds the ``wanted`` option selected now (its label; ``by_label`` False: its value
    or its label, as ``select_option`` matches a string; ``value``: and this value, a label two options have);
    False when it cannot be read."""
    try:
        now = chosen(loc, READ_MS)
    except PlaywrightError:
        return False
    return now is not None and (now.label == wanted if by_label else wanted in (now.value, now.label)) and \
        (value is None or now.value == value)


def exact(options: list[Offered], wanted: str, by_label: bool = False) -> int | None:
    """The first option whose label is ``wanted`` (``by_label`` False: its value or its label, as Playwright's
    ``select_option`` matches a string)."""
    return next((i for i, o in enumerate(options) if wanted == o.label or (not by_label and wanted == o.value)), None)


def clear_match(options: list[Offered], wanted: str, recorded: ChosenOption | None) -> int | None:
    """The one enabled option whose label clearly is the recorded one (the wanted text's, when no option was recorded),
    case, spacing and punctuation aside, when exactly one is; else, the one whose label is it once a count set apart
    from either is (``_counted``); else None. A value is never matched on its own."""
    label = recorded.label if recorded is not None and recorded.label else wanted
    name = plain(label)
    hits = [i for i, o in enumerate(options) if not o.disabled and name and plain(o.label) == name]
    if not hits:
        hits = [i for i, o in enumerate(options) if not o.disabled and _counted(label, o, recorded)]
    return hits[0] if len(hits) == 1 else None


def _counted(label: str, option: Offered, recorded: ChosenOption | None) -> bool:
    """Whether ``option`` is the recorded label's once a count set apart from a label is ("Garden" and "Garden (12)": a
    facet's count). A count that changed ("Garden (12)" and "Garden (15)") is one only when the option's value is the
    recorded one too: "Size (10)" and "Size (12)" are two sizes."""
    name = plain(counts_aside(label))
    if not name or name != plain(counts_aside(option.label)):
        return False
    one_without = counts_aside(label) == label.strip() or counts_aside(option.label) == option.label.strip()
    return one_without or (recorded is not None and recorded.value == option.value)


def select(loc: Locator, wanted: str, timeout_ms: float, by_label: bool = False, value: str | None = None) -> None:
    """Select the option whose label is ``wanted`` (``by_label`` False: its value or its label, as Playwright matches a
    string); while the select offers none, Playwright waits for it (options may load) up to ``timeout_ms``; then this
    fails naming the options offered (``OptionNotOffered``). The options are read only on that failure: a hit is one
    round trip. ``value``: the recorded option's label was another option's too (``ChosenOption.repeated``): the
    options are read first, and the one with that label and that value is chosen, else the one option with that
    label; two with it and neither with that value is no choice (``OptionNotOffered``, saying so)."""
    if value is not None:
        _select_among(loc, wanted, value, timeout_ms)
        return
    try:
        if by_label:
            loc.select_option(label=wanted, timeout=max(timeout_ms, MIN_MS))
        else:
            loc.select_option(wanted, timeout=max(timeout_ms, MIN_MS))
    except PlaywrightTimeoutError as timed_out:
        try:
            options = offered(loc, READ_MS)
        except PlaywrightError:
            raise timed_out from None  # no select to read: Playwright's own words say what it waited for
        if exact(options, wanted, by_label) is None:
            raise OptionNotOffered(wanted, options) from None
        raise  # the option is there: the select itself was not usable (hidden, disabled), as Playwright says
