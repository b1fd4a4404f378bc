// The Coiffeur hand form (templates/scoring/kinds/coiffeur/hand_form.html): writes what a
// misère hand counts as the card points are typed, "157 − 40 = 117, × 8 = 936", in the
// words the server gave (data-counted, data-rule). Everything else works without it; the
// server says the same when it shows the form again. Listens on the document, so a form
// swapped in by htmx needs nothing more.
(function () {
  "use strict";

  var CARD_POINTS = 157;

  function misereLine(form) {
    var note = form.querySelector("#misere-note");
    if (!note) return;
    var side = form.querySelector('input[name="team"]:checked');
    var row = side && form.querySelector(".rows-of-" + side.value + " input[data-misere]:checked");
    var outcome = form.querySelector('input[name="outcome"]:checked');
    var typed = form.querySelector('input[name="points"]').value.trim();
    var points = /^\d+$/.test(typed) ? parseInt(typed, 10) : NaN;
    if (!row || (outcome && outcome.value !== "cards") || !(points >= 0 && points <= CARD_POINTS)) {
      note.textContent = note.dataset.rule;
      return;
    }
    var counted = CARD_POINTS - points;
    var written = form.dataset.rounded ? Math.floor((counted + 5) / 10) * 10 : counted;
    var values = {
      points: points,
      counted: counted,
      multiplier: row.dataset.multiplier,
      cell: written * parseInt(row.dataset.multiplier, 10)
    };
    note.textContent = note.dataset.counted.replace(/%\((\w+)\)s/g, function (_, name) {
      return String(values[name]);
    });
  }

  function changed(event) {
    var form = event.target.closest && event.target.closest("form.coiffeur-form");
    if (form) misereLine(form);
  }

  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
})();
