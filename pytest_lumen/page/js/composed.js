// The composed tree as Playwright's aria snapshot walks it: a slot's assigned nodes in its place, else an
// element's light children not assigned to a slot, then its open shadow root's children. outline.js
// plans an observation over it and the lumen-path engine finds an element by its path of indices in it.
function composedNodes(el) {
  if (el.tagName === 'SLOT') {
    const assigned = el.assignedNodes();
    if (assigned.length) return assigned;
  }
  const out = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (!c.assignedSlot) out.push(c);
  if (el.shadowRoot) for (let c = el.shadowRoot.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

// The child elements in the composed tree. Only a shadow host's children can be assigned to a slot, so any other
// element's (but a slot's) are its own children: walked without asking each node for its slot (a list of thousands).
function composedKids(el) {
  if (!el.shadowRoot && el.tagName !== 'SLOT') {
    const out = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) out.push(c);
    return out;
  }
  return composedNodes(el).filter((n) => n.nodeType === 1);
}

// composedKids(el)[i], without listing them all when they are the element's own children.
function composedKid(el, i) {
  return el.shadowRoot || el.tagName === 'SLOT' ? composedKids(el)[i] : el.children[i];
}

// A node's parent in the composed tree (composedNodes'): the slot it is assigned to, a shadow root's host, else its own.
function composedParent(n) {
  if (n.assignedSlot) return n.assignedSlot;
  const p = n.parentNode;
  return p && p.nodeType === 11 && p.host ? p.host : p;
}

// Whether ``a`` comes before ``b`` in the composed tree, as composedNodes lists it (where the page shows them, and
// Playwright's aria snapshot reads them); neither holds the other. compareDocumentPosition says this only of two nodes
// of one tree: of a shadow root's node and the page's, its answer is left to chance (the order the two were made in
// memory), and a slotted node is placed where it is written, not where it shows.
function composedBefore(a, b) {
  const chain = (n) => { const out = []; for (; n; n = composedParent(n)) out.push(n); return out.reverse(); };
  const x = chain(a);
  const y = chain(b);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === 0 || i === x.length || i === y.length) return false;  // two documents, or one holds the other
  if (x[i].parentNode === y[i].parentNode) return Boolean(x[i].compareDocumentPosition(y[i]) & Node.DOCUMENT_POSITION_FOLLOWING);
  const kids = composedNodes(x[i - 1]);  // a host's light child and its shadow root's child, or two slots' nodes
  const at = kids.indexOf(x[i]);
  return at >= 0 && at < kids.indexOf(y[i]);
}

// Of the elements deepAllCrossing found under an element's ancestor, those before the element in the composed tree, in
// its order. On a page that shows what it writes where it writes it (no shadow root crossed to find them, none above
// the element, nothing on its way slotted) that is the DOM's order, and the DOM's own comparison decides, as fast as
// before; else composedBefore, and a sort by it.
function composedBeforeIn([nodes, crossed], el) {
  if (!crossed && writtenInPlace(el)) {
    return nodes.filter((n) => n !== el && !n.contains(el) && (n.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
  }
  return nodes.filter((n) => n !== el && composedBefore(n, el))
    .sort((a, b) => (composedBefore(a, b) ? -1 : composedBefore(b, a) ? 1 : 0));
}

// Whether a node's composed parents are its DOM parents: none is in a shadow root or assigned to a slot.
function writtenInPlace(n) {
  for (; n; n = n.parentNode) if (n.assignedSlot || (n.nodeType === 11 && n.host)) return false;
  return true;
}
