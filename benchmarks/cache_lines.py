"""How a reviewer meets the cache: lines per action, and the lines a heal changes per healed action.

    python benchmarks/cache_lines.py                          # the example suite's committed cache
    python benchmarks/cache_lines.py OLD_CACHE_DIR             # any cache folder (files of any schema_version)
    python benchmarks/cache_lines.py CACHE_DIR --healed DIR    # and the diff of a healed copy of it

*Lines per action* is the files' lines divided by their actions (the issue's measure), and each action's
own lines (the span of its JSON object as the file lays it out). A *healed action* is an action whose
text differs between the two folders (matched by step key, occurrence, branch and position); its
*changed lines* are the lines of its diff (``-`` and ``+`` both counted, as ``git diff --stat``), and
the lines it replaced (a line edited in place counts once). ``make demo`` leaves the cache its heal
loop healed in ``example_suite/test-results/v2-healed-cache``. ``--as-version-2`` first rewrites both folders
in the layout version 2 wrote (sorted keys, every object over several lines, locators as objects): the same
heals as that layout showed them. Results: ``benchmarks/results/cache_lines.json``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from pytest_lumen.cache.codec import file_text, loads  # noqa: E402
from pytest_lumen.cache.fileio import pretty_json  # noqa: E402

CACHE = ROOT / "example_suite" / ".lumen-cache"
RESULTS = HERE / "results" / "cache_lines.json"
Actions = dict[tuple[str, int, int, int], list[str]]  # (step key, ordinal, branch or -1, position) -> its lines


def cache_files(folder: Path) -> dict[str, Path]:
    """The cache files under ``folder`` by relative path (the memory file aside)."""
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.json")) if p.name != "memory.json"}


def action_lines(action: Any, version: int) -> list[str]:
    """An action's lines as its file lays it out: version 3's writer, else sorted two-space JSON."""
    text = file_text(action) if version >= 3 else pretty_json(action)
    return text.splitlines()


def actions_of(path: Path) -> tuple[int, Actions]:
    """The file's line count and its actions' lines."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    version = int(data.get("schema_version", 0))
    out: Actions = {}
    for step in data.get("steps", []):
        lists = [(-1, step.get("actions", [])), *enumerate(step.get("branches") or [])]
        for branch, actions in lists:
            for i, action in enumerate(actions):
                out[(step.get("key", step["instruction"]), step.get("ordinal", 0), branch, i)] = action_lines(action, version)
    return len(text.splitlines()), out


def size(folder: Path) -> dict[str, Any]:
    """Files, actions, lines per action (file lines / actions), and each action's own lines."""
    lines, spans = 0, []
    for path in cache_files(folder).values():
        n, actions = actions_of(path)
        lines += n
        spans += [len(a) for a in actions.values()]
    return {"files": len(cache_files(folder)), "actions": len(spans), "lines": lines,
            "lines_per_action": round(lines / len(spans), 1) if spans else 0.0,
            "own_lines_median": statistics.median(spans) if spans else 0, "own_lines_max": max(spans, default=0)}


def heal_diff(before: Path, after: Path) -> dict[str, Any]:
    """The healed actions between two copies of a cache and the lines each one's diff changes."""
    old_files, new_files = cache_files(before), cache_files(after)
    healed: list[dict[str, Any]] = []
    for rel, path in new_files.items():
        old = actions_of(old_files[rel])[1] if rel in old_files else {}
        new = actions_of(path)[1]
        for where in sorted(set(old) | set(new), key=str):
            a, b = old.get(where, []), new.get(where, [])
            if a == b:
                continue
            diff = [d for d in difflib.unified_diff(a, b, lineterm="", n=0) if d[:1] in "+-" and d[:3] not in ("+++", "---")]
            minus, plus = sum(d.startswith("-") for d in diff), sum(d.startswith("+") for d in diff)
            healed.append({"file": rel, "step": where[0], "position": where[3], "minus": minus, "plus": plus})
    diffs = [h["minus"] + h["plus"] for h in healed]
    replaced = [max(h["minus"], h["plus"]) for h in healed]
    return {"healed_actions": len(healed), "diff_lines_max": max(diffs, default=0),
            "diff_lines_mean": round(statistics.mean(diffs), 1) if diffs else 0.0,
            "replaced_lines_max": max(replaced, default=0),
            "replaced_lines_mean": round(statistics.mean(replaced), 1) if replaced else 0.0, "actions": healed}


def as_version_2(folder: Path, into: Path) -> Path:
    """A copy of the cache folder as version 2 wrote it (its writer: ``pretty_json`` of the structured dump)."""
    for rel, path in cache_files(folder).items():
        data = loads(path.read_text(encoding="utf-8"), path).model_dump(mode="json", exclude_none=True)
        (into / rel).parent.mkdir(parents=True, exist_ok=True)
        (into / rel).write_text(pretty_json({**data, "schema_version": 2}), encoding="utf-8")
    return into


def main(argv: list[str] | None = None) -> int:
    """Print the figures and write them to ``benchmarks/results/cache_lines.json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cache", nargs="?", type=Path, default=CACHE)
    parser.add_argument("--healed", type=Path, help="a healed copy of the cache: measure its diff too")
    parser.add_argument("--as-version-2", action="store_true", help="measure both folders in version 2's layout")
    args = parser.parse_args(argv)
    if args.as_version_2:
        scratch = Path(tempfile.mkdtemp(prefix="cache-lines-"))
        args.cache = as_version_2(args.cache, scratch / "cache")
        args.healed = as_version_2(args.healed, scratch / "healed") if args.healed else None
    result: dict[str, Any] = {"cache": str(args.cache), **size(args.cache)}
    print(f"{args.cache}: {result['files']} files, {result['actions']} actions, {result['lines']} lines: "
          f"{result['lines_per_action']} lines per action (each action's own: median {result['own_lines_median']}, "
          f"max {result['own_lines_max']})")
    if args.healed:
        heal = heal_diff(args.cache, args.healed)
        result["heal"] = heal
        print(f"heal diff ({args.healed}): {heal['healed_actions']} healed actions; diff lines (- and +) per healed "
              f"action: mean {heal['diff_lines_mean']}, max {heal['diff_lines_max']}; lines replaced: mean "
              f"{heal['replaced_lines_mean']}, max {heal['replaced_lines_max']}")
        for h in heal["actions"]:
            print(f"  {h['file']} step {h['step']} action {h['position']}: -{h['minus']} +{h['plus']}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
