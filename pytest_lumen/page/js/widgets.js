// What a custom widget declares about itself (heal/widgets.py, heal/dates.py, heal/disclosures.py).

// Text as it is read: aria-hidden parts (icon fonts, decorations) left out, whitespace collapsed.
function readText(el) {
  let out = '';
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { out += node.textContent; return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.getAttribute('aria-hidden') === 'true') return;
    const st = getComputedStyle(node);
    if (st.display === 'none' || st.visibility === 'hidden') return;
    out += ' ';
    node.childNodes.forEach(walk);
    out += ' ';
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

// What kind of widget an element is: a native <select>, an ARIA combobox (or a button that pops up a listbox),
// editable or not, open or not, and the ids of the popup it declares (aria-controls, aria-owns).
function widgetOf(el) {
  const role = (el.getAttribute('role') || '').trim();
  const editable = (el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset',
    'hidden', 'image', 'file'].includes(el.type)) || el instanceof HTMLTextAreaElement || el.isContentEditable;
  const ids = ['aria-controls', 'aria-owns'].flatMap((a) => (el.getAttribute(a) || '').split(/\s+/)).filter(Boolean);
  return {
    tag: el.tagName.toLowerCase(),
    type: el instanceof HTMLInputElement ? el.type : null,
    role: role || null,
    haspopup: (el.getAttribute('aria-haspopup') || '').trim() || null,
    editable,
    expanded: el.getAttribute('aria-expanded') === 'true',
    popup: ids,
    shown: editable ? (el.value || '') : readText(el),
  };
}

// What a combobox shows as chosen: its own value or text, and the text of the wrappers around it that hold no
// other control (react-select shows the chosen option beside its input, in the same control).
function shownBy(el) {
  const own = widgetOf(el).shown;
  const controls = 'input:not([type=hidden]), select, textarea, [role=combobox], [role=listbox]';
  let around = '';
  for (let a = el.parentElement, n = 0; a && n < 3; a = a.parentElement, n += 1) {
    if (Array.from(a.querySelectorAll(controls)).some((c) => c !== el)) break;
    around = readText(a);
  }
  return [own, around].filter(Boolean).join(' | ');
}

// The options of a listbox popup, as a person reads them: label (aria-label, else the text read), disabled.
function popupOptions(list) {
  return Array.from(list.querySelectorAll('[role=option]'), (o) => ({
    label: (o.getAttribute('aria-label') || readText(o)).trim(),
    disabled: o.getAttribute('aria-disabled') === 'true' || o.hasAttribute('data-disabled'),
  }));
}

// What a text field says about the format it reads a date in: its placeholder, pattern-free hints
// (its title, the text of what describes it).
function dateHints(el) {
  const described = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean)
    .map((id) => document.getElementById(id)).filter(Boolean).map((d) => readText(d));
  return [el.getAttribute('placeholder') || '', el.getAttribute('title') || '', ...described].filter(Boolean);
}

// How many closed <details> hold the element outside their <summary> (0: none hides it).
function closedDetailsAround(el) {
  let n = 0;
  for (let node = el; node; node = node.parentElement) {
    const details = node.parentElement;
    if (details instanceof HTMLDetailsElement && !details.open && !(node instanceof HTMLElement && node.tagName === 'SUMMARY' && node.parentElement === details)) n += 1;
  }
  return n;
}

