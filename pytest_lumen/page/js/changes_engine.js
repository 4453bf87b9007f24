// The lumen-changes selector engine (changes.py): "lumen-changes=<ms>" finds the document's root
// element when the page changed (its DOM, in the document or in an open shadow root, or its history) after <ms>
// (Date.now() time), else nothing; "lumen-changes=<ms>+" (what a wait asks) at or after <ms>, or when this
// document was first watched then (a document that came in by a navigation while Playwright waited is a change). It watches from when Playwright first injects its scripts into the document,
// which replay does before it acts; it reads the page and never writes to it. It runs in Playwright's utility
// world, so a page that fakes its clock or its timers (page.clock, a test double) neither misdates nor stalls it.
// Changes to the focused element (the control just clicked: its focus ring, a ripple inside it) are not the
// page changing.
function changesEngine(config) {
  let last = 0;
  const born = Date.now();
  const watched = new WeakSet();
  const mark = () => { last = Date.now(); };
  const focused = (node) => {
    const active = document.activeElement;
    return !!active && active !== document.body && (node === active || active.contains(node));
  };
  let observer = null;
  const watch = (root) => {
    if (watched.has(root)) return;
    watched.add(root);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  // The open shadow roots in a subtree that came in: what a web component renders is watched as the page is.
  const watchShadows = (node) => {
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT);
    for (let e = node.nodeType === 1 ? node : walker.nextNode(); e; e = walker.nextNode()) {
      if (e.shadowRoot) { watch(e.shadowRoot); watchShadows(e.shadowRoot); }
    }
  };
  const observe = (records) => {
    records.forEach((r) => r.addedNodes.forEach(watchShadows));
    if (records.some((r) => !focused(r.target))) mark();
  };
  try {
    observer = new MutationObserver(observe);
    watch(document);
    watchShadows(document);
    window.addEventListener('popstate', mark);
    window.addEventListener('hashchange', mark);
  } catch (e) { /* a document that cannot be watched reports no change */ }
  return {
    queryAll(root, body) {
      const element = root && root.nodeType === 9 ? root.documentElement : root;
      const newer = body.endsWith('+');
      const at = Number(newer ? body.slice(0, -1) : body);
      return element && (newer ? last >= at || born >= at : last > at) ? [element] : [];
    },
  };
}
