// The names of the containers that hold an element and say what it is about (page/enclosing.py): each named region,
// dialog, form, group, radio group, grid, table, list, tab panel, menu or toolbar around it (its aria-label, the text
// of its aria-labelledby, a fieldset's legend, a table's caption), innermost first. The page's landmarks (main, navigation,
// banner, contentinfo, complementary, search) say where on the page it is, which a redesign rearranges: not what it
// is about. A slotted element is left through its slot, an open shadow root through its host.
function enclosingParent(n) {  // up one level: through the slot a slotted element shows in, a shadow root's host
  return n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
}

const ENCLOSING_ROLES = ['region', 'dialog', 'alertdialog', 'form', 'group', 'radiogroup', 'grid', 'treegrid', 'table',
  'list', 'listbox', 'tabpanel', 'menu', 'toolbar'];
const ENCLOSING_TAGS = ['SECTION', 'FORM', 'DIALOG', 'FIELDSET', 'TABLE', 'UL', 'OL'];

const NAME_CUT = 120;  // the characters of a section's name or a dialog's title kept
const cleanName = (s) => (s || '').replace(/\s+/g, ' ').trim();

// A text cut at ``n`` characters, with a hash of the whole when it is longer: two titles alike in their first
// characters but not after them ("...of every file in it: Apollo?" and "...: all 6 projects?") still differ.
function cut(text, n) {
  return text.length <= n ? text : text.slice(0, n) + ' #' + cyrb53(text);
}

// The text of the elements an attribute of ``n`` points at by id (aria-labelledby, aria-describedby; in its own root: a
// shadow root's ids), as a name or a description reads it: each element's text without what aria-hidden hides
// (shownText); '' for none.
function referencedText(n, attribute) {
  const ids = (n.getAttribute(attribute) || '').split(/\s+/).filter(Boolean);
  const root = n.getRootNode().getElementById ? n.getRootNode() : n.ownerDocument;
  return cleanName(ids.map((id) => root.getElementById(id)).filter(Boolean).map(shownText).join(' '));
}

// A container's name, when it is one that says what its elements are about: its aria-label, the text of its
// aria-labelledby, a fieldset's legend, a table's caption; else ''.
function sectionName(n) {
  if (!ENCLOSING_ROLES.includes((n.getAttribute('role') || '').trim()) && !ENCLOSING_TAGS.includes(n.tagName)) return '';
  const own = n.tagName === 'FIELDSET' ? n.querySelector(':scope > legend') : n.tagName === 'TABLE' ? n.caption : null;
  return cut(cleanName(n.getAttribute('aria-label')) || referencedText(n, 'aria-labelledby')
    || cleanName(own && shownText(own)), NAME_CUT);
}

function enclosingNames(el) {
  const names = [];
  for (let n = enclosingParent(el); n && n.nodeType === 1 && n.tagName !== 'BODY'; n = enclosingParent(n)) {
    const name = sectionName(n);
    if (name) names.push(name);
  }
  return names;
}

// The names of every section of the page (open shadow roots included), for whether one is still named so.
function sectionNames() {
  const selector = ENCLOSING_ROLES.map((r) => `[role=${r}]`).concat(ENCLOSING_TAGS.map((t) => t.toLowerCase())).join(', ');
  return deepAll(selector).map(sectionName).filter(Boolean);
}

// The dialog that holds the element (page/enclosing.py), or null: an ancestor with the role dialog or alertdialog (its
// first role token, as Playwright reads it), or a <dialog>, named or not, unless it declares itself not modal
// (aria-modal="false": a consent card, a chat widget, beside which the page goes on). A slotted element is left
// through its slot, an open shadow root through its host.
function dialogOf(el) {
  for (let n = enclosingParent(el); n && n.nodeType === 1; n = enclosingParent(n)) {
    const role = (n.getAttribute('role') || '').trim().split(/\s+/)[0];
    const dialog = n.tagName === 'DIALOG' || role === 'dialog' || role === 'alertdialog';
    if (dialog && n.getAttribute('aria-modal') !== 'false') return n;
  }
  return null;
}

function inDialog(el) {
  return dialogOf(el) !== null;
}

// The title of a dialog: what its aria-labelledby points at (ARIA's title of a dialog: Ant Design's and Chakra's are
// no heading); else what it shows first, in the order Playwright walks the composed tree (composed.js), the text of
// its controls aside (a close button's "×" before the title): a heading, or the text of the block that holds the
// first text (a title styled on a div, Vuetify's and Bootstrap's without aria-labelledby; a paragraph that asks)
// with the heading right after it (a prefix: an icon font's ligature, a badge, a record's id, a date picker's
// caption over its day); null when it shows no text. Its controls are those whose text is their own label, not every
// focusable element (a dialog's paper may be focusable, its title inside). What is hidden from assistive technology
// (aria-hidden="true": an icon font's ligature, "warning", before or inside the title) is no part of it, as it is no
// part of a name. Cut at NAME_CUT characters, with a hash of the rest.
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role=heading]';  // a dialog's title; the heading before an element too
// A heading's text as a fingerprint keeps it (its ``heading``; ``headings.js``'s outline): its rendered text, whitespace
// collapsed, cut at ``cut`` characters (fingerprint.TEXT_CUT); '' for none.
const headingText = (h, cut) => (h.innerText || '').replace(/\s+/g, ' ').trim().slice(0, cut);
const TITLE_SKIPPED = ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'];
const TITLE_CONTROLS = 'button, a[href], input, select, textarea, [role=button], [role=link], [role=checkbox], ' +
  '[role=switch], [role=tab], [role=menuitem]';

