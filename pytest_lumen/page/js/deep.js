// The elements under root (default: the document) that match a CSS selector, open shadow roots
// included: a host's shadow root first, then the light tree in document order, each shadow root
// found there after it. scan.js, index.js and the lumen-deep engine walk this same order.
function deepAll(selector, root) {
  const out = [];
  const visit = (node) => {
    node.querySelectorAll(selector).forEach((e) => out.push(e));
    node.querySelectorAll('*').forEach((e) => { if (e.shadowRoot) visit(e.shadowRoot); });
  };
  const start = root || document;
  if (start.shadowRoot) visit(start.shadowRoot);
  visit(start);
  return out;
}
