/* Order confirmation page. */
(function () {
  "use strict";
  var r = KC.load(KC.STORE.receipt, null);
  if (!r) { document.getElementById("no-receipt").hidden = false; return; }
  document.getElementById("receipt").hidden = false;
  document.getElementById("receipt-number").textContent = r.number;
  document.getElementById("receipt-paid").textContent =
    "Total paid: " + Pricing.formatMoney(r.total) + " for " + r.items + (r.items === 1 ? " item." : " items.");
  if (r.email) document.getElementById("receipt-email").textContent = "A confirmation has been sent to " + r.email + ".";
})();
