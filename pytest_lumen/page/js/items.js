// The repeated item an element is in or is (a row among rows, a list item among list items, an article
// among articles) and the texts in it that could identify it, for page/items.py to choose from: a row's
// cells (a cell that is one link says so, and each the header of its column: columnsOf), else the item's links,
// headings and leaf texts. Each says whether a sibling item holds the same text (then it identifies nothing). null:
// in no repeated item.
// An item no role names is found by its structure (structural) and said by CSS selectors (selectorsOf).
//
// config.roles: the item roles; config.implicit: tag -> role for elements without a role attribute;
// config.depth: how far up from the element an item is looked for; config.longest: longer texts are no keys.
function itemKeys(el, config) {
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const roleOf = (n) => {
    const own = (n.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (own) return own;
    const t = n.tagName.toLowerCase();
    if (t === 'li' && !(n.parentElement && n.parentElement.matches('ul, ol, menu'))) return null;
    if (t === 'td') return n.closest('[role=grid], [role=treegrid]') ? 'gridcell' : 'cell';
    return config.implicit[t] || null;
  };
  const shown = (n) => !!(n.offsetWidth || n.offsetHeight || n.getClientRects().length);
  const siblingsOf = (n) => {
    const role = roleOf(n);
    return siblingElements(n).filter((o) => o.tagName === n.tagName && roleOf(o) === role && shown(o));
  };
  let item = null, siblings = [];
  for (let n = el, d = 0; n && d < config.depth && n.tagName !== 'BODY'; n = up(n), d++) {
    if (!config.roles.includes(roleOf(n))) continue;
    const others = siblingsOf(n);
    if (others.length) { item = n; siblings = others; break; }
  }
  if (!item) [item, siblings] = structural(el, config, up, shown);
  if (!item) return null;
  const inControl = (n, root) => {
    for (let p = n; p && p !== root; p = up(p)) {
      if (p.matches('button, select, textarea, input, [role=button], [role=checkbox], [role=switch]')) return true;
    }
    return false;
  };
  const keysOf = (it) => {
    const out = [];
    if (roleOf(it) === 'row') {
      // its cells, wherever a framework wraps them (a div around an ARIA grid's gridcells); else its children
      const cells = Array.from(it.querySelectorAll('td, th, [role=cell], [role=gridcell], [role=rowheader]'))
        .filter((c) => c.closest('tr, [role=row]') === it);
      const headers = cells.length ? columnsOf(cells) : [];
      (cells.length ? cells : Array.from(it.children)).forEach((cell, column) => {
        const text = clean(cell.innerText);
        if (!text || text.length > config.longest) return;
        const links = Array.from(cell.querySelectorAll('a[href]')).filter((a) => clean(a.innerText) === text);
        out.push({kind: links.length === 1 ? 'link' : 'cell', text, role: roleOf(cell), column, header: headers[column] || null});
      });
      return out;
    }
    let column = 0;
    it.querySelectorAll('*').forEach((n) => {
      if (!shown(n) || inControl(n, it)) return;
      const text = clean(n.innerText);
      if (!text || text.length > config.longest) return;
      const heading = /^H[1-6]$/.test(n.tagName) || n.getAttribute('role') === 'heading';
      const link = n.matches('a[href]');
      const leaf = n.children.length === 0 && !n.closest('a[href], h1, h2, h3, h4, h5, h6, [role=heading]');
      if (heading || link || leaf) out.push({kind: heading ? 'heading' : link ? 'link' : 'text', text, role: null, column: column++});
    });
    return out;
  };
  const others = new Set();
  siblings.slice(0, config.siblings).forEach((o) => keysOf(o).forEach((k) => others.add(k.text)));
  const own = (k) => !(item !== el && k.text === clean(el.innerText));
  return {
    role: roleOf(item), self: item === el, siblings: siblings.length, selectors: selectorsOf(item, up),
    keys: keysOf(item).filter(own).map((k) => ({...k, unique: !others.has(k.text)})),
  };
}

// An item no role names: the nearest element around el that has config.least - 1 or more shown siblings of its tag
// and classes (a CSS grid of cards, as Bootstrap and Tailwind render them), each holding exactly one heading, or each
// exactly one link: one title per item, as a list of records has. [item, siblings], or [null, []].
function structural(el, config, up, shown) {
  const signature = (n) => n.tagName + '|' + Array.from(n.classList).sort().join(' ');
  const titles = ['h1, h2, h3, h4, h5, h6, [role=heading]', 'a[href]'];
  for (let n = el, d = 0; n && d < config.depth && !['BODY', 'MAIN', 'HTML'].includes(n.tagName); n = up(n), d++) {
    if (!up(n)) break;
    const others = siblingElements(n).filter((o) => signature(o) === signature(n) && shown(o));
    if (others.length + 1 < config.least) continue;
    const all = [n, ...others];
    if (titles.some((sel) => all.every((o) => o.querySelectorAll(sel).length === 1))) return [n, others];
  }
  return [null, []];
}

// CSS selectors that find an item among its siblings, steadiest first: a child of its parent (by the parent's
// classes that read as words), then with its own such classes. Generated class names (css-1x2y3z) are left out.
function selectorsOf(item, up) {
  const wordy = (n) => Array.from(n.classList).filter((c) => /^[a-z]+(?:[-_]+[a-z]+)*$/.test(c)).sort();
  const css = (n, classes) => n.tagName.toLowerCase() + classes.map((c) => '.' + CSS.escape(c)).join('');
  const parent = up(item);
  if (!parent || !parent.tagName) return [];
  const outer = css(parent, wordy(parent)), own = css(item, wordy(item));
  return [...new Set([outer + ' > ' + item.tagName.toLowerCase(), outer + ' > ' + own, own])];
}
