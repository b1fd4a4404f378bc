// The table screen, made faster: the other team's points at once, Weis steppers,
// Stöck hidden without a trump suit, the points field ready after a trump, a hint
// for a match typed as points, the Weis section kept open. Everything here also
// works without it.
(function () {
  "use strict";

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
      var input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value : "";
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

    function updateWeis() {
      var sum = 0;
      var chips = form.querySelector(".weis-chips");
      if (chips) chips.textContent = "";
      form.querySelectorAll(".weis-count").forEach(function (input) {
        var count = parseInt(input.value, 10) || 0;
        var value = parseInt(input.dataset.value, 10);
        sum += count * value;
        for (var i = 0; chips && i < count; i++) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "btn btn-sm btn-primary weis-chip";
          chip.textContent = value + " ×";
          chip.setAttribute("aria-label", "− " + value);
          chip.addEventListener("click", function () {
            input.value = String(Math.max(0, (parseInt(input.value, 10) || 0) - 1));
            updateWeis();
          });
          chips.appendChild(chip);
        }
      });
      var out = form.querySelector(".weis-total");
      if (out) out.textContent = sum ? "= " + sum : "";
    }

    // Weis: one button per value of the game's table adds a Weis; each added
    // Weis shows as a chip that removes it. The number inputs stay the truth.
    var grid = form.querySelector(".weis-grid");
    var chips = form.querySelector(".weis-chips");
    if (grid && chips) {
      var buttons = document.createElement("div");
      buttons.className = "weis-add";
      form.querySelectorAll(".weis-count").forEach(function (input) {
        var add = document.createElement("button");
        add.type = "button";
        add.className = "btn btn-outline-primary";
        add.textContent = "+" + input.dataset.value;
        add.setAttribute("aria-label", "+ " + input.dataset.value);
        add.addEventListener("click", function () {
          input.value = String(Math.min(6, (parseInt(input.value, 10) || 0) + 1));
          updateWeis();
        });
        buttons.appendChild(add);
      });
      grid.hidden = true;
      grid.parentNode.insertBefore(buttons, grid);
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
    form.addEventListener("input", function () { updateOther(); updateWeis(); });
    form.addEventListener("change", function () { updateOther(); updateStoeck(); updateWeis(); });
    var extras = form.querySelector("details.extras");
    var key = extrasKey(form);

    function usedExtras() {
      var weis = Array.prototype.some.call(form.querySelectorAll(".weis-count"), function (count) {
        return (parseInt(count.value, 10) || 0) > 0;
      });
      return weis || checked("weis_team") !== "" || checked("stoeck") !== "";
    }

    form.addEventListener("submit", function () {
      if (points) points.disabled = false; // a disabled input is not sent
      if (extras && key) remember(key, usedExtras());
    });
    updateOther();
    updateStoeck();
    updateWeis();
  }

  // A request the server refuses outright (the result was settled meanwhile, or this
  // phone's table link was replaced) swaps nothing: load the page as it is now, so
  // that the screen says why instead of a button that does nothing.
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 400 && status < 500) window.location.reload();
  });

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
