// The lumen-changes selector engine (changes.py): "lumen-changes=<ms>" finds the document's root
// element when the page changed (its DOM, or its history) after <ms> (Date.now() time), else nothing.
// It watches from when Playwright first injects its scripts into the document, which replay does
// before it acts; it reads the page and never writes to it.
function changesEngine(config) {
  let last = 0;
  const mark = () => { last = Date.now(); };
  try {
    new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
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
