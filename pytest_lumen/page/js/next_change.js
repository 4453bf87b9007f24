// nextChange(ms) (changes.py): a promise that resolves true at the page's next change (its DOM, in the document or in
// an open shadow root, or its history), false after ms without one. A navigation destroys this document, and with it
// the promise: the caller reads that as a change too. What the page does is only watched, never written.
function nextChange(ms) {
  return new Promise((resolve) => {
    const observers = [];
    let timer = 0;
    const done = (changed) => {
      observers.forEach((o) => o.disconnect());
      window.removeEventListener('popstate', onChange);
      window.removeEventListener('hashchange', onChange);
      clearTimeout(timer);
      resolve(changed);
    };
    const onChange = () => done(true);
    const watch = (root) => {
      const observer = new MutationObserver(onChange);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      observers.push(observer);
    };
    watch(document);
    deepAll('*').forEach((e) => { if (e.shadowRoot) watch(e.shadowRoot); });
    window.addEventListener('popstate', onChange);
    window.addEventListener('hashchange', onChange);
    timer = setTimeout(() => done(false), ms);
  });
}
