// Whether an element is still moving in (page/settling.py): a finite animation (a CSS transition or animation, a Web
// Animation) runs on it or on a container of it, up the flat tree (a slot, a shadow host: enclosingParent; the iframe
// it is in, when it may be read), past its delay and ending within ``withinMs``. Apps finish opening a dialog when its
// transition ends (Bootstrap's shown.bs.modal, on which sqladmin gives its Delete button the record's URL), and a fade
// moves no box for Playwright to wait on. An endless animation (a shimmer, a spinner), one still in its delay (a
// snackbar's fade-out to come), and one with longer left than any opening (a pulse of seconds) are no opening: never
// waited for.
function settlingAnimations(el, withinMs) {
  const moving = [];
  for (let n = el; n && n.nodeType === 1; n = enclosingParent(n) || frameOf(n)) {
    for (const animation of n.getAnimations()) {
      if (animation.playState !== 'running' || !animation.effect) continue;
      const timing = animation.effect.getComputedTiming();
      const started = timing.localTime !== null && timing.localTime >= (animation.effect.getTiming().delay || 0);
      if (started && Number.isFinite(timing.endTime) && timing.endTime - timing.localTime <= withinMs) moving.push(animation);
    }
  }
  return moving;
}

// The iframe a document's root element is shown in, when the frame's page may be read (same origin); else null.
function frameOf(n) {
  if (n !== n.ownerDocument.documentElement) return null;
  try {
    return n.ownerDocument.defaultView.frameElement;
  } catch (e) {
    return null;
  }
}

function settling(el, withinMs) {
  return settlingAnimations(el, withinMs).length > 0;
}

// Resolves true once nothing moves the element in (``within``: settlingAnimations' withinMs), false when something still
// does after ``ms`` milliseconds. It waits on the animations' own ends (their ``finished``) and on a timer of the
// document's timeline, which a page's fake clock (Playwright's ``page.clock``: setTimeout, performance.now) does not stop.
async function settled(el, {ms, within: withinMs}) {
  const timer = new Animation(new KeyframeEffect(null, [], {duration: ms}), document.timeline);
  timer.play();
  const over = timer.finished.then(() => false, () => false);
  try {
    for (let moving = settlingAnimations(el, withinMs); moving.length; moving = settlingAnimations(el, withinMs)) {
      const ended = Promise.allSettled(moving.map((animation) => animation.finished)).then(() => true);
      if (!await Promise.race([ended, over])) return false;
    }
    return true;
  } finally {
    timer.cancel();
  }
}

// ``settled`` for the elements a locator matches now (``evaluate_all``, one round trip): none or several, nothing to
// wait for.
function settledOne(els, limits) {
  return els.length === 1 ? settled(els[0], limits) : true;
}
