/* SPDX-License-Identifier: MIT (see LICENCE.txt beside this file).
   Search over one edition's rules and cards with no server: search-index.js (written by
   `publish build site`) sets SITE_SEARCH to [{t: title, u: address, k: kind, x: text}];
   an entry is found when every word typed is in its title or text, accents and case aside. */
(function () {
  "use strict";
  var index = window.SITE_SEARCH || [];
  var form = document.getElementById("search");
  var input = document.getElementById("q");
  var summary = document.getElementById("summary");
  var results = document.getElementById("results");

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  var folded = index.map(function (e) { return { title: fold(e.t), text: fold(e.x) }; });

  function find(query) {
    var words = fold(query).split(/\s+/).filter(function (w) { return w.length > 0; });
    if (!words.length) return null;
    var found = [];
    index.forEach(function (entry, i) {
      var f = folded[i], score = 0;
      for (var j = 0; j < words.length; j += 1) {
        var inTitle = f.title.indexOf(words[j]) >= 0;
        if (!inTitle && f.text.indexOf(words[j]) < 0) return;
        score += inTitle ? 3 : 1;
      }
      found.push({ entry: entry, score: score, at: i });
    });
    found.sort(function (a, b) { return b.score - a.score || a.at - b.at; });
    return found;
  }

  function excerpt(text, query) {
    var word = fold(query).split(/\s+/)[0] || "";
    var at = Math.max(0, fold(text).indexOf(word) - 60);
    return (at > 0 ? "… " : "") + text.slice(at, at + 200) + (text.length > at + 200 ? " …" : "");
  }

  function show(query) {
    results.textContent = "";
    var found = find(query);
    if (found === null) { summary.textContent = summary.getAttribute("data-empty"); return; }
    summary.textContent = found.length ? summary.getAttribute("data-template")
      .replace("{n}", found.length) : summary.getAttribute("data-none");
    found.slice(0, 100).forEach(function (hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = hit.entry.u;
      a.textContent = hit.entry.t;
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = " · " + (results.getAttribute("data-" + hit.entry.k) || "");
      var p = document.createElement("p");
      p.textContent = excerpt(hit.entry.x, query);
      li.appendChild(a);
      li.appendChild(kind);
      li.appendChild(p);
      results.appendChild(li);
    });
  }

  var query = new URLSearchParams(location.search).get("q") || "";
  input.value = query;
  show(query);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    show(input.value);
    try { history.replaceState(null, "", "?q=" + encodeURIComponent(input.value)); } catch (e) { /* file: */ }
  });
  input.addEventListener("input", function () { show(input.value); });
})();
