// What an element is, as the cache keeps it (the Fingerprint model of cache/model.py).
// Role and name approximate the accessibility tree, good enough to compare.
//
// config.fields: the fingerprint fields to read, in the model's order (fingerprint.PAGE_FIELDS);
// config.nameFromContent: the roles whose accessible name falls back to their text
// (fingerprint.NAME_FROM_CONTENT_ROLES). Both come from Python.
function fingerprinter(config) {
  const clean = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n || 120) || null;
  // The parent, crossing out of an open shadow root to its host.
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const implicitRole = (el) => {
    const t = el.tagName.toLowerCase(), type = (el.getAttribute('type') || '').toLowerCase();
    if (t === 'a') return el.hasAttribute('href') ? 'link' : null;
    if (t === 'button' || (t === 'input' && ['button','submit','reset','image'].includes(type))) return 'button';
    if (t === 'input') {
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'number') return 'spinbutton';
      if (type === 'range') return 'slider';
      if (type === 'search') return 'searchbox';
      if (type === 'hidden') return null;
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (t === 'textarea') return 'textbox';
    if (t === 'select') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (t === 'option') return 'option';
    if (/^h[1-6]$/.test(t)) return 'heading';
    if (t === 'img') return 'img';
    if (t === 'summary') return 'button';
    if (t === 'dialog') return 'dialog';
    if (t === 'nav') return 'navigation';
    if (t === 'main') return 'main';
    if (t === 'aside') return 'complementary';
    if (t === 'header' || t === 'footer') {
      if (el.parentElement && el.parentElement.closest('article, aside, main, nav, section')) return null;
      return t === 'header' ? 'banner' : 'contentinfo';
    }
    const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
    if (t === 'form') return named ? 'form' : null;
    if (t === 'section') return named ? 'region' : null;
    return null;
  };
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean(Array.from(el.labels).map(l => l.innerText).join(' '));
    const by = el.getAttribute('aria-labelledby');
    const root = el.getRootNode();
    if (by && root.getElementById) return clean(by.split(/\s+/).map(id => { const n = root.getElementById(id); return n ? n.innerText : ''; }).join(' '));
    return null;
  };
  // A CSS path of at most five steps; inside an open shadow root, the host's path, then ">>" (Playwright
  // queries the rest inside the host, its shadow root included).
  const cssPath = (el) => {
    const parts = [];
    let n = el;
    for (; n && n.nodeType === 1 && parts.length < 5; n = n.parentElement) {
      const t = n.tagName.toLowerCase();
      if (n.id && /^[A-Za-z][\w-]*$/.test(n.id)) { parts.unshift(t + '#' + n.id); n = null; break; }
      let i = 1; for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
      parts.unshift(t + ':nth-of-type(' + i + ')');
      if (t === 'body') { n = null; break; }
    }
    const own = parts.join(' > ');
    const host = n === null && el.getRootNode().host;
    return host ? cssPath(host) + ' >> ' + own : own;
  };
  // The text around the element: that of the nearest ancestor with more text than the element's
  // own; when that holds no word but the element's own label (a price next to a button, "− Quantity +"
  // around a field labelled Quantity), that of a further ancestor.
  const letterWords = (s) => (s || '').toLowerCase().match(/\p{L}+/gu) || [];
  // Never past a control's item, though: an ancestor that holds another control of its kind (the list
  // around a row's checkbox) would give every row the same context.
  const kindKey = (e) => e.tagName + ':' + (e.getAttribute('type') || '');
  // A radio's group is one control, its radios its choices (one name in one form; one radio group): the others are
  // no other control and no other item, their labels are the group's words, and the radio's context is the text
  // around the group (the question it answers, "Do you smoke?"), not its own label.
  const groupOf = (el) => {
    if (el.tagName === 'INPUT' && el.type === 'radio' && el.name) {  // its form's own list, else its name's radios
      const named = el.form ? el.form.elements.namedItem(el.name)
        : el.getRootNode().querySelectorAll('input[type=radio][name="' + CSS.escape(el.name) + '"]');
      return new Set(Array.from(named instanceof Element ? [named] : named || [el])
        .filter((o) => o.type === 'radio' && o.form === el.form));
    }
    const group = el.getAttribute('role') === 'radio' && el.closest('[role=radiogroup]');
    return new Set(group ? Array.from(group.querySelectorAll('[role=radio]')) : [el]);
  };
  const holdsAnother = (n, el, group) => {
    if (!el.matches(config.interactive)) return false;
    const kind = kindKey(el);
    return deepAll(el.tagName.toLowerCase(), n).some((o) => !group.has(o) && kindKey(o) === kind);
  };
  // The element's item in a repeated structure (a row among rows, a card among cards): an ancestor
  // with a sibling of its tag that holds a control of the element's kind too (another row's "Remove").
  // The item's text is the element's context, whatever other controls it holds (a row's "−", "+"),
  // and the context never goes past it.
  const isItem = (n, el, group) => {
    if (!el.matches(config.interactive)) return false;
    const kind = kindKey(el), tag = el.tagName.toLowerCase();
    return siblingElements(n).some((o) => o.tagName === n.tagName
      && deepAll(tag, o).some((c) => kindKey(c) === kind && !group.has(c)));
  };
  // A link to its own site is kept from its path on (origin-relative), as a relative one is written: replayed
  // on another port or host, the same link reads the same. One to another site, or written relative, as written.
  const hrefOf = (el) => {
    const raw = el.getAttribute('href');
    if (raw === null || !/^([a-z][a-z0-9+.-]*:)?\/\//i.test(raw.trim())) return raw;
    try {
      const url = new URL(raw.trim(), el.ownerDocument.baseURI);
      return url.origin === new URL(el.ownerDocument.baseURI).origin ? url.pathname + url.search + url.hash : raw;
    } catch (e) {
      return raw;
    }
  };
  // Where a form's submit button sends its form, and how, as declared (formaction, else the form's action; its own
  // site's address origin-relative, as hrefOf writes it): [action, method], or [null, null] for any other element.
  const submitsTo = (el) => {
    const type = (el.getAttribute('type') || '').toLowerCase();
    const submitter = (el.tagName === 'BUTTON' && (type === '' || type === 'submit'))
      || (el.tagName === 'INPUT' && (type === 'submit' || type === 'image'));
    if (!submitter || !el.form) return [null, null];
    const raw = el.getAttribute('formaction') || el.form.getAttribute('action');
    const method = (el.getAttribute('formmethod') || el.form.getAttribute('method') || 'get').toLowerCase();
    if (raw === null || raw.trim() === '') return [null, method];
    try {
      const url = new URL(raw.trim(), el.ownerDocument.baseURI);
      const own = url.origin === new URL(el.ownerDocument.baseURI).origin;
      return [own ? url.pathname + url.search : url.href, method];
    } catch (e) {
      return [raw, method];
    }
  };
  const contextOf = (el) => {
    const own = (el.innerText || '').trim().length;
    const group = groupOf(el);
    const labels = Array.from(group).flatMap((o) => [labelOf(o), clean(o.getAttribute('aria-label')),
      o === el ? null : clean(o.innerText)]).filter((l) => l);
    const labelled = new Set(letterWords(labels.join(' ')));
    // the words of a text beyond the labels' (labels run together, "YesNo", are taken out whole first)
    const beyond = (text) => letterWords(labels.reduce((rest, l) => rest.split(l).join(' '), text))
      .some((w) => !labelled.has(w));
    let found = null;
    for (let n = up(el), d = 0; n && d < 6; n = up(n), d++) {
      const item = isItem(n, el, group);
      const t = (n.innerText || '').trim();
      if (!item && t.length > own + 2 && holdsAnother(n, el, group)) break;  // another control's words: not its context
      if (t.length <= own + 2) { if (item || (d >= 3 && !found)) break; continue; }
      found = clean(t.replace(el.innerText || '', ' '), config.textCut);
      if (item || !found || beyond(found)) break;
    }
    return found;
  };
  // Playwright's role and name, as aria.py handed them to this world after a snapshot (config.stamped);
  // an element the snapshot did not show, or whose role names nothing, has neither.
  const stamped = (el) => {
    const s = window[config.store] && window[config.store].get(el);
    if (!s) return [null, null];
    const [role, name] = s.split(config.separator);
    return config.roleless.includes(role) ? [null, null] : [role, name || null];
  };
  // What activating it pops up, as it declares (aria-haspopup; "false" and none: nothing).
  const popupOf = (el) => {
    const v = (el.getAttribute('aria-haspopup') || '').trim().toLowerCase();
    return v && v !== 'false' ? v : null;
  };
  // Class tokens that read as words (todo-list, btn_primary, is-active): generated ones (css-1x2y3z,
  // sc-AxjAm, _3xYz) carry a digit or an inner capital and say nothing that survives a rebuild.
  const wordClasses = (el) => {
    const words = (el.getAttribute('class') || '').split(/\s+/).filter((c) => /^[a-z]+(?:[-_]+[a-z]+)*$/.test(c));
    return words.length ? [...new Set(words)].sort().join(' ') : null;
  };
  // The nearest landmark or form around the element, as "role" or "role: name" (crossing shadow roots).
  const landmarkOf = (el) => {
    for (let n = up(el); n; n = up(n)) {
      const role = n.getAttribute('role') || implicitRole(n);
      if (role && config.landmarks.includes(role)) {
        const name = clean(n.getAttribute('aria-label')) || labelOf(n);
        return name ? role + ': ' + name : role;
      }
    }
    return null;
  };
  // The element's kind, for counting its peers: its role, else its tag.
  const kindOf = (el) => el.getAttribute('role') || implicitRole(el) || el.tagName.toLowerCase();
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none';
  };
  // How many visible elements of the element's kind its landmark (or the page) holds, itself included:
  // 1 for the only text field of a header, the only submit button of a form. Each landmark's kinds are
  // counted once per fingerprinter, so a scan stays linear.
  const kindsIn = new Map();
  const peersOf = (el) => {
    let scope = null;
    for (let n = up(el); n && !scope; n = up(n)) {
      const role = n.getAttribute('role') || implicitRole(n);
      if (role && config.landmarks.includes(role)) scope = n;
    }
    const root = scope || document;
    if (!kindsIn.has(root)) {
      const counts = new Map();
      deepAll(config.interactive, root).filter(visible).forEach((o) => counts.set(kindOf(o), (counts.get(kindOf(o)) || 0) + 1));
      kindsIn.set(root, counts);
    }
    return kindsIn.get(root).get(kindOf(el)) || null;
  };
  // The text of the nearest heading before the element, looking up to six ancestors out, in the order the page shows
  // them (composedBefore: a web component's title in its shadow root is before the button slotted into it).
  const headingOf = (el) => {
    for (let n = up(el), d = 0; n && d < 6; n = up(n), d++) {
      const before = composedBeforeIn(deepAllCrossing(HEADINGS, n), el);
      if (before.length) return headingText(before[before.length - 1], config.textCut) || null;
    }
    return null;
  };
  // The title and the description of the dialog that holds it, each read once per dialog in a fingerprinter's life
  // (one scan, one query: a scan fingerprints every control of a long one).
  const perDialog = (reader) => {
    const read = new Map();
    return (el) => {
      const dialog = dialogOf(el);
      if (dialog && !read.has(dialog)) read.set(dialog, reader(dialog));
      return dialog ? read.get(dialog) : null;
    };
  };
  const titleOf = perDialog(dialogTitle);
  const descriptionOf = perDialog(dialogDescription);
  // Its place among the page's visible elements of its tag (1: the first list of the page); the lists
  // of one tag are walked once per fingerprinter, so a scan stays linear.
  const byTag = new Map();
  const rankOf = (el) => {
    const tag = el.tagName.toLowerCase();
    if (!byTag.has(tag)) byTag.set(tag, deepAll(tag).filter(visible));
    const i = byTag.get(tag).indexOf(el);
    return i < 0 ? null : i + 1;
  };
  // The attributes that cost a walk of the page or of the element's ancestors: read only when asked for
  // (a count of look-alikes asks for role, name and text alone, of every element of a tag).
  const wanted = new Set(config.fields);
  const costly = (field, reader, el, ...more) => (wanted.has(field) ? reader(el, ...more) : null);
  // Every attribute the page can read, by fingerprint field name.
  const read = (el) => {
    const r = el.getBoundingClientRect();
    const label = labelOf(el);
    const isInputButton = el.tagName === 'INPUT' && ['submit','button','reset'].includes((el.type || '').toLowerCase());
    const text = clean(isInputButton ? el.value : (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' ? '' : (el.innerText || el.textContent)));
    let role, name;
    if (config.stamped) {
      [role, name] = stamped(el);
    } else {  // an approximation, replaced by Playwright's role and name in Python (fingerprint.capture)
      role = el.getAttribute('role') || implicitRole(el);
      const textual = config.nameFromContent.includes(role) || !role;
      name = clean(el.getAttribute('aria-label')) || label
        || (textual ? text : null) || clean(el.getAttribute('placeholder'))
        || clean(el.getAttribute('alt')) || clean(el.getAttribute('title'));
    }
    const [action, method] = submitsTo(el);
    return {
      tag: el.tagName.toLowerCase(), role, name, text, label, action, method,
      id: el.id || null, name_attr: el.getAttribute('name'), type: el.getAttribute('type'),
      placeholder: el.getAttribute('placeholder'), href: hrefOf(el),
      test_id: el.getAttribute('data-testid'), css: costly('css', cssPath, el), context: costly('context', contextOf, el),
      autocomplete: el.getAttribute('autocomplete'), popup: popupOf(el), classes: wordClasses(el),
      icon: costly('icon', iconOf, el, text), landmark: costly('landmark', landmarkOf, el),
      peers: costly('peers', peersOf, el), heading: costly('heading', headingOf, el), rank: costly('rank', rankOf, el),
      within: costly('within', (e) => enclosingNames(e).join(config.sectionsJoin) || null, el),
      in_dialog: costly('in_dialog', inDialog, el),
      dialog_title: costly('dialog_title', titleOf, el),
      dialog_description: costly('dialog_description', descriptionOf, el),
      box: {x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height},
    };
  };
  // The fields Python asked for, each of which the page must read: a model field added in Python
  // without its reader here fails loudly instead of caching an element without it.
  return (el) => {
    const all = read(el);
    return Object.fromEntries(config.fields.map((field) => {
      if (!(field in all)) throw new Error('lumen fingerprint: the page does not read the field ' + field);
      return [field, all[field]];
    }));
  };
}
