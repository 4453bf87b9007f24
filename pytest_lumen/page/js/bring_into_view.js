// Scroll an element into the middle of the view at once, standing still or not: a heal picture's way to show an
// element that Playwright's scroll, which first waits for it to stand still, could not reach in time.
function bringIntoView(el) {
  el.scrollIntoView({ block: 'center', inline: 'center' });
}
