// One round trip for a locator (fingerprint.capture_only): how many elements it matches, and the
// fingerprint of the only one with whether it is enabled (as Playwright means it: not disabled, not
// inside a disabled fieldset or aria-disabled).
function captureOnly(els, config) {
  if (els.length !== 1) return {count: els.length, fp: null, enabled: false};
  const el = els[0];
  const enabled = !el.matches(':disabled') && !el.closest('[aria-disabled="true"]');
  return {count: 1, fp: fingerprinter(config)(el), enabled};
}
