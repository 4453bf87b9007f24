"""The heal's strategies: one interface, and the order in which their proposals come before the judge.

A strategy reads the page as it is (``proposal.Scene``), never clicking, and answers with an ``Offer`` of proposals,
each with its evidence. A new strategy is a new module with a class that has ``name``, ``kind`` and ``propose``, added to
``STRATEGIES``: the judge (``judge.py``) weighs its proposals by the same contract as every other's.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .fallbacks import Fallbacks
from .proposal import Offer, Scene
from .relabel import Relabels
from .row_key import RowKey
from .similar import Similar
from .successor import Successors
from .unchanged_text import UnchangedText


@runtime_checkable
class Strategy(Protocol):
    """One way to find a recorded element again: it proposes, the judge decides, nothing acts."""

    name: str
    kind: str  # the heal its accepted proposals are reported as (``kinds.py``)

    def propose(self, scene: Scene) -> Offer:
        """The elements of the page that may be the recorded one, with their evidence; read, never clicked."""
        ...


# The order of their proposals: of two accepted proposals of one element, the first one's locator is written.
STRATEGIES: tuple[Strategy, ...] = (Fallbacks(), RowKey(), UnchangedText(), Similar(), Successors(), Relabels())
