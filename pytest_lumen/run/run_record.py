"""What a run did: its ``RunRecord``, which the ``lumen`` summary renders and ``lumen-run.json`` keeps.

Every process that reports a run (a run without xdist, or xdist's controller) ends with one, built
by ``session.LumenSession.finish_run``; the shards of a sharded run each write theirs, and
``shards.py`` joins them into one (``RunRecord.join``), rendered by the same ``summary.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from ..outcome.figures import RunStats

RUN_FILE = "lumen-run.json"


class RunRecord(BaseModel):
    """One run's figures and cache files; ``lumen-run.json`` holds all but ``pruned`` and ``heals_report``."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    mode: str  # the joined shards': their modes, comma-separated
    stats: RunStats  # in the file as RunStats.to_json()
    unused: list[str]  # cache files no test owns, relative to the rootdir (in full when the cache folder is elsewhere)
    full_run: bool  # the run looked for unused files in the whole of its paths
    whole_modules: bool  # else in the test modules it collected (False: it was given node ids, and looked nowhere)
    pruned: list[str] = Field(default_factory=list, exclude=True)  # the unused files this run deleted
    heals_report: str | None = Field(default=None, exclude=True)  # its lumen-heals.md, when anything healed

    @field_validator("stats", mode="before")
    @classmethod
    def _stats_from_json(cls, value: Any) -> Any:
        return RunStats.from_json(value) if isinstance(value, dict) else value

    @field_serializer("stats")
    def _stats_to_json(self, stats: RunStats) -> dict[str, Any]:
        return stats.to_json()

    @field_serializer("unused")
    def _sorted(self, unused: list[str]) -> list[str]:
        return sorted(unused)

    @property
    def active(self) -> bool:
        """Whether the run did anything to report (a run without ``agent`` steps has no ``lumen`` section)."""
        fig = self.stats.figures
        return bool(fig.steps_replayed or fig.steps_recorded or fig.steps_failed or fig.healed_total or fig.model_calls)

    def write(self, output_dir: Path) -> Path:
        """Write ``lumen-run.json`` into the output folder."""
        output_dir.mkdir(parents=True, exist_ok=True)
        path = output_dir / RUN_FILE
        path.write_text(self.model_dump_json(indent=1), encoding="utf-8")
        return path

    @classmethod
    def join(cls, records: list[RunRecord]) -> RunRecord:
        """The shards of one run as one: figures added up, each unused file once, a full run if any shard was one."""
        stats = RunStats()
        for record in records:
            stats.add(record.stats)
        return cls(mode=", ".join(sorted({r.mode for r in records})), stats=stats,
                   unused=sorted({u for r in records for u in r.unused}),
                   full_run=any(r.full_run for r in records), whole_modules=all(r.whole_modules for r in records))
