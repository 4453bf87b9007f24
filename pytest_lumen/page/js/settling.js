// Whether an element is still settling (page/settling.py): a finite animation (a CSS transition or animation, a Web
// Animation) runs on it or on a container of it, through shadow hosts. Apps finish opening a dialog when its transition
// ends (Bootstrap's shown.bs.modal, on which sqladmin gives its Delete button the record's URL), and a fade moves no box
// for Playwright to wait on. An endless animation (a shimmer, a spinner) is never waited for.
function inside(el, target) {
  for (let n = el; n; n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) if (n === target) return true;
  return false;
}

function settlingAnimations(el) {
  return document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target
    && Number.isFinite(a.effect.getComputedTiming().endTime) && inside(el, a.effect.target));
}

function settling(el) {
  return settlingAnimations(el).length > 0;
}

// Resolves true once no finite animation runs on the element or a container of it, false when some still do after
// ``ms`` milliseconds: it waits on the animations' own ends (their ``finished``), not on a clock.
async function settled(el, ms) {
  const end = performance.now() + ms;
  for (let running = settlingAnimations(el); running.length; running = settlingAnimations(el)) {
    const left = end - performance.now();
    if (left <= 0) return false;
    await Promise.race([Promise.allSettled(running.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, left))]);
  }
  return true;
}

// ``settled`` for the elements a locator matches now (``evaluate_all``, one round trip): none or several, nothing to
// wait for.
function settledOne(els, ms) {
  return els.length === 1 ? settled(els[0], ms) : true;
}
