"""How alike two fingerprints are, and the rule that accepts a candidate only with a clear margin."""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass
from typing import Optional

from .fingerprint import Fingerprint

# Weight of each attribute; an attribute the recorded fingerprint lacks does not count.
WEIGHTS: dict[str, float] = {
    "role": 2.0,
    "name": 3.0,
    "context": 2.0,
    "text": 1.5,
    "label": 1.5,
    "test_id": 1.5,
    "tag": 1.0,
    "type": 1.0,
    "id": 1.0,
    "name_attr": 1.0,
    "placeholder": 1.0,
    "href": 1.0,
    "box": 0.5,
}
VERIFY_THRESHOLD = 0.72  # the primary locator's element must be at least this alike to be acted on
ACCEPT_THRESHOLD = 0.62  # a relocated candidate must score at least this ...
MARGIN = 0.08  # ... and beat the runner-up by this much


def text_similarity(a: Optional[str], b: Optional[str]) -> float:
    if a is None or b is None:
        return 0.0
    a, b = a.lower().strip(), b.lower().strip()
    if a == b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _box_similarity(rec: Fingerprint, cur: Fingerprint) -> float:
    if rec.box is None or cur.box is None:
        return 0.0
    dist = math.hypot(rec.box.x - cur.box.x, rec.box.y - cur.box.y)
    return max(0.0, 1.0 - dist / 600.0)


def similarity(recorded: Fingerprint, current: Fingerprint) -> float:
    """0..1: the weighted share of the recorded attributes that the current element still has."""
    total = score = 0.0
    for attr, weight in WEIGHTS.items():
        if attr == "box":
            if recorded.box is None:
                continue
            total += weight
            score += weight * _box_similarity(recorded, current)
            continue
        rec = getattr(recorded, attr)
        if rec in (None, ""):
            continue
        total += weight
        score += weight * text_similarity(rec, getattr(current, attr))
    return score / total if total else 0.0


@dataclass(frozen=True)
class Choice:
    """The outcome of the margin rule."""

    index: Optional[int]
    best: float
    runner_up: float
    reason: str


def choose(scores: list[float]) -> Choice:
    """Pick the best candidate only when it clears the threshold and the margin."""
    if not scores:
        return Choice(None, 0.0, 0.0, "no candidates on the page")
    order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=True)
    best = scores[order[0]]
    second = scores[order[1]] if len(order) > 1 else 0.0
    if best < ACCEPT_THRESHOLD:
        return Choice(None, best, second, f"best candidate scored {best:.2f}, below {ACCEPT_THRESHOLD}")
    if best - second < MARGIN:
        return Choice(None, best, second, f"ambiguous: best {best:.2f} vs runner-up {second:.2f}")
    return Choice(order[0], best, second, "accepted")
