// The Coiffeur hand form (templates/scoring/kinds/coiffeur/hand_form.html): writes what a
// misère hand counts as the card points are typed, "157 − 40 = 117, × 8 = 936", in the
// words the server gave (data-counted, data-rule). When the table is drawn anew (a Save's
// answer, the waiting hands, Undo, the live poll): keeps what the scorer touched since the
// hand left, moves the focus where the eye goes (a refusal, else the next hand's rows,
// else the verdict) and says what changed on the polite #table-said. Everything works
// without it; the server says the same when it shows the form again.
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

  // What the scorer tapped or typed (name → value) for hand `number`: after a Save,
  // for the next hand, while the answer is on its way and the form still shows the last.
  var touched = { number: 0, values: {} };
  var sent = 0;
  var shownHands = null;

  function handForm(node) { return node && node.closest ? node.closest("#coiffeur-hand-form") : null; }
  function numberOf(form) { return parseInt(form.querySelector('[name="hand_number"]').value, 10) || 0; }

  function changed(event) {
    var form = event.target.closest && event.target.closest("form.coiffeur-form");
    if (form) misereLine(form);
    var input = event.target;
    if (!event.isTrusted || !handForm(input) || !input.name) return;
    var number = Math.max(numberOf(form), sent + 1);
    if (touched.number !== number) touched = { number: number, values: {} };
    touched.values[input.name] = input.type === "checkbox" ? input.checked : input.value;
  }

  // What was touched for the hand this form is for, typed into it again.
  function retype(form) {
    if (!form || numberOf(form) !== touched.number) return;
    var names = Object.keys(touched.values);
    names.forEach(function (name) {
      var value = touched.values[name];
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (input.type === "radio") { if (input.value === value && !input.disabled) input.checked = true; }
        else if (input.type === "checkbox") input.checked = value;
        else input.value = value;
      });
    });
    if (names.length) form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The next hand starts at its rows: the chosen side's row, or its first; the verdict
  // when the sheet is full.
  function focusNext(root) {
    var form = root.querySelector("#coiffeur-hand-form"), target = null;
    if (form && !form.hidden) {
      var side = form.querySelector('input[name="team"]:checked');
      var rows = side ? ".rows-of-" + side.value + " input:not(:disabled)" : "x";
      target = form.querySelector(rows + ":checked") || form.querySelector(rows) || side;
    }
    target = target || root.querySelector(".provisional-over, .coiffeur-verdict");
    if (!target) return;
    if (!target.matches("input, button, a")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }

  function announce(table) {
    var line = document.getElementById("table-said");
    var hands = +table.dataset.hands || 0, before = shownHands;
    shownHands = hands;
    if (!line || before === null || hands === before) return false;
    var item = table.querySelector(".hand-item:not(.waiting)"), over = table.querySelector(".coiffeur-verdict[role]");
    var hand = item ? [".hand-row", ".hand-side", ".hand-points"].map(function (part) {
      return item.querySelector(part).textContent.trim();
    }) : ["", "", ""];
    var totals = Array.prototype.map.call(table.querySelectorAll("tfoot .total-line td.total"), function (cell) {
      return cell.firstChild.textContent.trim();
    });
    var values = { number: Math.max(hands, before), hand: (line.dataset.joined || "%(label)s: %(value)s").replace("%(label)s", hand[0] + " · " + hand[1]).replace("%(value)s", hand[2]), totals: totals.join(" : ") };
    line.textContent = (hands > before ? line.dataset.saved : line.dataset.undone).replace(/%\((\w+)\)s/g, function (all, name) {
      return values[name];
    }) + (over ? " " + over.textContent.trim() : "");
    return true;
  }

  function drawnAnew(table) {
    var form = table.querySelector("#coiffeur-hand-form");
    // refused (data-refused): the hand sent is on the form again, as it was typed, even
    // when offered under the next number (another phone recorded its own): what was
    // tapped meanwhile is not typed into it
    if (table.hasAttribute("data-refused") || (form && numberOf(form) <= sent)) {
      if (form) sent = numberOf(form) - 1;
      touched = { number: 0, values: {} };
    }
    retype(form);
    var moved = announce(table), errors = table.querySelector("#coiffeur-form-errors");
    if (errors) {
      errors.focus({ preventScroll: true });
      errors.scrollIntoView({ block: "start" });
      return;
    }
    var active = document.activeElement;
    var kept = active && active !== document.body && document.contains(active);
    if (!kept || (moved && table.contains(active))) focusNext(table);
  }

  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  // a side tapped again that is checked already changes nothing, but it was meant
  document.addEventListener("click", function (event) {
    if (event.target.type === "radio" || event.target.type === "checkbox") changed(event);
  });
  document.addEventListener("submit", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    sent = numberOf(form);
    touched = { number: sent + 1, values: {} };
  }, true);
  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("table");
    if (!table || !table.classList.contains("coiffeur-screen")) return;
    shownHands = +table.dataset.hands || 0;
    // refused without htmx, or back from a page that says what it did (a correction)
    var said = document.getElementById("coiffeur-form-errors") || table.querySelector(".messages");
    if (said) {
      said.tabIndex = -1;
      said.focus();
    }
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node.id === "table") setTimeout(function () { drawnAnew(node); }, 0);
        });
      });
    }).observe(table.parentNode, { childList: true });
  });

  window.JassCoiffeurForm = {
    // whether the scorer touched this form's hand (a side tapped counts too)
    touched: function (form) { return numberOf(form) === touched.number && Object.keys(touched.values).length > 0; },
    retype: retype,
    focusNext: focusNext
  };
})();
