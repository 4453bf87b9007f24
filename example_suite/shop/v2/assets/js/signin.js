/* Log-in form. The only account is alice / wonderland-42. */
(function () {
  "use strict";

  var USERS = { alice: "wonderland-42" };
  var form = document.getElementById("signin");
  var error = document.getElementById("signin-error");
  var user = document.getElementById("signin-username");
  var pass = document.getElementById("signin-password");
  var toggle = form.querySelector(".pw__toggle");

  toggle.addEventListener("click", function () {
    var show = pass.type === "password";
    pass.type = show ? "text" : "password";
    toggle.textContent = show ? "Hide" : "Show";
    toggle.setAttribute("aria-label", show ? "Hide password" : "Show password");
    toggle.setAttribute("aria-pressed", show ? "true" : "false");
  });

  function destination() {
    var next = new URLSearchParams(window.location.search).get("next") || "/";
    return next.charAt(0) === "/" && next.charAt(1) !== "/" ? next : "/";
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var name = user.value.trim();
    if (!name || !pass.value) {
      error.textContent = "Please enter your username and password";
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(USERS, name) || USERS[name] !== pass.value) {
      error.textContent = "Invalid username or password";
      pass.value = "";
      pass.focus();
      return;
    }
    error.textContent = "";
    KC.save(KC.STORE.session, { name: name });
    window.location.href = destination();
  });
})();
