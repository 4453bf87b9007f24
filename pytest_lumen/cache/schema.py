"""The JSON Schema of a cache file, from its pydantic models.

``python -m pytest_lumen.cache.schema > docs/cache-schema.json`` regenerates the published schema;
a unit test fails when the models and the file disagree.
"""

from __future__ import annotations

import sys
from typing import Any

from .fileform import flat_target_schema
from .fileio import pretty_json
from .model import CacheFile


def cache_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``.lumen-cache/<test file>/<test>.json``."""
    schema = CacheFile.model_json_schema()
    for name, definition in schema.get("$defs", {}).items():
        if name != "Target" and "kind" in definition.get("properties", {}):  # an action: its target written in it
            flat_target_schema(definition)
    step = schema["$defs"]["Step"]
    step["required"] = [key for key in step["required"] if key != "key"]
    step["properties"]["key"]["description"] = ("written by versions 1 and 2 only: version 3 computes it from the "
                                                "instruction and variables (cache/keys.py); when present, it must be theirs")
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
