// Collapsed ARIA disclosures (heal/disclosures.py): a control that declares aria-expanded="false" and shows or
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

// The collapsed control that declares it controls a region holding `el` (in the page, not shown): its aria-controls
// names the region. Outermost first: an inner control is not shown while its outer one is closed. null: no control
// declares it (the nearest collapsed control is never taken for it: it may show or do anything).
function hidingDisclosure(el) {
  const controls = collapsedDisclosures().filter((c) => !c.contains(el));
  const named = controls.filter((c) => (c.getAttribute('aria-controls') || '').split(/\s+/).filter(Boolean)
    .some((id) => { const region = document.getElementById(id); return region && region.contains(el); }));
  return named.length ? named[0] : null;
}

// Whether a control clicked to open is open now: it says so, or its page rendered it anew in its expanded form.
function disclosureOpened(c) {
  return !c.isConnected || c.getAttribute('aria-expanded') !== 'false';
}
