// The lumen-holds selector engine (holds.py): a selector body "<token>:<digest>" matches the root it starts from
// (the page's document: its <html>) only when the field a gated fill acted on is still in the page and the keyed
// SHA-256 of its value (what Playwright's inputValue reads: an input, a textarea, a select, or a label's control) is
// <digest>. The lumen-identity engine kept that field under <token> when the fill's own query matched it
// (config.filled, in this isolated world: out of the page's reach). No such field, a field the page replaced, or
// any other value throws (config.mismatch): the action that carried the check fails at once, and replay reads the
// value back. A body of "<token>" alone matches the root only while the document is at the address where the fill
// was done: a router's route change, or a new document, matches nothing.
//
// config: {key, separator, digits, mismatch, filled}, from holds.ENGINE_CONFIG.
function holdsEngine(config) {
  const FIELDS = ['input', 'textarea', 'select'];
  return {
    queryAll(root, body) {
      const [token, want] = body.split(':');
      const filled = globalThis[config.filled];
      const kept = filled ? filled.get(token) : null;
      const rootElement = root.nodeType === 9 ? root.documentElement : root;
      if (want === undefined) return kept && kept.href === location.href ? [rootElement] : [];
      let field = kept ? kept.field : null;
      if (field && !FIELDS.includes(field.localName)) {
        const label = field.closest('label');
        field = label && label.control;
      }
      if (field && field.isConnected && FIELDS.includes(field.localName)
          && sha256(config.key + config.separator + field.value).slice(0, config.digits) === want) {
        return [rootElement];
      }
      throw new Error(config.mismatch);
    },
  };
}
