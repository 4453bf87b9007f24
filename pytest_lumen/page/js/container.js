// The list an item belongs to (targets.count_target): the nearest ancestor, across shadow roots, that
// matches the container selector, as its index in deepAll(selector); -1 when there is none.
function containerOf(el, selector) {
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  for (let n = up(el); n; n = up(n)) {
    if (n.matches(selector)) return deepAll(selector).indexOf(n);
  }
  return -1;
}
