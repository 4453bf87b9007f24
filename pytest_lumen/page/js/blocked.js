// Whether a modal dialog (the selector `modal`) is open that does not hold the element: acting on
// the element would do nothing (overlays.close_blocking_modal).
function blockedByModal(el, modal) {
  const d = document.querySelector(modal);
  return !!d && !d.contains(el);
}
