// The lumen-holds selector engine (holds.py): a selector body "<digest>" keeps the field only when
// the keyed SHA-256 of its value (what Playwright's inputValue reads: an input, a textarea, a select,
// or a label's control) is <digest>. Any other value, or an element without one, throws
// (config.mismatch): the action that carried the check fails at once, and replay reads the value back.
//
// config: {key, separator, digits, mismatch}, from holds.ENGINE_CONFIG.
function holdsEngine(config) {
  const FIELDS = ['input', 'textarea', 'select'];
  return {
    queryAll(root, body) {
      if (!root || root.nodeType !== 1) return [];
      let field = root;
      if (!FIELDS.includes(field.localName)) {
        const label = field.closest('label');
        field = label && label.control;
      }
      if (field && FIELDS.includes(field.localName)
          && sha256(config.key + config.separator + field.value).slice(0, config.digits) === body) return [root];
      throw new Error(config.mismatch);
    },
  };
}
