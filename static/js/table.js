// The table screen, made faster: the other team's points at once, Weis by kind in a
// tap, Stöck hidden without a trump suit, the points field ready after a trump, a
// hint for a match typed as points, the Weis section kept open, "who went out
// first?" asked before saving. Everything here also works without it.
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

  // The hand as the game file writes it (game-format.md), read from the hand form as
  // the server's HandForm.clean reads it: one team's points or a match as cards, each
  // Weis by kind (in the form's order) for the team that won it, Stöck, who went out
  // first, Chibré. Where the server would refuse the form itself, the hand is as near
  // as it gets and the server says why when it is sent: no trump is "", points not
  // 0–157 are no cards (null), a Weis count not 0–6 is none, Weis without its team
  // are left out.
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
    return hand;
  }

  // Weis typed as points, as HandForm._weis_values reads them ("50 150", "50+150");
  // what the server would refuse counts as none.
  function weisValues(text) {
    var tokens = text.split(/[\s,;.+]+/).filter(Boolean);
    var values = tokens.map(function (token) { return /^\d{1,4}$/.test(token) ? +token : NaN; });
    return values.some(isNaN) || values.length > 6 ? [] : values;
  }

  window.JassTable = { handFromForm: handFromForm };

  // What the table screen says of the game (ruleset, totals), to count the hand being
  // typed; a correction's page has none.
  // Hands waiting on the phone count too: team_offline.js keeps their provisional
  // totals on the table (data-totals), so that the questions of going out are asked
  // of the game as it will be, not as the server last drew it.
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

  // Weis and Stöck come in runs: when the hand just saved used them, the next
  // hand's form (drawn anew by the server) opens its Weis section by itself.
  // Remembered in this tab for this game only; without a script it stays closed.
  function extrasKey(form) {
    var recordUrl = form.getAttribute("hx-post"); // a new hand, not a correction
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
      if (hint) hint.hidden = !(value > total);
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

    // "Who went out first?": the server carries the question, hidden, while both
    // teams could cross in this hand; it shows as soon as the hand typed makes both
    // cross on trick points (rules.js counts as the server will) and hides, cleared,
    // when it no longer does. Without rules.js the server asks after a refused save.
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

    // The count at going out (RULES.md §6): shown as soon as the hand typed takes a
    // team out on trick points; when that count decides Rubicon, it says so and Save
    // asks for it first (or "Not counted"), as the server would. Hidden again, and
    // cleared, when the hand no longer takes a team out.
    var atOut = form.querySelector(".field-at-out");
    var decidesNote = atOut ? atOut.querySelector(".at-out-decides") : null;
    var estimate = form.querySelector('input[name="estimate"]');
    var decides = false;

    function withoutCount(hand) {
      hand.cards_at_out = null;
      return hand;
    }

    function updateAtOut() {
      var state = atOut && window.JassRules ? tableState() : null;
      if (!state || state.over) return;
      var hand = handFromForm(form), goesOut;
      try {
        var s = window.JassRules.step(state.ruleset, state.totals, withoutCount(handFromForm(form)));
        goesOut = s.outOn === "tricks" || (s.needsOutFirst && hand.cards !== null);
        decides = window.JassRules.countDecidesRubicon(state.ruleset, state.totals, withoutCount(handFromForm(form)));
      } catch (e) {
        return; // not counted: the fieldset stays as the server drew it
      }
      var typed = !!hand.cards_at_out || Array.prototype.some.call(
        atOut.querySelectorAll(".at-out-input"), function (input) { return input.value !== ""; });
      var shown = goesOut || typed || atOut.classList.contains("is-invalid");
      atOut.hidden = !shown;
      atOut.classList.toggle("decides", decides && shown);
      if (decidesNote) decidesNote.hidden = !(decides && shown);
      if (!shown && estimate) estimate.checked = false;
    }

    // Save with a decisive count neither typed nor waived: the question first.
    form.jassBeforeSave = function (event) {
      // Both teams cross and nobody says who went out first: asked before the hand
      // leaves the phone (offline the server could not ask until much later).
      if (question && !question.hidden && checked("out_first") === "") {
        event.preventDefault();
        event.stopPropagation();
        question.classList.add("is-invalid");
        question.setAttribute("role", "alert");
        var radio = question.querySelector('input[name="out_first"]');
        if (radio) {
          radio.focus();
          radio.scrollIntoView({ block: "center" });
        }
        return;
      }
      if (!atOut || atOut.hidden || !decides) return;
      if (handFromForm(form).cards_at_out || (estimate && estimate.checked)) return;
      event.preventDefault();
      event.stopPropagation(); // htmx, on the form, does not send it
      if (decidesNote) {
        decidesNote.hidden = false;
        decidesNote.setAttribute("role", "alert");
      }
      var first = atOut.querySelector(".at-out-input");
      if (first) {
        first.focus();
        first.scrollIntoView({ block: "center" });
      }
    };

    // Weis by kind: one button per kind of the game's table adds one (a
    // four-of-a-kind once); each Weis added shows as a chip that removes it, with the
    // total. The number inputs, one per kind, stay the truth.
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
            updateWeis();
            updateOutFirst();
            updateAtOut();
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
          updateWeis();
          updateOutFirst();
          updateAtOut();
        });
        adders.push(add);
        (input.hasAttribute("data-rare") ? rare : common).appendChild(add);
      });
      grid.hidden = true;
      grid.parentNode.insertBefore(common, grid);
      if (rare.childNodes.length) grid.parentNode.insertBefore(rare, grid);
    }

    // A tap on a trump leads on to the points: a plain hand is trump, digits, Save.
    // Only for a tap or a click (arrow keys keep moving through the trumps), only
    // while no points are typed and no match is chosen; the page keeps its place
    // unless the field is out of sight, and then moves no further than needed.
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
    form.addEventListener("input", function () {
      updateOther();
      updateWeis();
      updateOutFirst();
      updateAtOut();
    });
    form.addEventListener("change", function () {
      updateOther();
      updateStoeck();
      updateWeis();
      updateOutFirst();
      updateAtOut();
    });
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
    updateOther();
    updateStoeck();
    updateWeis();
    updateOutFirst();
    updateAtOut();
  }

  // A request the server refuses outright (the result was settled meanwhile, or this
  // phone's table link was replaced) swaps nothing: load the page as it is now, so
  // that the screen says why instead of a button that does nothing. A refusal that
  // comes with the table screen (a hand typed on a screen drawn for someone else) is
  // shown as it came, with its message.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    if (status === 403 && xhr.responseText.indexOf('id="table"') >= 0 && document.getElementById("table")) {
      window.htmx.swap("#table", xhr.responseText, { swapStyle: "outerHTML" });
    } else if (status >= 400 && status < 500) {
      window.location.reload();
    }
  });

  // Where the eye goes once the table is drawn anew (a hand saved, refused, undone,
  // or come from another phone): a refused hand's problems, focused and announced
  // (role=alert); otherwise, when the focus went with the old table, the next hand's
  // first control (without scrolling: the scores stay in sight).
  function settle(moved) {
    var table = document.getElementById("table");
    if (!table) return;
    var errors = table.querySelector("#form-errors");
    if (errors) {
      errors.focus({ preventScroll: true });
      errors.scrollIntoView({ block: "start" });
      return;
    }
    // htmx keeps the focus on a control of the same id (the points): after a hand
    // saved or taken back, the next hand starts at its trump all the same.
    var active = document.activeElement;
    var kept = active && active !== document.body && document.contains(active);
    if (kept && !(moved && table.contains(active))) return;
    var form = table.querySelector("form.hand-form");
    var first = null;
    if (form && !form.hidden) {
      first = form.querySelector(".trump-grid.imposed") ? form.querySelector(".points-input") :
        form.querySelector('input[name="trump"]:checked') || form.querySelector('input[name="trump"]');
    }
    if (!first) {
      first = table.querySelector(".game-over h2, .game-title");
      if (first && !first.hasAttribute("tabindex")) first.setAttribute("tabindex", "-1");
    }
    if (first) first.focus({ preventScroll: true });
  }

  // What changed, said once on the polite status line outside the table (its words
  // come translated with the page): a hand saved here or on another phone, one taken
  // back, the game over.
  var shownHands = null;

  function announce() {
    var table = document.getElementById("table");
    var line = document.getElementById("table-said");
    var state = tableState();
    if (!table || !line || !state) return false;
    var hands = parseInt(table.dataset.hands, 10) || 0;
    if (shownHands === null || hands === shownHands) {
      shownHands = hands;
      return false;
    }
    var row = table.querySelector(".hand-list .hand-item:not(.waiting) .hand-points");
    var values = {
      number: hands > shownHands ? hands : shownHands,
      points: row ? row.textContent.trim() : "",
      totals: state.totals[0] + " : " + state.totals[1]
    };
    var template = hands > shownHands ? line.dataset.saved : line.dataset.undone;
    var over = table.querySelector(".game-over h2");
    var text = template.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
    if (over) text += " " + over.textContent.trim();
    shownHands = hands;
    line.textContent = text;
    return true;
  }

  // A table swapped in, whoever asked for it (a Save, Undo, the live poll): watched on
  // the page itself, since the element that asked may be gone with the old table and
  // its events with it.
  function drawnAnew(root) {
    if (root && root.id === "table") settle(announce());
  }
  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("table");
    if (table && table.parentNode && window.MutationObserver) {
      new MutationObserver(function (records) {
        records.forEach(function (record) {
          record.addedNodes.forEach(function (node) {
            if (node.id === "table") setTimeout(function () { drawnAnew(node); }, 0);
          });
        });
      }).observe(table.parentNode, { childList: true });
    }
    announce(); // the hands this page was drawn with
    if (document.getElementById("form-errors")) settle(); // refused without a script's help
  });

  // Before htmx sees a Save (listening on the form itself): the form's own check.
  document.addEventListener("submit", function (event) {
    if (event.target && event.target.jassBeforeSave) event.target.jassBeforeSave(event);
  }, true);

  // At once when the new form is swapped in (htmx sets it up only 20 ms later):
  // the section never shows closed and then jumps open.
  document.addEventListener("htmx:afterSwap", reopenExtras);
  document.addEventListener("DOMContentLoaded", reopenExtras);

  if (window.htmx) {
    window.htmx.onLoad(setUp);
  } else {
    document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  }
})();
