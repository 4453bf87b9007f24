// Whether a checkbox or radio is covered by its own label's styling (a custom control: the input hidden
// under a styled span inside its <label>), so that a click where it is lands on its label (perform.py).
function coveredByOwnLabel(el) {
  const r = el.getBoundingClientRect();
  const root = el.getRootNode();
  const hit = (root.elementFromPoint ? root : document).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  if (!hit || hit === el || !el.labels) return false;
  return Array.from(el.labels).some((label) => label.contains(hit));
}
