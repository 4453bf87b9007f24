"""Every kind of heal, derived from what makes them: the strategies that find an element again (``strategy.py``),
the translations that do an action as another widget (``translations.py``), the heals made while acting (a renamed
route, a renamed option, an overlay dismissed, a step replayed from another device profile: ``record.py``,
``option.py``) and the model's. A new strategy or
translation brings its kind with it; reports, events and ``lumen-run.json`` name a heal by it.
"""

from __future__ import annotations

from .option import OPTION
from .record import EFFECT, MODEL, OVERLAY, PROFILE
from .strategy import STRATEGIES
from .translations import TRANSLATIONS

HEAL_KINDS: tuple[str, ...] = tuple(dict.fromkeys([
    *(strategy.kind for strategy in STRATEGIES), *(translation.kind for translation in TRANSLATIONS),
    EFFECT, OPTION, OVERLAY, PROFILE, MODEL]))
