"""The two-tier memory of lessons the model keeps between runs (see docs/memory.md).

One idea per module:

* ``model``: the lesson models (``Lesson``, ``MemoryFile``), the action log entry
  (``ActionOutcome``), the format's constants and the event dicts;
* ``patterns``: error texts as the memory compares them (``error_key``, ``is_substantive``);
* ``lessons``: where lessons come from (``seed_lessons``, ``extract_lessons``);
* ``prompts``: the text blocks the model reads (``format_tier1``, ``format_error_tips``,
  ``format_site_tips``);
* ``merge``: how lessons change (uses counted, deduplication, promotion, pruning);
* ``disk``: ``memory.json`` on disk, locked, atomic, set aside when unreadable;
* ``store``: ``MemoryStore``, the recall triggers and learning;
* ``session``: ``MemorySession``, one test's view.
"""

from ..errors import MemoryFileError
from ..urls import host_matches, normalize_host
from .disk import MemoryFileWarning
from .lessons import extract_lessons, seed_lessons
from .model import EVENT_TYPES, ActionOutcome, Lesson, MemoryFile
from .patterns import error_key, is_substantive
from .prompts import format_error_tips, format_site_tips, format_tier1
from .session import MemorySession
from .store import MemoryStore

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
