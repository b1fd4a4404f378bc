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
  var WHOLE = /^[-+]?\d+(\.0*)?$/; // a whole number as Django's IntegerField reads it

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
    var cards = typed === "" ? null : (WHOLE.test(typed) ? Number(typed) : -1);
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

  // Something typed for this hand: points, a row, or whatever was tapped for it (a side
  // too) since the last hand left (coiffeur_form.js).
  function typing(form) {
    var points = form.querySelector(".points-input"), F = window.JassCoiffeurForm;
    return !!((points && points.value) || form.querySelector(".coiffeur-rows input:checked") || (F && F.touched(form)));
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
    var screen = document.getElementById("table");
    if (screen) screen.dataset.counted = JSON.stringify(hands.slice(s.hands.length)); // for refuse
    stillToPlay(s, hands, table, status);
    if (!shown.length || hands.length === s.hands.length) return { winner: null };
    var result = C.play(s.ruleset, hands);
    var totals = table ? table.querySelectorAll("tfoot .total-line td.total") : [];
    Array.prototype.forEach.call(totals, function (total, side) {
      total.classList.add("provisional");
      mark(total, "\u2192 " + written(result.totals[side]), "total-waiting");
    });
    if (table) differences(s, table, result);
    if (!result.over) return { winner: null };
    if (result.winner === null) return { said: s.draw };
    return { winner: s.teams[result.winner] };
  }

  // The game's hands and the waiting ones the server will take: up to the first it
  // would refuse (a hand kept broken, from before the phone refused it, counts nothing).
  function counted(s, shown) {
    var hands = s.hands.slice();
    shown.every(function (w) {
      return !C.check(s.ruleset, hands, w.hand).length && hands.push(w.hand);
    });
    return hands;
  }

  function signed(value) { return value > 0 ? "+" + value : written(value); }

  // With two sides, the Diff. column and the counter-match bonuses as the waiting hands
  // leave them: a row's difference once both its cells are filled, the totals', and
  // each side's bonus (a line of its own, added if the sheet had none yet).
  function differences(s, table, result) {
    if (s.ruleset.teams !== 2) return;
    var before = C.play(s.ruleset, s.hands);
    Array.prototype.forEach.call(table.tBodies[0].rows, function (line, row) {
      var now = result.rowDifferences[row], diff = line.querySelector(".row-diff");
      if (diff && now !== null && now !== before.rowDifferences[row]) {
        diff.classList.add("provisional");
        mark(diff, signed(now), "total-waiting");
      }
    });
    var total = table.querySelector("tfoot .total-diff");
    if (total) { total.classList.add("provisional"); mark(total, "\u2192 " + signed(result.difference), "total-waiting"); }
    var bonus = result.totals.map(function (t, side) { return t - result.cells[side].reduce(function (a, v) { return a + (v || 0); }, 0); });
    var had = before.totals.map(function (t, side) { return t - before.cells[side].reduce(function (a, v) { return a + (v || 0); }, 0); });
    if (bonus[0] === had[0] && bonus[1] === had[1]) return;
    var line = table.querySelector("tfoot .bonus-line");
    if (!line) {
      line = document.createElement("tr");
      line.className = "bonus-line waiting";
      line.innerHTML = "<th scope=\"row\"></th><td class=\"cell\"></td><td class=\"cell\"></td><td class=\"row-diff\"></td>";
      line.firstChild.textContent = table.dataset.bonus;
      table.tFoot.insertBefore(line, table.tFoot.firstChild);
    }
    Array.prototype.forEach.call(line.querySelectorAll("td.cell"), function (cell, side) {
      if (bonus[side] === had[side]) return;
      cell.classList.add("provisional");
      mark(cell, "\u2192 " + written(bonus[side]), "total-waiting");
    });
  }

  // The next hand's form: its number and a new key, nothing typed, the rows the
  // waiting hands filled no longer offered, and the side whose turn it is chosen (the
  // side after the last hand's that still has a row to play).
  function nextForm(form, s, number, shown) {
    var active = document.activeElement, F = window.JassCoiffeurForm;
    var focused = !active || active === document.body || form.contains(active);
    var hands = counted(s, shown);
    var result = C.play(s.ruleset, hands);
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = window.JassWaiting.newKey();
    unmark(form);
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
    if (F) F.retype(form); // tapped for this hand while the last one was on its way
    if (F && focused) F.focusNext(form.parentNode);
  }

  // What the server would refuse of the hand typed (CoiffeurHandForm's checks, then the
  // engine's twins in coiffeur.js), said before it leaves the phone as the form says the
  // server's: listed at the top (role=alert, focused, a link to each control) and beside
  // each field. Offline the server could say so only much later.
  function words(text, params) {
    return text.replace(/\{(\w+)(!r)?\}/g, function (all, name, repr) {
      var value = params[name];
      return repr && typeof value === "string" ? "'" + value + "'" : String(value);
    });
  }

  function problemsOf(form, checks) {
    var script = document.getElementById("table-state"), screen = document.getElementById("table"), s;
    try { s = JSON.parse(script.textContent); } catch (e) { return null; }
    var number = +form.querySelector('[name="hand_number"]').value;
    var hands = s.hands.concat(JSON.parse(screen.dataset.counted || "[]").slice(0, Math.max(0, number - s.next)));
    var h = hand(form), out = [], row = "row_" + h.team;
    function bad(name, code, params) { out.push({ name: name, code: code, params: params || {} }); }
    var typed = form.querySelector('input[name="points"]').value.trim();
    var points = !typed ? "" : !WHOLE.test(typed) ? "whole" : +typed < 0 ? "least" : +typed > 157 ? "most" : "";
    var fields = { team: "team", row: row, cards: "points", match: "outcome", counter: "outcome", struck: "outcome" };
    function engine(p) {
      var params = p.params;
      if (p.key === "cell_filled") params = { side: checks.sides[h.team], row: checks.rows[h.row], earlier: params.earlier };
      if (p.key === "match_cards" || p.key === "counter_cards") params.row = checks.rows[h.row];
      bad(fields[p.field] || null, p.key, params);
    }
    if (h.team < 0) bad("team", "team");
    else if (!h.row) bad(row, "row", { side: checks.sides[h.team] });
    else C.check(s.ruleset, hands, { team: h.team, row: h.row, cards: null, struck: true }).forEach(engine);
    if (points) bad("points", points);
    if (!out.length) C.check(s.ruleset, hands, h).forEach(engine);
    return out;
  }

  // the points' box keeps its misère line as its description
  function describe(input, id) {
    var note = input.name === "points" && input.form.querySelector("#misere-note");
    var ids = [id, note ? note.id : ""].filter(Boolean).join(" ");
    if (ids) input.setAttribute("aria-describedby", ids); else input.removeAttribute("aria-describedby");
  }

  // The problems said of an earlier try gone, and their marks.
  function unmark(form) {
    form.querySelectorAll(".invalid-feedback, .coiffeur-error-summary").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid, [aria-invalid], fieldset[aria-describedby]").forEach(function (n) {
      n.classList.remove("is-invalid");
      n.removeAttribute("aria-invalid");
      if (n.tagName === "INPUT") describe(n, ""); else n.removeAttribute("aria-describedby");
    });
  }

  function clear(form) {
    form.querySelectorAll(".client-said, .client-check").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".client-invalid").forEach(function (n) {
      n.classList.remove("client-invalid", "is-invalid");
      n.removeAttribute("aria-invalid");
      if (n.tagName === "INPUT") describe(n, "");
    });
  }

  function refuse(event) {
    var form = event.target, checks = form.querySelector && form.querySelector("#coiffeur-checks");
    if (event.defaultPrevented || form.id !== "coiffeur-hand-form" || !checks) return;
    checks = JSON.parse(checks.textContent);
    var problems = problemsOf(form, checks);
    if (!problems) return;
    clear(form);
    if (!problems.length) return;
    event.preventDefault();
    event.stopPropagation();
    unmark(form); // what the server said of an earlier try: this is said of what is typed now
    var note = document.createElement("div"), heading = document.createElement("p"), list = document.createElement("ul");
    note.id = "coiffeur-form-errors";
    note.className = "alert alert-danger py-2 coiffeur-error-summary client-check";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    heading.className = "mb-1";
    heading.textContent = checks.heading;
    list.className = "mb-0";
    note.appendChild(heading);
    note.appendChild(list);
    problems.forEach(function (p) {
      var text = words(checks.messages[p.code] || p.code, p.params), item = document.createElement("li");
      var controls = p.name ? form.querySelectorAll('[name="' + p.name + '"]:not(:disabled)') : [];
      list.appendChild(item);
      if (!controls.length) { item.textContent = text; return; }
      var link = document.createElement("a"), box = controls[0].closest("fieldset");
      link.href = "#" + controls[0].id;
      link.textContent = checks.labels[p.name.replace(/_\d+$/, "")];
      item.appendChild(link);
      item.appendChild(document.createTextNode(checks.colon + text));
      var said = document.createElement("div");
      said.id = p.name + "-error";
      said.className = "invalid-feedback d-block client-said";
      said.textContent = text;
      box.classList.add("is-invalid", "client-invalid");
      box.appendChild(said);
      controls.forEach(function (n) {
        n.classList.add("client-invalid");
        if (n.type !== "radio") n.classList.add("is-invalid");
        n.setAttribute("aria-invalid", "true");
        describe(n, said.id);
      });
    });
    form.insertBefore(note, form.firstChild);
    note.focus({ preventScroll: true });
    note.scrollIntoView();
  }
  // before fixi and coiffeur_form.js hear of the Save (on the form, on the document)
  window.addEventListener("submit", refuse, true);

  window.JassOfflineKind = {
    form: "coiffeur-hand-form",
    hand: hand,
    label: label,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
    // the form drawn anew while its problems were said: said again, of what it now holds
    recheck: function (form) { refuse({ target: form, preventDefault: function () {}, stopPropagation: function () {} }); },
    problems: function (form) {
      var checks = form.querySelector("#coiffeur-checks");
      return (checks && problemsOf(form, JSON.parse(checks.textContent))) || [];
    },
  };
})();
