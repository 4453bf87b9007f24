/* Cart page: quantities, remove, coupon, totals. */
var applyCoupon; // called from the "Apply coupon" element's onclick attribute

(function () {
  "use strict";

  var tbody = document.getElementById("cart-lines");
  var empty = document.getElementById("cart-empty");
  var filled = document.getElementById("cart-filled");
  var subtotalEl = document.getElementById("cart-subtotal");
  var discountEl = document.getElementById("cart-discount");
  var totalEl = document.getElementById("cart-total");
  var couponInput = document.getElementById("coupon-code");
  var couponMessage = document.getElementById("coupon-message");

  var lines = [];

  function money(cents) { return Pricing.formatMoney(cents); }

  function renderTotals() {
    var coupon = Shop.read(Shop.KEYS.coupon, null);
    var subtotal = Pricing.cartSubtotal(lines);
    var discount = Pricing.couponDiscount(coupon, subtotal);
    var total = Pricing.cartTotal(lines, coupon);
    if (discount > 0) {
      subtotalEl.hidden = false;
      subtotalEl.textContent = "Subtotal: " + money(subtotal);
      discountEl.hidden = false;
      discountEl.textContent = "Discount (" + coupon + "): " + money(-discount);
    } else {
      subtotalEl.hidden = true;
      discountEl.hidden = true;
    }
    totalEl.textContent = "Total: " + money(total);
  }

  function render() {
    tbody.innerHTML = "";
    if (!lines.length) {
      empty.hidden = false;
      filled.hidden = true;
      return;
    }
    empty.hidden = true;
    filled.hidden = false;
    lines.forEach(function (line) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-product-id", line.id);
      // Bundles use an older row template that never got a label on the input.
      var label = line.bundle ? "" : ' aria-label="Quantity for ' + Shop.escapeHtml(line.name) + '"';
      tr.innerHTML =
        '<td class="name">' + Shop.escapeHtml(line.name) + "</td>" +
        '<td class="unit">' + money(Pricing.toCents(line.price)) + "</td>" +
        '<td><input type="number" class="qty" min="0" max="99" step="1" value="' + line.qty + '"' + label + "></td>" +
        '<td class="line-total">' + money(Pricing.lineTotal(line)) + "</td>" +
        '<td><button type="button" class="link-button remove">Remove</button></td>';
      var qty = tr.querySelector(".qty");
      qty.addEventListener("input", function () { onQuantity(line, qty, tr, false); });
      qty.addEventListener("change", function () { onQuantity(line, qty, tr, true); });
      tr.querySelector(".remove").addEventListener("click", function () { remove(line); });
      tbody.appendChild(tr);
    });
    renderTotals();
  }

  function onQuantity(line, input, tr, committed) {
    var value = input.value.trim();
    var qty = /^\d+$/.test(value) ? parseInt(value, 10) : NaN;
    if (qty >= 1 && qty <= 99) {
      line.qty = qty;
      Shop.setQuantity(line.id, qty);
      tr.querySelector(".line-total").textContent = money(Pricing.lineTotal(line));
      renderTotals();
    } else if (committed && qty === 0) {
      remove(line);
    } else if (committed) {
      input.value = line.qty; // not a usable number: put the old value back
    }
  }

  function remove(line) {
    Shop.removeFromCart(line.id);
    lines = lines.filter(function (l) { return l.id !== line.id; });
    render();
  }

  document.getElementById("empty-cart").addEventListener("click", function () {
    if (!window.confirm("Remove every item from your cart?")) return;
    lines.forEach(function (line) { Shop.removeFromCart(line.id); });
    lines = [];
    render();
  });

  applyCoupon = function () {
    var code = couponInput.value.trim().toUpperCase();
    if (!code) {
      couponMessage.textContent = "Enter a coupon code first";
      return;
    }
    if (!Pricing.isValidCoupon(code)) {
      couponMessage.textContent = "Sorry, \u201c" + code + "\u201d is not a valid coupon";
      return;
    }
    Shop.write(Shop.KEYS.coupon, code);
    couponMessage.textContent = "Coupon " + code + " applied";
    renderTotals();
  };

  var saved = Shop.read(Shop.KEYS.coupon, null);
  if (saved) {
    couponInput.value = saved;
    couponMessage.textContent = "Coupon " + saved + " applied";
  }

  Shop.cartLines().then(function (result) {
    lines = result;
    render();
  });
})();
