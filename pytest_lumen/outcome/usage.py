"""Token usage and its estimated cost."""

from __future__ import annotations

from pydantic import BaseModel

# USD per million tokens: (input, output, cache read, cache write). Estimates for the summary only.
PRICES: dict[str, tuple[float, float, float, float]] = {
    "opus": (5.0, 25.0, 0.50, 6.25),
    "sonnet": (3.0, 15.0, 0.30, 3.75),
    "haiku": (1.0, 5.0, 0.10, 1.25),
}
DEFAULT_FAMILY = "sonnet"


class Usage(BaseModel):
    """Tokens of one or more model requests."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(**{k: getattr(self, k) + getattr(other, k) for k in Usage.model_fields})

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens + self.cache_read_input_tokens + self.cache_creation_input_tokens


def price_for(model: str) -> tuple[float, float, float, float]:
    """The price row of a model id, by its family name (unknown ids are priced as Sonnet)."""
    lowered = model.lower()
    for family, row in PRICES.items():
        if family in lowered:
            return row
    return PRICES[DEFAULT_FAMILY]


def estimate_cost(model: str, usage: Usage) -> float:
    """Estimated cost in USD of ``usage`` on ``model``."""
    inp, out, read, write = price_for(model)
    return (
        usage.input_tokens * inp
        + usage.output_tokens * out
        + usage.cache_read_input_tokens * read
        + usage.cache_creation_input_tokens * write
    ) / 1_000_000
