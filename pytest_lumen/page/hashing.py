"""The hash the page computes (``js/hash.js``, cyrb53), in Python: what a selector carries instead of a page's text."""

from __future__ import annotations

import functools
import struct

_M32 = 0xFFFFFFFF
SEPARATOR = "\u001f"  # joins the texts hashed together


@functools.lru_cache(maxsize=4096)
def cyrb53(text: str) -> str:
    """The hash ``js/hash.js`` computes, over the string's UTF-16 code units, as lower-case hex."""
    data = text.encode("utf-16-le", "surrogatepass")
    h1, h2 = 0xDEADBEEF, 0x41C6CE57
    for ch in struct.unpack(f"<{len(data) // 2}H", data):  # JS's Math.imul: the product's low 32 bits
        h1 = ((h1 ^ ch) * 2654435761) & _M32
        h2 = ((h2 ^ ch) * 1597334677) & _M32
    h1 = ((h1 ^ (h1 >> 16)) * 2246822507) & _M32
    h1 ^= ((h2 ^ (h2 >> 13)) * 3266489909) & _M32
    h2 = ((h2 ^ (h2 >> 16)) * 2246822507) & _M32
    h2 ^= ((h1 ^ (h1 >> 13)) * 3266489909) & _M32
    return format(4294967296 * (0x1FFFFF & h2) + h1, "x")
