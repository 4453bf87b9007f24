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

function composedKids(el) {
  return composedNodes(el).filter((n) => n.nodeType === 1);
}
