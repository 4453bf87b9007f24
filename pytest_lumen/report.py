"""Run-wide figures: counted per process, merged on the xdist controller, printed once."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .usage import Usage, estimate_cost


@dataclass
class RunStats:
    """What the plugin did in this process (or, merged, in the whole run)."""

    steps_replayed: int = 0
    steps_recorded: int = 0
    steps_failed: int = 0
    steps_healed: Counter[str] = field(default_factory=Counter)
    # Element actions replayed through the identity gate in one round trip, and those the gate let
    # through to the full path (a drifted page, or a cached fingerprint the page no longer yields).
    gate_hits: int = 0
    gate_misses: int = 0
    model_calls: int = 0
    usage: Usage = field(default_factory=Usage)
    cost: float = 0.0
    cache_files_written: set[str] = field(default_factory=set)
    used_cache_files: set[str] = field(default_factory=set)
    heals: list[dict[str, Any]] = field(default_factory=list)

    def add_model_call(self, model: str, usage: Usage) -> None:
        self.model_calls += 1
        self.usage = self.usage + usage
        self.cost += estimate_cost(model, usage)

    @property
    def healed_total(self) -> int:
        return sum(self.steps_healed.values())

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe form for xdist's ``workeroutput``."""
        return {
            "steps_replayed": self.steps_replayed,
            "steps_recorded": self.steps_recorded,
            "steps_failed": self.steps_failed,
            "steps_healed": dict(self.steps_healed),
            "gate_hits": self.gate_hits,
            "gate_misses": self.gate_misses,
            "model_calls": self.model_calls,
            "usage": self.usage.model_dump(),
            "cost": self.cost,
            "cache_files_written": sorted(self.cache_files_written),
            "used_cache_files": sorted(self.used_cache_files),
            "heals": self.heals,
        }

    def merge(self, data: dict[str, Any]) -> None:
        """Add a worker's figures (from ``to_json``)."""
        self.steps_replayed += data["steps_replayed"]
        self.steps_recorded += data["steps_recorded"]
        self.steps_failed += data["steps_failed"]
        self.steps_healed.update(data["steps_healed"])
        self.gate_hits += data["gate_hits"]
        self.gate_misses += data["gate_misses"]
        self.model_calls += data["model_calls"]
        self.usage = self.usage + Usage(**data["usage"])
        self.cost += data["cost"]
        self.cache_files_written.update(data["cache_files_written"])
        self.used_cache_files.update(data["used_cache_files"])
        self.heals.extend(data["heals"])
