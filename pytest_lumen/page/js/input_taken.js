// Resolves once the page has drawn two frames since it was called (page/perform.py, wait_taken): the page handles
// input before it draws a frame, so the mouse events of a click sent before are handled by then. It waits on the
// document's timeline, which a page's fake clock (Playwright's ``page.clock``: requestAnimationFrame, setTimeout) does
// not stop, as settled() does (settling.js).
async function inputTaken() {
  for (let frame = 0; frame < 2; frame++) {
    const tick = new Animation(new KeyframeEffect(null, [], {duration: 0}), document.timeline);
    tick.play();
    await tick.finished;
  }
  return true;
}
