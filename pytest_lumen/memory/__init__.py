"""The two-tier memory of lessons the model keeps between runs (see docs/memory.md).

One idea per module:

* ``lesson_file``: the lesson models (``Lesson``, ``MemoryFile``), the format's constants and the event dicts;
* ``patterns``: error texts as the memory compares them (``error_key``, ``is_substantive``);
* ``lessons``: where lessons come from (``seed_lessons``, ``extract_lessons``);
* ``prompts``: the text blocks the model reads (``format_tier1``, ``format_error_tips``,
  ``format_site_tips``);
* ``merge``: how lessons change (uses counted, deduplication, promotion, pruning);
* ``disk``: ``memory.json`` on disk, locked, atomic, set aside when unreadable;
* ``recall``: ``MemoryStore``, the recall triggers and learning;
* ``view``: ``MemorySession``, one test's view.

It learns from a test's action log, of ``ActionOutcome`` s (``outcome/action_log.py``, exported here too).
"""

from ..errors import MemoryFileError
from ..outcome.action_log import ActionOutcome
from ..urls import host_matches, normalize_host
from .disk import MemoryFileWarning
from .lesson_file import EVENT_TYPES, Lesson, MemoryFile
from .lessons import extract_lessons, seed_lessons
from .patterns import error_key, is_substantive
from .prompts import format_error_tips, format_site_tips, format_tier1
from .recall import MemoryStore
from .view import MemorySession

__all__ = [
    "EVENT_TYPES",
    "ActionOutcome",
    "Lesson",
    "MemoryFile",
    "MemoryFileError",
    "MemoryFileWarning",
    "MemorySession",
    "MemoryStore",
    "error_key",
    "extract_lessons",
    "format_error_tips",
    "format_site_tips",
    "format_tier1",
    "host_matches",
    "is_substantive",
    "normalize_host",
    "seed_lessons",
]
