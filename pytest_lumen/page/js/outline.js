// The plan of an observation (page/outline.py). A page of at most config.budget elements is snapshotted
// whole. A larger one is planned over the composed tree (composed.js): a subtree within the budget is a
// piece, snapshotted on its own; a larger element with more children than config.shown is a list, of
// which only some items are planned (the first config.first, those in the viewport or holding the focus,
// or, when config.view names the list, the ones asked for) and the rest counted; any other larger element
// is a container, whose line and text are given here and whose children are planned in turn. When the
// pieces hold more than config.total elements, the largest ones out of view (and not asked for) are left
// out, each as one line: {t:'hidden', path, line, size, depth}.
// Entries, in document order: {t:'piece', path, depth}, {t:'text', text, depth}, {t:'open', line, depth},
// {t:'list', path, line, total, kind, shown, matched, depth}, {t:'gap', from, to, kind, path, depth}.
function outline(config) {
  const skip = new Set(config.skip);
  const size = new Map();
  const body = document.body;
  const total = body ? subtreeSize(body, skip, size) : 0;
  const out = {title: document.title, total, whole: total <= config.budget, entries: []};
  if (out.whole) return out;

  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  let focus = document.activeElement;
  while (focus && focus.shadowRoot && focus.shadowRoot.activeElement) focus = focus.shadowRoot.activeElement;
  const focusPath = new Set();
  for (let n = focus; n && n !== body; n = up(n)) focusPath.add(n);
  const displayed = (el) => getComputedStyle(el).display !== 'none';
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return (r.width > 0 || r.height > 0) && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const roleOf = (el) => (el.getAttribute('role') || '').trim().split(/\s+/)[0] || config.roles[el.tagName] || '';
  const nameOf = (el) => {
    const ids = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    const byId = ids.map((id) => (el.getRootNode().getElementById?.(id) || document.getElementById(id) || {}).textContent || '');
    return (el.getAttribute('aria-label') || byId.join(' ')).replace(/\s+/g, ' ').trim();
  };
  const lineOf = (el) => {
    const role = roleOf(el), name = nameOf(el);
    if (!role || config.roleless.includes(role)) return name ? `group ${JSON.stringify(name)}` : '';
    if (config.namedOnly.includes(role) && !name) return '';
    return name ? `${role} ${JSON.stringify(name)}` : role;
  };
  const join = (path, i) => (path ? path + '/' + i : String(i));

  const plan = (el, path, depth) => {
    if (size.get(el) <= config.budget) {
      return void out.entries.push({t: 'piece', path, depth, size: size.get(el), line: lineOf(el) || el.localName,
                                    seen: inView(el) || focusPath.has(el) || (config.view && config.view.path === path)});
    }
    const kids = composedKids(el).filter((k) => !skip.has(k.tagName));
    if (kids.length > config.shown) return list(el, path, depth);
    const line = lineOf(el);
    if (line) out.entries.push({t: 'open', line, depth});
    const inner = line ? depth + 1 : depth;
    let i = -1;
    for (const node of composedNodes(el)) {
      if (node.nodeType === 3) {
        const text = node.nodeValue.replace(/\s+/g, ' ').trim();
        if (text) out.entries.push({t: 'text', text, depth: inner});
        continue;
      }
      if (node.nodeType !== 1) continue;
      i += 1;
      if (!skip.has(node.tagName) && displayed(node)) plan(node, join(path, i), inner);
    }
  };

  const choose = (items, view) => {
    if (view) {
      const needle = (view.containing || '').toLowerCase();
      const from = Math.max(0, (view.start || 1) - 1);
      const hits = items.map((_, n) => n).filter((n) => n >= from &&
        (!needle || (items[n][1].textContent || '').toLowerCase().includes(needle)));
      return {picked: hits.slice(0, config.shown), matched: hits.length};
    }
    const picked = new Set();
    const add = (n) => { if (picked.size < config.shown) picked.add(n); };
    for (let n = 0; n < Math.min(config.first, items.length); n++) add(n);
    items.forEach(([, el], n) => { if (focusPath.has(el)) add(n); });
    items.forEach(([, el], n) => { if (inView(el)) add(n); });
    return {picked: [...picked].sort((a, b) => a - b), matched: null};
  };

  const list = (el, path, depth) => {
    const items = [];
    composedKids(el).forEach((k, i) => { if (!skip.has(k.tagName) && displayed(k)) items.push([i, k]); });
    const view = config.view && config.view.path === path ? config.view : null;
    const {picked, matched} = choose(items, view);
    const first = items.length ? roleOf(items[0][1]) : '';
    const kind = config.plurals[first] || 'items';
    out.entries.push({t: 'list', path, line: lineOf(el) || 'list', total: items.length, kind,
                      shown: picked.length, matched, depth});
    let next = 0;
    for (const n of picked) {
      if (n > next) out.entries.push({t: 'gap', from: next + 1, to: n, kind, path, depth: depth + 1});
      plan(items[n][1], join(path, items[n][0]), depth + 1);
      next = n + 1;
    }
    if (next < items.length) out.entries.push({t: 'gap', from: next + 1, to: items.length, kind, path, depth: depth + 1});
  };

  plan(body, '', 0);
  const pieces = out.entries.filter((e) => e.t === 'piece');
  let sum = pieces.reduce((n, e) => n + e.size, 0);
  for (const e of pieces.filter((p) => !p.seen).sort((a, b) => b.size - a.size)) {
    if (sum <= config.total) break;
    e.t = 'hidden';
    sum -= e.size;
  }
  return out;
}
