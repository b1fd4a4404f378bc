// The Différenzler scorer's screen: with three card points typed, the blank one shows
// 157 minus the others (the server fills it in the same way; without this script it
// still does).
"use strict";
(function () {
  var TOTAL = 157;
  function update(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".cards-input"));
    var blank = inputs.filter(function (input) { return input.value.trim() === ""; });
    var typed = inputs.filter(function (input) { return input.value.trim() !== ""; });
    inputs.forEach(function (input) { input.placeholder = ""; });
    var note = form.querySelector(".fourth");
    if (note) note.textContent = "";
    if (blank.length !== 1) return;
    var sum = typed.reduce(function (total, input) { return total + (parseInt(input.value, 10) || 0); }, 0);
    var rest = TOTAL - sum;
    blank[0].placeholder = rest >= 0 ? String(rest) : "";
    if (note) {
      var label = form.querySelector("label[for='" + blank[0].id + "']");
      note.textContent = rest >= 0 ? (label ? label.textContent + ": " : "") + rest : "";
    }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest(".points-form");
    if (form) update(form);
  });
})();
