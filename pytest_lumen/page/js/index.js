// The position of one element in the list that scan.js walks (-1: not in it) (fingerprint.index_of).
function indexIn(el, selector) {
  return deepAll(selector).indexOf(el);
}
