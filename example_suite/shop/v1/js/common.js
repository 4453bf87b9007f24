/* Shared by every page: storage, header (cart count, account, the narrow layout's menu button), cookie banner,
   and the cart's bottom sheet on a narrow screen. */
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

  // ---- the narrow layout: the menu button and the cart's bottom sheet ------------
  // Below 768 px (the breakpoint of style.css's media query) the navigation folds behind the menu button, as
  // Bootstrap's navbar-toggler does it: the button says whether it is open (aria-expanded), the header's class shows
  // the folded links.
  var NARROW = "(max-width: 767px)";

  function isNarrow() {
    return window.matchMedia(NARROW).matches;
  }

  function setupMenu() {
    var header = document.querySelector(".site-header");
    var toggle = header && header.querySelector(".menu-toggle");
    if (!toggle) return;
    function setOpen(open) {
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      header.classList.toggle("menu-open", open);
    }
    toggle.addEventListener("click", function () {
      setOpen(toggle.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && header.classList.contains("menu-open")) {
        setOpen(false);
        toggle.focus();
      }
    });
    window.matchMedia(NARROW).addEventListener("change", function () { setOpen(false); });
  }

  // On a phone "Add to cart" slides a sheet up from the bottom: what was added, the cart's count, "View cart" and
  // "Keep shopping". It is a modal dialog: tapping the backdrop, Escape, or swiping it down closes it too.
  var sheet = null;

  function closeCartSheet() {
    if (!sheet) return;
    var open = sheet;
    sheet = null;
    open.backdrop.remove();
    open.panel.remove();
    document.removeEventListener("keydown", open.onKey);
    if (open.returnFocus && document.contains(open.returnFocus)) open.returnFocus.focus();
  }

  function openCartSheet(item) {
    closeCartSheet();
    var count = cartCount();
    var backdrop = document.createElement("div");
    backdrop.className = "sheet-backdrop";
    var panel = document.createElement("section");
    panel.id = "cart-sheet";
    panel.className = "bottom-sheet";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-modal", "true");
    panel.setAttribute("aria-labelledby", "cart-sheet-title");
    panel.tabIndex = -1;
    panel.innerHTML =
      '<div class="sheet-grabber" aria-hidden="true"></div>' +
      '<h2 id="cart-sheet-title">Added to your cart</h2>' +
      '<p class="sheet-item">' + escapeHtml(item.name) + (item.price ? " \u00b7 " + escapeHtml(item.price) : "") + "</p>" +
      '<p class="sheet-count">' + count + (count === 1 ? " item" : " items") + " in your cart</p>" +
      '<div class="sheet-actions">' +
      '<a class="button" href="/cart.html" id="sheet-view-cart">View cart</a>' +
      '<button type="button" class="button secondary" id="sheet-keep-shopping">Keep shopping</button>' +
      "</div>";
    document.body.appendChild(backdrop);
    document.body.appendChild(panel);
    sheet = { backdrop: backdrop, panel: panel, returnFocus: document.activeElement, onKey: function (event) {
      if (event.key === "Escape") closeCartSheet();
    } };
    document.addEventListener("keydown", sheet.onKey);
    backdrop.addEventListener("click", closeCartSheet);
    panel.querySelector("#sheet-keep-shopping").addEventListener("click", closeCartSheet);
    // A finger drags the sheet down; let go far enough and it closes, else it springs back.
    var startY = null;
    var dragged = 0;
    panel.addEventListener("touchstart", function (event) {
      startY = event.touches[0].clientY;
      dragged = 0;
      panel.classList.add("dragging");
    }, { passive: true });
    panel.addEventListener("touchmove", function (event) {
      if (startY === null) return;
      event.preventDefault(); // the finger moves the sheet, not the page
      dragged = Math.max(0, event.touches[0].clientY - startY);
      panel.style.transform = "translateY(" + dragged + "px)";
    }, { passive: false });
    panel.addEventListener("touchend", function () {
      if (startY === null) return;
      startY = null;
      panel.classList.remove("dragging");
      panel.style.transform = "";
      if (dragged > Math.min(80, panel.offsetHeight / 4)) closeCartSheet();
    });
    void panel.offsetHeight; // lay it out below the screen first, so that it slides up
    panel.classList.add("open");
    panel.focus({ preventScroll: true });
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
    currentUser: function () { return read(KEYS.user, null); },
    isNarrow: isNarrow,
    openCartSheet: openCartSheet,
    closeCartSheet: closeCartSheet
  };

  setupMenu();
  renderCartLink();
  renderAccount();
  renderCookieBanner();
})();
