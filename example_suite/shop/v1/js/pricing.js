/* Prices, totals and order numbers. All money is handled in integer cents. */
(function () {
  "use strict";

  var COUPONS = { WELCOME5: 500 }; // code -> cents off

  function toCents(price) {
    return Math.round(Number(price) * 100);
  }

  function formatMoney(cents) {
    var sign = cents < 0 ? "\u2212" : "";
    cents = Math.abs(cents);
    var dollars = Math.floor(cents / 100);
    var rest = String(cents % 100);
    if (rest.length < 2) rest = "0" + rest;
    return sign + "$" + dollars.toLocaleString("en-US") + "." + rest;
  }

  function lineTotal(line) {
    // line: {price: <dollars>, qty: <int>}
    return toCents(line.price) * line.qty;
  }

  function cartSubtotal(lines) {
    var sum = 0;
    for (var i = 0; i < lines.length; i++) {
      sum += lineTotal(lines[i]);
    }
    return sum;
  }

  function couponDiscount(code, subtotal) {
    if (!code || !Object.prototype.hasOwnProperty.call(COUPONS, code)) return 0;
    return Math.min(COUPONS[code], subtotal);
  }

  function isValidCoupon(code) {
    return Object.prototype.hasOwnProperty.call(COUPONS, code);
  }

  function cartTotal(lines, coupon) {
    var subtotal = cartSubtotal(lines);
    return subtotal - couponDiscount(coupon, subtotal);
  }

  // Deterministic order number: FNV-1a over the sorted cart contents.
  function orderNumber(cart) {
    var parts = cart
      .map(function (item) { return item.id + ":" + item.qty; })
      .sort();
    var text = parts.join("|");
    var hash = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    var digits = String(hash % 1000000);
    while (digits.length < 6) digits = "0" + digits;
    return "KC-" + digits;
  }

  window.Pricing = {
    toCents: toCents,
    formatMoney: formatMoney,
    lineTotal: lineTotal,
    cartSubtotal: cartSubtotal,
    couponDiscount: couponDiscount,
    isValidCoupon: isValidCoupon,
    cartTotal: cartTotal,
    orderNumber: orderNumber
  };
})();
