// The lumen-changes selector engine (changes.py): "lumen-changes=<ms>" finds the document's root
// element when the page changed (its DOM, or its history) after <ms> (Date.now() time), else nothing.
// It watches from when Playwright first injects its scripts into the document, which replay does
// before it acts; it reads the page and never writes to it.
// Changes to the focused element (the control just clicked: its focus ring, a ripple inside it) are not the
// page changing.
function changesEngine(config) {
  let last = 0;
  const mark = () => { last = Date.now(); };
  const focused = (node) => {
    const active = document.activeElement;
    return !!active && active !== document.body && (node === active || active.contains(node));
  };
  const observe = (records) => { if (records.some((r) => !focused(r.target))) mark(); };
  try {
    new MutationObserver(observe).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    window.addEventListener('popstate', mark);
    window.addEventListener('hashchange', mark);
  } catch (e) { /* a document that cannot be watched reports no change */ }
  return {
    queryAll(root, body) {
      const element = root && root.nodeType === 9 ? root.documentElement : root;
      return element && last > Number(body) ? [element] : [];
    },
  };
}
