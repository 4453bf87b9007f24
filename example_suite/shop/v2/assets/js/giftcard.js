/* Gift cards: the photo input sits inside its label, styled as a button (no script opens a chooser). */
(function () {
  "use strict";

  var input = document.querySelector(".js-photo");
  var status = document.querySelector(".js-photo-status");
  input.addEventListener("change", function () {
    var file = input.files[0];
    status.textContent = file ? file.name + " attached (" + Math.ceil(file.size / 1024) + " KB)" : "";
  });
})();
