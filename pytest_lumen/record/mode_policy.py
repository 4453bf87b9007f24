"""``ModePolicy``: the run's mode as the agent's decisions: whether a step reads the cache, and what a miss, a
failed replay and a heal come to (whether the model records or heals the step)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..config import Mode, Settings

CacheState = Literal["hit", "miss", "ignored"]  # a step's cache, as its ``lifecycle.start`` event says


@dataclass(frozen=True)
class ModePolicy:
    """What ``--lumen-mode`` and ``--lumen-strict`` let a step do (``agent.py`` asks, nothing else decides).

    ======  ===============  ====================================  ========================  ===========
    mode    reads the cache  a miss (or a branch never seen)       a replay that failed      a heal
    ======  ===============  ====================================  ========================  ===========
    replay  yes              fails the step                        fails the step            kept
    heal    yes              recorded by the model                 healed by the model       kept
    record  no               recorded by the model (every step)    (nothing is replayed)     kept
    ======  ===============  ====================================  ========================  ===========

    Under ``--lumen-strict`` no heal is kept: the step fails, showing the cache change it proposed.
    """

    mode: Mode
    strict: bool = False

    @classmethod
    def of(cls, settings: Settings) -> ModePolicy:
        """The policy of a run's settings."""
        return cls(settings.mode, settings.strict)

    def reads_cache(self) -> bool:
        """Whether a step is looked up in the cache (record mode ignores it)."""
        return self.mode is not Mode.RECORD

    def cache_state(self, cached: bool) -> CacheState:
        """What the step's cache came to: ``hit``, ``miss``, or ``ignored`` (record mode)."""
        if not self.reads_cache():
            return "ignored"
        return "hit" if cached else "miss"

    def may_record(self) -> bool:
        """Whether the model records a step (or a branch) the cache does not hold; else the miss fails the step."""
        return self.mode is not Mode.REPLAY

    def may_heal_with_model(self) -> bool:
        """Whether the model finishes a step whose replay failed; else the failure fails the step."""
        return self.mode is Mode.HEAL

    def keeps_heals(self) -> bool:
        """Whether a healed step is kept (its cache file rewritten); under ``--lumen-strict`` it fails the step."""
        return not self.strict
