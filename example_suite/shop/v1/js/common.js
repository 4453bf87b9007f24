/* Shared by every page: storage, header (cart count, account), cookie banner. */
(function () {
  "use strict";

  var KEYS = {
    cart: "shop.cart",
    user: "shop.user",
    consent: "shop.cookieConsent",
    coupon: "shop.coupon",
    lastOrder: "shop.lastOrder"
  };

  function read(key, fallback) {
    try {
      var raw = window.localStorage.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }

  function write(key, value) {
    if (value === null || value === undefined) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, JSON.stringify(value));
    }
  }

  // ---- cart: [{id, qty}] in the order items were first added -------------
  function getCart() {
    return read(KEYS.cart, []);
  }

  function saveCart(cart) {
    write(KEYS.cart, cart);
    renderCartLink();
  }

  function addToCart(id) {
    var cart = getCart();
    for (var i = 0; i < cart.length; i++) {
      if (cart[i].id === id) {
        cart[i].qty += 1;
        saveCart(cart);
        return;
      }
    }
    cart.push({ id: id, qty: 1 });
    saveCart(cart);
  }

  function setQuantity(id, qty) {
    var cart = getCart().map(function (item) {
      return item.id === id ? { id: id, qty: qty } : item;
    });
    saveCart(cart);
  }

  function removeFromCart(id) {
    saveCart(getCart().filter(function (item) { return item.id !== id; }));
  }

  function cartCount() {
    return getCart().reduce(function (n, item) { return n + item.qty; }, 0);
  }

  // ---- catalogue ----------------------------------------------------------
  function fetchProducts(query) {
    var url = "/api/products?q=" + encodeURIComponent(query || "");
    return fetch(url).then(function (r) { return r.json(); }).then(function (d) { return d.products; });
  }

  // Cart items joined with catalogue data: [{id, qty, name, price, bundle}].
  function cartLines() {
    return fetchProducts("").then(function (products) {
      var byId = {};
      products.forEach(function (p) { byId[p.id] = p; });
      return getCart()
        .filter(function (item) { return byId[item.id]; })
        .map(function (item) {
          var p = byId[item.id];
          return { id: item.id, qty: item.qty, name: p.name, price: p.price, bundle: p.bundle };
        });
    });
  }

  // ---- header -----------------------------------------------------------------
  function renderCartLink() {
    var link = document.getElementById("cart-link");
    if (link) link.textContent = "Cart (" + cartCount() + ")";
  }

  function renderAccount() {
    var slot = document.getElementById("account");
    if (!slot) return;
    var user = read(KEYS.user, null);
    slot.textContent = "";
    if (user) {
      var who = document.createElement("span");
      who.className = "signed-in";
      who.textContent = "Signed in as " + user;
      var out = document.createElement("button");
      out.type = "button";
      out.className = "link-button";
      out.id = "logout-button";
      out.textContent = "Sign out";
      out.addEventListener("click", function () {
        write(KEYS.user, null);
        window.location.href = "/";
      });
      slot.appendChild(who);
      slot.appendChild(out);
    } else {
      var a = document.createElement("a");
      a.href = "/login.html";
      a.id = "login-link";
      a.textContent = "Sign in";
      slot.appendChild(a);
    }
  }

  // ---- cookie banner ------------------------------------------------------------
  function renderCookieBanner() {
    if (read(KEYS.consent, null)) return;
    var banner = document.createElement("div");
    banner.id = "cookie-banner";
    banner.className = "cookie-banner";
    banner.setAttribute("role", "region");
    banner.setAttribute("aria-label", "Cookie consent");
    banner.innerHTML =
      '<div class="cookie-inner">' +
      "<p><strong>We use cookies.</strong> Some are needed to run the shop; " +
      "others help us understand how you use it. You can accept or reject the optional ones.</p>" +
      '<div class="cookie-actions">' +
      '<button type="button" class="button" id="cookie-accept">Accept</button>' +
      '<button type="button" class="button secondary" id="cookie-reject">Reject</button>' +
      "</div></div>";
    document.body.appendChild(banner);
    function decide(choice) {
      write(KEYS.consent, choice);
      banner.remove();
    }
    document.getElementById("cookie-accept").addEventListener("click", function () { decide("accepted"); });
    document.getElementById("cookie-reject").addEventListener("click", function () { decide("rejected"); });
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  window.Shop = {
    KEYS: KEYS,
    read: read,
    write: write,
    getCart: getCart,
    saveCart: saveCart,
    addToCart: addToCart,
    setQuantity: setQuantity,
    removeFromCart: removeFromCart,
    cartCount: cartCount,
    fetchProducts: fetchProducts,
    cartLines: cartLines,
    escapeHtml: escapeHtml,
    currentUser: function () { return read(KEYS.user, null); }
  };

  renderCartLink();
  renderAccount();
  renderCookieBanner();
})();
