"""``python -m pytest_lumen.export --out DIR [TEST_FILE ...]``: write the recorded tests as plain Playwright tests,
with what they need to run in DIR without the plugin (``cd DIR && python -m pytest -p no:lumen``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import LumenError
from .suite import export_suite


def main(argv: list[str] | None = None) -> int:
    """Export; 0 when every test was exported, 1 when some were not (they are written skipped), 2 on an error."""
    parser = argparse.ArgumentParser(prog="python -m pytest_lumen.export", description=__doc__)
    parser.add_argument("files", nargs="*", type=Path, help="test files to export (default: every recorded one)")
    parser.add_argument("--out", type=Path, required=True, help="folder to write the exported modules into")
    parser.add_argument("--rootdir", type=Path, default=Path.cwd(), help="the pytest rootdir (default: here)")
    parser.add_argument("--cache-dir", type=Path, default=None, help="the cache folder (default: ROOTDIR/.lumen-cache)")
    args = parser.parse_args(argv)
    try:
        result = export_suite(args.rootdir, args.out, args.cache_dir, args.files or None)
    except LumenError as exc:
        print(f"pytest-lumen export: {exc}", file=sys.stderr)
        return 2
    for path, module in result.modules.items():
        print(f"wrote {path} ({len(module.exported)} tests)")
    if result.support:
        shown = ", ".join(p.relative_to(args.out).as_posix() for p in result.support)
        print(f"wrote beside them what they need to run without pytest-lumen: {shown}")
        print(f"run them: cd {args.out} && python -m pytest -p no:lumen")
    if args.out.resolve().is_relative_to(args.rootdir.resolve()):
        print(f"note: {args.out} is inside the suite's folder: the suite's own runs collect it too (its conftest.py "
              "a second time); write it elsewhere, or add it to the suite's norecursedirs", file=sys.stderr)
    for test, why in result.skipped.items():
        print(f"not exported (written skipped): {test}: {why}", file=sys.stderr)
    if not result.modules:
        print("nothing to export: no cache files found", file=sys.stderr)
    return 1 if result.skipped or not result.modules else 0


if __name__ == "__main__":
    sys.exit(main())
