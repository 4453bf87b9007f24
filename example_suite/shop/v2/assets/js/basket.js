/* Cart page: quantity steppers, remove, discount code, totals. */
(function () {
  "use strict";

  var list = document.getElementById("basket-lines");
  var empty = document.getElementById("basket-empty");
  var full = document.getElementById("basket");
  var subtotalRow = document.getElementById("sum-subtotal");
  var discountRow = document.getElementById("sum-discount");
  var totalEl = document.getElementById("sum-total");
  var codeForm = document.getElementById("discount-form");
  var codeInput = document.getElementById("discount-code");
  var feedback = document.getElementById("discount-feedback");
  var lines = [];

  var fmt = Pricing.formatMoney;

  function paintSums() {
    var code = KC.load(KC.STORE.discount, null);
    var subtotal = Pricing.cartSubtotal(lines);
    var off = Pricing.couponDiscount(code, subtotal);
    subtotalRow.hidden = discountRow.hidden = !off;
    if (off) {
      subtotalRow.textContent = "Subtotal: " + fmt(subtotal);
      discountRow.textContent = "Discount (" + code + "): " + fmt(-off);
    }
    totalEl.textContent = fmt(Pricing.cartTotal(lines, code));
  }

  function paint() {
    list.innerHTML = "";
    empty.hidden = lines.length > 0;
    full.hidden = lines.length === 0;
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.className = "line";
      li.setAttribute("data-sku", line.id);
      var name = KC.esc(line.name);
      li.innerHTML =
        '<div class="line__media" aria-hidden="true" style="--tint:' + line.swatch + '"><span></span></div>' +
        '<div class="line__info"><h2 class="line__name">' + name + "</h2>" +
        '<p class="line__unit">' + fmt(Pricing.toCents(line.price)) + " each</p></div>" +
        '<div class="stepper">' +
        '<button type="button" class="stepper__btn js-dec" aria-label="Decrease quantity of ' + name + '">\u2212</button>' +
        '<label class="sr-only" for="qty-' + line.id + '">Quantity</label>' +
        '<input id="qty-' + line.id + '" class="stepper__input" type="number" min="0" max="99" step="1" value="' + line.qty + '">' +
        '<button type="button" class="stepper__btn js-inc" aria-label="Increase quantity of ' + name + '">+</button>' +
        "</div>" +
        '<p class="line__total">' + fmt(Pricing.lineTotal(line)) + "</p>" +
        '<button type="button" class="line__remove" aria-label="Remove ' + name + '">\u00d7</button>';
      li.querySelector(".js-dec").disabled = line.qty <= 1;
      var input = li.querySelector(".stepper__input");
      input.addEventListener("input", function () { onQty(line, li, false); });
      input.addEventListener("change", function () { onQty(line, li, true); });
      li.querySelector(".js-dec").addEventListener("click", function () { step(line, li, -1); });
      li.querySelector(".js-inc").addEventListener("click", function () { step(line, li, +1); });
      li.querySelector(".line__remove").addEventListener("click", function () { drop(line); });
      list.appendChild(li);
    });
    paintSums();
  }

  function apply(line, li, qty) {
    line.qty = qty;
    KC.Basket.setQty(line.id, qty);
    li.querySelector(".stepper__input").value = qty;
    li.querySelector(".line__total").textContent = fmt(Pricing.lineTotal(line));
    li.querySelector(".js-dec").disabled = qty <= 1;
    paintSums();
  }

  function step(line, li, delta) {
    var next = line.qty + delta;
    if (next >= 1 && next <= 99) apply(line, li, next);
  }

  function onQty(line, li, committed) {
    var input = li.querySelector(".stepper__input");
    var raw = input.value.trim();
    var qty = /^\d+$/.test(raw) ? parseInt(raw, 10) : NaN;
    if (qty >= 1 && qty <= 99) {
      line.qty = qty;
      KC.Basket.setQty(line.id, qty);
      li.querySelector(".line__total").textContent = fmt(Pricing.lineTotal(line));
      li.querySelector(".js-dec").disabled = qty <= 1;
      paintSums();
    } else if (committed && qty === 0) {
      drop(line);
    } else if (committed) {
      input.value = line.qty;
    }
  }

  function drop(line) {
    KC.Basket.remove(line.id);
    lines = lines.filter(function (l) { return l.id !== line.id; });
    paint();
  }

  document.querySelector(".js-clear").addEventListener("click", function () {
    if (!window.confirm("Remove every item from your cart?")) return;
    KC.Basket.clear();
    lines = [];
    paint();
  });

  codeForm.addEventListener("submit", function (e) {
    e.preventDefault();
    var code = codeInput.value.trim().toUpperCase();
    if (!code) {
      feedback.textContent = "Enter a coupon code first";
    } else if (!Pricing.isValidCoupon(code)) {
      feedback.textContent = "Sorry, \u201c" + code + "\u201d is not a valid coupon";
    } else {
      KC.save(KC.STORE.discount, code);
      feedback.textContent = "Coupon " + code + " applied";
      paintSums();
    }
  });

  var saved = KC.load(KC.STORE.discount, null);
  if (saved) {
    codeInput.value = saved;
    feedback.textContent = "Coupon " + saved + " applied";
  }

  KC.basketLines().then(function (result) {
    lines = result;
    paint();
  });
})();
