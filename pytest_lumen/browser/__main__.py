"""``python -m pytest_lumen.browser``: print the browser a run launches (exit 1: none); see ``main``.

A module of its own, which the package never imports, so that ``-m`` runs it without runpy's warning
about a module already imported by its package.
"""

from . import main

raise SystemExit(main())
