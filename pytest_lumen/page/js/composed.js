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
