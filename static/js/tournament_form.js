// The new tournament's form: choosing the Différenzler format hides what it does not
// have (Weis, Stöck, the match bonus, imposed trumps, best passes), offers its own
// tie-breaks and 12 hands, as long as those were left as they were. Without this
// script every field shows; the server takes the format's tie-breaks and refuses the
// rest with a message beside each field.
(function () {
  "use strict";
  const UNUSED = ["weis", "stoeck", "match_bonus", "best_of", "trump_order_text"];
  const DEFAULTS = {
    differenzler: { hands: "12", breaks: ["exact", "best-hand", "draw"] },
    other: { hands: "16", breaks: ["best-pass", "matches", "draw"] },
  };

  function kind(value) {
    return value === "differenzler" ? "differenzler" : "other";
  }

  function apply(format, before) {
    const now = DEFAULTS[kind(format.value)];
    const was = DEFAULTS[before];
    UNUSED.forEach(function (name) {
      const box = document.getElementById("div_id_" + name);
      if (box) box.hidden = kind(format.value) === "differenzler";
    });
    const hands = document.getElementById("id_hands");
    if (hands && hands.value === was.hands) hands.value = now.hands;
    const selects = [1, 2, 3].map(function (n) {
      return document.getElementById("id_tie_break_" + n);
    });
    const current = selects.map(function (select) {
      return select ? select.value : "";
    });
    if (current.join() === was.breaks.join()) {
      selects.forEach(function (select, index) {
        if (select) select.value = now.breaks[index];
      });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    const format = document.getElementById("id_format");
    if (!format || format.disabled) return;
    let before = kind(format.value);
    if (before === "differenzler") apply(format, before);
    format.addEventListener("change", function () {
      apply(format, before);
      before = kind(format.value);
    });
  });
})();
