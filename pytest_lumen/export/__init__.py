"""A way out: the recorded tests as plain pytest-playwright tests (``python -m pytest_lumen.export``).

Each ``agent.run`` becomes its cached actions as Playwright calls, each ``agent.expect`` its
``expect(...)`` assertion; the exported modules run without the plugin (``pytest -p no:lumen``).
"""

from .suite import SuiteExport, export_suite

__all__ = ["SuiteExport", "export_suite"]
