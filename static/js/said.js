// A page that follows a game (its live poll brings the whole <main> anew: the game
// page, the spectators' page) says what changed on a polite status line outside it,
// #page-said: the sentence the server wrote into the new page (data-said), once.
(function () {
  "use strict";

  function said(main) {
    var node = main ? main.querySelector("[data-said]") : null;
    return node ? node.dataset.said : "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.querySelector("main");
    var line = document.getElementById("page-said");
    if (!main || !line || !window.MutationObserver) return;
    var last = said(main);
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node.tagName !== "MAIN") return;
          var text = said(node);
          if (text && text !== last) line.textContent = text;
          last = text || last;
        });
      });
    }).observe(main.parentNode, { childList: true });
  });
})();
