// Overlays in the way (heal/overlays.py). overlayInWay(el): the container of whatever a click at the element's centre
// reaches instead of it (scrolled there first, as Playwright does) that covers the page: a dialog, an alert dialog, a
// <dialog>, or an element fixed or sticky on the screen (a banner, a drawer); null when nothing is in the way.
function overlayInWay(el) {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return null;
  for (let n = hit; n && n.tagName !== 'BODY' && n.tagName !== 'HTML'; n = n.parentElement) {
    const role = (n.getAttribute('role') || '').trim();
    const position = getComputedStyle(n).position;
    if (n.tagName === 'DIALOG' || role === 'dialog' || role === 'alertdialog' || position === 'fixed'
        || position === 'sticky') return n;
  }
  return null;
}

// The one control of an overlay that dismisses it and does nothing else: a shown button whose name (its aria-label,
// else its text) matches `pattern`, or, for an icon control (the text it reads no word: an icon, a "×"), is "Close" and
// words of the overlay's own name (`named`: an icon labelled "Close cart" in "Your cart"), that is the overlay's own
// (not inside a row, a list item or an option of it: a cart drawer's "×" per line removes that line). A button that
// shows "Close" and more words says an action ("Close ticket" in "Ticket 4521", "Close position"): never one. null: none.
function harmlessControl(overlay, {pattern, flags, named}) {
  const plain = new RegExp(pattern, flags);
  const words = (s) => (s.toLowerCase().match(/[a-z0-9]+/g) || []);
  const closes = (name) => { const w = words(name); return w.length > 1 && w[0] === 'close' && w.slice(1).every((x) => named.includes(x)); };
  const icon = (c) => !/[\p{L}\p{N}]/u.test(readText(c) + (c.value || ''));  // readText: widgets.js (no aria-hidden icon font)
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const wanted = (c) => { const name = clean(c.getAttribute('aria-label') || c.innerText || c.value);
    return plain.test(name) || (icon(c) && closes(name)); };
  const items = 'tr, li, [role=row], [role=listitem], [role=option], [role=gridcell], [role=cell], [role=treeitem]';
  const shown = (c) => { const b = c.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const found = Array.from(overlay.querySelectorAll('button, [role=button], input[type=button]')).filter((c) => {
    const inItem = c.closest(items);
    return shown(c) && !(inItem && overlay.contains(inItem) && inItem !== overlay) && wanted(c);
  });
  return found.length ? found[0] : null;
}
