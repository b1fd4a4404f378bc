// The hands waiting on this phone (IndexedDB, through idb-keyval): where they are kept,
// whose they are and how one is sent. The table screen keeps and sends them
// (offline.js); signing out sends or deletes them first, as the one leaving chooses
// (sign_out.js). Each hand carries the mark of whoever typed it (its form's "typist"),
// and is sent only from a screen of that same person.
(function () {
  "use strict";
  var kv = window.idbKeyval;
  if (!kv || !window.fetch || !window.Promise) return;
  var store;
  try { store = kv.createStore("jassclub", "waiting"); } catch (e) { return; }

  var HANDS = "hands ";
  var SEND_WAIT = 8000; // a request that has not come back by then is kept to send again

  function handsKey(record) { return HANDS + record; }

  // Who typed it: the mark its form carried ("" for a hand kept before marks existed).
  function typistOf(entry) {
    var pair = (entry.body || []).filter(function (p) { return p[0] === "typist"; })[0];
    return pair ? pair[1] : "";
  }

  // The hands this screen's person sends: their own, and a hand kept before marks
  // existed (a deploy during the evening must not strand a hand typed in a cellar;
  // whose it was is not known, and the server takes a form without a mark as before).
  function mine(hands, typist) {
    if (!typist) return [];
    return hands.filter(function (hand) {
      var mark = typistOf(hand);
      return mark === typist || mark === "";
    });
  }

  // Every game's waiting hands, as [{record, hands}].
  function all() {
    return kv.entries(store).then(function (entries) {
      return entries.filter(function (entry) {
        return typeof entry[0] === "string" && entry[0].indexOf(HANDS) === 0 && entry[1] && entry[1].length;
      }).map(function (entry) { return { record: entry[0].slice(HANDS.length), hands: entry[1] }; });
    });
  }

  function drop(record, key) {
    return kv.update(handsKey(record), function (hands) {
      return (hands || []).filter(function (h) { return h.key !== key; });
    }, store);
  }

  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // Sends one hand as its form would, with this page's CSRF token. ``htmx``: as the
  // table screen's form does (the answer is the table drawn anew, a redirect is no
  // answer); else as a plain form, whose answer says plainly whether it was recorded.
  function post(entry, record, htmx) {
    var body = new URLSearchParams();
    var token = csrfToken();
    entry.body.forEach(function (pair) {
      body.append(pair[0], pair[0] === "csrfmiddlewaretoken" && token ? token : pair[1]);
    });
    var headers = { "X-CSRFToken": token };
    if (htmx) {
      headers["HX-Request"] = "true";
      headers["HX-Target"] = "table";
      headers["HX-Current-URL"] = location.href;
    }
    var control = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (control) control.abort(); }, SEND_WAIT);
    return fetch(record, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: htmx ? "manual" : "follow", // htmx: signed out meanwhile, a redirect to sign in is no answer
      headers: headers,
      signal: control ? control.signal : undefined,
    }).then(function (response) {
      return response.text().then(function (text) {
        clearTimeout(timer);
        return { status: response.status, text: text, url: response.url, redirected: response.redirected };
      });
    }, function (error) { clearTimeout(timer); throw error; });
  }

  // A form key for the next hand (a UUID, as the server's forms make them).
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  window.JassWaiting = {
    kv: kv,
    store: store,
    handsKey: handsKey,
    typistOf: typistOf,
    mine: mine,
    all: all,
    drop: drop,
    post: post,
    newKey: newKey,
  };
})();