function dialogTitle(dialog) {
  const first = (n) => {  // the title, or undefined (nothing shown here)
    for (const child of composedNodes(n)) {
      if (child.nodeType === Node.TEXT_NODE && child.data.trim()) return textTitle(child);
      if (child.nodeType !== Node.ELEMENT_NODE || TITLE_SKIPPED.includes(child.tagName) || ariaHidden(child)) continue;
      // an element without a box of its own shows its children still (a slot, a display: contents wrapper)
      if (!child.checkVisibility() && getComputedStyle(child).display !== 'contents') continue;
      if (child.matches(HEADINGS)) {
        const text = cleanName(shownText(child));
        if (text) return text;
        continue;
      }
      if (child.matches(TITLE_CONTROLS)) continue;
      const found = first(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  // The text that comes first: the block that holds it (a title styled on a div, a paragraph that asks), its controls'
  // text aside, or, in a block that holds controls too (a list of choices) or directly in the dialog, its line; and the
  // heading right after it, if one follows (an icon font's ligature, a badge, a record's id or a caption before it:
  // "Remove member" over "Ada Lovelace" asks both).
  const textTitle = (text) => {
    let piece = text;  // the text, or its outermost inline element inside the dialog (a <b>, an icon's <i>, a slot)
    for (let up = enclosingParent(text); up && up !== dialog && inline(up); up = enclosingParent(up)) piece = up;
    const block = enclosingParent(piece);
    const whole = block && block !== dialog && !block.querySelector(TITLE_CONTROLS);
    let lead = '';
    if (whole) lead = shownText(block, TITLE_CONTROLS);
    else {
      const inLine = (n) => n.nodeType === Node.TEXT_NODE
        || n.nodeType === Node.ELEMENT_NODE && inline(n) && (n === piece || n.tagName !== 'SLOT');  // a slot: its own
      for (let n = piece; n && inLine(n); n = n.nextSibling) {
        lead += n.nodeType === Node.TEXT_NODE ? n.data : n.matches(TITLE_CONTROLS) ? ' ' : shownText(n, TITLE_CONTROLS);
      }
    }
    const after = whole ? (block.querySelector(HEADINGS) ? null : shownAfter(block)) : shownAfter(piece);
    const heading = after && after.matches(HEADINGS) ? shownText(after) : '';
    return cleanName(lead + ' ' + heading) || null;
  };
  const shownAfter = (n) => {  // the element shown right after ``n``, controls aside; null when text comes first
    for (let next = n.nextSibling; next; next = next.nextSibling) {
      if (next.nodeType === Node.TEXT_NODE && next.data.trim()) return null;
      if (next.nodeType !== Node.ELEMENT_NODE || TITLE_SKIPPED.includes(next.tagName) || ariaHidden(next)) continue;
      if (next.matches(TITLE_CONTROLS) || !next.checkVisibility()) continue;
      return next;
    }
    return null;
  };
  if (!dialog) return null;
  return cut(referencedText(dialog, 'aria-labelledby') || first(dialog) || '', NAME_CUT) || null;
}

// The description of a dialog: what its aria-describedby points at (SweetAlert2's text under its title "Are you
// sure?", Radix's and Headless UI's Description), cut at DESCRIPTION_CUT characters, with a hash of the rest; null for
// none.
const DESCRIPTION_CUT = 300;
function dialogDescription(dialog) {
  return dialog ? cut(referencedText(dialog, 'aria-describedby'), DESCRIPTION_CUT) || null : null;
}

function ariaHidden(el) {
  return el.getAttribute('aria-hidden') === 'true';
}

// An element's text as it is shown (innerText), its parts hidden from assistive technology left out (and, as innerText
// leaves them out, those not shown), read through slots and open shadow roots as Playwright walks them (innerText reads
// neither: Shoelace's dialog labelled by an <h2> holding a <slot>); ``skipped``: a selector of elements whose text is
// left out (a title's controls).
function shownText(el, skipped = null) {
  if (!skipped && el.tagName !== 'SLOT' && !el.shadowRoot && !el.querySelector('[aria-hidden="true"], slot')) {
    return el.innerText || '';
  }
  const shown = (n) => composedNodes(n).map((child) => {
    if (child.nodeType === Node.TEXT_NODE) return child.data;
    if (child.nodeType !== Node.ELEMENT_NODE || ariaHidden(child) || TITLE_SKIPPED.includes(child.tagName)) return '';
    if (skipped && child.matches(skipped)) return ' ';
    if (!child.checkVisibility() && getComputedStyle(child).display !== 'contents') return '';
    if (child.tagName === 'BR') return ' ';
    return inline(child) ? shown(child) : ' ' + shown(child) + ' ';  // blocks apart, as innerText sets them
  }).join('');
  return shown(el);
}

// Whether an element flows in a line of text (a <b>, an icon's <i>, a badge's <span>), not a block of its own.
function inline(el) {
  const display = getComputedStyle(el).display;
  return display.startsWith('inline') || display === 'contents';
}
