"""The margin rule: the best candidate is accepted only above a threshold and clearly ahead of the runner-up.

Anything else is ambiguous and rejected, never guessed. Scores are shown with as many decimals as
it takes to tell them apart, so that a message never says "0.65 is below 0.65".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

from .similarity import ACCEPT_THRESHOLD, MARGIN


def score_text(score: float, *others: float) -> str:
    """A score for a message, with as many decimals (2 to 6) as it takes to differ from ``others`` as it does."""
    for digits in range(2, 7):
        shown = round(score, digits)
        if all((shown < round(o, digits)) == (score < o) and (shown == round(o, digits)) == (score == o) for o in others):
            break
    return f"{score:.{digits}f}"


@dataclass(frozen=True)
class Choice:
    """The outcome of the margin rule."""

    index: Optional[int]
    best: float
    runner_up: float
    reason: str


def choose(scores: Sequence[float], threshold: float = ACCEPT_THRESHOLD, margin: float = MARGIN) -> Choice:
    """Pick the best candidate only when it clears the threshold and beats the runner-up by the margin."""
    if not scores:
        return Choice(None, 0.0, 0.0, "no candidates on the page")
    order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=True)
    best = scores[order[0]]
    second = scores[order[1]] if len(order) > 1 else 0.0
    if best < threshold:
        return Choice(None, best, second, f"best candidate scored {score_text(best, threshold)}, below {threshold:.2f}")
    if best - second < margin:
        return Choice(None, best, second, f"ambiguous: best {score_text(best, second)} vs runner-up "
                                          f"{score_text(second, best)} (margin {margin:.2f})")
    return Choice(order[0], best, second, "accepted")
