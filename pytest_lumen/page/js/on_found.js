// A function of one element as a function of where a scan found it (deep.py): [1, what fn returns] for the
// element at that index of deepAll(selector), as the lumen-deep engine finds it, else [0, null].
function onFound(fn) {
  return ({ at: [selector, index], arg }) => {
    const element = deepAll(selector, null)[index];
    return element ? [1, fn(element, arg)] : [0, null];
  };
}
