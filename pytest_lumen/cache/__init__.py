"""The committed cache: the file schema (``model``), its text form (``codec``), the locked store and step keys."""

from .codec import dumps, loads
from .keys import step_key
from .model import SCHEMA_VERSION, CacheFile, Step
from .store import CacheStore

__all__ = ["SCHEMA_VERSION", "CacheFile", "CacheStore", "Step", "dumps", "loads", "step_key"]
