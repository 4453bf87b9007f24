"""A cached fill of a date input (``type=date``) whose field a release rebuilt as a date picker's text field.

A date input takes and holds the ISO date (``2026-12-24``) whatever the reader's locale; a date
picker's text field (react-datepicker, flatpickr's alt input, a MUI text field) reads the date in the
format it shows, and says which: in its placeholder (``MM/DD/YYYY``, ``dd.mm.yyyy``), its title, or the
hint that describes it. The recorded date is typed in that format, and the field must then hold it;
a field that declares no format is not guessed at (``12/05`` is two dates): the step fails saying so.
The cached action is kept as recorded.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Action, Effect, Fill, Fingerprint
from ..errors import ReplayError
from ..page import scripts
from ..page.evaluate import evaluate
from ..templates import substitute
from .widgets import WIDGET_JS

if TYPE_CHECKING:
    from playwright.sync_api import Locator

HINTS_JS = scripts.function("dateHints", ("widgets",))
ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
# A date format as people write it for people: day, month and year fields (d/dd, m/mm, yy/yyyy, any case), one
# separator between them. The same letters in the date libraries' own formats (date-fns, moment, dayjs, flatpickr)
# written for a placeholder.
_FIELD = r"(d{1,2}|m{1,2}|y{4}|y{2})"
FORMAT = re.compile(rf"(?<![a-z]){_FIELD}([./\- ]){_FIELD}\2{_FIELD}(?![a-z])", re.IGNORECASE)
TEXT_TYPES = ("text", "search", "tel", None)


class DateFormatError(ReplayError):
    """A date input became a text field that does not say how it reads a date."""


def retyped(action: Action, loc: Locator, recorded: Fingerprint | None, values: dict[str, str],
            timeout_ms: float) -> Fill | None:
    """The fill as the date picker's text field reads it (its value and expected value in the field's format), or
    None when this is not a recorded date input become a text field. Raises ``DateFormatError`` without a format."""
    if not isinstance(action, Fill) or recorded is None or recorded.type != "date":
        return None
    value = substitute(action.value, values)
    if ISO_DATE.match(value) is None:
        return None
    try:
        w: dict[str, Any] = evaluate(loc, WIDGET_JS, timeout=timeout_ms)
        hints: list[str] = evaluate(loc, HINTS_JS, timeout=timeout_ms) if w["type"] != "date" else []
    except PlaywrightError:
        return None
    if w["type"] == "date" or w["tag"] != "input" or w["type"] not in TEXT_TYPES:
        return None
    typed = in_declared_format(hints, value)
    if typed is not None:
        after = Effect(value=typed) if action.after is None else action.after.model_copy(update={"value": typed})
        return action.model_copy(update={"value": typed, "after": after})
    said = f" (it says {hints[0]!r})" if hints else ""
    raise DateFormatError(f"the date field was a date input (type=date) and is now a text field (type={w['type']}) "
                          f"that declares no date format{said}; typing {action.value!r} as recorded may not be read as that "
                          f"date: re-record the step on this version, or give the field a placeholder that shows its "
                          f"format (e.g. MM/DD/YYYY)")


def in_declared_format(hints: list[str], iso_date: str) -> str | None:
    """``iso_date`` (``2026-12-24``) written in the first date format the hints declare (``DD.MM.YYYY``), or None."""
    iso = ISO_DATE.match(iso_date)
    if iso is None:
        return None
    year, month, day = iso.groups()
    for hint in hints:
        for found in FORMAT.finditer(hint):
            fields = (found.group(1), found.group(3), found.group(4))
            if {f[0].lower() for f in fields} == {"d", "m", "y"}:  # a day, a month and a year: a date's format
                return found.group(2).join(_field(f, year, month, day) for f in fields)
    return None


def _field(spec: str, year: str, month: str, day: str) -> str:
    """One field of the date as ``spec`` writes it (``d``: no leading zero, ``yy``: two digits)."""
    kind, width = spec[0].lower(), len(spec)
    if kind == "y":
        return year if width == 4 else year[2:]
    number = month if kind == "m" else day
    return number if width == 2 else str(int(number))
