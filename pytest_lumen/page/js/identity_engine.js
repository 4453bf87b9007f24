// The lumen-identity selector engine (identity.py): a selector body "<scope>:<hash>" keeps the
// element only when the hash of its identifying attributes is <hash>. The scope letters name the
// attributes left out (config.skips); with "t", an element that is not the recorded one throws.
//
// config: {fingerprint, fields, skips, missing, separator, mismatch}, from identity.ENGINE_CONFIG.
function identityEngine(config) {
  const fp = fingerprinter(config.fingerprint);
  return {
    queryAll(root, body) {
      if (!root || root.nodeType !== 1) return [];
      const [scope, want] = body.split(':');
      const f = fp(root);
      const skip = [...scope].flatMap((letter) => config.skips[letter] || []);
      const used = config.fields.filter((k) => !skip.includes(k));
      const key = used.map((k) => (f[k] === null || f[k] === undefined) ? config.missing : String(f[k])).join(config.separator);
      if (cyrb53(key) === want) return [root];
      if (scope.includes('t')) throw new Error(config.mismatch);
      return [];
    },
  };
}
