// The size of the page as Playwright's snapshot walks it (composed.js), elements of a skipped tag aside:
// outline.py plans an observation only for a page of more elements than its budget.
function subtreeSize(el, skip, sizes) {
  let n = 1;
  for (const k of composedKids(el)) if (!skip.has(k.tagName)) n += subtreeSize(k, skip, sizes);
  if (sizes) sizes.set(el, n);
  return n;
}

function pageSize({skip}) {
  return {title: document.title, total: document.body ? subtreeSize(document.body, new Set(skip), null) : 0};
}
