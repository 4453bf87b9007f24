/* Sign-in form. The only account is alice / wonderland-42. */
(function () {
  "use strict";

  var ACCOUNTS = { alice: "wonderland-42" };

  var form = document.getElementById("login-form");
  var error = document.getElementById("login-error");
  var username = document.getElementById("username");
  var password = document.getElementById("password");

  function safeNext() {
    var next = new URLSearchParams(window.location.search).get("next") || "/";
    return next.charAt(0) === "/" && next.charAt(1) !== "/" ? next : "/";
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var user = username.value.trim();
    var pass = password.value;
    if (!user || !pass) {
      error.textContent = "Please enter your username and password";
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(ACCOUNTS, user) || ACCOUNTS[user] !== pass) {
      error.textContent = "Invalid username or password";
      password.value = "";
      return;
    }
    error.textContent = "";
    Shop.write(Shop.KEYS.user, user);
    window.location.href = safeNext();
  });
})();
