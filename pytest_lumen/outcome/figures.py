"""Figures: a test's counts (``Figures``), added up into the run's (``RunStats``), merged from xdist workers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from .heal import Heal
from .usage import Usage, estimate_cost


@dataclass
class Figures:
    """What the plugin did: in one test, or added up over a run."""

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
    scripted_replies: int = 0  # replies of a planner that calls no model (``--lumen-script``): no tokens, no cost

    def add_model_call(self, model: str, usage: Usage) -> None:
        """Count one model request and its tokens."""
        self.model_calls += 1
        self.usage = self.usage + usage
        self.cost += estimate_cost(model, usage)

    def add_reply(self, model: str, usage: Usage, scripted: bool) -> Usage:
        """Count one reply of a planner: a model call with its tokens, or a reply a script gave in the model's place,
        which has none (``scripted``); the usage counted."""
        if scripted:
            self.scripted_replies += 1
            return Usage()
        self.add_model_call(model, usage)
        return usage

    @property
    def healed_total(self) -> int:
        return sum(self.steps_healed.values())

    def add(self, other: Figures) -> None:
        """Add another's counts to these."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def subtract(self, other: Figures) -> None:
        """Take another's counts out of these (an earlier attempt of a rerun test, ``run/attempts.py``)."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, Counter):
                mine.subtract(theirs)
                setattr(self, f.name, +mine)  # drops the levels left at zero
            elif isinstance(mine, Usage):
                setattr(self, f.name, Usage(**{k: getattr(mine, k) - getattr(theirs, k) for k in Usage.model_fields}))
            else:
                setattr(self, f.name, mine - theirs)

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe form (for xdist's ``workeroutput``)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        return {**data, "steps_healed": dict(self.steps_healed), "usage": self.usage.model_dump()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Figures:
        return cls(**{**data, "steps_healed": Counter(data["steps_healed"]), "usage": Usage(**data["usage"])})


@dataclass
class RunStats:
    """The run's figures, plus which cache files it wrote and used and what it healed."""

    figures: Figures = field(default_factory=Figures)
    cache_files_written: set[str] = field(default_factory=set)
    used_cache_files: set[str] = field(default_factory=set)
    heals: list[Heal] = field(default_factory=list)
    viewports: list[str] = field(default_factory=list)  # "<test>: recorded at 1280x720, replayed at 800x600"

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe form for xdist's ``workeroutput``."""
        return {
            "figures": self.figures.to_json(),
            "cache_files_written": sorted(self.cache_files_written),
            "used_cache_files": sorted(self.used_cache_files),
            "heals": [h.model_dump() for h in self.heals],
            "viewports": self.viewports,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunStats:
        """The figures of ``to_json``'s form (a worker's, or a shard's ``lumen-run.json``)."""
        return cls(figures=Figures.from_json(data["figures"]), cache_files_written=set(data["cache_files_written"]),
                   used_cache_files=set(data["used_cache_files"]), heals=[Heal(**h) for h in data["heals"]],
                   viewports=list(data.get("viewports", [])))

    def add(self, other: RunStats) -> None:
        """Add another run's figures (a worker's, or a shard's)."""
        self.figures.add(other.figures)
        self.cache_files_written.update(other.cache_files_written)
        self.used_cache_files.update(other.used_cache_files)
        self.heals.extend(other.heals)
        self.viewports.extend(other.viewports)

    def merge(self, data: dict[str, Any]) -> None:
        """Add a worker's figures (from ``to_json``)."""
        self.add(RunStats.from_json(data))
