// The team game's part of the table screen offline (offline.js asks it through
// window.JassOfflineKind): its hand form read as the server reads it (table.js), the
// waiting hands counted onto the scores and chalked on the slate (rules.js), who goes
// out, and the next hand's form: its number, its key, whose turn.
(function () {
  "use strict";
  if (!window.JassTable || !window.JassWaiting) return;

  // Clears the form for the next hand: its number, a new key, the turn, nothing typed.
  function nextForm(form, s, number) {
    var active = document.activeElement;
    if (active && form.contains(active) && active.blur) active.blur(); // no trump left looking chosen
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = window.JassWaiting.newKey();
    form.querySelectorAll(".invalid-feedback, .alert-danger:not(.at-out-decides)").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid").forEach(function (n) { n.classList.remove("is-invalid"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (n) { n.removeAttribute("aria-invalid"); });
    form.querySelectorAll('input[type="number"]').forEach(function (input) {
      var blank = input.classList.contains("points-input") || input.classList.contains("at-out-input");
      input.value = blank ? "" : "0";
    });
    var typedWeis = form.querySelector('input[name="weis_values"]');
    if (typedWeis) typedWeis.value = "";
    var estimate = form.querySelector('input[name="estimate"]');
    if (estimate) estimate.checked = false;
    ["match", "weis_team", "stoeck", "out_first"].forEach(function (name) {
      var none = form.querySelector('input[name="' + name + '"][value=""]');
      if (none) none.checked = true;
    });
    var first = form.querySelector('input[name="typed_team"][value="0"]');
    if (first) first.checked = true; // as in a new form: the points typed for the first team
    var chibre = form.querySelector('input[name="chibre"]');
    if (chibre) chibre.checked = false;
    var turn = (s.turns || []).filter(function (t) { return t.number === number; })[0];
    var trumps = form.querySelectorAll('input[name="trump"]');
    if (turn && turn.imposed && trumps.length === 1) {
      trumps[0].value = turn.imposed;
      trumps[0].checked = true;
      var label = form.querySelector(".trump-button .trump-name");
      var symbol = form.querySelector(".trump-button .trump-symbol");
      if (label) label.textContent = turn.name;
      if (symbol) { symbol.textContent = turn.symbol; symbol.classList.toggle("red", !!turn.red); }
    } else if (!turn || !turn.imposed) {
      trumps.forEach(function (input) { input.checked = false; });
    }
    var line = document.querySelector("#table .turn");
    if (line && turn) {
      line.textContent = turn.text + (turn.label ? " " + turn.label : "");
    }
    var save = form.querySelector(".save-hand");
    if (save) save.textContent = save.textContent.replace(/\d+/, String(number));
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }


  // The waiting hands' marks, chalked on after the slate's own in the waiting colour
  // (RULES.md §8: strokes of 100, a half-cross for 50, strokes of 20, the units to the
  // number); the server's slate replaces them once it has the hands.
  var SVG = "http://www.w3.org/2000/svg";
  var LINES = [58, 118, 178];
  function chalkOn(svg, points) {
    var add = [0, 0, 0, 0];
    points.forEach(function (p) {
      if (p < 0) return;
      var rest = p % 100;
      var half = rest >= 50 ? 1 : 0;
      rest -= 50 * half;
      add[0] += Math.floor(p / 100); add[1] += half; add[2] += Math.floor(rest / 20); add[3] += rest % 20;
    });
    ["slate-hundred", "slate-half-cross", "slate-twenty"].forEach(function (name, line) {
      var x = 26;
      svg.querySelectorAll("." + name).forEach(function (mark) {
        var box = mark.getBBox();
        x = Math.max(x, box.x + box.width + 2);
      });
      for (var i = 0; i < add[line]; i++) {
        var mark = document.createElementNS(SVG, "path");
        var cx = Math.min(x + 6 + i * (line === 1 ? 14 : 9), 300);
        var half = line === 1 ? 8 : 2;
        mark.setAttribute("d", "M" + (cx - half) + " " + (LINES[line] + 19) + "L" + (cx + half) + " " + (LINES[line] - 19));
        mark.setAttribute("class", "waiting slate-waiting-mark");
        svg.appendChild(mark);
      }
    });
    var number = svg.querySelector(".slate-number");
    if (number) number.textContent = String(parseInt(svg.dataset.number, 10) + add[3]);
  }


  function trumpLabel(form) {
    var input = form.querySelector('input[name="trump"]:checked');
    var label = input ? form.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.replace(/\s+/g, " ").trim().replace(/ ×\d+$/, "") : "";
  }


  // Whether the scorer has typed something of the next hand (kept when the table is
  // drawn anew): points, or a trump chosen among several.
  function typing(form) {
    var points = form.querySelector(".points-input");
    var choice = form.querySelectorAll('input[name="trump"]').length > 1;
    var trump = choice && form.querySelector('input[name="trump"]:checked');
    return !!((points && points.value) || trump);
  }

  // The waiting hands counted onto the totals the server drew: each hand's points (its
  // text in the list of hands), the scores and the slate; who went out, if one did.
  function provisional(s, shown, status) {
    var totals = s.totals.slice();
    var winner = null;
    shown.forEach(function (hand) {
      // Without card points only a hand that ends on Stöck or Weis, or with the count
      // at going out, counts; otherwise (and without a trump) the server will say why.
      var step = window.JassRules && hand.hand.trump ? JassRules.step(s.ruleset, totals, hand.hand) : null;
      var whole = !!hand.hand.cards || (step && (step.outOn === "stoeck" || step.outOn === "weis" || step.exact));
      var odd = !step || !whole;
      if (odd) step = { points: [0, 0], winner: null };
      hand.unsure = odd;
      hand.points = step.points;
      hand.text = odd ? "? : ?" : step.points[0] + " : " + step.points[1];
      totals = [totals[0] + step.points[0], totals[1] + step.points[1]];
      if (step.winner !== null && step.winner !== undefined) winner = step.winner;
    });
    // for table.js: the totals the next hand is asked of
    var table = document.getElementById("table");
    if (table && shown.length) table.dataset.totals = JSON.stringify(totals);
    else if (table) delete table.dataset.totals;
    document.querySelectorAll("#table .team-score").forEach(function (team) {
      var index = parseInt(team.dataset.team, 10);
      var total = team.querySelector(".team-total");
      // a total the hands do not make (a tournament table's paper result) stays as drawn
      if (!total || !total.hasAttribute("data-total")) return;
      var before = parseInt(total.dataset.total, 10);
      total.textContent = String(shown.length ? totals[index] : before);
      var drawn = team.querySelector("svg[data-number] .slate-number");
      if (drawn) drawn.textContent = drawn.closest("svg").dataset.number;
      if (!shown.length) return;
      team.classList.add("provisional");
      var svg = team.querySelector("svg[data-number]");
      if (svg) chalkOn(svg, shown.map(function (hand) { return hand.unsure ? -1 : hand.points[index]; }));
      var note = document.createElement("span");
      note.className = "slate-waiting waiting";
      note.textContent = "+" + (totals[index] - s.totals[index]);
      note.title = status.dataset.row;
      if (totals[index] !== s.totals[index]) total.parentNode.appendChild(note);
      var needed = team.querySelector(".needed");
      var text = needed && needed.firstChild;
      if (text && text.nodeType === 3 && s.ruleset.target) {
        text.textContent = text.textContent.replace(/\d+/, String(Math.max(0, s.ruleset.target - totals[index])));
      }
    });
    return { winner: winner === null ? null : s.teams[winner] };
  }

  window.JassOfflineKind = {
    form: "hand-form",
    hand: window.JassTable.handFromForm,
    label: trumpLabel,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
  };
})();
