// What the document shows, for replay to tell a page reached from a failure (document.py): the HTTP status of its
// navigation (0 for the browser's own error page, nothing received; null when the browser does not tell), whether it
// asks for a password (a sign-in page), the messages it shows (alerts, statuses, live regions), first three, and of
// those the alerts (role=alert, aria-live=assertive: what the page interrupts to say, a refused payment).
function documentStatus() {
  const entry = performance.getEntriesByType('navigation')[0];
  const status = location.protocol === 'chrome-error:' ? 0
    : (entry && typeof entry.responseStatus === 'number' ? entry.responseStatus : null);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const password = Array.from(document.querySelectorAll('input[type=password]')).some(shown);
  const said = (selector) => Array.from(document.querySelectorAll(selector))
    .filter(shown).map((el) => (el.innerText || '').replace(/\s+/g, ' ').trim()).filter(Boolean).slice(0, 3);
  const messages = said('[role=alert], [role=status], [aria-live=assertive], [aria-live=polite]');
  return {status, password, messages, alerts: said('[role=alert], [aria-live=assertive]')};
}
