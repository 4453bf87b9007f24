// What activating an element declares, before anyone acts on it (page/declared.py): where a link
// leads (its href), where a submit button sends its form (formaction, else the form's action
// attribute) and how (method), and the browsing context it opens in (target). A form without an
// action attribute, a link to "#" or to "javascript:", a plain button: they declare no destination
// (a script decides where they lead). Nothing is written to the page.
function declared(el) {
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || '').toLowerCase();
  if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) {
    const raw = el.getAttribute('href').trim();
    const silent = raw === '' || raw === '#' || /^javascript:/i.test(raw);
    return {url: silent ? null : el.href, method: 'get', target: el.getAttribute('target') || null, submits: false,
      shared: false};
  }
  const submitter = (tag === 'button' && (type === '' || type === 'submit'))
    || (tag === 'input' && (type === 'submit' || type === 'image'));
  const form = submitter ? el.form : null;
  if (!form) return {url: null, method: null, target: null, submits: false, shared: false};
  const action = el.getAttribute('formaction') || form.getAttribute('action');
  const method = (el.getAttribute('formmethod') || form.getAttribute('method') || 'get').toLowerCase();
  const target = el.getAttribute('formtarget') || form.getAttribute('target') || null;
  const url = action !== null && action.trim() !== '' ? new URL(action, document.baseURI).href : null;
  // other submit buttons of the same form declare the same: its declaration then tells it from none of them
  const others = Array.from(form.elements).filter((o) => o !== el && ((o.tagName === 'BUTTON'
    && ['', 'submit'].includes((o.getAttribute('type') || '').toLowerCase()))
    || (o.tagName === 'INPUT' && ['submit', 'image'].includes((o.getAttribute('type') || '').toLowerCase()))));
  return {url, method, target, submits: true, shared: others.length > 0};
}
