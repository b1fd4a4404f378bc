// The Différenzler scorer's screen: with three card points typed, the blank one shows
// 157 minus the others (the server fills it in the same way; without this script it
// still does). When the screen is drawn anew (an answer, the live poll): what the scorer
// touched since the request left is kept (a trump tapped during the wait is chosen, the
// card points typed stay; an answer that refuses, data-refused, stays as it is: a choice
// refused is not sent again), the focus goes where the eye goes (a refusal, the card
// points, the trump) and #table-said says what changed. Card points are checked here as
// the server checks them, in its words (#card-words). Offline nothing is sent: #net-status
// says so, a note beside what was tapped says it needs a connection (and, once it is
// back, to tap again); what was typed stays, kept in sessionStorage across a reload.
"use strict";
(function () {
  var TOTAL = 157;
  var typed = { number: "", values: {} }; // card points typed for hand `number`
  var wanted = null; // a trump tapped while the screen was being drawn: {number, trump}
  var shownHands = null;
  var held = null; // what was not sent offline: {key: its selector, number}
  var KEPT = "diff-typed " + location.pathname;

  function remember(next) {
    typed = next;
    try { sessionStorage.setItem(KEPT, JSON.stringify(typed)); } catch (e) { /* private mode */ }
  }

  // The server's refusals of the card points (forms.py PointsForm, rules.py fill_cards and
  // check_cards), for the four boxes' text: [[seat, or -1 for the hand, words], ...].
  function check(values, words) {
    var cards = [], found = [];
    values.forEach(function (value, seat) {
      if (value === "") return cards.push(null);
      var text = value.replace(/\.0*\s*$/, ""); // as Django's IntegerField, then int()
      if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(text)) return found.push([seat, words.invalid]);
      var n = parseInt(text.replace(/_/g, ""), 10);
      if (n < 0 || n > TOTAL) found.push([seat, n < 0 ? words.low : words.high]);
      cards.push(n);
    });
    if (found.length) return found;
    var blanks = cards.filter(function (n) { return n === null; }).length;
    var sum = cards.reduce(function (total, n) { return total + (n || 0); }, 0);
    var key = blanks > 1 ? "three" : blanks ? (sum > TOTAL ? "more" : "") : (sum !== TOTAL ? "sum" : "");
    var p = { a: cards[0], b: cards[1], c: cards[2], d: cards[3], sum: sum, total: TOTAL };
    var said = key ? words[key].replace(/\{(\w+)\}/g, function (all, name) { return p[name]; }) : "";
    return key ? [[-1, said.charAt(0).toUpperCase() + said.slice(1)]] : [];
  }
  window.JassDiffCheck = check;

  // The phone's refusals drawn as the server draws its own (cards_fields.html), focused.
  function refuse(form, found) {
    form.querySelectorAll(".is-invalid").forEach(function (box) {
      box.classList.remove("is-invalid");
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
    });
    form.querySelectorAll(".invalid-feedback, .alert-danger").forEach(function (node) { node.remove(); });
    found.forEach(function (problem) {
      var box = form.querySelector('[name="cards_' + problem[0] + '"]');
      var node = document.createElement(box ? "div" : "p");
      node.textContent = problem[1];
      if (box) {
        node.className = "invalid-feedback";
        node.id = box.id + "-error";
        box.classList.add("is-invalid");
        box.setAttribute("aria-invalid", "true");
        box.setAttribute("aria-describedby", node.id);
        box.after(node);
      } else {
        var alert = document.createElement("div");
        alert.className = "alert alert-danger py-2";
        alert.setAttribute("role", "alert");
        node.className = "mb-0";
        alert.appendChild(node);
        form.querySelector(".cards-grid").before(alert);
      }
    });
    var first = form.querySelector(".alert-danger, .is-invalid");
    if (first && !first.matches("input")) first.tabIndex = -1;
    if (first) first.focus();
  }

  // Online or offline, and beside what was not sent (if it is still on the screen) why.
  function netStatus() {
    var status = document.getElementById("net-status");
    var old = document.getElementById("net-note");
    var focused = old && old === document.activeElement;
    if (old) old.remove();
    if (!status) return null;
    status.textContent = navigator.onLine ? status.dataset.online : status.dataset.offline;
    status.classList.toggle("offline", !navigator.onLine);
    status.hidden = false;
    var el = held && document.querySelector(held.key);
    if (!el || numberOf(el) !== held.number) { held = null; return null; }
    var note = document.createElement("p");
    note.id = "net-note";
    note.className = "alert alert-warning py-2";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    note.textContent = navigator.onLine && !held.failed ? status.dataset.back : status.dataset.needs;
    var spot = el.closest("form, ul, p") || el;
    spot.parentNode.insertBefore(note, spot);
    if (focused) note.focus();
    return note;
  }

  function hold(el, failed) { // failed: sent while online, but no answer came
    var tag = el.tagName === "A" ? "href" : "action";
    held = { key: el.tagName.toLowerCase() + "[" + tag + '="' + el.getAttribute(tag) + '"]', number: numberOf(el), failed: failed };
    if (el.classList.contains("points-form")) {
      var values = {};
      el.querySelectorAll(".cards-input").forEach(function (box) { values[box.name] = box.value; });
      remember({ number: numberOf(el), values: values });
    }
    var note = netStatus();
    if (note) note.focus();
  }

  // Before anything is sent: the phone's check of the card points, then the connection.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var words = document.getElementById("card-words");
    var found = form.classList.contains("points-form") && words
      ? check(Array.prototype.map.call(form.querySelectorAll(".cards-input"), function (box) { return box.value; }), JSON.parse(words.textContent))
      : [];
    if (found.length) refuse(form, found);
    else if (!navigator.onLine && form.closest("#diff-table, #seat-codes")) hold(form);
    else { held = null; return netStatus(); }
    event.preventDefault();
    event.stopImmediatePropagation(); // nor htmx nor the reset below
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("main a[href]");
    if (!link || navigator.onLine || !document.getElementById("net-status")) return; // the scorer's screen only
    event.preventDefault();
    hold(link);
  }, true);
  document.addEventListener("htmx:sendError", function (event) { // online, yet no answer
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form) hold(form, true);
  });
  window.addEventListener("online", function () { if (held) held.failed = false; netStatus(); });
  window.addEventListener("offline", netStatus);

  function update(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll(".cards-input"));
    var blank = inputs.filter(function (input) { return input.value.trim() === ""; });
    var filled = inputs.filter(function (input) { return input.value.trim() !== ""; });
    inputs.forEach(function (input) { input.placeholder = ""; });
    var note = form.querySelector(".fourth");
    if (note) note.textContent = "";
    if (blank.length !== 1) return;
    var sum = filled.reduce(function (total, input) { return total + (parseInt(input.value, 10) || 0); }, 0);
    var rest = TOTAL - sum;
    blank[0].placeholder = rest >= 0 ? String(rest) : "";
    if (note) {
      var label = form.querySelector("label[for='" + blank[0].id + "']");
      note.textContent = rest >= 0 ? (label ? label.textContent + ": " : "") + rest : "";
    }
  }

  function numberOf(form) {
    var input = form && form.querySelector && form.querySelector('[name="hand_number"]');
    return input ? input.value : "";
  }

  // The live poll rests while offline (no failed request each time); it goes on online.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "live" && !navigator.onLine) event.preventDefault();
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest(".points-form");
    if (!form) return;
    update(form);
    if (!event.isTrusted) return;
    var next = typed.number === numberOf(form) ? typed : { number: numberOf(form), values: {} };
    next.values[event.target.name] = event.target.value;
    remember(next);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.classList && event.target.classList.contains("points-form")) remember({ number: "", values: {} });
  }, true);
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('button[name="trump"]');
    if (button && event.isTrusted && navigator.onLine) wanted = { number: numberOf(button.form), trump: button.value };
  });

  function keepTouched(root) {
    if (root.hasAttribute("data-refused")) { // what was sent, with why: nothing typed over it, nothing sent again
      remember({ number: "", values: {} });
      wanted = null;
      return false;
    }
    var points = root.querySelector(".points-form");
    if (points && numberOf(points) === typed.number) {
      Object.keys(typed.values).forEach(function (name) {
        var input = points.querySelector('[name="' + name + '"]');
        if (input) input.value = typed.values[name];
      });
      update(points);
    }
    var trumps = root.querySelector('button[name="trump"]');
    if (!wanted || !trumps || numberOf(trumps.form) !== wanted.number) { wanted = null; return false; }
    var button = trumps.form.querySelector('button[name="trump"][value="' + wanted.trump + '"]');
    wanted = null; // sent once: a refusal is not asked again and again
    if (!button || button.classList.contains("active")) return false;
    // the last trump tapped is the one chosen (htmx has not set up the new form yet)
    window.htmx.ajax("POST", button.form.getAttribute("hx-post"), {
      source: button.form, values: { trump: button.value }, target: "#diff-table", swap: "outerHTML"
    });
    return true;
  }

  function focusWhereTheEyeGoes(root, moved) {
    var active = document.activeElement;
    var kept = active && active !== document.body && document.contains(active);
    var refused = root.querySelector(".is-invalid, .alert-danger[role=alert]");
    if (kept && !refused && !(moved && root.contains(active))) return;
    var target = refused;
    if (!target) {
      var cards = root.querySelectorAll(".cards-input");
      target = Array.prototype.filter.call(cards, function (input) { return !input.value; })[0] || cards[0];
      [".trump-grid .active", ".trump-grid button", ".open-hand .btn-primary", ".alert-success", "h1"].forEach(function (selector) {
        target = target || root.querySelector(selector);
      });
    }
    if (!target) return;
    if (!target.matches("input, button, a")) target.tabIndex = -1;
    target.focus({ preventScroll: !refused });
  }

  function announce(root) {
    var line = document.getElementById("table-said");
    var hands = +root.dataset.hands || 0, before = shownHands;
    shownHands = hands;
    if (!line || before === null || hands === before) return false;
    line.textContent = (hands > before ? line.dataset.saved : line.dataset.undone).replace("%(number)s", Math.max(hands, before));
    return true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("diff-table");
    if (!table || !window.MutationObserver) return;
    shownHands = +table.dataset.hands || 0;
    try { typed = JSON.parse(sessionStorage.getItem(KEPT)) || typed; } catch (e) { /* none kept */ }
    netStatus();
    if (!table.hasAttribute("data-refused")) keepTouched(table); // typed before a reload
    if (table.querySelector(".is-invalid, .alert-danger[role=alert]")) focusWhereTheEyeGoes(table, false);
    else if (table.querySelector(".messages")) { // back from a page that says what it did
      table.querySelector(".messages").tabIndex = -1;
      table.querySelector(".messages").focus();
    }
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node.id !== "diff-table") return;
          setTimeout(function () {
            if (keepTouched(node)) return; // the trump tapped last is on its way
            netStatus();
            focusWhereTheEyeGoes(node, announce(node));
          }, 0);
        });
      });
    }).observe(table.parentNode, { childList: true });
  });
})();
