/* Checkout: field validation, review dialog, order placement. */
(function () {
  "use strict";

  var form = document.getElementById("co-form");
  var dialog = document.getElementById("review-dialog");
  var reviewText = document.getElementById("review-text");
  var ok = document.getElementById("review-ok");
  var cancel = document.getElementById("review-cancel");
  var submit = document.getElementById("submit-order");
  var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  var lines = [];
  var tried = false;

  var RULES = {
    "cust-name": function (v) { return v ? "" : "Please enter your name"; },
    "cust-email": function (v) {
      if (!v) return "Please enter your email address";
      return EMAIL.test(v) ? "" : "Please enter a valid email address";
    },
    "ship-address": function (v) { return v ? "" : "Please enter your address"; },
    "pay-card": function (v) {
      if (!v) return "Please enter your card number";
      return /^\d{12,19}$/.test(v.replace(/[\s-]/g, "")) ? "" : "Please enter a valid card number";
    }
  };

  function check(id) {
    var field = document.getElementById(id);
    var msg = RULES[id](field.value.trim());
    document.getElementById(id + "-msg").textContent = msg;
    field.classList.toggle("is-invalid", !!msg);
    if (msg) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    return msg;
  }

  Object.keys(RULES).forEach(function (id) {
    document.getElementById(id).addEventListener("input", function () { if (tried) check(id); });
  });

  function figures() {
    var code = KC.load(KC.STORE.discount, null);
    var subtotal = Pricing.cartSubtotal(lines);
    return {
      code: code,
      off: Pricing.couponDiscount(code, subtotal),
      total: Pricing.cartTotal(lines, code),
      items: lines.reduce(function (n, l) { return n + l.qty; }, 0)
    };
  }

  function paintSummary() {
    document.getElementById("co-lines").innerHTML = lines.map(function (l) {
      return '<li><span class="co__qty">' + l.qty + " \u00d7</span> " + KC.esc(l.name) +
        ' <span class="co__amount">' + Pricing.formatMoney(Pricing.lineTotal(l)) + "</span></li>";
    }).join("");
    var f = figures();
    var d = document.getElementById("co-discount");
    d.hidden = !f.off;
    d.textContent = f.off ? "Discount (" + f.code + "): " + Pricing.formatMoney(-f.off) : "";
    document.getElementById("co-total").textContent = Pricing.formatMoney(f.total);
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    tried = true;
    var firstBad = null;
    Object.keys(RULES).forEach(function (id) {
      if (check(id) && !firstBad) firstBad = document.getElementById(id);
    });
    if (firstBad) { firstBad.focus(); return; }
    var f = figures();
    reviewText.textContent = "You are about to pay " + Pricing.formatMoney(f.total) + " for " +
      f.items + (f.items === 1 ? " item." : " items.");
    dialog.showModal();
    ok.focus();
  });

  cancel.addEventListener("click", function () { dialog.close(); submit.focus(); });

  ok.addEventListener("click", function () {
    var f = figures();
    KC.save(KC.STORE.receipt, {
      number: Pricing.orderNumber(KC.Basket.items()),
      total: f.total,
      items: f.items,
      email: document.getElementById("cust-email").value.trim()
    });
    KC.save(KC.STORE.discount, null);
    KC.Basket.clear();
    window.location.href = "/order-complete.html";
  });

  KC.basketLines().then(function (result) {
    lines = result;
    if (!lines.length) { document.getElementById("co-empty").hidden = false; return; }
    document.getElementById("co").hidden = false;
    paintSummary();
  });
})();
