/* Checkout: validation, confirmation dialog, placing the order. */
(function () {
  "use strict";

  var form = document.getElementById("checkout-form");
  var backdrop = document.getElementById("confirm-backdrop");
  var dialog = document.getElementById("confirm-dialog");
  var confirmText = document.getElementById("confirm-text");
  var yes = document.getElementById("confirm-yes");
  var no = document.getElementById("confirm-no");
  var placeButton = form.querySelector("[type=submit]");

  var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  var lines = [];
  var attempted = false;

  var FIELDS = [
    { id: "name", check: function (v) { return v ? "" : "Please enter your name"; } },
    { id: "email", check: function (v) {
        if (!v) return "Please enter your email address";
        return EMAIL.test(v) ? "" : "Please enter a valid email address";
      } },
    { id: "address", check: function (v) { return v ? "" : "Please enter your address"; } },
    { id: "card", check: function (v) {
        if (!v) return "Please enter your card number";
        return /^\d{12,19}$/.test(v.replace(/[\s-]/g, "")) ? "" : "Please enter a valid card number";
      } }
  ];

  function validateField(field) {
    var input = document.getElementById(field.id);
    var message = field.check(input.value.trim());
    document.getElementById(field.id + "-error").textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    return message;
  }

  function validate() {
    var firstBad = null;
    FIELDS.forEach(function (field) {
      if (validateField(field) && !firstBad) firstBad = document.getElementById(field.id);
    });
    return firstBad;
  }

  FIELDS.forEach(function (field) {
    document.getElementById(field.id).addEventListener("input", function () {
      if (attempted) validateField(field);
    });
  });

  function totals() {
    var coupon = Shop.read(Shop.KEYS.coupon, null);
    var subtotal = Pricing.cartSubtotal(lines);
    return {
      coupon: coupon,
      discount: Pricing.couponDiscount(coupon, subtotal),
      total: Pricing.cartTotal(lines, coupon),
      items: lines.reduce(function (n, l) { return n + l.qty; }, 0)
    };
  }

  function renderSummary() {
    var ul = document.getElementById("summary-lines");
    ul.innerHTML = "";
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line.qty + " \u00d7 " + line.name + " \u2014 " + Pricing.formatMoney(Pricing.lineTotal(line));
      ul.appendChild(li);
    });
    var t = totals();
    var discountEl = document.getElementById("summary-discount");
    discountEl.hidden = !t.discount;
    discountEl.textContent = t.discount ? "Discount (" + t.coupon + "): " + Pricing.formatMoney(-t.discount) : "";
    document.getElementById("summary-total").textContent = "Total: " + Pricing.formatMoney(t.total);
  }

  function openDialog() {
    var t = totals();
    confirmText.textContent = "You are about to pay " + Pricing.formatMoney(t.total) + " for " +
      t.items + (t.items === 1 ? " item." : " items.");
    backdrop.hidden = false;
    yes.focus();
  }

  function closeDialog() {
    backdrop.hidden = true;
    placeButton.focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    attempted = true;
    var firstBad = validate();
    if (firstBad) {
      firstBad.focus();
      return;
    }
    openDialog();
  });

  no.addEventListener("click", closeDialog);
  dialog.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeDialog();
  });

  yes.addEventListener("click", function () {
    var t = totals();
    var cart = Shop.getCart();
    Shop.write(Shop.KEYS.lastOrder, {
      number: Pricing.orderNumber(cart),
      total: t.total,
      items: t.items,
      email: document.getElementById("email").value.trim()
    });
    Shop.write(Shop.KEYS.coupon, null);
    Shop.saveCart([]);
    window.location.href = "/order-complete.html";
  });

  Shop.cartLines().then(function (result) {
    lines = result;
    if (!lines.length) {
      document.getElementById("checkout-empty").hidden = false;
      return;
    }
    document.getElementById("checkout-body").hidden = false;
    renderSummary();
  });
})();
