/* Product list, search and autocomplete. */
(function () {
  "use strict";

  var form = document.getElementById("search-form");
  var input = document.getElementById("search-input");
  var listbox = document.getElementById("search-suggestions");
  var list = document.getElementById("product-list");
  var info = document.getElementById("results-info");
  var status = document.getElementById("cart-status");

  var suggestRequest = 0; // ignore out-of-order autocomplete answers
  var activeIndex = -1;
  var suggestions = [];

  function renderProducts(products, query) {
    list.innerHTML = "";
    products.forEach(function (p) {
      var li = document.createElement("li");
      li.innerHTML =
        '<article class="product-card" id="product-' + p.id + '">' +
        '<div class="product-picture" aria-hidden="true" style="--swatch:' + p.swatch + '"><span></span></div>' +
        "<h3>" + Shop.escapeHtml(p.name) + "</h3>" +
        '<p class="description">' + Shop.escapeHtml(p.description) + "</p>" +
        '<p class="price">' + Pricing.formatMoney(Pricing.toCents(p.price)) + "</p>" +
        '<button type="button" class="button add-to-cart" data-product-id="' + p.id + '">Add to cart</button>' +
        "</article>";
      list.appendChild(li);
    });
    if (query) {
      info.hidden = false;
      info.innerHTML = "";
      var n = products.length;
      info.appendChild(document.createTextNode(
        n === 0
          ? "No products match \u201c" + query + "\u201d. "
          : "Showing " + n + (n === 1 ? " result" : " results") + " for \u201c" + query + "\u201d. "));
      var clear = document.createElement("a");
      clear.href = "/";
      clear.textContent = "Clear search";
      info.appendChild(clear);
    } else {
      info.hidden = true;
    }
  }

  function showProducts(query) {
    return Shop.fetchProducts(query).then(function (products) { renderProducts(products, query); });
  }

  list.addEventListener("click", function (event) {
    var button = event.target.closest(".add-to-cart");
    if (!button) return;
    var id = button.getAttribute("data-product-id");
    Shop.addToCart(id);
    var name = button.parentNode.querySelector("h3").textContent;
    status.textContent = name + " added to cart";
    if (Shop.isNarrow()) {  // a phone shows the cart in a bottom sheet; a wide screen only the status line
      Shop.openCartSheet({ name: name, price: button.parentNode.querySelector(".price").textContent });
    }
  });

  // ---- autocomplete ---------------------------------------------------------
  function closeSuggestions() {
    listbox.hidden = true;
    listbox.innerHTML = "";
    suggestions = [];
    activeIndex = -1;
  }

  function highlight(index) {
    var options = listbox.querySelectorAll("[role=option]");
    activeIndex = index;
    for (var i = 0; i < options.length; i++) {
      options[i].setAttribute("aria-selected", i === index ? "true" : "false");
      options[i].classList.toggle("active", i === index);
    }
  }

  function choose(product) {
    input.value = product.name;
    closeSuggestions();
    search(product.name);
  }

  function search(query) {
    var url = query ? "/?q=" + encodeURIComponent(query) : "/";
    window.history.replaceState(null, "", url);
    showProducts(query);
  }

  input.addEventListener("input", function () {
    var query = input.value.trim();
    var ticket = ++suggestRequest;
    if (!query) {
      closeSuggestions();
      return;
    }
    Shop.fetchProducts(query).then(function (products) {
      if (ticket !== suggestRequest) return;
      listbox.innerHTML = "";
      suggestions = products.slice(0, 6);
      activeIndex = -1;
      if (!suggestions.length) {
        listbox.hidden = true;
        return;
      }
      suggestions.forEach(function (p, i) {
        var li = document.createElement("li");
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.id = "suggestion-" + i;
        li.textContent = p.name;
        li.addEventListener("click", function () { choose(p); });
        listbox.appendChild(li);
      });
      listbox.hidden = false;
    });
  });

  input.addEventListener("keydown", function (event) {
    if (listbox.hidden || !suggestions.length) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      highlight((activeIndex + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      highlight(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
    } else if (event.key === "Enter" && activeIndex >= 0) {
      event.preventDefault();
      choose(suggestions[activeIndex]);
    } else if (event.key === "Escape") {
      closeSuggestions();
    }
  });

  // Keep focus in the input while clicking an option.
  listbox.addEventListener("mousedown", function (event) { event.preventDefault(); });
  document.addEventListener("click", function (event) {
    if (!form.contains(event.target)) closeSuggestions();
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    ++suggestRequest;
    closeSuggestions();
    search(input.value.trim());
  });

  var initial = new URLSearchParams(window.location.search).get("q") || "";
  input.value = initial;
  showProducts(initial.trim());
})();
