"""The ``viewport`` of a cache file: the page's size when its test was recorded (replayed at another one:
``replay/viewport.py``, the same concept where replay says it)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Viewport(BaseModel):
    """A page's viewport, in CSS pixels."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    width: int = Field(ge=0)
    height: int = Field(ge=0)

    def describe(self) -> str:
        """``1280x720``."""
        return f"{self.width}x{self.height}"
