// What the document shows, for replay to tell a page reached from a failure (document.py): the HTTP status of its
// navigation (0 for the browser's own error page, nothing received; null when the browser does not tell), whether it
// asks for a password (a sign-in page), and the messages it shows (alerts, statuses, live regions), first three.
function documentStatus() {
  const entry = performance.getEntriesByType('navigation')[0];
  const status = location.protocol === 'chrome-error:' ? 0
    : (entry && typeof entry.responseStatus === 'number' ? entry.responseStatus : null);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const password = Array.from(document.querySelectorAll('input[type=password]')).some(shown);
  const messages = Array.from(document.querySelectorAll('[role=alert], [role=status], [aria-live=assertive], [aria-live=polite]'))
    .filter(shown).map((el) => (el.innerText || '').replace(/\s+/g, ' ').trim()).filter(Boolean).slice(0, 3);
  return {status, password, messages};
}
