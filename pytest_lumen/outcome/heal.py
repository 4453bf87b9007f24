"""A heal: one cached action done another way than recorded, as the run reports it (``lumen-heals.md``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, StringConstraints, model_serializer, model_validator

from ..cache.model import LocatorKind

# How an action healed, one word: each way to heal names its own (``heal/kinds.py`` lists them, derived from the
# strategies and translations that make them), so a new strategy adds a kind without editing this model.
HealKind = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]*$")]


class HealLevel(BaseModel):
    """How an action healed: its ``kind``, and for a ``fallback`` the kind of locator that found the element.

    Written as one word, ``relabel``, or ``fallback:<locator kind>`` (``fallback:role``) in the heals report, the
    events and ``lumen-run.json``; read from that form once, here."""

    model_config = ConfigDict(frozen=True)

    kind: HealKind
    locator: LocatorKind | None = None  # a fallback's: which of the recorded fallback locators found it

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            kind, _, locator = data.partition(":")
            return {"kind": kind, "locator": locator or None}
        return data

    @model_validator(mode="after")
    def _locator_of_a_fallback(self) -> HealLevel:
        if (self.kind == "fallback") != (self.locator is not None):
            raise ValueError("a fallback heal names its locator kind (fallback:<kind>), and no other heal does")
        return self

    @model_serializer
    def _to_text(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.kind}:{self.locator}" if self.locator is not None else self.kind

class Heal(BaseModel):
    """One healed action: where (test, step, action), how (level) and the locator before and after."""

    test: str
    step: str
    action: int  # index of the action in the step, from 0
    level: HealLevel
    before: str
    after: str
    cache_file: str
    evidence: str | None = None  # a relabel's evidence: known equivalent names, or the effect that followed
    runner_up: float | None = None  # a relabel's runner-up: the next element's shape score
    # the page before the healed action acted (the healed element highlighted) and after it, relative to the
    # report's folder; None when withheld (the page showed a value the test passed) or not taken
    picture: str | None = None
    after_picture: str | None = None
