// The table screen, made faster: the other team's points at once, Weis steppers,
// Stöck hidden without a trump suit. Everything here also works without it.
(function () {
  "use strict";

  function setUp(root) {
    var form = root.querySelector ? root.querySelector("#hand-form") : null;
    if (!form && root.id === "hand-form") form = root;
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var total = parseInt(form.dataset.cardPoints, 10) || 157;
    var points = form.querySelector(".points-input");
    var other = form.querySelector(".other-value");

    function checked(name) {
      var input = form.querySelector('input[name="' + name + '"]:checked');
      return input ? input.value : "";
    }

    function updateOther() {
      if (!points || !other) return;
      var match = checked("match");
      if (match !== "") {
        points.disabled = true;
        other.textContent = "257 / 0";
        return;
      }
      points.disabled = false;
      var value = parseInt(points.value, 10);
      if (isNaN(value)) other.textContent = "–";
      else if (value < 0 || value > total) other.textContent = "?";
      else other.textContent = String(total - value);
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
      form.querySelectorAll(".weis-count").forEach(function (input) {
        sum += (parseInt(input.value, 10) || 0) * parseInt(input.dataset.value, 10);
      });
      var out = form.querySelector(".weis-total");
      if (out) out.textContent = sum ? "Σ " + sum : "";
    }

    form.querySelectorAll(".weis-count").forEach(function (input) {
      var minus = document.createElement("button");
      var plus = document.createElement("button");
      minus.type = plus.type = "button";
      minus.className = plus.className = "btn btn-outline-secondary stepper";
      minus.textContent = "−";
      plus.textContent = "+";
      minus.setAttribute("aria-label", "− " + input.dataset.value);
      plus.setAttribute("aria-label", "+ " + input.dataset.value);
      function step(delta) {
        var value = (parseInt(input.value, 10) || 0) + delta;
        input.value = String(Math.max(0, Math.min(6, value)));
        updateWeis();
      }
      minus.addEventListener("click", function () { step(-1); });
      plus.addEventListener("click", function () { step(1); });
      input.parentNode.insertBefore(minus, input);
      input.parentNode.appendChild(plus);
    });

    form.addEventListener("input", function () { updateOther(); updateWeis(); });
    form.addEventListener("change", function () { updateOther(); updateStoeck(); updateWeis(); });
    form.addEventListener("submit", function () {
      if (points) points.disabled = false; // a disabled input is not sent
    });
    updateOther();
    updateStoeck();
    updateWeis();
  }

  if (window.htmx) {
    window.htmx.onLoad(setUp);
  } else {
    document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  }
})();
