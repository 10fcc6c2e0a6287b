/* SPDX-License-Identifier: MIT (see LICENCE.txt beside this file).
   The card list's filter by deck, group and kind, also read from the query string
   (cards/index.html?deck=market&kind=natural). */
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var count = document.getElementById("count");
  if (!form || !count) return;
  var items = Array.prototype.slice.call(document.querySelectorAll(".card-grid li.card"));
  var names = ["deck", "group", "kind"];
  var noGroup = count.getAttribute("data-no-group");

  function value(name) { return form.elements[name] ? form.elements[name].value : ""; }

  function matches(item, deck, group, kind) {
    if (deck && item.getAttribute("data-decks").split(" ").indexOf(deck) < 0) return false;
    if (group === noGroup ? item.getAttribute("data-group") !== ""
        : group && item.getAttribute("data-group") !== group) return false;
    return !kind || item.getAttribute("data-kind") === kind;
  }

  function apply() {
    var deck = value("deck"), group = value("group"), kind = value("kind"), shown = 0;
    items.forEach(function (item) {
      var show = matches(item, deck, group, kind);
      item.hidden = !show;
      if (show) shown += 1;
    });
    count.textContent = count.getAttribute("data-template")
      .replace("{n}", shown).replace("{m}", items.length);
    var query = new URLSearchParams();
    names.forEach(function (name) { if (value(name)) query.set(name, value(name)); });
    var search = query.toString();
    try {  /* some browsers refuse history on file: pages; the filter works regardless */
      history.replaceState(null, "", search ? "?" + search : location.pathname);
    } catch (e) { /* ignored */ }
  }

  var params = new URLSearchParams(location.search);
  var aliases = { group: form.getAttribute("data-group-field") };
  names.forEach(function (name) {
    var select = form.elements[name];
    var wanted = params.has(name) ? params.get(name)
      : aliases[name] && params.has(aliases[name]) ? params.get(aliases[name]) : null;
    if (!select || wanted === null) return;
    for (var i = 0; i < select.options.length; i += 1) {
      if (select.options[i].value === wanted) select.options[i].selected = true;
    }
  });
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  apply();
})();
