// The HTTP status of the document the page shows (document.py): its navigation entry's responseStatus,
// 0 for the browser's own error page (nothing was received), null when the browser does not tell.
function documentStatus() {
  if (location.protocol === 'chrome-error:') return 0;
  const entry = performance.getEntriesByType('navigation')[0];
  return entry && typeof entry.responseStatus === 'number' ? entry.responseStatus : null;
}
