// The fingerprint of one element (fingerprint.capture).
function capture(el, config) {
  return fingerprinter(config)(el);
}
