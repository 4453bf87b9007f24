// A two-list "chooser" standing in for a hidden native <select multiple> (heal/chooser.py): Flask-Admin,
// sqladmin and Django-style dual listboxes keep the form's select hidden and show two lists (the options
// available, the options chosen) and the controls that move options between them.

function chooserShown(el) {
  const r = el.getBoundingClientRect();
  const st = getComputedStyle(el);
  return r.width > 1 && r.height > 1 && st.display !== 'none' && st.visibility !== 'hidden';
}

// The chooser around the hidden select `el`, read for the option `label`: the nearest ancestor that holds two
// visible lists or more (select multiple or sized) besides `el`; its lists that hold the label (each time one
// does), and its controls whose name matches `adds` (a submit button never). null: `el` is shown or is no select,
// or no chooser stands in for it. With `parts`, the list and the control to use (null when not one of each).
function chooserAround(el, {label, adds, parts}) {
  if (!(el instanceof HTMLSelectElement) || chooserShown(el)) return null;
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const lists = (root) => Array.from(root.querySelectorAll('select[multiple], select[size]'))
    .filter((s) => s !== el && chooserShown(s));
  let root = null;
  for (let a = el.parentElement; a && a !== document.body && !root; a = a.parentElement) {
    if (lists(a).length >= 2) root = a;
  }
  if (!root) return null;
  const holders = lists(root).flatMap((s) => Array.from(s.options).filter((o) => clean(o.label || o.textContent) === label).map(() => s));
  const name = (b) => clean(b.getAttribute('aria-label') || b.getAttribute('title') || b.innerText || b.value);
  const pattern = new RegExp(adds, 'i');
  const controls = Array.from(root.querySelectorAll('button, input[type=button], [role=button], a[href]'))
    .filter((b) => chooserShown(b) && !(b.type === 'submit' && b.form) && !b.disabled && pattern.test(name(b))
      && !(b instanceof HTMLAnchorElement && !/^(#|javascript:)/i.test(b.getAttribute('href') || '')));
  if (parts) return holders.length === 1 && controls.length === 1 ? [holders[0], controls[0]] : null;
  return { lists: lists(root).length, holders: holders.length, adds: controls.map(name) };
}

// Whether the hidden select now has the option labelled `label` selected.
function chooserChosen(el, label) {
  return Array.from(el.options).some((o) => o.selected && (o.label || o.textContent || '').replace(/\s+/g, ' ').trim() === label);
}
