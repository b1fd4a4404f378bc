// Sidi Barrani's part of the table screen offline (offline.js asks it through
// window.JassOfflineKind): the hand form read as the server reads it
// (scoring/kinds/sidi/forms.py), the waiting hands counted onto the teams' totals
// (sidi.js, held to the Python engine), made or failed, who won once a waiting hand
// ends the game, and the next hand's form. Before a hand leaves the phone, what the
// server would refuse is said beside its field. The server judges when the hands arrive.
(function () {
  "use strict";
  var S = window.JassSidi;
  if (!S || !window.JassWaiting) return;
  var WHOLE = /^[-+]?\d+(\.0*)?$/; // a whole number as Django's IntegerField reads it
  var CARD_POINTS = 157;

  function checked(form, name) { return form.querySelector('input[name="' + name + '"]:checked'); }
  function value(form, name) { var input = checked(form, name); return input ? input.value : ""; }
  function team(form, name) { var v = value(form, name); return v === "" ? null : parseInt(v, 10); }
  function text(form, name) { var n = form.querySelector('[name="' + name + '"]'); return n ? n.value.trim() : ""; }

  function labelOf(form, input) {
    var label = input ? form.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // Weis typed as points ("20 + 50") → the values, or null when a part is no number.
  function weisOf(typed) {
    var parts = typed.split(/[\s+,;]+/).filter(Boolean);
    if (!parts.every(function (p) { return /^\d+$/.test(p); })) return null;
    return parts.map(Number);
  }

  // The hand as SidiHandForm.clean makes it: the contract, the card points of the team
  // typed and the other's 157 minus them (a match: 157 : 0), Weis and Stöck.
  function hand(form) {
    var match = team(form, "match"), typed = text(form, "points"), points = null, cards = null;
    if (typed !== "") points = WHOLE.test(typed) ? Number(typed) : -1;
    if (match !== null) cards = match === 0 ? [CARD_POINTS, 0] : [0, CARD_POINTS];
    else if (points !== null) {
      var by = team(form, "typed_team") || 0;
      cards = by === 0 ? [points, CARD_POINTS - points] : [CARD_POINTS - points, points];
    }
    var bid = form.querySelector('select[name="bid"]');
    var dbl = checked(form, "double") || form.querySelector('input[type=hidden][name="double"]');
    return {
      team: team(form, "team"),
      trump: value(form, "trump") || null,
      bid: bid && bid.value ? Number(bid.value) : null,
      double: dbl ? Number(dbl.value) : 1,
      cards: cards,
      match: match,
      weis: [weisOf(text(form, "weis_0")) || [], weisOf(text(form, "weis_1")) || []],
      stoeck: team(form, "stoeck"),
    };
  }

  // What the list of hands says of a waiting hand: the contract.
  function label(form) {
    var bid = form.querySelector('select[name="bid"]');
    return [labelOf(form, checked(form, "team")), labelOf(form, checked(form, "trump")),
      bid && bid.value].filter(Boolean).join(" · ");
  }

  function typing(form) {
    var bid = form.querySelector('select[name="bid"]');
    return !!(text(form, "points") || text(form, "weis_0") || text(form, "weis_1") ||
      (bid && bid.value) || checked(form, "trump") || checked(form, "team"));
  }

  function mark(parent, said, className) {
    var span = document.createElement("span");
    span.className = "waiting " + className;
    span.textContent = said;
    parent.appendChild(span);
  }

  // The waiting hands counted onto the totals the server drew: each its points and
  // made or failed ("?" from one the server would refuse on); who won, if one ends it.
  function provisional(s, shown, status) {
    var hands = s.hands.slice(), odd = false;
    shown.forEach(function (waiting) {
      odd = odd || S.check(s.ruleset, hands, waiting.hand, s.players).length > 0;
      waiting.unsure = odd;
      if (odd) { waiting.text = "?"; return; }
      var points = S.handPoints(s.ruleset, waiting.hand);
      var made = S.made(s.ruleset, waiting.hand) ? s.made : s.failed;
      hands.push(waiting.hand);
      waiting.text = points[0] + " : " + points[1] + " " + made;
    });
    var screen = document.getElementById("table");
    if (screen) screen.dataset.counted = JSON.stringify(hands.slice(s.hands.length));
    if (!shown.length || hands.length === s.hands.length) return { winner: null };
    var result = S.play(s.ruleset, hands);
    document.querySelectorAll("#table .team-score").forEach(function (box) {
      var side = +box.dataset.team, total = box.querySelector(".team-total");
      if (!total) return;
      total.classList.add("provisional");
      mark(total, " \u2192 " + result.totals[side], "total-waiting");
    });
    if (!result.over) return { winner: null };
    return { winner: s.teams[result.winner] };
  }

  // The next hand's form: its number and a new key, nothing typed.
  function nextForm(form, s, number) {
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = window.JassWaiting.newKey();
    unmark(form);
    clear(form);
    ["points", "weis_0", "weis_1"].forEach(function (name) {
      var input = form.querySelector('[name="' + name + '"]');
      if (input) input.value = "";
    });
    form.querySelectorAll('input[name="team"], input[name="trump"]').forEach(function (n) { n.checked = false; });
    ["match", "stoeck"].forEach(function (name) {
      var none = form.querySelector('input[name="' + name + '"][value=""]');
      if (none) none.checked = true;
    });
    var plain = form.querySelector('input[name="double"][value="1"]');
    if (plain) plain.checked = true;
    var bid = form.querySelector('select[name="bid"]');
    if (bid) bid.value = "";
    var save = form.querySelector(".save-hand");
    if (save) save.textContent = save.textContent.replace(/\d+/, String(number));
    var heading = document.querySelector("#table .hand-heading");
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, String(number));
  }

  function words(said, params) {
    return said.replace(/\{(\w+)(!r)?\}/g, function (all, name, repr) {
      var v = params[name];
      if (Array.isArray(v)) v = "[" + v.join(", ") + "]";
      return repr && typeof v === "string" ? "'" + v + "'" : String(v);
    });
  }

  var FIELDS = { team: "team", trump: "trump", bid: "bid", double: "double", match: "match",
    cards: "points", stoeck: "stoeck" };

  // What the server would refuse of the hand typed: the form's own checks, then the
  // engine's twin (sidi.js check) on the game as the phone counts it.
  function problemsOf(form, checks) {
    var script = document.getElementById("table-state"), screen = document.getElementById("table"), s;
    try { s = JSON.parse(script.textContent); } catch (e) { return null; }
    var number = +form.querySelector('[name="hand_number"]').value;
    var hands = s.hands.concat(JSON.parse(screen.dataset.counted || "[]").slice(0, Math.max(0, number - s.next)));
    var h = hand(form), out = [];
    function bad(name, code, params) { out.push({ name: name, code: code, params: params || {} }); }
    if (h.team === null) bad("team", "team");
    if (!h.trump) bad("trump", "trump");
    if (h.bid === null) bad("bid", "bid");
    var typed = text(form, "points");
    if (typed && !WHOLE.test(typed)) bad("points", "whole");
    else if (typed && +typed < 0) bad("points", "least");
    else if (typed && +typed > CARD_POINTS) bad("points", "most");
    else if (!typed && h.match === null) bad("points", "points_missing");
    ["weis_0", "weis_1"].forEach(function (name) { if (weisOf(text(form, name)) === null) bad(name, "weis_words"); });
    if (out.length) return out;
    S.check(s.ruleset, hands, h, s.players).forEach(function (p) {
      var name = p.field === "weis" ? (h.weis[1].length ? "weis_1" : "weis_0") : FIELDS[p.field] || null;
      bad(name, p.key, p.params);
    });
    return out;
  }

  function unmark(form) {
    form.querySelectorAll(".invalid-feedback, .sidi-error-summary").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid, [aria-invalid]").forEach(function (n) {
      n.classList.remove("is-invalid");
      n.removeAttribute("aria-invalid");
    });
  }

  function clear(form) {
    form.querySelectorAll(".client-said, .client-check").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".client-invalid").forEach(function (n) {
      n.classList.remove("client-invalid", "is-invalid");
      n.removeAttribute("aria-invalid");
    });
  }

  function refuse(event) {
    var form = event.target, checks = form.querySelector && form.querySelector("#sidi-checks");
    if (event.defaultPrevented || form.id !== "sidi-hand-form" || !checks) return;
    checks = JSON.parse(checks.textContent);
    var problems = problemsOf(form, checks);
    if (!problems) return;
    clear(form);
    if (!problems.length) return;
    event.preventDefault();
    event.stopPropagation();
    unmark(form);
    var note = document.createElement("div"), heading = document.createElement("p"), list = document.createElement("ul");
    note.id = "sidi-form-errors";
    note.className = "alert alert-danger py-2 sidi-error-summary client-check";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    heading.className = "mb-1";
    heading.textContent = checks.heading;
    list.className = "mb-0";
    note.appendChild(heading);
    note.appendChild(list);
    problems.forEach(function (p) {
      var said = words(checks.messages[p.code] || p.code, p.params), item = document.createElement("li");
      said = said.charAt(0).toUpperCase() + said.slice(1);
      var controls = p.name ? form.querySelectorAll('[name="' + p.name + '"]:not([type=hidden])') : [];
      list.appendChild(item);
      if (!controls.length) { item.textContent = said; return; }
      var link = document.createElement("a"), box = controls[0].closest("fieldset") || controls[0].parentNode;
      link.href = "#" + controls[0].id;
      link.textContent = checks.labels[p.name];
      item.appendChild(link);
      item.appendChild(document.createTextNode(checks.colon + said));
      var beside = document.createElement("div");
      beside.id = p.name + "-error";
      beside.className = "invalid-feedback d-block client-said";
      beside.textContent = said;
      box.classList.add("is-invalid", "client-invalid");
      box.appendChild(beside);
      controls.forEach(function (n) {
        n.classList.add("client-invalid");
        if (n.type !== "radio") n.classList.add("is-invalid");
        n.setAttribute("aria-invalid", "true");
      });
    });
    form.insertBefore(note, form.firstChild);
    note.focus({ preventScroll: true });
    note.scrollIntoView();
  }
  // before fixi hears of the Save (it listens on the form)
  window.addEventListener("submit", refuse, true);

  window.JassOfflineKind = {
    form: "sidi-hand-form",
    hand: hand,
    label: label,
    typing: typing,
    provisional: provisional,
    nextForm: nextForm,
    recheck: function (form) { refuse({ target: form, preventDefault: function () {}, stopPropagation: function () {} }); },
    problems: function (form) {
      var checks = form.querySelector("#sidi-checks");
      return (checks && problemsOf(form, JSON.parse(checks.textContent))) || [];
    },
  };
})();
