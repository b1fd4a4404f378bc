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
    var estimate = form.querySelector('input[name="estimate"]'), stopped = form.querySelector("details.stopped");
    if (estimate) estimate.checked = false;
    if (stopped) stopped.open = false; // as a new form: the next hand is mostly played out
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
    var winner = null, striche = s.striche;
    shown.forEach(function (hand) {
      // Without card points only a hand that ends on Stöck or Weis, or with the count
      // at going out, counts; otherwise (and without a trump) the server will say why.
      var step = window.JassRules && hand.hand.trump ? JassRules.step(s.ruleset, totals, hand.hand) : null;
      var whole = !!hand.hand.cards || (step && (step.outOn === "stoeck" || step.outOn === "weis" || step.exact));
      // a hand the server will refuse (kept from before the phone said so) counts nothing
      var odd = !step || !whole || JassRules.check(s.ruleset, totals, hand.hand).length > 0;
      if (odd) step = { points: [0, 0], winner: null };
      hand.unsure = odd;
      hand.points = step.points;
      hand.text = odd ? "? : ?" : step.points[0] + " : " + step.points[1];
      if (striche && !odd) striche = moreStriche(s, totals, hand, step, striche);
      totals = [totals[0] + step.points[0], totals[1] + step.points[1]];
      if (step.winner !== null && step.winner !== undefined) winner = step.winner;
    });
    if (striche) showStriche(striche, shown.length);
    if (striche) showEvening(s.striche, striche, shown.length);
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
      // what is left to go out, in points and for each multiplier ("×2: 134"); a team
      // that has gone out, or a game a team went out of, says none
      var needed = team.querySelector(".needed");
      var text = needed && needed.firstChild, left = Math.max(0, s.ruleset.target - totals[index]);
      var by = needed && needed.querySelector(".needed-multiplied");
      if (text && text.nodeType === 3 && s.ruleset.target) {
        needed.hidden = winner !== null || !left;
        text.textContent = text.textContent.replace(/\d+/, String(left));
        if (by) by.textContent = by.textContent.replace(/×(\d+)(\s*:\s*)\d+/g, function (all, m, colon) {
          return "×" + m + colon + Math.ceil(left / m);
        });
      }
    });
    return { winner: winner === null ? null : s.teams[winner] };
  }

  // A game counted in Striche (RULES.md §12): what a waiting hand adds to each team's
  // (rules.js stricheStep), its chooser's team from its number; the Sieg and Schneider
  // when it ends the game (going out, or a whole hand's higher total).
  function moreStriche(s, totals, hand, step, striche) {
    var r = s.ruleset, after = [totals[0] + step.points[0], totals[1] + step.points[1]];
    var winner = step.winner;
    if ((winner === null || winner === undefined) && r.end === "whole-hand" && Math.max(after[0], after[1]) >= r.target && after[0] !== after[1]) {
      winner = after[1] > after[0] ? 1 : 0;
    }
    var result = winner === 0 || winner === 1 ? { over: true, winner: winner, rubicon: 2 * after[1 - winner] < r.target } : null;
    var chooser = (s.first_chooser + hand.number - 1) % 2;
    return JassRules.addStriche(striche, JassRules.stricheStep(r, totals, hand.hand, chooser, result));
  }

  function showStriche(striche, waiting) {
    var note = document.querySelector("#table .striche-waiting");
    if (note) note.hidden = !waiting;
    document.querySelectorAll("#table [data-striche]").forEach(function (cell) {
      var key = cell.dataset.striche.split("-"), value = String(striche[+key[1]][key[0]]);
      if (cell.dataset.drawn === undefined) cell.dataset.drawn = cell.textContent;
      cell.textContent = waiting ? value : cell.dataset.drawn;
      cell.classList.toggle("provisional", !!waiting && value !== cell.dataset.drawn);
    });
  }

  // The evening's tally of this game's players (evening_snapshot.html), offline: each
  // player's Striche made and received as the server drew them, plus what this game's
  // waiting hands add to his team's (made) and to the other's (received), marked
  // provisional; the places stay as the server drew them.
  function showEvening(drawn, striche, waiting) {
    var note = document.querySelector("#table .evening-provisional");
    if (note) note.hidden = !waiting;
    document.querySelectorAll("#table .evening-line[data-team]").forEach(function (row) {
      var team = +row.dataset.team;
      var more = [0, 1].map(function (t) { return waiting ? striche[t].total - ((drawn[t] || {}).total || 0) : 0; });
      var made = +row.dataset.made + more[team], received = +row.dataset.received + more[1 - team];
      var difference = made - received;
      row.querySelector(".evening-made").textContent = String(made);
      row.querySelector(".evening-received").textContent = String(received);
      row.querySelector(".evening-difference").textContent = (difference > 0 ? "+" : "") + difference;
      row.classList.toggle("provisional", !!waiting && (more[0] !== 0 || more[1] !== 0));
    });
  }

  // What the server would refuse of the hand typed (the hand form's own checks, then
  // the engine's twins in rules.js), said before it leaves the phone as the form says
  // the server's problems: listed at the top (role=alert, focused, a link to each
  // control) and beside each field. Offline the server could say so only much later.
  function game() {
    var script = document.getElementById("table-state"), table = document.getElementById("table");
    try {
      var state = JSON.parse(script.textContent);
      if (table && table.dataset.totals) state.totals = JSON.parse(table.dataset.totals);
      return state;
    } catch (e) { return null; }
  }

  function words(text, params) {
    return text.replace(/\{(\w+)(!r)?\}/g, function (all, name, repr) {
      var value = params[name];
      if (Array.isArray(value)) return "[" + value.join(", ") + "]";
      return repr && typeof value === "string" ? "'" + value + "'" : String(value);
    });
  }

  // HandForm's own checks of what was typed (a number box, Weis as points, the count).
  function formProblems(form, ruleset, hand) {
    var out = [];
    function bad(name, code, params) { out.push({ name: name, code: code, params: params || {} }); }
    ["points", "at_out_0", "at_out_1"].forEach(function (name) {
      var input = form.querySelector('input[name="' + name + '"]'), text = input ? input.value.trim() : "";
      var n = Number(text);
      if (!text) return; // a disabled one (a match) is sent too (table.js)
      if (!/^[-+]?\d+(\.0*)?$/.test(text)) bad(name, "whole");
      else if (n < 0) bad(name, "at-least-0");
      else if (n > 157) bad(name, name === "points" ? "points-most" : "at-out-most");
    });
    var atOut = ["at_out_0", "at_out_1"].map(function (name) {
      var input = form.querySelector('input[name="' + name + '"]');
      return input && input.value.trim() !== "";
    });
    if (!out.length && atOut[0] !== atOut[1]) bad(atOut[0] ? "at_out_1" : "at_out_0", "at-out-one");
    var typed = form.querySelector('input[name="weis_values"]'), table = JassRules.weisTable(ruleset.weis);
    var tokens = typed ? typed.value.split(/[\s,;.+]+/).filter(Boolean) : [];
    var allowed = Object.keys(table).map(function (k) { return table[k]; })
      .filter(function (v, i, all) { return all.indexOf(v) === i; }).sort(function (a, b) { return a - b; });
    var wrong = tokens.filter(function (t) { return !/^\d{1,4}$/.test(t) || allowed.indexOf(+t) < 0; })[0];
    if (out.length) return out;
    if (wrong !== undefined) bad("weis_values", "weis-typed", { value: wrong, allowed: allowed.join(", ") });
    else if (tokens.length > 6) bad("weis_values", "weis-many");
    else if (!form.querySelector('input[name="weis_team"]:checked:not([value=""])') && (hand.weis[0].length || hand.weis[1].length ||
      Array.prototype.some.call(form.querySelectorAll(".weis-count"), function (i) { return +i.value > 0; }) || tokens.length)) {
      bad("weis_team", "weis-team");
    }
    return out;
  }

  // The problems of the hand typed, each with the form field it goes beside (null: no checks here).
  function problemsOf(form, checks) {
    var state = game();
    if (!checks || !state || !window.JassRules) return null;
    var hand = window.JassTable.handFromForm(form), problems = formProblems(form, state.ruleset, hand);
    return problems.length ? problems : JassRules.check(state.ruleset, state.totals, hand).map(function (p) {
      return { name: checks.fields[p.field], code: p.code, params: p.params };
    });
  }

  function refuse(event) {
    var form = event.target, checks = form.querySelector("#hand-checks");
    if (event.defaultPrevented || form.id !== "hand-form" || !checks) return;
    checks = JSON.parse(checks.textContent);
    var problems = problemsOf(form, checks);
    if (!problems) return;
    form.querySelectorAll(".client-said").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".client-invalid").forEach(function (n) {
      n.classList.remove("client-invalid", "is-invalid");
      n.removeAttribute("aria-invalid");
    });
    form.querySelectorAll(".client-check, #form-errors").forEach(function (n) { n.remove(); }); // said before
    if (!problems.length) return;
    event.preventDefault();
    event.stopPropagation();
    var note = document.createElement("div");
    note.id = "form-errors";
    note.className = "alert alert-danger py-2 error-summary client-check";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    var heading = document.createElement("p"), list = document.createElement("ul");
    heading.className = "mb-1 fw-semibold";
    var number = form.querySelector('input[name="hand_number"]');
    heading.textContent = words(checks.heading[problems.length > 1 ? 1 : 0], {
      counter: problems.length,
      number: number ? number.value : "",
    });
    list.className = "mb-0";
    note.appendChild(heading);
    problems.forEach(function (p) {
      var text = words(checks.messages[p.code] || p.code, p.params), item = document.createElement("li");
      var control = form.querySelector('[name="' + p.name + '"]');
      var box = control && (control.closest(".weis-values") || control.closest("fieldset"));
      list.appendChild(item);
      if (!control) { item.textContent = text; return; }
      // a link to the control, named as the form names it (its label, or its group's legend)
      var name = box.matches("fieldset") ? box.querySelector("legend") : form.querySelector('label[for="' + control.id + '"]');
      var link = document.createElement("a");
      link.href = "#" + control.id;
      link.textContent = name ? name.textContent.trim() : p.name;
      item.appendChild(link);
      item.appendChild(document.createTextNode(checks.colon + text));
      // as the form marks them: the count's two boxes together, a box, not a radio
      (/^at_out_/.test(p.name) ? box.querySelectorAll(".at-out-input") : [control]).forEach(function (n) {
        n.classList.add("client-invalid", n.type === "radio" ? "client-invalid" : "is-invalid");
        n.setAttribute("aria-invalid", "true");
      });
      var said = document.createElement("div");
      said.className = "invalid-feedback d-block client-said";
      said.textContent = text;
      box.classList.add("is-invalid", "client-invalid");
      box.appendChild(said);
      if (p.name === "points") box.querySelectorAll(".points-hint").forEach(function (n) { n.hidden = true; });
      for (var open = control.closest("details"); open; open = open.parentNode.closest("details")) open.open = true;
    });
    note.appendChild(list);
    form.insertBefore(note, form.firstChild);
    note.focus({ preventScroll: true });
    note.scrollIntoView();
  }
  document.addEventListener("submit", refuse, true);

  window.JassOfflineKind = {
    form: "hand-form",
    hand: window.JassTable.handFromForm,
    label: trumpLabel,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
    // the form drawn anew while its problems were said: said again, of what it now holds
    recheck: function (form) {
      refuse({ target: form, preventDefault: function () {}, stopPropagation: function () {} });
    },
    problems: function (form) {
      var checks = form.querySelector("#hand-checks");
      return problemsOf(form, checks && JSON.parse(checks.textContent)) || [];
    },
  };
})();
