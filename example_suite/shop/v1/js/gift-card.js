/* Gift cards: a photo chosen through the button's file chooser. */
(function () {
  "use strict";

  var input = document.getElementById("gift-photo");
  var status = document.getElementById("gift-photo-status");
  document.getElementById("gift-photo-button").addEventListener("click", function () { input.click(); });
  input.addEventListener("change", function () {
    var file = input.files[0];
    status.textContent = file ? file.name + " attached (" + Math.ceil(file.size / 1024) + " KB)" : "";
  });
})();
