"""Repository-level pytest configuration.

The project's own tests live in ``tests/``. ``example_suite/`` is a separate pytest
project (its own ``pytest.ini`` and ``.lumen-cache/``), run by ``make demo`` and by
``tests/integration/test_example_suite.py``; ``benchmarks/`` are scripts run by
``make bench``. Neither is collected from here.
"""

collect_ignore = ["example_suite", "benchmarks"]
