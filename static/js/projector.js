// The projector's standings: as many pages of rows as fit side by side are shown,
// and every few seconds the next ones, round the whole field. Without this script
// every page shows, one under the other. The board is swapped by htmx every 15 s:
// the turn carries on where it was.
(function () {
  "use strict";
  let first = 0;

  function columns(pages) {
    const grid = getComputedStyle(pages).gridTemplateColumns.split(" ").filter(Boolean);
    return Math.max(1, grid.length);
  }

  function show() {
    const pages = document.querySelector(".projector-pages");
    if (!pages) return;
    const all = Array.from(pages.querySelectorAll(".projector-page"));
    const shown = columns(pages);
    if (first >= all.length) first = 0;
    all.forEach(function (page, index) {
      page.hidden = all.length > shown && (index < first || index >= first + shown);
    });
    const counter = document.querySelector(".projector-counter");
    if (counter && all.length > shown) {
      counter.textContent = (first / shown + 1) + " / " + Math.ceil(all.length / shown);
    }
  }

  function turn() {
    const pages = document.querySelector(".projector-pages");
    if (!pages) return;
    const count = pages.querySelectorAll(".projector-page").length;
    first += columns(pages);
    if (first >= count) first = 0;
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    const pages = document.querySelector(".projector-pages");
    if (!pages) return;
    const seconds = Number(pages.dataset.turnSeconds) || 10;
    show();
    setInterval(turn, seconds * 1000);
    window.addEventListener("resize", show);
    document.body.addEventListener("htmx:afterSwap", show);
  });
})();
