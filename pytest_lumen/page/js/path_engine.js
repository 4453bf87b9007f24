// The lumen-path selector engine (page/outline.py): the body is a path of indices in the composed tree
// ("3/0/12": the body's 4th child element, its 1st, that one's 13th), the engine matches that element.
function pathEngine() {
  return {
    queryAll(root, body) {
      let el = root.nodeType === 9 ? root.body : root;
      for (const step of body.split('/').filter(Boolean)) {
        el = el ? composedKid(el, Number(step)) : null;
      }
      return el ? [el] : [];
    },
  };
}
