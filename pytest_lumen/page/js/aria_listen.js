// In the page's world: keep the role and name that the lumen-aria engine hands over for each element
// (aria_stamp.js), in a fresh map for each stamping, read by fingerprint.js.
function ariaListen({event, store}) {
  window[store] = new WeakMap();
  if (window[store + 'Listening']) return;
  window[store + 'Listening'] = true;
  document.addEventListener(event, (e) => {
    window[store].set(e.composedPath()[0], e.detail);
    e.stopImmediatePropagation();
  }, true);
}
