// The new tournament's form: choosing the Différenzler format hides what it does not
// have (Weis, Stöck, the match bonus, imposed trumps, best passes), offers its own
// tie-breaks and 12 hands, as long as those were left as they were. Without this
// script every field shows; the server takes the format's tie-breaks and refuses the
// rest with a message beside each field. The help on the number of hands speaks of
// Différenzler: it shows with that format only.
(function () {
  "use strict";
  const UNUSED = ["weis", "stoeck", "match_bonus", "best_of", "trump_order_text"];
  const DEFAULTS = {
    differenzler: {
      hands: "12",
      breaks: ["exact", "best-hand", "draw"],
      allowed: ["exact", "best-hand", "best-pass", "draw"],
    },
    other: {
      hands: "16",
      breaks: ["best-pass", "matches", "draw"],
      allowed: ["best-pass", "matches", "draw"],
    },
  };

  function kind(value) {
    return value === "differenzler" ? "differenzler" : "other";
  }

  function apply(format, before) {
    const now = DEFAULTS[kind(format.value)];
    const was = DEFAULTS[before];
    const hide = kind(format.value) === "differenzler";
    UNUSED.forEach(function (name) {
      const box = document.getElementById("div_id_" + name);
      const field = document.getElementById("id_" + name);
      if (!box || !field) return;
      // a refused value stays in sight with its message; a hidden one is put aside,
      // not sent (the server would refuse it where nobody sees), and comes back with
      // the other format
      if (hide && box.querySelector(".is-invalid")) return;
      if (hide && !box.hidden) {
        field.dataset.keep = field.type === "checkbox" ? String(field.checked) : field.value;
        if (field.type === "checkbox") field.checked = false;
        else field.value = "";
      } else if (!hide && box.hidden && field.dataset.keep !== undefined) {
        if (field.type === "checkbox") field.checked = field.dataset.keep === "true";
        else field.value = field.dataset.keep;
        delete field.dataset.keep;
      }
      box.hidden = hide;
    });
    const help = document.getElementById("id_hands_helptext");
    if (help) help.hidden = !hide;
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
    // only this format's tie-breaks are offered (one chosen before stays, to be refused)
    selects.forEach(function (select) {
      if (!select) return;
      Array.prototype.forEach.call(select.options, function (option) {
        option.hidden = option.value !== "" && option.value !== select.value &&
          now.allowed.indexOf(option.value) < 0;
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const format = document.getElementById("id_format");
    if (!format || format.disabled) return;
    let before = kind(format.value);
    apply(format, before);
    format.addEventListener("change", function () {
      apply(format, before);
      before = kind(format.value);
    });
  });
})();
