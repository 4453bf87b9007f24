// The page's visible elements matching a selector (open shadow roots included), each fingerprint
// with the element's index in deepAll(selector) and what it declares (declared.js) (fingerprint.scan).
// A control that takes no pointer events and that the stamping snapshot therefore showed with no ref (a
// disabled button as Tabler styles it, a greyed-out section's field) is no candidate: the model acts on and
// checks only elements with a ref, so no recorded element was one; with no role it read as text, which a
// text check could move onto, and a fill reaches it all the same (Playwright fills what takes no pointer events).
function scan({config, selector}) {
  const fp = fingerprinter(config);
  const store = config.stamped && window[config.store];
  const out = [];
  deepAll(selector).forEach((el, i) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || st.visibility === 'hidden' || st.display === 'none') return;
    if (store && st.pointerEvents === 'none' && !store.has(el) && el.matches(config.interactive)) return;
    const f = fp(el); f.index = i; f.declared = declared(el); out.push(f);
  });
  return out;
}
