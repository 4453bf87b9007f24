// How many other visible elements of the selector share the element's tag, role and accessible name
// (fingerprint.count_look_alikes); the element's own role and name come from Python (Playwright's).
function lookAlikes(el, {config, selector, role, name, text}) {
  const fp = fingerprinter({ ...config, fields: ['tag', 'role', 'name', 'text'] });  // what a look-alike shares
  let n = 0;
  deepAll(selector).forEach((other) => {
    if (other === el || other.tagName !== el.tagName) return;
    const r = other.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const f = fp(other);
    // what an element says is its name, else its text (a row, a clickable div): look-alikes say the same
    if (f.role === role && (f.name || f.text) === (name || text)) n++;
  });
  return n;
}
