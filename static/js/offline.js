// The table screen in a cellar, any kind: a saved hand waits on the phone (IndexedDB)
// with its form key, shows as waiting with a provisional score (the kind's
// window.JassOfflineKind), and is sent in order when the connection returns. The
// server judges: a refused hand comes back to the form; the key makes a hand sent
// twice count once. Hands show and go only for whoever typed them (waiting.js).
(function () {
  "use strict";
  var Waiting = window.JassWaiting;
  var Kind = window.JassOfflineKind; // the game's kind: its form, its hand, its score
  if (!Waiting || !window.htmx || !Kind) return;
  var kv = Waiting.kv;
  var store = Waiting.store;

  var RETRY = 5000;
  var sending = false;
  var paused = 0; // a refused hand is back on the form: the ones after it wait for it
  var refused = 0; // a hand sent from the queue and refused: said on the status line too
  var stuck = 0;
  var table = document.getElementById("table");
  var pristine = table ? table.outerHTML : ""; // as the server drew it, before any script

  function $(selector) { return document.querySelector(selector); }
  function handForm() { return document.getElementById(Kind.form); }
  var newKey = Waiting.newKey;

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


  // Undo and corrections are not kept on the phone: offline, switched off and said.
  function needsConnection(online, status) {
    var undo = $('#table form[action$="/undo/"]');
    var button = undo ? undo.querySelector('button[type="submit"]') : null;
    if (button) button.disabled = !online;
    document.querySelectorAll("#table .hand-edit").forEach(function (link) {
      link.classList.toggle("disabled", !online);
      if (online) link.removeAttribute("aria-disabled");
      else link.setAttribute("aria-disabled", "true");
    });
    var note = $("#table .needs-connection");
    var list = $("#table .recent");
    if (!online && !note && list && (button || $("#table .hand-edit"))) {
      note = document.createElement("p");
      note.className = "needs-connection small mt-2 mb-0";
      note.textContent = status.dataset.needsConnection || "";
      list.appendChild(note);
    } else if (online && note) {
      note.remove();
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest('#table .hand-edit[aria-disabled="true"]') : null;
    if (link) event.preventDefault();
  });

  function showStatus(count, note) {
    var status = $("#net-status");
    if (!status) return;
    var online = navigator.onLine;
    needsConnection(online, status);
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
    [["hand-no", hand.number], ["hand-trump", hand.label || hand.trumpLabel || ""],
     ["hand-points", hand.text],
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
    var form = handForm();
    if (!form) return null;
    var section = document.createElement("section");
    section.className = "recent waiting-only";
    list = document.createElement("ol");
    list.className = "hand-list";
    section.appendChild(list);
    form.parentNode.insertBefore(section, form.nextSibling);
    return list;
  }

  // The game as the server last drew it, and the hands waiting counted onto it by the
  // game's kind (Kind.provisional: its score, its sheet or slate, who won).
  function render(hands) {
    var s = state();
    var status = $("#net-status");
    if (!s || !status) return;
    document.querySelectorAll("#table .waiting").forEach(function (n) { n.remove(); });
    document.querySelectorAll("#table .provisional").forEach(function (n) {
      n.classList.remove("provisional");
    });
    var others = hands.length;
    hands = mine(hands);
    others -= hands.length;
    var shown = hands.filter(function (hand) { return hand.number >= s.next; });
    var counted = Kind.provisional(s, shown, status);
    var list = shown.length ? handList() : null;
    shown.forEach(function (hand) { if (list) list.insertBefore(waitingRow(hand, status), list.firstChild); });
    var form = handForm();
    var undo = $('#table form[action$="/undo/"]');
    if (undo) undo.hidden = shown.length > 0;
    if (counted.said || (counted.winner !== null && counted.winner !== undefined)) {
      if (form) form.hidden = true;
      var over = document.createElement("p");
      over.className = "alert alert-warning waiting provisional-over";
      over.textContent = counted.said || say(status.dataset.out, { team: counted.winner });
      var turn = $("#table .turn");
      var before = turn || form || list;
      if (before) before.parentNode.insertBefore(over, before);
      if (turn) turn.hidden = true;
    } else if (form && shown.length) {
      var number = s.next + shown.length;
      var current = parseInt(form.querySelector('[name="hand_number"]').value, 10);
      if (current < number) Kind.nextForm(form, s, number, shown);
    }
    var note = paused ? say(status.dataset.paused, { number: paused }) :
      refused ? say(status.dataset.refused, { number: refused }) :
      stuck ? say(status.dataset.stuck, { number: stuck }) : "";
    if (others) note = [note, say(status.dataset.others, { count: others })].filter(Boolean).join(" · ");
    showStatus(hands.length, note);
  }

  function refresh() {
    var s = state();
    if (!s) return Promise.resolve();
    return waiting(s).then(render);
  }


  function keep(form) {
    var s = state();
    var data = [];
    new FormData(form).forEach(function (value, name) { data.push([name, String(value)]); });
    var number = parseInt(form.querySelector('[name="hand_number"]').value, 10);
    var hand = Kind.hand(form); // as the server's form builds it
    var title = $("#table .game-title");
    var entry = {
      number: number,
      key: form.querySelector('[name="form_key"]').value,
      body: data, // with the typist's mark: sent for them only
      page: location.pathname,
      game: title ? title.textContent.trim() : "",
      hand: hand,
      label: Kind.label(form),
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
    var form = handForm();
    if (!form || form.hidden || !Kind.typing(form)) return null;
    var values = [];
    new FormData(form).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "hand_number", "form_key", "version", "typist"].indexOf(name) < 0) values.push([name, value]);
    });
    return { number: form.querySelector('[name="hand_number"]').value, values: values };
  }

  function typeAgain(kept) {
    var form = handForm();
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
          // Refused (a rule, or recorded elsewhere): back on the form; the rest wait.
          return drop(s, entry.key).then(function () {
            refused = entry.number;
            draw(answer.text); // its problems at the top of the form, focused (table.js)
            paused = entry.number;
            return waiting(state() || s).then(function (rest) { paused = mine(rest).length ? paused : 0; });
          });
        }
        if (answer.status === 403 && answer.text.indexOf('id="table"') >= 0) {
          // Typed by someone else than who is signed in: kept for them.
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


  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== Kind.form || !form.getAttribute("hx-post")) return;
    if (form.dataset.direct) { delete form.dataset.direct; return; }
    event.preventDefault();
    var button = form.querySelector(".save-hand");
    if (button) button.disabled = true;
    keep(form).then(function () {
      paused = 0; // the scorer saved again: the refused hand, or what replaces it
      refused = 0;
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

  // Another phone changed the game: followed at once unless a hand is typed or waiting.
  document.addEventListener("htmx:afterSwap", function (event) {
    var live = event.detail.target;
    if (!live || live.id !== "live") return;
    var show = live.querySelector(".behind a[hx-get]");
    var form = handForm();
    var busy = (form && !form.hidden && Kind.typing(form)) || $("#table .hand-item.waiting") || sending;
    if (show && !busy) {
      // (htmx has not set up the link yet)
      htmx.ajax("GET", show.getAttribute("hx-get"), { target: "#table", select: "#table", swap: "outerHTML" });
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
