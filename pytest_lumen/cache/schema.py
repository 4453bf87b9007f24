"""The JSON Schema of a cache file, from its pydantic models.

``python -m pytest_lumen.cache.schema > docs/cache-schema.json`` regenerates the published schema;
a unit test fails when the models and the file disagree.
"""

from __future__ import annotations

import sys
from typing import Any

from ..fileio import pretty_json
from .model import CacheFile


def cache_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``.lumen-cache/<test file>/<test>.json``."""
    schema = CacheFile.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def render() -> str:
    """The schema as stable, sorted, pretty JSON with a final newline."""
    return pretty_json(cache_schema())


def main() -> int:
    """Print the schema to standard output."""
    sys.stdout.write(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
