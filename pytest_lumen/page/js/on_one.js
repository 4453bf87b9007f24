// A function of one element as a function of the elements a locator matches now (evaluate.on_one):
// [1, what fn returns] when the locator matches exactly one element, else [how many it matches, null].
function onOne(fn) {
  return (elements, arg) => (elements.length === 1 ? [1, fn(elements[0], arg)] : [elements.length, null]);
}
