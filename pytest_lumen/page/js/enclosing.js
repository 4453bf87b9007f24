// The names of the containers that hold an element and say what it is about (page/enclosing.py): each named landmark,
// region, dialog, form, group, grid, table or list around it (its aria-label, the text of its aria-labelledby, a
// fieldset's legend, a table's caption), innermost first. Open shadow roots are left through their hosts.
function enclosingNames(el) {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const roles = ['region', 'dialog', 'alertdialog', 'form', 'group', 'grid', 'treegrid', 'table', 'list', 'listbox',
    'navigation', 'complementary', 'main', 'banner', 'contentinfo', 'search', 'tabpanel', 'menu', 'toolbar'];
  const tags = ['SECTION', 'FORM', 'DIALOG', 'FIELDSET', 'TABLE', 'NAV', 'ASIDE', 'MAIN', 'UL', 'OL'];
  const nameOf = (n) => {
    const ids = (n.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    const root = n.getRootNode().getElementById ? n.getRootNode() : n.ownerDocument;  // a shadow root's own ids
    const labelled = ids.map((id) => root.getElementById(id)).filter(Boolean).map((l) => l.innerText).join(' ');
    const own = n.tagName === 'FIELDSET' ? n.querySelector(':scope > legend') : n.tagName === 'TABLE' ? n.caption : null;
    return clean(n.getAttribute('aria-label')) || clean(labelled) || clean(own && own.innerText);
  };
  const names = [];
  for (let n = up(el); n && n.nodeType === 1 && n.tagName !== 'BODY'; n = up(n)) {
    if (!roles.includes((n.getAttribute('role') || '').trim()) && !tags.includes(n.tagName)) continue;
    const name = nameOf(n);
    if (name) names.push(name.slice(0, 120));
  }
  return names;
}

// Whether a dialog holds the element (page/enclosing.py): an ancestor with the role dialog or alertdialog, or a
// <dialog>, named or not; open shadow roots are left through their hosts.
function inDialog(el) {
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  for (let n = up(el); n && n.nodeType === 1; n = up(n)) {
    if (n.tagName === 'DIALOG' || ['dialog', 'alertdialog'].includes((n.getAttribute('role') || '').trim())) return true;
  }
  return false;
}
