// The table screens' requests, with fixi.js in htmx's place (issue 37: the first visit
// of a table screen is at most 45 KB gzipped; htmx alone was 16). fixi sends a form or a
// link (fx-action, fx-method, fx-target, fx-swap) and swaps the answer; these are the
// few extensions the table screens use, in the way fixi's README writes them:
// - ext-fx-confirm: asked first (undo);
// - ext-fx-disable: the form's buttons are off while its request is out (a double tap);
// - ext-fx-select: only that part of the answer is swapped (a page for its #table);
// - ext-fx-poll-interval: asked again every so many ms while online (the live poll);
// - ext-fx-load: asked once it is on the page (a phone that follows the game).
// The server tells these requests from a plain page's by the headers htmx sends
// (HX-Request, HX-Target): it answers with the part to swap. An answer is swapped when
// it is a table (2xx), refused with its problems (409, 422); 204 swaps nothing; any
// other is told to the page as a "jass:failed" event. Every swap, this file's or a
// script's (JassRequests.swap), tells the new part to the page as "jass:drawn".
(function () {
  "use strict";
  window.fixiCfg = { transition: false }; // swapped at once: the focus code follows the swap

  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // ``node`` (or the element ``node`` selects) replaced by ``html``; the new part is told.
  // The focus stays on the control of the same id, with its caret, as htmx keeps it:
  // the page's own focus rules (table.js, offline.js) start from there.
  function swap(node, html) {
    var old = typeof node === "string" ? document.querySelector(node) : node;
    if (!old || !old.parentNode) return null;
    var parent = old.parentNode, next = old.nextSibling, id = old.id;
    var active = document.activeElement, focused = active && old.contains(active) ? active.id : "", range = null;
    try { if (focused && typeof active.selectionStart === "number") range = [active.selectionStart, active.selectionEnd]; } catch (e) { /* no caret */ }
    old.outerHTML = html;
    var drawn = id ? document.getElementById(id) : (next ? next.previousElementSibling : parent.lastElementChild);
    var again = focused && document.getElementById(focused);
    if (again && drawn && drawn.contains(again)) {
      again.focus({ preventScroll: true });
      if (range) try { again.setSelectionRange(range[0], range[1]); } catch (e) { /* no caret */ }
    }
    if (drawn) drawn.dispatchEvent(new CustomEvent("jass:drawn", { bubbles: true }));
    return drawn;
  }

  function selected(text, selector) {
    var page = new DOMParser().parseFromString(text, "text/html");
    var found = page.querySelector(selector);
    return found ? found.outerHTML : null;
  }

  document.addEventListener("fx:config", function (event) {
    var elt = event.target, cfg = event.detail.cfg;
    if (elt.hasAttribute("ext-fx-poll-interval") && !navigator.onLine) { event.preventDefault(); return; } // no failed request each time
    cfg.headers["HX-Request"] = "true";
    if (cfg.target && cfg.target.id) cfg.headers["HX-Target"] = cfg.target.id;
    cfg.headers["HX-Current-URL"] = location.href;
    if (cfg.method !== "GET") cfg.headers["X-CSRFToken"] = csrfToken();
    var question = elt.getAttribute("ext-fx-confirm");
    if (question) cfg.confirm = function () { return window.confirm(question); };
    if (cfg.swap === "outerHTML") cfg.swap = function (done) { swap(done.target, done.text); };
  });

  document.addEventListener("fx:before", function (event) {
    var elt = event.target;
    if (!elt.hasAttribute("ext-fx-disable")) return;
    elt.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = true; });
  });
  document.addEventListener("fx:finally", function (event) {
    var elt = event.target;
    if (!elt.hasAttribute("ext-fx-disable")) return;
    elt.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = false; });
  });

  document.addEventListener("fx:after", function (event) {
    var elt = event.target, cfg = event.detail.cfg, status = cfg.response.status;
    if (status === 204) { event.preventDefault(); return; }
    if (status >= 400 && status !== 409 && status !== 422) {
      event.preventDefault();
      document.dispatchEvent(new CustomEvent("jass:failed", { detail: { status: status, text: cfg.text, elt: elt } }));
      return;
    }
    var part = elt.getAttribute("ext-fx-select");
    if (part) {
      var found = selected(cfg.text, part);
      if (found === null) event.preventDefault(); // not the page asked for: the screen stays
      else cfg.text = found;
    }
  });

  // The live poll, and what is asked as soon as it is drawn.
  document.addEventListener("fx:init", function (event) {
    var elt = event.target;
    var every = +elt.getAttribute("ext-fx-poll-interval");
    var now = elt.hasAttribute("ext-fx-load");
    if (!every && !now) return;
    elt.addEventListener("fx:inited", function () {
      if (now) elt.dispatchEvent(new CustomEvent(elt.__fixi.evt));
      if (!every) return;
      var timer = setInterval(function () {
        if (!document.contains(elt)) clearInterval(timer); // drawn anew: its own timer
        else elt.dispatchEvent(new CustomEvent(elt.__fixi.evt)); // (offline: no request, see fx:config)
      }, every);
    });
  });

  window.JassRequests = { swap: swap };
})();
