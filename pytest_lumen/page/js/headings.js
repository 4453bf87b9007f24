// The headings above an element, nearest first, each as [text, title, named]: the nearest heading before it (fingerprint.js's
// heading, read the same way), then the nearest one before that of a higher rank, and so on to a first-rank one: the
// outline around the element as a reader of the page's headings sees it ("Delete this project" under "Danger zone"
// under "Apollo settings"). Read in each of its ancestors in turn, open shadow roots crossed, in the order the page
// shows them (composedBefore: a shadow root's title before its slot's button), as fingerprint.js reads
// the nearest (it stops six ancestors out; the outline goes on to the document); cut as it cuts one (``cut``). A heading
// without text is none. ``title``: it is the page's title, its only first-rank heading (an app that gives each
// section a first-rank heading has no title). ``named``: its text as its name reads it, what aria-hidden hides left out
// (an icon font's ligature, "warning", that a release put before "Danger zone": no part of what the heading says).
// A heading's rank: its aria-level, else its tag's (h2: 2), else ARIA's default for role=heading (2).
function headingsAbove(el, cut) {
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const text = (h) => headingText(h, cut);
  const rankOf = (h) => {
    const level = parseInt(h.getAttribute('aria-level') || '', 10);
    if (level > 0) return level;
    const tag = /^H([1-6])$/.exec(h.tagName);
    return tag ? Number(tag[1]) : 2;
  };
  const out = [];
  const seen = new Set();
  let rank = Infinity;
  for (let n = up(el); n && rank > 1; n = up(n)) {
    // what this ancestor holds before the element that an inner one did not: all before the inner one, in order
    const before = composedBeforeIn(deepAllCrossing(HEADINGS, n), el).filter((h) => !seen.has(h));
    for (let i = before.length - 1; i >= 0 && rank > 1; i--) {
      seen.add(before[i]);
      const r = rankOf(before[i]);
      const said = text(before[i]);
      if (r >= rank || !said) continue;
      rank = r;
      out.push([said, r, cleanName(shownText(before[i])).slice(0, cut)]);
    }
  }
  const titled = out.length && out[out.length - 1][1] === 1
    && deepAll(HEADINGS).filter((h) => rankOf(h) === 1 && text(h)).length === 1;
  return out.map(([said, r, named], i) => [said, Boolean(titled) && i === out.length - 1, named]);
}
