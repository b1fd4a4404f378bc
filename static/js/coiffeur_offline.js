// Coiffeur's part of the table screen offline (offline.js asks it through
// window.JassOfflineKind): the hand form read as the server reads it
// (scoring/kinds/coiffeur/forms.py), the waiting hands written into their cells of the
// sheet and counted onto the totals (coiffeur.js, held to the Python engine), who won
// once the sheet is full, and the next hand's form: its number, its key, whose turn,
// the rows still open. The server judges when the hands arrive.
(function () {
  "use strict";
  var C = window.JassCoiffeur;
  if (!C || !window.JassWaiting) return;
  var MINUS = "\u2212";

  function written(value) { return value < 0 ? MINUS + String(-value) : String(value); }

  function checked(form, selector) { return form.querySelector(selector + ":checked"); }

  function labelOf(form, input) {
    var label = input ? form.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // The hand as CoiffeurHandForm.clean makes it: card points, or a match or
  // counter-match with its row's card points when none are typed, or a struck row.
  function hand(form) {
    var side = checked(form, 'input[name="team"]');
    var team = side ? parseInt(side.value, 10) : -1;
    var row = team >= 0 ? checked(form, ".rows-of-" + team + " input") : null;
    var outcome = checked(form, 'input[name="outcome"]');
    var kind = outcome ? outcome.value : "cards";
    var typed = form.querySelector('input[name="points"]').value.trim();
    var cards = typed === "" ? null : (/^\d+$/.test(typed) ? parseInt(typed, 10) : -1);
    var name = row ? row.value : null;
    if (kind === "match" && cards === null && name) cards = C.matchCards(name);
    if (kind === "counter" && cards === null && name) cards = C.counterCards(name);
    var chibre = form.querySelector('input[name="chibre"]');
    return {
      team: team, row: name, cards: cards,
      match: kind === "match", counter: kind === "counter", struck: kind === "struck",
      chibre: !!(chibre && chibre.checked)
    };
  }

  // What the list of hands says of a waiting hand: its row and side.
  function label(form) {
    var side = checked(form, 'input[name="team"]');
    var row = side ? checked(form, ".rows-of-" + side.value + " input") : null;
    var rowName = labelOf(form, row).replace(/\s*×\d+$/, "");
    var sideName = side ? labelOf(form, side) : "";
    return [rowName, sideName].filter(Boolean).join(" · ");
  }

  function typing(form) {
    var points = form.querySelector(".points-input");
    return !!((points && points.value) || form.querySelector(".coiffeur-rows input:checked"));
  }

  function mark(parent, text, className) {
    var span = document.createElement("span");
    span.className = "waiting " + className;
    span.textContent = text;
    parent.appendChild(span);
  }

  // What each side still has to play once the waiting hands are in: its count of open
  // rows, and the rows they filled struck out in the list below the sheet.
  function stillToPlay(s, hands, table, status) {
    var keys = s.ruleset.rows.map(function (row) { return row[0]; });
    var filled = {};
    hands.forEach(function (hand) { filled[hand.team + " " + hand.row] = true; });
    var counts = table ? table.querySelectorAll("tfoot .left-line td.cell") : [];
    Array.prototype.forEach.call(counts, function (count, side) {
      var open = keys.filter(function (key) { return !filled[side + " " + key]; }).length;
      if (String(open) !== count.textContent.trim()) {
        count.classList.add("provisional");
        mark(count, "\u2192 " + open, "total-waiting");
      }
    });
    document.querySelectorAll("#table .coiffeur-open li").forEach(function (item, side) {
      item.querySelectorAll(".open-row").forEach(function (row) {
        if (!filled[side + " " + row.dataset.row]) return;
        row.classList.add("provisional");
        mark(row, " (" + status.dataset.row + ")", "visually-hidden");
      });
    });
  }

  // The waiting hands written into the sheet the server drew: each in its cell, the
  // totals after them; the sheet full says who won. A hand the server would refuse
  // (coiffeur.js's check) and those after it are shown as "?": the server will say why.
  function provisional(s, shown, status) {
    var hands = s.hands.slice();
    var odd = false;
    var table = document.querySelector("#table .coiffeur-table");
    var rows = s.ruleset.rows.map(function (row) { return row[0]; });
    shown.forEach(function (waiting) {
      odd = odd || C.check(s.ruleset, hands, waiting.hand).length > 0;
      waiting.unsure = odd;
      if (odd) { waiting.text = "?"; return; }
      hands.push(waiting.hand);
      waiting.text = written(C.cell(s.ruleset, waiting.hand));
      var line = table && table.tBodies[0].rows[rows.indexOf(waiting.hand.row)];
      var cell = line && line.querySelectorAll("td.cell")[waiting.hand.team];
      if (cell) {
        cell.classList.add("provisional");
        mark(cell, waiting.text, "cell-waiting");
        cell.title = status.dataset.row;
      }
    });
    stillToPlay(s, hands, table, status);
    if (!shown.length || hands.length === s.hands.length) return { winner: null };
    var result = C.play(s.ruleset, hands);
    var totals = table ? table.querySelectorAll("tfoot .total-line td.total") : [];
    Array.prototype.forEach.call(totals, function (total, side) {
      total.classList.add("provisional");
      mark(total, "\u2192 " + written(result.totals[side]), "total-waiting");
    });
    if (!result.over) return { winner: null };
    if (result.winner === null) return { said: s.draw };
    return { winner: s.teams[result.winner] };
  }

  // The next hand's form: its number and a new key, nothing typed, the rows the
  // waiting hands filled no longer offered, and the side whose turn it is chosen (the
  // side after the last hand's that still has a row to play).
  function nextForm(form, s, number, shown) {
    var active = document.activeElement;
    if (active && form.contains(active) && active.blur) active.blur();
    var hands = s.hands.concat(shown.filter(function (w) { return !w.unsure; }).map(function (w) { return w.hand; }));
    var result = C.play(s.ruleset, hands);
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = window.JassWaiting.newKey();
    form.querySelectorAll(".invalid-feedback, .coiffeur-error-summary").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid").forEach(function (n) { n.classList.remove("is-invalid"); });
    form.querySelector('input[name="points"]').value = "";
    var cards = form.querySelector('input[name="outcome"][value="cards"]');
    if (cards) cards.checked = true;
    var chibre = form.querySelector('input[name="chibre"]');
    if (chibre) chibre.checked = false;
    form.querySelectorAll(".coiffeur-rows").forEach(function (group) {
      var side = parseInt(group.dataset.side, 10);
      var open = result.openRows[side] || [];
      group.querySelectorAll("input").forEach(function (input) {
        input.checked = false;
        var played = open.indexOf(input.value) < 0;
        input.disabled = played;
        var button = form.querySelector('label[for="' + input.id + '"]');
        if (button) button.hidden = played;
      });
    });
    var last = hands.length ? hands[hands.length - 1].team : -1;
    for (var step = 1; step <= s.ruleset.teams; step++) {
      var next = (last + step) % s.ruleset.teams;
      if ((result.openRows[next] || []).length) {
        var side = form.querySelector('input[name="team"][value="' + next + '"]');
        if (side) side.checked = true;
        break;
      }
    }
    var save = form.querySelector(".save-hand");
    if (save) save.textContent = save.textContent.replace(/\d+/, String(number));
    var heading = document.querySelector("#table .hand-heading");
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number));
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  window.JassOfflineKind = {
    form: "coiffeur-hand-form",
    hand: hand,
    label: label,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
  };
})();
