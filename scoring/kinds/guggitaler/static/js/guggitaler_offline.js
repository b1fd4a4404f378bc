// Guggitaler's part of the table screen offline (offline.js asks it through
// window.JassOfflineKind): the hand form read as the server reads it
// (scoring/kinds/guggitaler/forms.py), the waiting hands written onto the sheet and
// counted onto the totals (guggitaler.js, held to the Python engine), who has the lowest
// total once the game is over, and the next hand's form: its number, its key, the next
// hand in the order. Before a hand leaves the phone, what the server would refuse of it
// (a count missing, counts that do not add up to the hand's maximum) is said beside the
// counts. The server judges when the hands arrive.
(function () {
  "use strict";
  var G = window.JassGuggitaler;
  if (!G || !window.JassWaiting) return;
  var MINUS = "\u2212";
  var WHOLE = /^\d+$/;

  function written(value) { return value < 0 ? MINUS + String(-value) : String(value); }
  function say(text, params) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return String(params[name]); });
  }
  function checks(form) {
    var node = form.querySelector("#guggitaler-checks");
    return node ? JSON.parse(node.textContent) : null;
  }
  function inputs(form) { return form.querySelectorAll(".count-input"); }

  // The hand as GuggiHandForm.clean makes it: the form's category and each player's
  // count, or place in the domino (null where nothing or no whole number is typed).
  function hand(form) {
    var category = form.dataset.category, values = [];
    inputs(form).forEach(function (input) {
      var typed = input.value.trim();
      values.push(WHOLE.test(typed) ? Number(typed) : null);
    });
    return category === "domino" ? { category: category, places: values } : { category: category, counts: values };
  }

  function label(form) {
    var c = checks(form);
    return c ? c.hands[form.dataset.category] || "" : "";
  }

  function typing(form) {
    return Array.prototype.some.call(inputs(form), function (input) { return input.value !== ""; });
  }

  function mark(parent, text, className) {
    var span = document.createElement("span");
    span.className = "waiting " + className;
    span.textContent = text;
    parent.appendChild(span);
  }

  // The game's hands and the waiting ones the server will take: up to the first it
  // would refuse.
  function counted(s, shown) {
    var hands = s.hands.slice();
    shown.every(function (w) { return !G.check(s.ruleset, hands, w.hand).length && hands.push(w.hand); });
    return hands;
  }

  // The waiting hands on the sheet the server drew, each as a line of its own, and the
  // totals after them; the game over says who has the lowest total.
  function provisional(s, shown, status) {
    var hands = s.hands.slice(), odd = false;
    var table = document.querySelector("#table .guggitaler-table");
    var sums = table && table.querySelector("tbody.sums");
    var names = checks(document.getElementById("guggitaler-hand-form") || document.body) || { hands: {} };
    shown.forEach(function (waiting) {
      odd = odd || G.check(s.ruleset, hands, waiting.hand).length > 0;
      waiting.unsure = odd;
      if (odd) { waiting.text = "?"; return; }
      hands.push(waiting.hand);
      var typed = waiting.hand.counts || waiting.hand.places;
      var points = G.points(s.ruleset, waiting.hand);
      waiting.text = typed.join(" \u00b7 ");
      if (!sums) return;
      // a group of its own before the totals: its name, then each player's count → points
      var group = document.createElement("tbody"), named = document.createElement("tr"), line = document.createElement("tr");
      group.className = "hand-group waiting provisional";
      named.className = "hand-name";
      var head = document.createElement("th");
      head.scope = "rowgroup";
      head.colSpan = typed.length;
      head.textContent = hands.length + ". " + (names.hands[waiting.hand.category] || waiting.hand.category) + " (" + status.dataset.row + ")";
      named.appendChild(head);
      typed.forEach(function (value, seat) {
        var cell = document.createElement("td");
        cell.className = "text-end cell";
        cell.textContent = value + " \u2192 " + written(points[seat]);
        line.appendChild(cell);
      });
      group.appendChild(named);
      group.appendChild(line);
      table.insertBefore(group, sums);
    });
    if (!shown.length || hands.length === s.hands.length) return { winner: null };
    var result = G.play(s.ruleset, hands);
    var totals = table ? table.querySelectorAll(".total-line td.total") : [];
    Array.prototype.forEach.call(totals, function (total, seat) {
      total.classList.add("provisional");
      mark(total, " \u2192 " + written(result.totals[seat]), "total-waiting");
    });
    // the ranks follow the provisional totals (the lowest first), as the totals do
    var ranks = table ? table.querySelectorAll(".rank-line td") : [];
    Array.prototype.forEach.call(ranks, function (rank, seat) {
      rank.classList.add("provisional");
      mark(rank, " \u2192 " + result.ranks[seat] + ".", "rank-waiting");
    });
    if (!result.over) return { winner: null };
    if (result.winner === null) return { said: s.draw };
    return { winner: s.teams[result.winner] };
  }

  // The next hand's form: its number, a new key, nothing typed, the next hand's name,
  // its counts (or the domino's places) and their bounds.
  function nextForm(form, s, number, shown) {
    var hands = counted(s, shown), c = checks(form);
    var category = G.nextCategory(s.ruleset, hands.length) || "";
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = window.JassWaiting.newKey();
    form.dataset.category = category;
    clear(form);
    var most = category && category !== "domino" ? G.maximum(category, s.ruleset.players) : null;
    inputs(form).forEach(function (input, seat) {
      input.value = "";
      input.name = (category === "domino" ? "place_" : "count_") + seat;
      input.min = category === "domino" ? "1" : "0";
      if (most === null) input.removeAttribute("max"); else input.max = String(most);
    });
    var legend = form.querySelector(".guggitaler-counts legend");
    if (legend && c) legend.textContent = c.counted[category] || "";
    var save = form.querySelector(".save-hand");
    if (save) save.textContent = save.textContent.replace(/\d+/, String(number));
    var heading = document.querySelector("#table .hand-heading");
    if (heading && c) heading.textContent = say(heading.dataset.template, { number: number, name: c.hands[category] || "" });
    var turn = document.querySelector("#table .turn");
    if (turn) turn.hidden = true;
  }

  // What the server would refuse of the hand typed, said before it leaves the phone:
  // listed at the top (role=alert, focused, a link to the field) and beside the counts.
  function problemsOf(form, c) {
    var script = document.getElementById("table-state"), s;
    try { s = JSON.parse(script.textContent); } catch (e) { return null; }
    var h = hand(form), out = [], domino = h.category === "domino";
    var players = inputs(form).length, least = domino ? 1 : 0;
    var most = domino ? players : G.maximum(h.category, players);
    var bound = say(c.messages[domino ? "place_bound" : "count_bound"], { most: most, players: players });
    inputs(form).forEach(function (input, seat) {
      var typed = input.value.trim();
      if (typed === "") out.push({ input: input, text: say(c.messages[domino ? "place_missing" : "missing"], { player: c.names[seat] }) });
      // out of its bounds (letters, −1, 99999999999): beside this field alone, as forms.bound
      else if (!WHOLE.test(typed) || +typed < least || (most !== undefined && +typed > most)) out.push({ input: input, text: bound });
    });
    if (out.length) return out;
    var hands = counted(s, []);
    var number = +form.querySelector('[name="hand_number"]').value;
    if (number !== hands.length + 1) return []; // hands waiting before it: the server judges
    G.check(s.ruleset, hands, h).forEach(function (p) {
      var text = c.messages[p.key];
      if (!text) return;
      out.push({ input: null, text: say(text, p.params) });
    });
    return out;
  }

  function clear(form) {
    form.querySelectorAll(".client-said, .client-check, .guggitaler-error-summary, .invalid-feedback").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid, [aria-invalid]").forEach(function (n) {
      n.classList.remove("is-invalid");
      n.removeAttribute("aria-invalid");
      n.removeAttribute("aria-describedby");
    });
  }

  function refuse(event) {
    var form = event.target;
    if (event.defaultPrevented || !form || form.id !== "guggitaler-hand-form") return;
    var c = checks(form);
    if (!c) return;
    var problems = problemsOf(form, c);
    if (!problems) return;
    clear(form);
    if (!problems.length) return;
    event.preventDefault();
    event.stopPropagation();
    var note = document.createElement("div"), heading = document.createElement("p"), list = document.createElement("ul");
    note.id = "guggitaler-form-errors";
    note.className = "alert alert-danger py-2 guggitaler-error-summary client-check";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    heading.className = "mb-1";
    heading.textContent = c.heading;
    list.className = "mb-0";
    note.appendChild(heading);
    note.appendChild(list);
    var group = form.querySelector(".guggitaler-counts");
    var legend = c.counted[form.dataset.category] || group.querySelector("legend").textContent.trim();
    problems.forEach(function (p) {
      var item = document.createElement("li"), link = document.createElement("a");
      var target = p.input || inputs(form)[0];
      link.href = "#" + target.id;
      link.textContent = p.input ? p.input.labels[0].textContent : legend;
      item.appendChild(link);
      item.appendChild(document.createTextNode(c.colon + p.text));
      list.appendChild(item);
      var said = document.createElement("div");
      said.id = (p.input ? p.input.id : "counts") + "-error";
      said.className = "invalid-feedback d-block client-said";
      said.textContent = p.text;
      if (p.input) {
        p.input.classList.add("is-invalid");
        p.input.setAttribute("aria-invalid", "true");
        p.input.setAttribute("aria-describedby", said.id);
        p.input.parentNode.appendChild(said);
      } else {
        group.classList.add("is-invalid");
        group.setAttribute("aria-describedby", said.id);
        inputs(form).forEach(function (input) { input.classList.add("is-invalid"); input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", said.id); });
        group.appendChild(said);
      }
    });
    var title = form.querySelector(".hand-heading"); // the hand's name first, then why
    form.insertBefore(note, title ? title.nextSibling : form.firstChild);
    note.focus({ preventScroll: true });
  }
  // before fixi and offline.js hear of the Save
  window.addEventListener("submit", refuse, true);

  window.JassOfflineKind = {
    form: "guggitaler-hand-form",
    hand: hand,
    label: label,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
    recheck: function (form) { refuse({ target: form, preventDefault: function () {}, stopPropagation: function () {} }); },
    problems: function (form) {
      var c = checks(form);
      return (c && problemsOf(form, c)) || [];
    },
  };
})();
