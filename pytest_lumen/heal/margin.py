"""The margin rule, and how a verdict is told.

The best candidate is accepted only above a threshold and clearly ahead of the runner-up; anything
else is ambiguous and rejected, never guessed. Messages name what differs (``differences``) and show
scores with as many decimals as it takes to tell them apart, never "0.65 is below 0.65".
"""

from __future__ import annotations

import math
from collections.abc import Collection

from ..cache.model import Fingerprint
from .likeness import ACCEPT_THRESHOLD, IDENTIFIERS, MARGIN, WEIGHTS, box_similarity
from .words import name_or_text, normalized


def score_text(score: float, *others: float) -> str:
    """A score for a message, with as many decimals (2 to 6) as it takes to differ from ``others`` as it does."""
    for digits in range(2, 7):
        shown = round(score, digits)
        if all((shown < round(o, digits)) == (score < o) and (shown == round(o, digits)) == (score == o) for o in others):
            break
    return f"{score:.{digits}f}"


def undecided(score: float, rival: float | None, threshold: float = ACCEPT_THRESHOLD, margin: float = MARGIN) -> str | None:
    """Why likeness does not decide a candidate: below the threshold, or not ``margin`` ahead of the best other element
    (``rival``; None: no rival counts); None when it decides."""
    if score < threshold:
        return f"similarity {score_text(score, threshold)} is below {threshold:.2f}"
    if rival is not None and score - rival < margin:
        return f"ambiguous: another element scores {score_text(rival, score)} against its {score_text(score, rival)}"
    return None


def differences(recorded: Fingerprint, current: Fingerprint, ignore: Collection[str] = (), limit: int = 3) -> str:
    """The recorded attributes the current element does not share, for messages: ``name 'A' -> 'B'``."""
    out = []
    for attr in (*WEIGHTS, *IDENTIFIERS):
        if attr in ignore:
            continue
        if attr == "box":
            if recorded.box is not None and current.box is not None and box_similarity(recorded, current) < 0.9:
                moved = math.hypot(recorded.box.x - current.box.x, recorded.box.y - current.box.y)
                out.append(f"moved {moved:.0f}px")
            continue
        read = name_or_text if attr == "name" else (lambda fp, attr=attr: getattr(fp, attr))
        before, after = read(recorded), read(current)
        before, after = (None if v is None else str(v) for v in (before, after))  # a rank is a number
        if before not in (None, "") and normalized(before) != normalized(after):
            out.append(f"{attr} {_short(before)} -> {_short(after)}")
    return ", ".join(out[:limit]) + (f" (+{len(out) - limit} more)" if len(out) > limit else "")


def _short(value: str | None, size: int = 40) -> str:
    if value is None:
        return "none"
    return repr(value if len(value) <= size else value[: size - 1] + "…")
