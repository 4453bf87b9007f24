// The lumen-deep selector engine (fingerprint.py): the body is JSON [selector, index], and the engine
// matches the element at that index of deepAll(selector) — the element a scan found, as a locator.
function deepEngine() {
  return {
    queryAll(root, body) {
      const [selector, index] = JSON.parse(body);
      const el = deepAll(selector, root.nodeType === 9 ? null : root)[index];
      return el ? [el] : [];
    },
  };
}
