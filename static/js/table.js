// The table screen, made faster (everything also works without it): the other
// team's points, Weis by kind, the questions of going out before saving, the focus.
// window.JassTable.handFromForm(form) reads the hand form into a game-file hand.
(function () {
  "use strict";

  function checkedIn(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function teamOf(value) {
    return value === "0" ? 0 : value === "1" ? 1 : null;
  }

  // A number box as the server's IntegerField reads it: blank is null; anything but
  // a whole number from 0 to most is NaN (the server refuses the form).
  function wholeNumber(input, most) {
    var text = input ? input.value.trim() : "";
    if (text === "") return null;
    var value = Number(text);
    return Number.isInteger(value) && value >= 0 && value <= most ? value : NaN;
  }

  // The hand as the game file writes it, read as HandForm.clean reads it. What the
  // server would refuse is left out (it says why when the hand is sent).
  function handFromForm(form) {
    var total = parseInt(form.dataset.cardPoints, 10) || 157;
    var typed = teamOf(checkedIn(form, "typed_team")) || 0;
    var points = wholeNumber(form.querySelector('input[name="points"]'), total);
    var match = teamOf(checkedIn(form, "match"));
    var cards = null;
    if (match !== null) cards = match === 0 ? [total, 0] : [0, total];
    else if (points !== null && !Number.isNaN(points)) {
      cards = typed === 0 ? [points, total - points] : [total - points, points];
    }
    var entries = [];
    form.querySelectorAll(".weis-count").forEach(function (input) {
      var count = wholeNumber(input, 6) || 0; // NaN and null: none
      for (var n = 0; n < count; n++) entries.push(input.dataset.kind);
    });
    var typedWeis = form.querySelector('input[name="weis_values"]');
    weisValues(typedWeis ? typedWeis.value : "").forEach(function (value) { entries.push(value); });
    var weisTeam = teamOf(checkedIn(form, "weis_team"));
    var weis = [[], []];
    if (weisTeam !== null) weis[weisTeam] = entries;
    var chibre = form.querySelector('input[name="chibre"]');
    var atOut = [0, 1].map(function (team) {
      return wholeNumber(form.querySelector('input[name="at_out_' + team + '"]'), total);
    });
    var counted = atOut.every(function (n) { return n !== null && !Number.isNaN(n); });
    var hand = {
      trump: checkedIn(form, "trump"),
      cards: cards,
      match: match,
      weis: weis,
      stoeck: teamOf(checkedIn(form, "stoeck")),
      out_first: teamOf(checkedIn(form, "out_first")),
      chooser: form.dataset.chooser || null,
      chibre: !!(chibre && chibre.checked)
    };
    if (counted) hand.cards_at_out = atOut; // as the game file writes it: only when given
    var bergFirst = teamOf(checkedIn(form, "berg_first"));
    if (bergFirst !== null) hand.berg_first = bergFirst; // the same
    return hand;
  }

  // Weis typed as points, as HandForm._weis_values reads them ("50 150").
  function weisValues(text) {
    var tokens = text.split(/[\s,;.+]+/).filter(Boolean);
    var values = tokens.map(function (token) { return /^\d{1,4}$/.test(token) ? +token : NaN; });
    return values.some(isNaN) || values.length > 6 ? [] : values;
  }

  window.JassTable = { handFromForm: handFromForm };

  // The game (ruleset, totals) to count the hand typed, with the hands waiting on the
  // phone (team_offline.js keeps their totals on #table); none on a correction's page.
  function tableState() {
    var script = document.getElementById("table-state");
    if (!script) return null;
    var state;
    try {
      state = JSON.parse(script.textContent);
    } catch (e) {
      return null;
    }
    var table = document.getElementById("table");
    if (table && table.dataset.totals) {
      try { state.totals = JSON.parse(table.dataset.totals); } catch (e) { /* as drawn */ }
    }
    return state;
  }

  // Weis and Stöck come in runs: after a hand that used them the next form opens its
  // Weis section (remembered in this tab, for this game).
  function extrasKey(form) {
    var recordUrl = form.getAttribute("fx-action"); // a new hand, not a correction
    return recordUrl ? "jassclub.extras-used " + recordUrl : "";
  }

  function remember(key, used) {
    try {
      if (used) window.sessionStorage.setItem(key, "1");
      else window.sessionStorage.removeItem(key);
    } catch (e) { /* no storage (private mode): the section stays as drawn */ }
  }

  function reopenExtras(event) {
    var form = document.getElementById("hand-form");
    if (!form || (event.target.contains && !event.target.contains(form))) return; // not a new form
    var extras = form.querySelector("details.extras");
    var key = extrasKey(form);
    if (!extras || !key || extras.open) return;
    try {
      if (window.sessionStorage.getItem(key) === "1") extras.open = true;
    } catch (e) { /* no storage: as drawn */ }
  }

  function setUp(root) {
    var form = root.querySelector ? root.querySelector("#hand-form") : null;
    if (!form && root.id === "hand-form") form = root;
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var total = parseInt(form.dataset.cardPoints, 10) || 157;
    // A match: all the card points and the game's match bonus (none in most tournaments).
    var matchPoints = parseInt(form.dataset.matchPoints, 10);
    if (isNaN(matchPoints)) matchPoints = total;
    var points = form.querySelector(".points-input");
    var other = form.querySelector(".other-value");
    var hint = form.querySelector(".points-hint"); // more than 157: a match goes under Match

    function checked(name) {
      return checkedIn(form, name);
    }

    function updateOther() {
      if (!points || !other) return;
      var match = checked("match");
      if (hint) hint.hidden = true;
      if (match !== "") {
        points.disabled = true;
        other.textContent = matchPoints + " / 0";
        return;
      }
      points.disabled = false;
      var value = parseInt(points.value, 10);
      if (isNaN(value)) other.textContent = "–";
      else if (value < 0 || value > total) other.textContent = "?";
      else other.textContent = String(total - value);
      // said once: not again in yellow while the refusal of the save is said in red beside the box
      var refused = form.querySelector(".field-points .client-said, #points-errors");
      if (hint) hint.hidden = !(value > total) || !!refused;
    }

    function updateStoeck() {
      var trump = form.querySelector('input[name="trump"]:checked');
      var stoeck = form.querySelector(".field-stoeck");
      if (!stoeck) return;
      var suit = !trump || trump.dataset.suit === "yes";
      stoeck.hidden = !suit;
      if (!suit) {
        var none = stoeck.querySelector('input[value=""]');
        if (none) none.checked = true;
      }
    }

    // "Who went out first?", carried hidden: shown while the hand typed makes both
    // teams cross on trick points (rules.js counts as the server will).
    var question = form.querySelector(".field-out-first");

    function updateOutFirst() {
      var state = question && window.JassRules ? tableState() : null;
      if (!state || state.over) return;
      var asked;
      try {
        asked = !!window.JassRules.step(state.ruleset, state.totals, handFromForm(form)).needsOutFirst;
      } catch (e) {
        return; // not counted: the question stays as the server drew it
      }
      question.hidden = !asked;
      question.querySelectorAll('input[name="out_first"]').forEach(function (radio) {
        radio.required = asked;
        if (!asked) radio.checked = false;
      });
    }

    // "Who reached the Berg first?" (RULES.md §12), carried hidden in a game counted in
    // Striche: shown while the hand typed makes both teams reach the Berg on tricks.
    var bergQuestion = form.querySelector(".field-berg-first");

    function updateBergFirst() {
      var state = bergQuestion && window.JassRules ? tableState() : null;
      if (!state || state.over) return;
      var berg;
      try {
        berg = window.JassRules.bergStep(state.ruleset, state.totals, handFromForm(form));
      } catch (e) {
        return; // as the server drew it
      }
      var asked = !!(berg && berg.open);
      bergQuestion.hidden = !asked;
      bergQuestion.querySelectorAll('input[name="berg_first"]').forEach(function (radio) {
        radio.required = asked;
        if (!asked) radio.checked = false;
      });
    }

    // The count at going out (RULES.md §6): shown while the hand typed takes a team
    // out on trick points; when it decides Rubicon, said so and asked before saving.
    // It sits in a disclosure ("stopped when a team went out") the scorer may open.
    var atOut = form.querySelector(".field-at-out");
    var stopped = atOut && atOut.closest("details"), opened = false;
    var decidesNote = atOut && atOut.querySelector(".at-out-decides");
    var estimate = form.querySelector('input[name="estimate"]');
    var decides = false;

    function atOutShown() {
      return !!atOut && (stopped ? stopped.open : !atOut.hidden);
    }

    function updateAtOut() {
      var state = atOut && window.JassRules ? tableState() : null;
      if (!state || state.over) return;
      var hand = handFromForm(form), whole = handFromForm(form), s;
      delete whole.cards_at_out;
      try {
        s = window.JassRules.step(state.ruleset, state.totals, whole);
        decides = window.JassRules.countDecidesRubicon(state.ruleset, state.totals, whole);
      } catch (e) {
        return; // as the server drew it
      }
      var typed = Array.prototype.some.call(atOut.querySelectorAll("input[type=number]"), function (i) { return i.value; });
      var shown = s.outOn === "tricks" || (s.needsOutFirst && !!hand.cards) || typed || atOut.classList.contains("is-invalid");
      if (!stopped) atOut.hidden = !shown;
      else if (shown && !stopped.open) stopped.open = opened = true;
      else if (!shown && opened) stopped.open = opened = false; // opened by this, not the scorer
      shown = atOutShown();
      atOut.classList.toggle("decides", decides && shown);
      if (decidesNote) decidesNote.hidden = !(decides && shown);
      if (!shown && estimate) estimate.checked = false;
    }

    // Not sent (fixi listens on the form; this runs first): the question, announced, with the focus.
    function ask(event, node, control) {
      event.preventDefault();
      event.stopPropagation();
      node.hidden = false;
      node.setAttribute("role", "alert");
      if (control) {
        control.focus();
        control.scrollIntoView({ block: "center" });
      }
    }

    // What the server would refuse at once is said before the hand leaves the phone
    // (offline it could not say so until much later): no trump, no card points.
    function refuse(event, text, control) {
      var note = form.querySelector(".client-check") || document.createElement("p");
      note.className = "alert alert-danger py-2 client-check";
      note.textContent = text;
      form.insertBefore(note, form.firstChild);
      ask(event, note, control);
    }

    form.jassBeforeSave = function (event) {
      var state = tableState(), hand = handFromForm(form), s = null;
      try { s = state && window.JassRules && hand.trump ? window.JassRules.step(state.ruleset, state.totals, hand) : null; } catch (e) { /* the server says */ }
      if (!hand.trump) {
        refuse(event, form.dataset.noTrump, form.querySelector("input[name=trump]"));
      } else if (s && !hand.cards && points && !points.value.trim() && !hand.cards_at_out && s.outOn !== "stoeck" && s.outOn !== "weis") {
        refuse(event, form.dataset.noCards, form.querySelector(".points-input"));
      } else if (question && !question.hidden && checked("out_first") === "") {
        question.classList.add("is-invalid");
        ask(event, question, question.querySelector("input"));
      } else if (bergQuestion && !bergQuestion.hidden && checked("berg_first") === "") {
        ask(event, bergQuestion, bergQuestion.querySelector("input"));
      } else if (atOutShown() && decides && !handFromForm(form).cards_at_out && !(estimate && estimate.checked)) {
        ask(event, decidesNote || atOut, atOut.querySelector("input"));
      }
    };

    // Weis by kind: a button per kind adds one, a chip per Weis removes it; the
    // number inputs stay the truth.
    var counts = Array.prototype.slice.call(form.querySelectorAll(".weis-count"));
    var adders = [];

    function countOf(input) {
      return parseInt(input.value, 10) || 0;
    }

    function mostOf(input) {
      return parseInt(input.dataset.most, 10) || 6;
    }

    function updateWeis() {
      var sum = 0;
      var chips = form.querySelector(".weis-chips");
      if (chips) chips.textContent = "";
      counts.forEach(function (input, index) {
        var count = countOf(input);
        var value = parseInt(input.dataset.points, 10) || 0;
        var name = input.dataset.name;
        sum += count * value;
        if (adders[index]) adders[index].disabled = count >= mostOf(input);
        for (var i = 0; chips && i < count; i++) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "btn btn-sm btn-primary weis-chip";
          chip.textContent = name + " " + value + " ×";
          chip.setAttribute("aria-label", "− " + name + " (" + value + ")");
          chip.addEventListener("click", function () {
            input.value = String(Math.max(0, countOf(input) - 1));
            updateAll();
          });
          chips.appendChild(chip);
        }
      });
      var typedWeis = form.querySelector('input[name="weis_values"]');
      weisValues(typedWeis ? typedWeis.value : "").forEach(function (value) { sum += value; });
      var out = form.querySelector(".weis-total");
      if (out) out.textContent = sum ? "= " + sum : "";
    }

    var grid = form.querySelector(".weis-grid");
    if (grid && counts.length && form.querySelector(".weis-chips")) {
      var common = document.createElement("div");
      var rare = document.createElement("div"); // six to nine in a row
      common.className = "weis-add";
      rare.className = "weis-add weis-add-rare";
      counts.forEach(function (input) {
        var add = document.createElement("button");
        var name = document.createElement("span");
        var plus = document.createElement("span");
        add.type = "button";
        add.className = "btn btn-outline-primary weis-kind";
        add.dataset.kind = input.dataset.kind;
        name.className = "weis-name";
        name.textContent = input.dataset.name;
        plus.className = "weis-plus";
        plus.textContent = "+" + input.dataset.points;
        add.appendChild(name);
        add.appendChild(plus);
        add.addEventListener("click", function () {
          input.value = String(Math.min(mostOf(input), countOf(input) + 1));
          updateAll();
        });
        adders.push(add);
        (input.hasAttribute("data-rare") ? rare : common).appendChild(add);
      });
      grid.hidden = true;
      grid.parentNode.insertBefore(common, grid);
      if (rare.childNodes.length) grid.parentNode.insertBefore(rare, grid);
    }

    // A tap on a trump (not the arrow keys) leads on to the points while none are
    // typed: a plain hand is trump, digits, Save.
    var trumps = form.querySelector(".trump-grid");
    var tapped = false;
    if (trumps && points) {
      trumps.addEventListener("pointerdown", function () { tapped = true; });
      trumps.addEventListener("keydown", function () { tapped = false; });
      trumps.addEventListener("change", function () {
        var wanted = tapped && points.value === "" && !points.disabled && checked("match") === "";
        tapped = false;
        if (!wanted) return;
        points.focus({ preventScroll: true });
        var box = points.getBoundingClientRect();
        var height = window.visualViewport ? window.visualViewport.height : window.innerHeight;
        if (box.top < 0 || box.bottom > height) points.scrollIntoView({ block: "nearest" });
      });
    }
    function updateAll() {
      updateOther();
      updateStoeck();
      updateWeis();
      updateOutFirst();
      updateBergFirst();
      updateAtOut();
    }
    form.addEventListener("input", updateAll);
    form.addEventListener("change", updateAll);
    var extras = form.querySelector("details.extras");
    var key = extrasKey(form);

    function usedExtras() {
      var weis = counts.some(function (count) { return countOf(count) > 0; });
      var typedWeis = form.querySelector('input[name="weis_values"]');
      weis = weis || !!(typedWeis && typedWeis.value.trim());
      return weis || checked("weis_team") !== "" || checked("stoeck") !== "";
    }

    form.addEventListener("submit", function () {
      if (points) points.disabled = false; // a disabled input is not sent
      if (extras && key) remember(key, usedExtras());
    });
    updateAll();
  }

  // Refused outright (settled meanwhile, a replaced link): the page as it is now says
  // why. A 403 with the table (typed for someone else) is shown as it came.
  document.addEventListener("jass:failed", function (event) {
    var status = event.detail.status, text = event.detail.text || "";
    if (status === 403 && text.indexOf('id="table"') >= 0 && document.getElementById("table")) {
      window.JassRequests.swap("#table", text);
    } else if (status >= 400 && status < 500) {
      window.location.reload();
    }
  });

  // The table drawn anew (a hand saved, refused, taken back, or from another phone;
  // watched on the page: the element that asked may be gone, and its events): the
  // scorer put back where they were typing keeps it (offline.js); else a refused
  // hand's problems take the focus; otherwise, when the focus went with the
  // old table, the next hand's first
  // control (without scrolling). #table-said says the hand and the score.
  var shownHands = null;

  function settle(moved) {
    var table = document.getElementById("table"), active = document.activeElement, first = null;
    var errors = table && table.querySelector("#form-errors");
    var typing = table && table.querySelector("form.hand-form[data-typing]");
    if (typing && typing.contains(active)) return; // put back where the scorer was typing
    if (errors) {
      if (errors.contains(active)) return; // on them already, or on a link of theirs
      errors.focus({ preventScroll: true });
      errors.scrollIntoView();
      return;
    }
    if (!table || (active && active !== document.body && document.contains(active) && !(moved && table.contains(active)))) return;
    var form = table.querySelector("form.hand-form");
    if (form && !form.hidden) first = form.querySelector(".imposed") ? form.querySelector(".points-input") : form.querySelector("input[name=trump]:checked, input[name=trump]");
    if (!first && (first = table.querySelector(".game-over h2, .game-title"))) first.tabIndex = -1;
    if (first) first.focus({ preventScroll: true });
  }
  window.JassTable.settle = settle;

  function announce() {
    var table = document.getElementById("table"), line = document.getElementById("table-said"), state = tableState();
    if (!table || !line || !state) return false;
    var hands = +table.dataset.hands || 0, before = shownHands;
    shownHands = hands;
    if (before === null || hands === before) return false;
    var row = table.querySelector(".hand-item:not(.waiting) .hand-points"), over = table.querySelector(".game-over h2");
    var values = { number: Math.max(hands, before), points: row ? row.textContent.trim() : "", totals: state.totals.join(" : ") };
    line.textContent = (hands > before ? line.dataset.saved : line.dataset.undone).replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; }) + (over ? " " + over.textContent.trim() : "");
    return true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("table");
    if (table && window.MutationObserver) {
      new MutationObserver(function (records) {
        records.forEach(function (record) {
          record.addedNodes.forEach(function (node) {
            if (node.id === "table") setTimeout(function () { settle(announce()); }, 0);
          });
        });
      }).observe(table.parentNode, { childList: true });
    }
    announce(); // the hands this page was drawn with
    // Refused without htmx: its problems; back from a correction: what it says ("Hand 3
    // corrected", role=status), focused; never the page itself.
    var said = document.querySelector(".messages .alert");
    if (document.getElementById("form-errors")) settle();
    else if (said && table && document.activeElement === document.body) {
      said.tabIndex = -1;
      said.focus({ preventScroll: true });
    }
  });

  // Before fixi sees a Save (listening on the form itself): the form's own check.
  document.addEventListener("submit", function (event) {
    if (event.target && event.target.jassBeforeSave) event.target.jassBeforeSave(event);
  }, true);

  // Each part drawn anew (static/js/requests.js) is set up at once: no closed-then-open jump.
  document.addEventListener("jass:drawn", function (event) {
    reopenExtras(event);
    setUp(event.target);
  });
  document.addEventListener("DOMContentLoaded", function (event) {
    reopenExtras(event);
    setUp(document);
  });
})();
