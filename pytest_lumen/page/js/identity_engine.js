// The lumen-identity selector engine (identity.py): a selector body "<scope>:<hash>" keeps the
// element only when the hash of its identifying attributes is <hash>. The scope letters name the
// attributes left out (config.skips); with "t", an element that is not the recorded one throws.
// The attributes read are those hashed: the fingerprinter of each scope reads no other.
// A third part, "<scope>:<hash>:<token>" (a gated fill's or select's query), keeps the element it matched under <token>
// (config.filled, this isolated world's own), with the document's address then, for the lumen-holds engine to
// check its value, and whether the page stayed there, later; at another address, it matches nothing. A fourth part
// (holds.kept_only: a second attempt after a first that may have acted) matches only where an element was kept under
// <token> in this document: the map is the document's, so a page loaded since matches nothing either.
//
// config: {fingerprint, fields, skips, missing, separator, mismatch, filled, kept, section, sectionsJoin, openingMs}, from
// identity.ENGINE_CONFIG.
function identityEngine(config) {
  const byScope = new Map();
  const scoped = (scope) => {
    if (!byScope.has(scope)) {
      const skip = [...scope].flatMap((letter) => config.skips[letter] || []);
      const used = config.fields.filter((k) => !skip.includes(k));
      byScope.set(scope, [used, {...config.fingerprint, fields: used}]);
    }
    return byScope.get(scope);
  };
  // Whether the element may be the one kept under the token: an element found again at another address is not (the
  // action was done, or may have been, where its element was found first; a second attempt, or a read after a timeout,
  // on a page that moved on since must not find the next record's field there).
  const keep = (token, el, again) => {
    const filled = globalThis[config.filled] || (globalThis[config.filled] = new Map());
    const first = filled.get(token);
    if (first ? first.href !== location.href : again) return false;
    filled.delete(token);
    filled.set(token, {field: el, href: location.href});
    if (filled.size > config.kept) filled.delete(filled.keys().next().value);
    return true;
  };
  // A fingerprinter per scope for one evaluation of a selector (Playwright's runs synchronously, then its microtasks):
  // what it keeps (a dialog's title, the page's lists of a tag) serves every candidate of that query, and a dialog
  // whose title a script rewrote since is read anew by the next.
  let readers = null;
  const readerOf = (scope, read) => {
    if (readers === null) {
      readers = new Map();
      queueMicrotask(() => { readers = null; });
    }
    if (!readers.has(scope)) readers.set(scope, fingerprinter(read));
    return readers.get(scope);
  };
  // The section's identity (enclosing.section_key): the innermost name.
  const sectionKey = (within) => within.split(config.sectionsJoin)[0];
  return {
    queryAll(root, body) {
      if (!root || root.nodeType !== 1) return [];
      const [scope, want, token, again] = body.split(':');
      const [used, read] = scoped(scope);
      const f = readerOf(scope, read)(root);
      const key = used.map((k) => (f[k] === null || f[k] === undefined) ? config.missing
        : k === config.section ? sectionKey(f[k]) : String(f[k])).join(config.separator);
      if (cyrb53(key) === want) {
        if (settling(root, config.openingMs)) return [];  // still opening (settling.js): asked again on Playwright's next poll
        return token && !keep(token, root, again) ? [] : [root];
      }
      if (scope.includes('t')) throw new Error(config.mismatch);
      return [];
    },
  };
}
