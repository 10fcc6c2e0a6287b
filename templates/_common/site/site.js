/* SPDX-License-Identifier: MIT (see LICENCE.txt beside this file).
   The language switcher keeps the reader on the same rule: the other edition's page has the
   same anchors, so the link takes the address's fragment along. */
(function () {
  "use strict";
  var links = document.querySelectorAll("a.switch");
  for (var i = 0; i < links.length; i += 1) {
    links[i].addEventListener("click", function (event) {
      if (location.hash) {
        event.preventDefault();
        location.href = this.getAttribute("href").split("#")[0] + location.hash;
      }
    });
  }
})();
