// Collapsed ARIA disclosures (replay/disclosures.py): a control that declares aria-expanded="false" and shows or
// hides a region when clicked (a button, a summary-like control, a same-page fragment link). Never one that
// declares a navigation (a link elsewhere), a form submit (a submit button, formaction) or a popup (a menu, a
// listbox: aria-haspopup, a combobox, a Bootstrap dropdown toggle), and never one that is hidden or disabled.

function disclosureIsSafe(c) {
  if (c.getAttribute('aria-expanded') !== 'false') return false;
  const role = (c.getAttribute('role') || '').trim();
  const haspopup = (c.getAttribute('aria-haspopup') || 'false').trim();
  if (haspopup !== 'false' || ['combobox', 'menuitem', 'tab', 'option', 'switch', 'checkbox'].includes(role)) return false;
  // A Bootstrap dropdown's toggle declares its menu by its data API, not by aria-haspopup: a popup too.
  if (['data-bs-toggle', 'data-toggle'].some((a) => c.getAttribute(a) === 'dropdown')) return false;
  if (c.disabled || c.getAttribute('aria-disabled') === 'true' || c.hasAttribute('formaction')) return false;
  if (c instanceof HTMLInputElement) return false;  // an input button submits, resets or picks: no disclosure
  if (c instanceof HTMLButtonElement) return c.type !== 'submit' || !c.form;
  if (c instanceof HTMLAnchorElement && c.hasAttribute('href')) {
    const href = c.getAttribute('href').trim();
    return href === '' || href.startsWith('#') || /^javascript:/i.test(href);
  }
  return c.tagName === 'SUMMARY' || role === 'button';
}

function disclosureIsShown(c) {
  const r = c.getBoundingClientRect();
  const st = getComputedStyle(c);
  return r.width > 1 && r.height > 1 && st.visibility !== 'hidden' && !c.closest('[aria-hidden=true], [inert]');
}

// The collapsed controls a person can open now, in document order.
function collapsedDisclosures() {
  return Array.from(document.querySelectorAll('[aria-expanded=false]')).filter((c) => disclosureIsSafe(c) && disclosureIsShown(c));
}

function disclosureName(c) {
  const own = (c.getAttribute('aria-label') || c.innerText || c.textContent || '').replace(/\s+/g, ' ').trim();
  return own.slice(0, 60);
}

// The collapsed control that hides `el` (in the page, not shown): the one whose aria-controls names a region
// holding it; else the nearest, by the first ancestor of `el` that holds collapsed controls, when it holds one
// alone. null: none, or more than one as near.
function hidingDisclosure(el) {
  const controls = collapsedDisclosures().filter((c) => !c.contains(el));
  const named = controls.filter((c) => (c.getAttribute('aria-controls') || '').split(/\s+/).filter(Boolean)
    .some((id) => { const region = document.getElementById(id); return region && region.contains(el); }));
  if (named.length) return named[0];  // outermost first: an inner control is not shown while its outer one is closed
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const near = controls.filter((c) => a.contains(c));
    if (near.length) return near.length === 1 ? near[0] : null;
  }
  return null;
}

// The collapsed control at a recorded place, for an element that is not in the page at all (a release that
// renders a section's content only once it is opened): among the collapsed controls of the section the place
// falls in now (from the last heading above it to the next heading), the one nearest the place; none when the
// section's heading is not the recorded one (when one was recorded), or when two are as near. `before`: the
// controls that were collapsed before the last one was opened (a nested control must be one that appeared).
function disclosureAtPlace({box, heading, before}) {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const top = (n) => n.getBoundingClientRect().top + window.scrollY;
  const headings = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).filter(disclosureIsShown);
  const above = headings.filter((h) => top(h) <= cy);
  const start = above.length ? above[above.length - 1] : null;
  if (heading && (!start || clean(start.innerText).slice(0, 80) !== clean(heading))) return null;
  const next = start ? headings.find((h) => start.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING
    && !start.contains(h)) : headings[0];
  const inSection = (c) => (!start || (start.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING))
    && (!next || (c.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING));
  const seen = before ? new Set(before) : null;
  const controls = collapsedDisclosures().filter((c) => inSection(c) && !(seen && seen.has(c)));
  const distance = (c) => {
    const r = c.getBoundingClientRect();
    return Math.hypot(r.left + window.scrollX + r.width / 2 - cx, r.top + window.scrollY + r.height / 2 - cy);
  };
  const ranked = controls.map((c) => [distance(c), c]).sort((a, b) => a[0] - b[0]);
  if (!ranked.length || (ranked.length > 1 && ranked[1][0] === ranked[0][0])) return null;
  return ranked[0][1];
}

// Whether a control clicked to open is open now: it says so, or its page rendered it anew in its expanded form.
function disclosureOpened(c) {
  return !c.isConnected || c.getAttribute('aria-expanded') !== 'false';
}
