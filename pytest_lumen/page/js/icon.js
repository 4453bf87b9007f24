// The icon a control shows (page/icons.py): what tells one control without words from another, and a control
// whose words went from the one that kept its icon. ``shown``: the element's text as the fingerprint reads it.
// The sorted tokens of what it shows, or null when it shows no icon:
//   the classes of the elements inside it that show no text (an icon font's <i class="fa fa-trash">; tokens with a
//   capital letter, as CSS-in-JS generates them, are left out); what such an element declares (data-icon,
//   data-testid: Font Awesome's and MUI's SVGs; a custom element's name, icon or src: <sl-icon name="trash">); an
//   SVG sprite's symbol (<use href="icons.svg#trash">); an image's file ("trash" of /img/trash.3f2a.svg); an inline
//   SVG's shape (a hash of its paths); the glyph a control without words shows as text ("×", "⋮"), and those its
//   own ::before and ::after show (an icon font set on the control itself, TodoMVC's "×").
function iconOf(el, shown) {
  const worded = (text) => /[\p{L}\p{N}]/u.test(text || '');
  const tokens = new Set();
  const add = (kind, value) => { if (value) tokens.add(kind + value); };
  if (!worded(shown)) add('text:', (shown || '').replace(/\s+/g, ''));
  for (const pseudo of ['::before', '::after']) {
    const content = getComputedStyle(el, pseudo).content;
    if (content && content !== 'none' && content !== 'normal') add('glyph:', content.replace(/^["']|["']$/g, ''));
  }
  const stem = (url) => (url || '').split(/[?#]/)[0].split('/').pop().split('.')[0];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(), seen = 0; n && seen < 24; n = walker.nextNode(), seen++) {
    const tag = n.tagName.toLowerCase();
    if (tag !== 'img' && worded(n.textContent)) continue;  // a text element: its words are the name's
    for (const c of (n.getAttribute('class') || '').split(/\s+/)) if (c && c === c.toLowerCase()) add('', c);
    add('icon:', n.getAttribute('data-icon'));
    add('icon:', n.getAttribute('data-testid'));
    if (tag.includes('-')) ['name', 'icon', 'src'].forEach((a) => add('icon:', n.getAttribute(a)));
    if (tag === 'use') add('use:', (n.getAttribute('href') || n.getAttribute('xlink:href') || '').split('#').pop());
    if (tag === 'img') add('img:', stem(n.getAttribute('src')));
    if (tag === 'svg') {
      const shape = [...n.querySelectorAll('path, polygon, polyline, circle, ellipse, rect, line')]
        .map((p) => p.tagName + (p.getAttribute('d') || p.getAttribute('points') || '')).join('|');
      if (shape) add('shape:', cyrb53(shape));
    }
  }
  return tokens.size ? [...tokens].sort().join(' ') : null;
}