// A hidden native control with the recorded id or name attribute, and the visible controls named like it beside it:
// the widget that stands in for it now (a two-list chooser, a custom select). null: none.
function hiddenStandIn({id, name}) {
  const found = Array.from(document.querySelectorAll('select, input:not([type=hidden]), textarea')).find(
    (el) => (id && el.id === id) || (name && el.getAttribute('name') === name));
  if (!found) return null;
  const r = found.getBoundingClientRect();
  const st = getComputedStyle(found);
  const hidden = r.width <= 1 || r.height <= 1 || st.display === 'none' || st.visibility === 'hidden'
    || found.getAttribute('aria-hidden') === 'true';
  if (!hidden) return null;
  const visible = (el) => { const b = el.getBoundingClientRect(); return b.width > 1 && b.height > 1; };
  const widgets = 'select, [role=listbox], [role=combobox], [role=grid], [role=tree]';
  let beside = [];
  for (let a = found.parentElement; a && !beside.length; a = a.parentElement) {  // the nearest that holds one
    beside = [...(a.matches(widgets) ? [a] : []), ...a.querySelectorAll(widgets)].filter((el) => el !== found && visible(el));
  }
  const named = (el) => {
    const labels = el.labels ? Array.from(el.labels, (l) => readText(l)).join(' ') : '';
    const by = (el.getAttribute('aria-labelledby') || '').split(/\s+/).map((id) => document.getElementById(id))
      .filter(Boolean).map((l) => readText(l)).join(' ');
    return (el.getAttribute('aria-label') || labels || by || readText(el)).trim().slice(0, 40);
  };
  beside = beside.map((el) => ({ tag: el.tagName.toLowerCase(), role: el.getAttribute('role'), name: named(el) }));
  return { tag: found.tagName.toLowerCase(), how: st.display === 'none' ? 'display: none' : 'visually hidden', beside };
}

// What a control that pops up a listbox (a select's successor: role=combobox, or aria-haspopup=listbox) is
// labelled, apart from the value it shows: the elements aria-labelledby names other than itself and its own
// content, else its <label>s, else its aria-label. popup: whether it declares such a popup at all.
function popupLabel(el) {
  const haspopup = (el.getAttribute('aria-haspopup') || '').trim();
  const popup = el.tagName !== 'SELECT' && (el.getAttribute('role') === 'combobox' || haspopup === 'listbox');
  const by = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
    .map((id) => document.getElementById(id)).filter((l) => l && l !== el && !el.contains(l))
    .map((l) => readText(l)).join(' ');
  const labels = el.labels ? Array.from(el.labels, (l) => readText(l)).join(' ') : '';
  return { popup, label: (by || labels || el.getAttribute('aria-label') || '').trim() };
}

// Every native <select> shown and enabled: its place among the document's selects, its label, and its options (label,
// value, disabled), for Python to tell the one labelled as a field.
function nativeSelects() {
  const visible = (el) => { const b = el.getBoundingClientRect(); return b.width > 1 && b.height > 1; };
  return Array.from(document.querySelectorAll('select')).map((s, index) => ({ s, index }))
    .filter(({ s }) => visible(s) && !s.disabled && getComputedStyle(s).visibility !== 'hidden')
    .map(({ s, index }) => ({
      index,
      label: (s.getAttribute('aria-label') || Array.from(s.labels || [], (l) => readText(l)).join(' ')).trim(),
      options: Array.from(s.options, (o) => ({ label: o.label.trim(), value: o.value, disabled: o.disabled })),
    }));
}

// The native <select>s shown that offer an enabled option with this label (as words, compared in Python), each
// with its label and the labels of its options; shown: whether an ARIA option (not a native one) with that label is
// shown, in which case nothing was rebuilt. The index is the select's place among the document's selects.
function nativeChoices(name) {
  const words = (t) => (t.toLowerCase().match(/\w+/g) || []).join(' ');
  const want = words(name);
  const visible = (el) => { const b = el.getBoundingClientRect(); return b.width > 1 && b.height > 1; };
  const shown = Array.from(document.querySelectorAll('[role=option]')).some(
    (o) => !(o instanceof HTMLOptionElement) && visible(o) && words(o.getAttribute('aria-label') || readText(o)) === want);
  const selects = Array.from(document.querySelectorAll('select')).map((s, index) => ({ s, index }))
    .filter(({ s }) => visible(s) && !s.disabled && getComputedStyle(s).visibility !== 'hidden'
      && Array.from(s.options).some((o) => !o.disabled && words(o.label) === want))
    .map(({ s, index }) => ({
      index,
      label: (s.getAttribute('aria-label') || Array.from(s.labels || [], (l) => readText(l)).join(' ')).trim(),
      options: Array.from(s.options, (o) => o.label.trim()),
      chosen: (({ label, value }) => ({ label: label.trim(), value }))(
        Array.from(s.options).find((o) => !o.disabled && words(o.label) === want)),
    }));
  return { shown, selects };
}
