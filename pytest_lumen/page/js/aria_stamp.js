// The lumen-aria selector engine (aria.py), registered as a content script: it runs in Playwright's
// utility world, where page.aria_snapshot(mode="ai") leaves each element of the snapshot its role and
// accessible name as Playwright computed them (element._ariaRef). The query body lists the refs of
// the newest snapshot; the engine hands each such element's role and name to the page's world with a
// synchronous event (aria_listen.js keeps them), and matches those elements.
function ariaStampEngine(config) {
  return {
    queryAll(root, body) {
      // "self <ref>": the root itself, when it is the snapshot's element <ref> (aria.of_element)
      if (body.startsWith('self ')) return (root._ariaRef && root._ariaRef.ref === body.slice(5)) ? [root] : [];
      const wanted = new Set(body.split(' '));
      const out = [];
      const visit = (node) => {
        for (let n = node.firstElementChild; n; n = n.nextElementSibling) {
          const ref = n._ariaRef;
          if (ref && wanted.has(ref.ref)) {
            n.dispatchEvent(new CustomEvent(config.event, {
              detail: ref.role + config.separator + (ref.name || ''), bubbles: true, composed: true}));
            out.push(n);
          }
          if (n.shadowRoot) visit(n.shadowRoot);
          visit(n);
        }
      };
      visit(root);
      return out;
    },
  };
}
