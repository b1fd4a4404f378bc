// The table screen in a cellar: a hand saved with no connection, or whose request
// does not come back, waits on the phone (IndexedDB, through idb-keyval) with its form
// key, shows at once as waiting with a provisional score (rules.js), and is sent in
// order when the connection returns, also after a reload. The server stays the judge:
// a hand it refuses comes back to the form with its message; its form key makes a
// hand sent twice count once. A hand is shown and sent only on a screen of whoever
// typed it (waiting.js): on a shared phone, it waits for them. Without IndexedDB or
// fetch, htmx saves as before.
(function () {
  "use strict";
  var Waiting = window.JassWaiting;
  if (!Waiting || !window.htmx || !window.JassTable) return;
  var kv = Waiting.kv;
  var store = Waiting.store;

  var RETRY = 5000;
  var sending = false;
  var paused = 0; // a refused hand is back on the form: the ones after it wait for it
  var stuck = 0;
  var table = document.getElementById("table");
  var pristine = table ? table.outerHTML : ""; // as the server drew it, before any script

  function $(selector) { return document.querySelector(selector); }

  function state() {
    var node = document.getElementById("table-state");
    try { return node ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
  }

  function handsKey(s) { return Waiting.handsKey(s.record); }
  function pageKey(s) { return "page " + s.record; }

  // Whose screen this is (the mark the server drew it with).
  function typist() {
    var node = document.getElementById("table");
    return node ? node.dataset.typist || "" : "";
  }

  // Every hand waiting for this game on the phone, whoever typed it.
  function waiting(s) {
    return kv.get(handsKey(s), store).then(function (hands) { return hands || []; });
  }

  function mine(hands) { return Waiting.mine(hands, typist()); }

  function say(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (all, name) {
      return values[name] === undefined ? all : values[name];
    });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  // --- what the screen shows --------------------------------------------------------

  function showStatus(count, note) {
    var status = $("#net-status");
    if (!status) return;
    var online = navigator.onLine;
    var parts = [online ? status.dataset.online : status.dataset.offline];
    if (count) parts.push(say(status.dataset.waiting, { count: count }));
    if (sending && online && count) parts.push(status.dataset.sending);
    if (note) parts.push(note);
    status.textContent = parts.join(" · ");
    status.hidden = false;
    status.classList.toggle("offline", !online);
    status.classList.toggle("has-waiting", count > 0);
  }

  function waitingRow(hand, status) {
    var row = document.createElement("li");
    row.className = "hand-item waiting";
    [["hand-no", hand.number], ["hand-trump", hand.trumpLabel || hand.hand.trump],
     ["hand-points", hand.unsure ? "? : ?" : hand.points[0] + " : " + hand.points[1]],
     ["badge waiting-badge", status.dataset.row]].forEach(function (part) {
      var span = document.createElement("span");
      span.className = part[0];
      span.textContent = part[1];
      row.appendChild(span);
    });
    return row;
  }

  function handList() {
    var list = $("#table .hand-list");
    if (list) return list;
    var form = $("#hand-form");
    if (!form) return null;
    var section = document.createElement("section");
    section.className = "recent waiting-only";
    list = document.createElement("ol");
    list.className = "hand-list";
    section.appendChild(list);
    form.parentNode.insertBefore(section, form.nextSibling);
    return list;
  }

  // Clears the form for the next hand: its number, a new key, the turn, nothing typed.
  function nextForm(form, s, number) {
    var active = document.activeElement;
    if (active && form.contains(active) && active.blur) active.blur(); // no trump left looking chosen
    form.querySelector('[name="hand_number"]').value = String(number);
    form.querySelector('[name="form_key"]').value = newKey();
    form.querySelectorAll(".invalid-feedback, .alert-danger").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid").forEach(function (n) { n.classList.remove("is-invalid"); });
    form.querySelectorAll('input[type="number"]').forEach(function (input) {
      input.value = input.classList.contains("points-input") ? "" : "0";
    });
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
    var line = $("#table .turn");
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

  // The game as the server last drew it, and the hands waiting counted onto it.
  function render(hands) {
    var s = state();
    var status = $("#net-status");
    if (!s || !status) return;
    document.querySelectorAll("#table .waiting").forEach(function (n) { n.remove(); });
    document.querySelectorAll("#table .provisional").forEach(function (n) {
      n.classList.remove("provisional");
    });
    var totals = s.totals.slice();
    var winner = null;
    var others = hands.length;
    hands = mine(hands);
    others -= hands.length;
    var shown = hands.filter(function (hand) { return hand.number >= s.next; });
    shown.forEach(function (hand) {
      var cards = hand.hand.cards || [-1, -1];
      var odd = cards[0] < 0 || cards[1] < 0 || !hand.hand.trump; // the server will say why
      var step = window.JassRules && !odd ? JassRules.step(s.ruleset, totals, hand.hand) : { points: [0, 0] };
      hand.unsure = odd;
      hand.points = step.points;
      totals = [totals[0] + step.points[0], totals[1] + step.points[1]];
      if (step.winner !== null && step.winner !== undefined) winner = step.winner;
    });
    var list = shown.length ? handList() : null;
    shown.forEach(function (hand) { if (list) list.insertBefore(waitingRow(hand, status), list.firstChild); });
    document.querySelectorAll("#table .team-score").forEach(function (team) {
      var index = parseInt(team.dataset.team, 10);
      var total = team.querySelector(".team-total");
      if (!total) return;
      var before = parseInt(total.dataset.total, 10);
      total.textContent = String(shown.length ? totals[index] : before);
      var drawn = team.querySelector("svg[data-number] .slate-number");
      if (drawn) drawn.textContent = drawn.closest("svg").dataset.number;
      if (!shown.length) return;
      team.classList.add("provisional");
      var svg = team.querySelector("svg[data-number]");
      if (svg) chalkOn(svg, shown.map(function (hand) { return hand.unsure ? -1 : hand.points[index]; }));
      var added = totals[index] - s.totals[index];
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
    var form = $("#hand-form");
    var undo = $('#table form[action$="/undo/"]');
    if (undo) undo.hidden = shown.length > 0;
    if (winner !== null) {
      if (form) form.hidden = true;
      var over = document.createElement("p");
      over.className = "alert alert-warning waiting provisional-over";
      over.textContent = say(status.dataset.out, { team: s.teams[winner] });
      var turn = $("#table .turn");
      (turn || list).parentNode.insertBefore(over, turn || list);
      if (turn) turn.hidden = true;
    } else if (form && shown.length) {
      var number = s.next + shown.length;
      var current = parseInt(form.querySelector('[name="hand_number"]').value, 10);
      if (current < number) nextForm(form, s, number);
    }
    var note = paused ? say(status.dataset.paused, { number: paused }) :
      stuck ? say(status.dataset.stuck, { number: stuck }) : "";
    if (others) note = [note, say(status.dataset.others, { count: others })].filter(Boolean).join(" · ");
    showStatus(hands.length, note);
  }

  function refresh() {
    var s = state();
    if (!s) return Promise.resolve();
    return waiting(s).then(render);
  }

  // --- keeping and sending ------------------------------------------------------------

  function trumpLabel(form) {
    var input = form.querySelector('input[name="trump"]:checked');
    var label = input ? form.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.replace(/\s+/g, " ").trim().replace(/ ×\d+$/, "") : "";
  }

  function keep(form) {
    var s = state();
    var data = [];
    new FormData(form).forEach(function (value, name) { data.push([name, String(value)]); });
    var number = parseInt(form.querySelector('[name="hand_number"]').value, 10);
    var hand = JassTable.handFromForm(form); // as the server's form builds it
    var title = $("#table .game-title");
    var entry = {
      number: number,
      key: form.querySelector('[name="form_key"]').value,
      body: data, // with the typist's mark: sent for them only
      page: location.pathname,
      game: title ? title.textContent.trim() : "",
      hand: hand,
      trumpLabel: trumpLabel(form),
      at: Date.now(),
    };
    return kv.update(handsKey(s), function (hands) {
      hands = (hands || []).filter(function (h) { return h.key !== entry.key; });
      hands.push(entry);
      hands.sort(function (a, b) { return a.number - b.number || a.at - b.at; });
      return hands;
    }, store).then(function () { return entry; });
  }

  function drop(s, key) { return Waiting.drop(s.record, key); }

  // What the scorer is typing for a later hand survives the table being drawn anew.
  function typed() {
    var form = $("#hand-form");
    if (!form || form.hidden) return null;
    var points = form.querySelector(".points-input");
    var choice = form.querySelectorAll('input[name="trump"]').length > 1;
    var trump = choice && form.querySelector('input[name="trump"]:checked');
    if (!(points && points.value) && !trump) return null;
    var values = [];
    new FormData(form).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "hand_number", "form_key", "version", "typist"].indexOf(name) < 0) values.push([name, value]);
    });
    return { number: form.querySelector('[name="hand_number"]').value, values: values };
  }

  function typeAgain(kept) {
    var form = $("#hand-form");
    if (!kept || !form || form.querySelector('[name="hand_number"]').value !== kept.number) return;
    kept.values.forEach(function (pair) {
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === pair[1];
        else input.value = pair[1];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function draw(html) {
    var kept = typed();
    htmx.swap("#table", html, { swapStyle: "outerHTML" });
    typeAgain(kept);
    remember(html);
  }

  function send() {
    var s = state();
    if (sending || !s || paused || !navigator.onLine) return refresh();
    sending = true;
    function loop(first) {
      return waiting(s).then(function (hands) {
        if (!first) render(hands); // the table was drawn anew: the rest show again
        hands = mine(hands); // another's hands wait for them
        return hands.length ? Waiting.post(hands[0], s.record, true).then(answered(hands[0], hands.slice(1))) : null;
      });
    }
    function answered(entry, rest) {
      return function (answer) {
        if (answer.status === 200 && answer.text.indexOf('id="table"') < 0) answer.status = 0;
        if (answer.status === 200) {
          stuck = 0;
          return drop(s, entry.key).then(function () {
            draw(answer.text);
            render(rest); // at once: the hands still waiting never vanish from the screen
            s = state() || s;
            return loop(false);
          });
        }
        if (answer.status === 422 || answer.status === 409) {
          // Refused (a broken rule, or another phone recorded that hand): what was
          // typed comes back with the server's message; the later hands wait for it.
          return drop(s, entry.key).then(function () {
            draw(answer.text);
            paused = entry.number;
            return waiting(state() || s).then(function (rest) { paused = mine(rest).length ? paused : 0; });
          });
        }
        if (answer.status === 403 && answer.text.indexOf('id="table"') >= 0) {
          // Typed by someone else than who is signed in now: kept on the phone for
          // them, and the screen is now the signed-in person's, with the server's word.
          draw(answer.text);
          s = state() || s;
          return loop(false);
        }
        if (answer.status >= 500) return null; // the server is unwell: try again later
        stuck = entry.number; // not taken here (signed out, link replaced…): kept
        return null;
      };
    }
    return loop(true).catch(function () { /* no connection, or no answer in time: later */ }).then(function () {
      sending = false;
      return refresh();
    });
  }

  // The table as the server last drew it, to show it again offline after a reload
  // (the kept page may be older: hands saved since came back through htmx).
  function remember(html) {
    var s = state();
    var copy = html || pristine;
    if (!s || !copy) return;
    kv.get(pageKey(s), store).then(function (kept) {
      if (!kept || kept.drawn < s.drawn || kept.typist !== typist()) {
        kv.set(pageKey(s), { drawn: s.drawn, html: copy, typist: typist() }, store);
      }
    });
  }

  function restore() {
    var s = state();
    if (!s) return Promise.resolve();
    return kv.get(pageKey(s), store).then(function (kept) {
      if (kept && kept.drawn > s.drawn && kept.typist === typist()) {
        htmx.swap("#table", kept.html, { swapStyle: "outerHTML" }); // drawn for this same person
      }
    });
  }

  // --- wiring ---------------------------------------------------------------------------

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "hand-form" || !form.getAttribute("hx-post")) return;
    if (form.dataset.direct) { delete form.dataset.direct; return; }
    event.preventDefault();
    var button = form.querySelector(".save-hand");
    if (button) button.disabled = true;
    keep(form).then(function () {
      paused = 0; // the scorer saved again: the refused hand, or what replaces it
      var slow = setTimeout(refresh, navigator.onLine ? 700 : 0);
      return send().then(function () { clearTimeout(slow); });
    }).catch(function () {
      // No room on the phone: leave it to htmx, the way it saved before.
      form.dataset.direct = "1";
      htmx.ajax("POST", form.getAttribute("hx-post"), { source: form, target: "#table", swap: "outerHTML" });
    }).then(function () { if (button) button.disabled = false; });
  });

  // Each table the server sends is kept as it came, before any script touches it.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.target && event.detail.target.id === "table" && xhr && xhr.status === 200) {
      var text = xhr.responseText;
      setTimeout(function () { remember(text); }, 0);
    }
  });

  window.addEventListener("online", send);
  window.addEventListener("offline", refresh);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) send(); });
  setInterval(function () { if (navigator.onLine) send(); }, RETRY);

  function start() {
    var s = state();
    restore().then(function () { remember(); return send(); });
    if ("serviceWorker" in navigator && s && s.worker) {
      navigator.serviceWorker.register(s.worker).then(function () {
        if (!navigator.serviceWorker.controller) {
          return navigator.serviceWorker.ready.then(function (registration) {
            registration.active.postMessage({ keep: location.pathname });
          });
        }
      }).catch(function () { /* no worker (private mode): the screen works online */ });
    }
  }
  // After htmx has set up the page (it listens for DOMContentLoaded first).
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
