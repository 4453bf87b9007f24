// The size of a subtree as Playwright's snapshot walks it (composed.js), elements of a skipped tag aside, each
// element's own kept in sizes: outline.js plans an observation only for a page of more elements than its budget.
function subtreeSize(el, skip, sizes) {
  let n = 1;
  for (const k of composedKids(el)) if (!skip.has(k.tagName)) n += subtreeSize(k, skip, sizes);
  sizes.set(el, n);
  return n;
}
