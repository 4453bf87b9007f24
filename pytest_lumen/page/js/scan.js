// The page's visible elements matching a selector (open shadow roots included), each fingerprint
// with the element's index in deepAll(selector) and what it declares (declared.js) (fingerprint.scan).
function scan({config, selector}) {
  const fp = fingerprinter(config);
  const out = [];
  deepAll(selector).forEach((el, i) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || st.visibility === 'hidden' || st.display === 'none') return;
    const f = fp(el); f.index = i; f.declared = declared(el); out.push(f);
  });
  return out;
}
