// The elements under root (default: the document) that match a CSS selector, open shadow roots
// included: a host's shadow root first, then the light tree in document order, each shadow root
// found there after it. scan.js, index.js and the lumen-deep engine walk this same order.
function deepAll(selector, root) {
  return deepAllCrossing(selector, root)[0];
}

// deepAll's elements, and whether it went into a shadow root to find them: where it did not, their order is the DOM's.
function deepAllCrossing(selector, root) {
  const out = [];
  let crossed = false;
  const visit = (node) => {
    node.querySelectorAll(selector).forEach((e) => out.push(e));
    node.querySelectorAll('*').forEach((e) => { if (e.shadowRoot) { crossed = true; visit(e.shadowRoot); } });
  };
  const start = root || document;
  if (start.shadowRoot) {
    crossed = true;
    visit(start.shadowRoot);
  }
  visit(start);
  return [out, crossed];
}

// An element's siblings as written: its parent's other children, a shadow root's when it is one of those (the host's
// children are the page's, slotted into it, not the element's siblings).
function siblingElements(n) {
  return n.parentNode && n.parentNode.children ? Array.from(n.parentNode.children).filter((o) => o !== n) : [];
}

// The nearest of an element and its ancestors that matches a CSS selector, open shadow roots crossed to their hosts (a
// grid component is the table of the rows it draws in its shadow root): closest(), which stops at a shadow root.
function closestAcross(n, selector) {
  for (let e = n; e; e = e.parentElement || (e.parentNode && e.parentNode.host) || null) if (e.matches(selector)) return e;
  return null;
}
