"""The upgrade suite: released versions of real apps from the package registries, recorded on the oldest,
replayed on the newer ones with zero model calls (``make bench``; ``python benchmarks/run_all.py --only upgrade``).

``apps.py`` installs and starts each version, ``suite_*.py`` are the tests as a team writes them,
``scripts.py`` what the fake model does when they are recorded, ``harness.py`` records, replays and
judges, ``bench.py`` prints the figures. ``sqladmin_app.py``, ``starlette_admin_app.py`` and ``flask_admin_app.py``
are the three admins, on the products table of ``shop_tables.py``.
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (see ``bench.py``)."""
    from .bench import main as run

    return run(argv)
