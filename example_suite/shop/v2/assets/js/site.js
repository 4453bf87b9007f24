/* Kettle & Crumb 2.0 -- shared by every page: storage, header, search, overlays. */
(function () {
  "use strict";

  var STORE = {
    basket: "kc.basket",
    session: "kc.session",
    consent: "kc.consent",
    promoSeen: "kc.promoSeen",
    discount: "kc.discountCode",
    receipt: "kc.receipt"
  };

  function load(key, fallback) {
    try {
      var raw = window.localStorage.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }

  function save(key, value) {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  }

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // ---- basket: [{id, qty}] ------------------------------------------------------
  var Basket = {
    items: function () { return load(STORE.basket, []); },
    store: function (items) { save(STORE.basket, items); paintCartCount(); },
    add: function (id) {
      var items = Basket.items();
      var found = items.filter(function (i) { return i.id === id; })[0];
      if (found) found.qty += 1;
      else items.push({ id: id, qty: 1 });
      Basket.store(items);
    },
    setQty: function (id, qty) {
      Basket.store(Basket.items().map(function (i) { return i.id === id ? { id: id, qty: qty } : i; }));
    },
    remove: function (id) {
      Basket.store(Basket.items().filter(function (i) { return i.id !== id; }));
    },
    count: function () {
      return Basket.items().reduce(function (n, i) { return n + i.qty; }, 0);
    },
    clear: function () { Basket.store([]); }
  };

  function products(query) {
    return fetch("/api/products?q=" + encodeURIComponent(query || ""))
      .then(function (r) { return r.json(); })
      .then(function (d) { return d.products; });
  }

  function basketLines() {
    return products("").then(function (all) {
      var byId = {};
      all.forEach(function (p) { byId[p.id] = p; });
      return Basket.items()
        .filter(function (i) { return byId[i.id]; })
        .map(function (i) {
          var p = byId[i.id];
          return { id: i.id, qty: i.qty, name: p.name, price: p.price, swatch: p.swatch };
        });
    });
  }

  // ---- header -----------------------------------------------------------------------
  function paintCartCount() {
    var pill = document.querySelector("[data-testid=header-cart] .pill");
    if (pill) pill.textContent = "(" + Basket.count() + ")";
  }

  function paintAccount() {
    var area = document.getElementById("account-area");
    if (!area) return;
    var user = load(STORE.session, null);
    if (user) {
      area.innerHTML =
        '<span class="usernav__hello">Signed in as <b>' + esc(user.name) + "</b></span>" +
        '<button type="button" class="usernav__logout">Log out</button>';
      area.querySelector(".usernav__logout").addEventListener("click", function () {
        save(STORE.session, null);
        window.location.href = "/";
      });
    } else {
      area.innerHTML = '<a class="usernav__login" href="/login.html">Log in</a>';
    }
  }

  // ---- header search with autocomplete (combobox) ----------------------------------
  function wireSearch() {
    var input = document.getElementById("q");
    var box = document.getElementById("q-results");
    var form = input && input.form;
    if (!input || !box || !form) return;
    var ticket = 0;
    var items = [];
    var active = -1;

    function close() {
      box.hidden = true;
      box.innerHTML = "";
      items = [];
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function go(query) {
      window.location.href = query ? "/?q=" + encodeURIComponent(query) : "/";
    }

    function mark(index) {
      active = index;
      var opts = box.querySelectorAll("[role=option]");
      for (var i = 0; i < opts.length; i++) {
        var on = i === index;
        opts[i].setAttribute("aria-selected", on ? "true" : "false");
        opts[i].classList.toggle("is-active", on);
      }
      if (index >= 0) input.setAttribute("aria-activedescendant", opts[index].id);
    }

    input.addEventListener("input", function () {
      var query = input.value.trim();
      var mine = ++ticket;
      if (!query) { close(); return; }
      products(query).then(function (found) {
        if (mine !== ticket) return;
        items = found.slice(0, 6);
        box.innerHTML = "";
        active = -1;
        if (!items.length) { close(); return; }
        items.forEach(function (p, i) {
          var opt = document.createElement("div");
          opt.setAttribute("role", "option");
          opt.setAttribute("aria-selected", "false");
          opt.id = "q-opt-" + i;
          opt.className = "hsearch__option";
          opt.innerHTML = '<span class="hsearch__name">' + esc(p.name) + "</span> " +
            '<span class="hsearch__price">' + Pricing.formatMoney(Pricing.toCents(p.price)) + "</span>";
          opt.addEventListener("click", function () { input.value = p.name; close(); go(p.name); });
          box.appendChild(opt);
        });
        box.hidden = false;
        input.setAttribute("aria-expanded", "true");
      });
    });

    input.addEventListener("keydown", function (e) {
      if (box.hidden || !items.length) return;
      if (e.key === "ArrowDown") { e.preventDefault(); mark((active + 1) % items.length); }
      else if (e.key === "ArrowUp") { e.preventDefault(); mark(active <= 0 ? items.length - 1 : active - 1); }
      else if (e.key === "Enter" && active >= 0) { e.preventDefault(); var p = items[active]; input.value = p.name; close(); go(p.name); }
      else if (e.key === "Escape") { close(); }
    });

    box.addEventListener("mousedown", function (e) { e.preventDefault(); });
    document.addEventListener("click", function (e) { if (!form.contains(e.target)) close(); });
    form.addEventListener("submit", function (e) { e.preventDefault(); ++ticket; close(); go(input.value.trim()); });

    input.value = new URLSearchParams(window.location.search).get("q") || "";
  }

  // ---- overlays: spring-sale promo (modal) and cookie consent (card) -------------------
  function showConsent() {
    if (load(STORE.consent, null)) return;
    var card = document.createElement("section");
    card.className = "consent";
    card.setAttribute("role", "dialog");
    card.setAttribute("aria-modal", "false");
    card.setAttribute("aria-labelledby", "consent-title");
    card.setAttribute("data-testid", "cookie-banner");
    card.innerHTML =
      '<h2 id="consent-title" class="consent__title">Your privacy</h2>' +
      '<p class="consent__text">We use cookies to keep you signed in and remember your cart. ' +
      "With your permission we also use analytics cookies.</p>" +
      '<div class="consent__actions">' +
      '<button type="button" class="btn btn--primary" data-testid="cookie-accept">Accept cookies</button>' +
      '<button type="button" class="btn btn--ghost">Reject cookies</button>' +
      "</div>";
    document.body.appendChild(card);
    var buttons = card.querySelectorAll("button");
    buttons[0].addEventListener("click", function () { save(STORE.consent, "all"); card.remove(); });
    buttons[1].addEventListener("click", function () { save(STORE.consent, "necessary"); card.remove(); });
  }

  function showPromo() {
    if (load(STORE.promoSeen, false)) return;
    var dlg = document.createElement("dialog");
    dlg.className = "promo";
    dlg.setAttribute("aria-labelledby", "promo-title");
    dlg.innerHTML =
      '<button type="button" class="promo__close" aria-label="Close" data-testid="promo-close">\u00d7</button>' +
      '<div class="promo__art" aria-hidden="true"><span></span><span></span><span></span></div>' +
      '<p class="promo__eyebrow">Limited time</p>' +
      '<h2 id="promo-title">Spring sale</h2>' +
      "<p>Free delivery on every order over $30 until the end of May. No code needed.</p>" +
      '<button type="button" class="btn btn--primary promo__cta">Start shopping</button>';
    document.body.appendChild(dlg);
    function dismiss() {
      save(STORE.promoSeen, true);
      if (dlg.open) dlg.close();
      dlg.remove();
    }
    dlg.querySelector(".promo__close").addEventListener("click", dismiss);
    dlg.querySelector(".promo__cta").addEventListener("click", dismiss);
    dlg.addEventListener("cancel", function (e) { e.preventDefault(); dismiss(); });
    dlg.showModal();
  }

  window.KC = {
    STORE: STORE,
    load: load,
    save: save,
    esc: esc,
    Basket: Basket,
    products: products,
    basketLines: basketLines,
    user: function () { return load(STORE.session, null); }
  };

  paintCartCount();
  paintAccount();
  wireSearch();
  showConsent();
  showPromo();
})();
