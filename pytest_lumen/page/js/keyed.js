// Whether the row el is in (or is) holds its identifying text in the column it was recorded in, for page/keyed.py:
// a text of one of the row's cells (the cell's own text, or a link's or a heading's in it), joined by the separator
// with the words of the header of the cell's column (columnsOf; a sort arrow is no word), hashes (cyrb53) to want.
// A row none of whose cells has a header (its table lost its header row) holds it in any cell whose text hashes to
// bare. "Grace Hopper" in the Manager column of Alan Turing's row is not Grace Hopper's row. The row is the one
// items.js reads: the nearest row around el within depth levels, across shadow roots, that has rows beside it (else
// the nearest row).
function keyHeld(el, [want, bare, separator, depth]) {
  const ROW = 'tr, [role=row]';
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=rowheader]';
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const words = (s) => (String(s || '').toLowerCase().match(/[\p{L}\p{N}]+/gu) || []).join(' ');
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const isRow = (n) => n.nodeType === 1 && n.matches(ROW);
  const beside = (n) => siblingElements(n).some((o) => o.tagName === n.tagName && isRow(o));
  let row = null;
  for (let n = el, d = 0; n && d < depth && n.tagName !== 'BODY'; n = up(n), d++) {
    if (!isRow(n)) continue;
    if (!row) row = n;
    if (beside(n)) { row = n; break; }
  }
  if (!row) return false;
  const cells = Array.from(row.querySelectorAll(CELL)).filter((c) => c.closest(ROW) === row);
  const headers = columnsOf(cells);
  const headed = headers.some((h) => h !== null);
  return cells.some((cell, i) => {
    const texts = [cell, ...cell.querySelectorAll('a[href], h1, h2, h3, h4, h5, h6, [role=heading]')]
      .map((n) => clean(n.innerText)).filter(Boolean);
    return texts.some((text) => (headed ? cyrb53(text + separator + words(headers[i])) === want : cyrb53(text) === bare));
  });
}

// The lumen-keyed selector engine: a selector body "<flags>:<want>:<bare>" keeps the element only when keyHeld; with
// the flag "t", an element whose row does not hold it throws config.mismatch (Playwright then fails at once).
function keyedEngine(config) {
  return {
    queryAll(root, body) {
      if (!root || root.nodeType !== 1) return [];
      const [flags, want, bare] = body.split(':');
      if (keyHeld(root, [want, bare, config.separator, config.depth])) return [root];
      if (flags.includes('t')) throw new Error(config.mismatch);
      return [];
    },
  };
}
