/* Home page: product tiles, search results, add to cart. */
(function () {
  "use strict";

  var tiles = document.getElementById("tiles");
  var count = document.getElementById("result-count");
  var title = document.getElementById("catalogue-title");
  var toast = document.getElementById("toast");
  var query = (new URLSearchParams(window.location.search).get("q") || "").trim();

  function tile(p) {
    var price = Pricing.formatMoney(Pricing.toCents(p.price));
    return '<li class="tile" data-testid="product-card" data-sku="' + p.id + '">' +
      '<div class="tile__media" aria-hidden="true" style="--tint:' + p.swatch + '"><span class="tile__shape"></span></div>' +
      '<div class="tile__body">' +
      '<h3 class="tile__title">' + KC.esc(p.name) + "</h3>" +
      '<p class="tile__desc">' + KC.esc(p.description) + "</p>" +
      '<div class="tile__foot">' +
      '<span class="tile__price">' + price + "</span>" +
      '<button type="button" class="btn btn--primary btn--sm js-add" aria-label="Add ' + KC.esc(p.name) + ' to cart">Add to cart</button>' +
      "</div></div></li>";
  }

  KC.products(query).then(function (found) {
    tiles.innerHTML = found.map(tile).join("");
    if (query) {
      title.textContent = "Search results";
      count.hidden = false;
      count.innerHTML = (found.length === 0
        ? "No products match \u201c" + KC.esc(query) + "\u201d. "
        : found.length + (found.length === 1 ? " result" : " results") + " for \u201c" + KC.esc(query) + "\u201d. ") +
        '<a href="/">Clear search</a>';
    }
  });

  tiles.addEventListener("click", function (e) {
    var btn = e.target.closest(".js-add");
    if (!btn) return;
    var card = btn.closest(".tile");
    KC.Basket.add(card.getAttribute("data-sku"));
    toast.textContent = "Added " + card.querySelector(".tile__title").textContent + " to your cart";
    toast.classList.add("is-visible");
  });
})();
