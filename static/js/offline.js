// The table screen in a cellar, any kind: a saved hand waits on the phone (IndexedDB)
// with its form key, shows as waiting with a provisional score (the kind's
// window.JassOfflineKind), and is sent in order when the connection returns. The
// server judges: a refused hand stays on the phone, marked with the server's answer,
// and on the form until it is saved again or dropped; the hands behind it wait under
// their own numbers. The key makes a hand sent twice count once. Hands show and go
// only for whoever typed them (waiting.js).
(function () {
  "use strict";
  var Waiting = window.JassWaiting;
  var Kind = window.JassOfflineKind; // the game's kind: its form, its hand, its score
  if (!Waiting || !window.JassRequests || !Kind) return;
  var kv = Waiting.kv;
  var store = Waiting.store;

  var RETRY = 5000;
  var sending = false;
  var more = false; // a hand saved while a round was sending
  var shownRefused = ""; // the key of the refused hand whose answer this screen shows
  var refusedForm = ""; // and the key of the form it came with
  var asking = ""; // the refused hand whose dropping is being asked
  var dropped = 0;
  var stuck = 0;
  var base = null; // the hand form as drawn: what differs was touched by the scorer
  var parked = null; // typed for a later hand when a refused one took the form
  var left = null; // the form as a Save sent it: what is touched on it after is the next hand's
  var swapKept = null;
  var SKIP = ["csrfmiddlewaretoken", "hand_number", "form_key", "version", "typist"];
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

  // The first of this person's hands, when the server refused it: it holds the rest.
  function held(hands) { return hands.length && hands[0].refused ? hands[0] : null; }

  // Consecutive numbers from ``from`` for the hands waiting behind a refused one (the
  // scorer is told before: the drop's question, the refused hand's note).
  function renumber(hands, from) {
    hands.forEach(function (hand, index) {
      hand.number = from + index;
      hand.body = hand.body.map(function (pair) { return pair[0] === "hand_number" ? [pair[0], String(hand.number)] : pair; });
    });
  }

  function moves(hands, from) {
    return hands.map(function (hand, index) { return hand.number === from + index ? "" : hand.number + " → " + (from + index); }).filter(Boolean).join(", ");
  }

  // The refused hand's own part: the hands behind it, and dropping it (asked first).
  function refusedNote(hand, behind, s, status) {
    var form = handForm();
    var number = form ? parseInt(form.querySelector('[name="hand_number"]').value, 10) : s.next;
    var asked = asking === hand.key;
    var moved = moves(behind, asked ? s.next : number + 1);
    var box = $("#table .refused-hand");
    var id = [hand.key, asked, moved].join(" ");
    if (box && box.dataset.id === id) return;
    var focused = box && box.contains(document.activeElement);
    if (box) box.remove();
    box = document.createElement("div");
    box.className = "refused-hand alert alert-warning py-2";
    box.dataset.id = id;
    var text = document.createElement("p");
    text.className = "mb-2";
    var values = { number: number, moves: moved }; // the number on its form (a 409 moved it)
    text.textContent = asked ? [say(status.dataset.dropAsk, values), moved ? say(status.dataset.dropMoves, values) : ""].join(" ").trim() :
      moved && form ? say(status.dataset.saveMoves, values) : "";
    if (asked) text.setAttribute("role", "alert");
    if (text.textContent) box.appendChild(text);
    function button(label, style, act) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-sm me-2 " + style;
      b.textContent = say(label, values);
      b.addEventListener("click", act);
      box.appendChild(b);
      return b;
    }
    if (asked) {
      button(status.dataset.dropYes, "btn-danger", function () { dropHeld(hand.key); });
      var focus = button(status.dataset.dropNo, "btn-outline-secondary", function () { asking = ""; refresh().then(function () { var b = $("#table .refused-hand button"); if (b) b.focus(); }); });
    } else {
      var drop = button(status.dataset.drop, "btn-outline-danger", function () { asking = hand.key; refresh(); });
      if (focused) focus = drop;
    }
    var before = form || $("#table .recent");
    if (before) before.parentNode.insertBefore(box, before);
    else if ($("#table")) $("#table").appendChild(box);
    if (focus) focus.focus();
  }

  // The scorer drops the refused hand: the ones behind it take the numbers from the
  // server's next on (as the question said), the form is cleared for the next one.
  function dropHeld(key) {
    var s = state();
    return kv.update(handsKey(s), function (hands) {
      hands = (hands || []).filter(function (h) { return h.key !== key; });
      renumber(mine(hands), s.next);
      return hands;
    }, store).then(function () { return waiting(s); }).then(function (hands) {
      var form = handForm(), rest = mine(hands);
      dropped = form ? +form.querySelector('[name="hand_number"]').value : s.next;
      asking = shownRefused = "";
      document.querySelectorAll("#table .messages").forEach(function (n) { n.remove(); });
      if (form) Kind.nextForm(form, s, s.next + rest.length, rest);
      render(hands);
      focusForm(true);
      return send();
    });
  }

  // Focus never falls to the page: after the form was drawn anew, to its first control.
  function focusForm(renewed) {
    var active = document.activeElement;
    if (!renewed || (active && active !== document.body && document.contains(active))) return;
    if (window.JassTable && JassTable.settle) return JassTable.settle();
    var form = handForm(), said = $("#table [role=alert][tabindex]"); // a refusal's problems first
    var first = said || (form && !form.hidden && form.querySelector("input:not([type=hidden]):not(:disabled):checked, input:not([type=hidden]):not(:disabled)"));
    if (first) first.focus({ preventScroll: true });
  }

  // The game as the server last drew it, and the hands waiting counted onto it by the
  // game's kind (Kind.provisional: its score, its sheet or slate, who won). A refused
  // hand stays on the form, as the server answered it; the ones behind it wait.
  function render(hands) {
    var s = state();
    var status = $("#net-status");
    if (!s || !status) return;
    var others = hands.length;
    hands = mine(hands);
    others -= hands.length;
    var hold = held(hands);
    var renewed = false;
    // after a reload, a new tab, offline, the game shown anew: its answer again
    if (hold && hold.refused.html && (shownRefused !== hold.key || keyOf(handForm()) !== refusedForm)) {
      shownRefused = hold.key;
      parked = typed() || parked;
      swap(hold.refused.html);
      refusedForm = keyOf(handForm());
      s = state() || s;
      renewed = true;
    } else if (!hold) {
      shownRefused = asking = "";
    }
    document.querySelectorAll("#table .waiting").forEach(function (n) { n.remove(); });
    document.querySelectorAll("#table .provisional").forEach(function (n) {
      n.classList.remove("provisional");
    });
    if (!hold) document.querySelectorAll("#table .refused-hand").forEach(function (n) { n.remove(); });
    // Every waiting hand is listed; counted, those the server has not drawn (a hand below
    // its next may be there already, its answer lost) or, behind a refused one, all.
    var shown = hands.filter(function (hand) { return hold ? hand !== hold : hand.number >= s.next; });
    var rows = hold ? shown : hands;
    var counted = Kind.provisional(s, shown, status);
    var list = rows.length ? handList() : null;
    rows.forEach(function (hand) { if (list) list.insertBefore(waitingRow(hand, status), list.firstChild); });
    var form = handForm();
    var undo = $('#table form[action$="/undo/"]');
    if (undo) undo.hidden = rows.length > 0 || !!hold;
    if (hold) {
      // the refused hand is asked of the game as the server has it
      if ($("#table")) delete $("#table").dataset.totals;
      refusedNote(hold, shown, s, status);
    } else if (counted.said || (counted.winner !== null && counted.winner !== undefined)) {
      if (form) form.hidden = true;
      var over = document.createElement("p");
      over.className = "alert alert-warning waiting provisional-over";
      over.textContent = counted.said || say(status.dataset.out, { team: counted.winner });
      var turn = $("#table .turn");
      var before = turn || form || list;
      if (before) before.parentNode.insertBefore(over, before);
      if (turn) turn.hidden = true;
      var active = document.activeElement; // the Save that ended it was hidden with its form
      if (!active || active === document.body || (form && form.contains(active))) {
        over.tabIndex = -1;
        over.focus({ preventScroll: true });
      }
    } else if (form && rows.length) {
      var number = Math.max(s.next + shown.length, rows[rows.length - 1].number + 1);
      var current = parseInt(form.querySelector('[name="hand_number"]').value, 10);
      if (current < number) {
        var touched = typed(); // tapped since the Save left, before this form was drawn
        Kind.nextForm(form, s, number, shown);
        renewed = true;
      }
    }
    if (renewed) {
      baseline();
      if (!hold && typeAgain(parked)) parked = null;
      else if (typeAgain(touched)) form.dataset.typing = "1";
    }
    baseline();
    focusForm(renewed);
    var note = hold ? [say(status.dataset.refused, { number: hold.number }),
      // they wait for it under the number its form now shows (a 409 offers it as the next)
      shown.length ? say(status.dataset.paused, { number: form && !form.hidden ? form.querySelector('[name="hand_number"]').value : hold.number }) : ""].filter(Boolean).join(" ") :
      dropped ? say(status.dataset.dropped, { number: dropped }) :
      stuck ? say(status.dataset.stuck, { number: stuck }) : "";
    if (others) note = [note, say(status.dataset.others, { count: others })].filter(Boolean).join(" · ");
    showStatus(hands.length - (hold ? 1 : 0), note);
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
      hands = hands || [];
      var hold = held(mine(hands)); // on the form: what is saved now replaces it
      hands = hands.filter(function (h) { return h.key !== entry.key && h !== hold; });
      if (hold) renumber(mine(hands).filter(function (h) { return h.number >= hold.number; }), number + 1);
      hands.push(entry);
      hands.sort(function (a, b) { return a.number - b.number || a.at - b.at; });
      return hands;
    }, store).then(function () { return entry; });
  }

  function drop(s, key) { return Waiting.drop(s.record, key); }

  // The hand form's values by name (radios and boxes: the ones ticked), as JSON.
  function values(form) {
    var v = {};
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (input) {
      if (SKIP.indexOf(input.name) >= 0) return;
      var list = v[input.name] = v[input.name] || [];
      if (!/^(radio|checkbox)$/.test(input.type)) list.push(input.value);
      else if (input.checked) list.push(input.value);
    });
    Object.keys(v).forEach(function (name) { v[name] = JSON.stringify(v[name]); });
    return v;
  }

  function keyOf(form) {
    var key = form && form.querySelector('[name="form_key"]');
    return key ? key.value : "";
  }

  // The form as it was drawn (once per form key): the scorer's touches are what differ.
  function baseline() {
    var form = handForm();
    if (form && (!base || base.key !== keyOf(form))) base = { key: keyOf(form), values: values(form) };
  }

  // What the scorer touched on the form since it was drawn (team, trump, points, Weis…)
  // survives the table being drawn anew for the same hand.
  function typed() {
    var form = handForm();
    if (!form || form.hidden) return null;
    var now = values(form), touched = {}, any = false;
    if (left && left.key === keyOf(form)) { // still the hand that was sent: touches after it left
      Object.keys(now).forEach(function (name) {
        if (now[name] !== left.values[name]) { touched[name] = now[name]; any = true; }
      });
      return any ? { after: left.number, values: touched } : null;
    }
    var known = base && base.key === keyOf(form);
    Object.keys(now).forEach(function (name) {
      if (!known || now[name] !== base.values[name]) { touched[name] = now[name]; any = true; }
    });
    if (!any || (!known && !Kind.typing(form))) return null;
    return { number: form.querySelector('[name="hand_number"]').value, values: touched };
  }

  function typeAgain(kept) {
    var form = handForm();
    var number = form && form.querySelector('[name="hand_number"]').value;
    if (!kept || !form || form.hidden || (kept.after ? +number <= +kept.after : number !== kept.number)) return false;
    Object.keys(kept.values).forEach(function (name) {
      var list = JSON.parse(kept.values[name]), at = 0;
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (/^(radio|checkbox)$/.test(input.type)) input.checked = list.indexOf(input.value) >= 0;
        else if (at < list.length) input.value = list[at++];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }

  // Where the scorer is on the form: the control, and in a text box the caret or what
  // is selected, to put them back once the form is drawn anew (a fill that selected
  // "30" to type "20" over it goes on over the new box's "30", not before it).
  function place() {
    var form = handForm(), active = document.activeElement;
    if (!form || !form.contains(active) || !active.name) return null;
    var range = null;
    try { if (typeof active.selectionStart === "number") range = [active.selectionStart, active.selectionEnd]; } catch (e) { /* no caret */ }
    return { at: '[name="' + active.name + '"]' + (/^(radio|checkbox)$/.test(active.type) ? '[value="' + active.value + '"]' : ""), range: range };
  }

  function goBack(where) {
    var form = handForm(), control = where && form && form.querySelector(where.at);
    if (!control) return false;
    form.dataset.typing = "1"; // the scorer goes on where they were (table.js leaves it)
    control.focus({ preventScroll: true });
    if (where.range) try { control.setSelectionRange(where.range[0], where.range[1]); } catch (e) { /* no caret */ }
    return true;
  }

  function swap(html) {
    JassRequests.swap("#table", html);
  }

  // The table drawn anew from an answer; ``rest``, the hands still waiting, shown at
  // once; then what was touched meanwhile, put back.
  function draw(html, rest) {
    var kept = typed(), active = document.activeElement, form = handForm(), at = place();
    // problems the phone found in what is typed (a Save refused on the phone meanwhile)
    var checked = form && form.querySelector(".client-check") ? form.querySelector('[name="hand_number"]').value : "";
    var onSaid = checked && active && active.closest && active.closest(".client-check");
    swap(html);
    baseline();
    if (rest) render(rest);
    var done = typeAgain(kept);
    form = handForm();
    if (done && checked && Kind.recheck && form.querySelector('[name="hand_number"]').value === checked) {
      Kind.recheck(form);
      var said = form.querySelector(".client-check");
      if (said && onSaid) { said.focus({ preventScroll: true }); at = null; }
    }
    if (done) goBack(at);
    if (!done && typeAgain(parked)) parked = null;
    focusForm(true);
    remember(html);
  }

  // ``again``: a refused hand is sent once more (a reload, a new tab) for the
  // server's answer as the game is now; otherwise it holds the rest until saved.
  function send(again) {
    var s = state();
    if (sending && navigator.onLine) more = true; // saved during a round: sent when it ends
    if (sending || !s || !navigator.onLine) return refresh();
    sending = true;
    more = false;
    document.documentElement.dataset.sending = "true"; // "false" once a round ended: the browser tests wait for it
    function loop(first) {
      return waiting(s).then(function (hands) {
        if (!first) render(hands); // the table was drawn anew: the rest show again
        hands = mine(hands); // another's hands wait for them
        if (!hands.length || (hands[0].refused && again !== true)) return null;
        again = false;
        return Waiting.post(hands[0], s.record, true).then(answered(hands[0], hands.slice(1)));
      });
    }
    function answered(entry, rest) {
      return function (answer) {
        if (answer.status === 200 && answer.text.indexOf('id="table"') < 0) answer.status = 0;
        if (answer.status === 200) {
          stuck = 0;
          return drop(s, entry.key).then(function () { return waiting(s); }).then(function (now) {
            if (shownRefused === entry.key) shownRefused = "";
            // the hands still waiting never vanish from the screen, with those saved
            // while this one was on its way (``rest`` was read before they were kept)
            draw(answer.text, now);
            s = state() || s;
            return loop(false);
          });
        }
        if (answer.status === 422 || answer.status === 409) {
          // Refused (a rule, or recorded elsewhere): kept, marked with the answer, on
          // the form with the server's problems (focused by table.js); the rest wait.
          var same = false;
          return kv.update(handsKey(s), function (hands) {
            return (hands || []).map(function (h) {
              // (saved again meanwhile: the new one is sent instead)
              if (h.key === entry.key && h.at === entry.at) {
                h.refused = { status: answer.status, html: answer.text };
                same = true;
              }
              return h;
            });
          }, store).then(function () {
            if (!same) return loop(false);
            // on its form already (a page's start): what was put right stays, and where
            var shown = shownRefused === entry.key, kept = typed(), at = shown ? place() : null;
            if (!shown) { parked = kept || parked; kept = null; }
            shownRefused = entry.key;
            asking = "";
            swap(answer.text);
            refusedForm = keyOf(handForm());
            baseline();
            typeAgain(kept);
            goBack(at);
            entry.refused = true;
            render([entry].concat(rest)); // the hands behind it stay on the screen
            focusForm(true);
            remember(answer.text);
            return null;
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
      document.documentElement.dataset.sending = "false";
      if (more) return send(); // (the round had read the hands before it was kept)
      return refresh();
    });
  }

  // The table as the server last drew it, to show it again offline after a reload
  // (the kept page may be older: hands saved since came back in answers).
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

  // Kept tables belong to whom they were drawn for: another's go (issue 34; the
  // service worker deletes their kept pages too). Their hands stay: kept for them.
  function forgetOthers() {
    return kv.entries(store).then(function (entries) {
      entries.forEach(function (entry) {
        var kept = entry[1];
        if (String(entry[0]).indexOf("page ") === 0 && kept && kept.typist !== typist()) kv.del(entry[0], store);
      });
    }).catch(function () { /* nothing kept */ });
  }

  function restore() {
    var s = state();
    if (!s) return Promise.resolve();
    return kv.get(pageKey(s), store).then(function (kept) {
      if (kept && kept.drawn > s.drawn && kept.typist === typist()) {
        swap(kept.html); // drawn for this same person
      }
    });
  }


  // A Save (fixi's request of the hand form, static/js/requests.js): kept on the phone
  // and sent from there instead.
  document.addEventListener("fx:config", function (event) {
    var form = event.target;
    if (!form || form.id !== Kind.form || !form.getAttribute("fx-action")) return;
    if (form.dataset.direct) { delete form.dataset.direct; return; }
    event.preventDefault();
    left = { key: keyOf(form), values: values(form), number: form.querySelector('[name="hand_number"]').value };
    var button = form.querySelector(".save-hand");
    if (button) button.disabled = true;
    var kept; // read from the form now, as saved (a tap right after is the next hand's)
    try { kept = keep(form); } catch (e) { kept = Promise.reject(e); } // a store that throws at once
    kept.then(function () {
      // Kept on the phone: Save is free again, for the next hand while this one is on
      // its way (a slow network; sent in turn), or for this one again (its key: once).
      if (button) button.disabled = false;
      forgetDraft(); // saved: kept on the phone as a hand now
      dropped = 0;
      if (form.querySelector('[name="form_key"]').value === shownRefused) shownRefused = "";
      var slow = setTimeout(refresh, navigator.onLine ? 700 : 0);
      return send().then(function () { clearTimeout(slow); });
    }).catch(function () {
      // No room on the phone: sent as the form itself, the way it saved before (in a
      // task of its own: a store that failed at once ends here while the Save's submit
      // is still being dispatched, and a form asked to submit then does nothing).
      form.dataset.direct = "1";
      setTimeout(function () { form.requestSubmit(); }, 0);
    }).then(function () { if (button) button.disabled = false; });
  });

  // Each table the server sends is kept as it came, before any script touches it.
  // What the scorer touched meanwhile is put back (undo, the live poll, a plain save).
  document.addEventListener("fx:after", function (event) {
    var cfg = event.detail.cfg;
    if (event.defaultPrevented || !cfg.target || cfg.target.id !== "table") return;
    swapKept = typed();
    if (cfg.response.status === 200) {
      var text = cfg.text;
      setTimeout(function () { remember(text); }, 0);
    }
  });
  document.addEventListener("fx:swapped", function (event) {
    var cfg = event.detail.cfg;
    if (!cfg.target || cfg.target.id !== "table") return;
    var kept = swapKept;
    swapKept = null;
    baseline();
    typeAgain(kept);
    refresh(); // the waiting hands, a refused one, at once
  });

  // Another phone changed the game: followed at once unless a hand is typed or waiting.
  document.addEventListener("fx:swapped", function (event) {
    var cfg = event.detail.cfg;
    if (!cfg.target || cfg.target.id !== "live") return;
    var live = document.getElementById("live");
    var show = live && live.querySelector(".behind a[fx-action]");
    var form = handForm();
    var busy = (form && !form.hidden && (Kind.typing(form) || typed())) || $("#table .hand-item.waiting") || $("#table .refused-hand") || sending;
    if (show && !busy) {
      show.dispatchEvent(new CustomEvent("fx:process", { bubbles: true })); // (set up by fixi at once)
      show.click();
    }
  });

  // What is typed on the hand form and not saved yet, kept in this tab (sessionStorage)
  // for its hand: a reload, or a phone that drops the page in the background, puts it
  // back on the form (for the same hand only; saved, it is forgotten).
  function draftKey() {
    var s = state();
    return s ? "jass typed " + s.record + " " + typist() : "";
  }
  function keepDraft() {
    try {
      var kept = typed(), key = draftKey();
      if (kept && kept.number && key) sessionStorage.setItem(key, JSON.stringify(kept));
      else if (key) sessionStorage.removeItem(key);
    } catch (e) { /* no storage here (private mode): nothing kept */ }
  }
  function forgetDraft() {
    try { sessionStorage.removeItem(draftKey()); } catch (e) { /* nothing kept */ }
  }
  function draft() {
    try { return JSON.parse(sessionStorage.getItem(draftKey()) || "null"); } catch (e) { return null; }
  }
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = handForm();
      if (form && event.target && form.contains(event.target)) keepDraft();
    });
  });
  function typeDraftAgain() {
    var kept = draft();
    if (kept && kept.values && !$("#table .refused-hand")) typeAgain(kept);
  }

  window.addEventListener("online", function () { send(); });
  window.addEventListener("offline", refresh);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) send(); });
  setInterval(function () { if (navigator.onLine) send(); }, RETRY);

  function start() {
    var s = state();
    restore().then(function () { remember(); forgetOthers(); baseline(); return refresh(); }).then(function () {
      typeDraftAgain();
      return send(true);
    });
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
  // After fixi has set up the page (it listens for DOMContentLoaded first).
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
