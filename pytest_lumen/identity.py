"""The identity gate: Playwright acts on the primary locator's element only if it is exactly the recorded one.

Replay checks an element's identity before acting on it. Done as a separate look at the page
that costs a browser round trip per action, as much as the action itself. The gate folds the
check into the action: a selector engine (``lumen-identity``) chained after the primary locator
keeps the element only when its fingerprint, computed in the page, hashes to the recorded one.
Playwright's own click or fill then waits for it, checks it is visible, enabled and the only
match, and acts, in one round trip.

The gate only ever speeds replay up: it passes when every identifying attribute is unchanged
(position and CSS path aside, and the text around the element unless it had look-alikes),
where the full check would pass too. When the locator's element is not the recorded one, the
gated action fails at once (the engine throws); when no element shows up within 0.5 s, it
gives up. Either way replay then takes the full path (look, similarity, cascade) as before.

Only a hash goes into the selector, never the attributes, and no gate is used for a target
whose fingerprint holds a variable's value: selectors show up in traces and error messages.
"""

from __future__ import annotations

import functools
import json
import struct
from typing import TYPE_CHECKING, Optional

from playwright.sync_api import Error as PlaywrightError

from .fingerprint import FINGERPRINT_JS, Fingerprint

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Selectors

ENGINE = "lumen-identity"
# The identifying attributes, in hash order. Role and name come first: they are left out when the
# primary locator is a role locator, whose own role and name then stand in for them (the cache keeps
# the locator's role and name in the fingerprint, which the page's approximation may word otherwise).
FIELDS = ("role", "name", "tag", "text", "id", "name_attr", "type", "placeholder", "href", "label", "test_id", "context")
ROLE_AND_NAME = ("role", "name")
# What a fill may change: its own text (a contenteditable) and the text around it (a line total, a
# validation message, suggestions). The gate that finds a filled field again to read it back skips them.
LIVE = ("text", "context")
# The text around an element changes with the page's state (a count, a total, a message next to it).
# It tells look-alikes apart (an "Add to cart" per product), so it is in their gate only: for any
# other element, a changed context would only send replay down the full path, a round trip later, every run.
CONTEXT = ("context",)
# Which attributes each scope letter of the selector leaves out; Python and the page read the same table.
SKIPS: dict[str, tuple[str, ...]] = {"r": ROLE_AND_NAME, "v": LIVE, "c": CONTEXT}
SEPARATOR = "\u001f"
# With scope letter "t" the engine throws this when the locator's element is not the recorded one:
# Playwright then fails at once instead of waiting for an element that will not come.
MISMATCH = "lumen-identity: not the recorded element"
MISSING = "\u001e"

# cyrb53, a small well-mixed 53-bit string hash; ``cyrb53`` below is the same function in Python.
_HASH_JS = r"""
(str) => {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
"""

ENGINE_JS = f"""
(() => {{
  const fp = {FINGERPRINT_JS};
  const hash = {_HASH_JS};
  const fields = {list(FIELDS)!r};
  return {{
    queryAll(root, body) {{
      if (!root || root.nodeType !== 1) return [];
      const [scope, want] = body.split(':');
      const f = fp(root);
      const skips = {json.dumps({k: list(v) for k, v in SKIPS.items()})};
      const skip = [...scope].flatMap((letter) => skips[letter] || []);
      const used = fields.filter((k) => !skip.includes(k));
      const key = used.map((k) => (f[k] === null || f[k] === undefined) ? '{MISSING}' : String(f[k])).join('{SEPARATOR}');
      if (hash(key) === want) return [root];
      if (scope.includes('t')) throw new Error('{MISMATCH}');
      return [];
    }},
  }};
}})()
"""

_M32 = 0xFFFFFFFF


@functools.lru_cache(maxsize=4096)
def cyrb53(text: str) -> str:
    """The hash ``ENGINE_JS`` computes, over the string's UTF-16 code units, as lower-case hex."""
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


def identity_selector(fp: Fingerprint, role_locator: bool, after_fill: bool = False, fail_fast: bool = False) -> str:
    """The ``lumen-identity=…`` selector that keeps only an element with this fingerprint's identity.

    ``role_locator``: role and name are left to the role locator; ``after_fill``: the attributes
    a fill may change (``LIVE``) are left out; the context counts only for an element that had
    look-alikes when it was recorded. ``fail_fast``: an element that is not the recorded one makes
    the query fail (``MISMATCH``) instead of matching nothing.
    """
    scope = ("r" if role_locator else "") + ("v" if after_fill else "") + ("" if fp.look_alikes else "c")
    skip = {name for letter in scope for name in SKIPS.get(letter, ())}
    values = [getattr(fp, name) for name in FIELDS if name not in skip]
    key = SEPARATOR.join(MISSING if v is None else str(v) for v in values)
    return f"{ENGINE}={(scope + ('t' if fail_fast else '')) or 'x'}:{cyrb53(key)}"


def gated(primary: Locator, fp: Optional[Fingerprint], role_locator: bool, after_fill: bool = False,
          fail_fast: bool = False) -> Optional[Locator]:
    """The primary locator narrowed to the recorded element; None when there is no fingerprint to gate on."""
    if fp is None:
        return None
    return primary.locator(identity_selector(fp, role_locator, after_fill, fail_fast))


def register(selectors: Selectors) -> bool:
    """Register the engine with a Playwright instance's selectors (once); False when that fails."""
    if getattr(selectors, "_lumen_identity", False):
        return True
    try:
        selectors.register(ENGINE, ENGINE_JS, content_script=True)  # the isolated world, where Playwright already is
    except PlaywrightError as exc:
        if "already registered" not in str(exc):
            return False
    setattr(selectors, "_lumen_identity", True)
    return True
