// Signing out on a phone that several people use (issue 23). The server's answer tells
// the phone to forget what it kept (the Clear-Site-Data header); this script is the
// second layer, for browsers that do not honour it, and makes sure no hand is dropped
// unasked: when hands still wait on the phone, signing out first asks whether to send
// them, delete them, or cancel. Without a script nothing was kept: the plain form signs out.
(function () {
  "use strict";

  var PAGES = "jassclub-pages"; // the table screens the service worker keeps (sw.js)
  var DATABASE = "jassclub"; // the hands waiting and the last tables (waiting.js)

  // --- on the signed-out page: forget ----------------------------------------------------

  function clearHands() {
    if (!window.indexedDB) return Promise.resolve();
    var known = indexedDB.databases ? indexedDB.databases().then(function (all) {
      return all.some(function (db) { return db.name === DATABASE; });
    }) : Promise.resolve(true);
    return known.then(function (exists) {
      if (!exists) return null; // (opening it would make it)
      return new Promise(function (resolve) {
        var request = indexedDB.open(DATABASE);
        request.onupgradeneeded = function () { request.transaction.abort(); }; // there was none
        request.onerror = function () { resolve(); };
        request.onsuccess = function () {
          var db = request.result;
          var names = Array.prototype.slice.call(db.objectStoreNames);
          if (!names.length) { db.close(); resolve(); return; }
          var transaction = db.transaction(names, "readwrite");
          names.forEach(function (name) { transaction.objectStore(name).clear(); });
          transaction.oncomplete = transaction.onerror = transaction.onabort = function () {
            db.close();
            resolve();
          };
        };
      });
    }).catch(function () { /* nothing to read: nothing kept */ });
  }

  function forget() {
    var pages = window.caches ? caches.delete(PAGES).catch(function () {}) : Promise.resolve();
    try { window.localStorage.clear(); window.sessionStorage.clear(); } catch (e) { /* none */ }
    return Promise.all([pages, clearHands()]);
  }

  if (document.querySelector("[data-forget]")) forget();

  // --- on a page with the sign-out button: ask first -------------------------------------

  var Waiting = window.JassWaiting;
  var form = document.querySelector("form.sign-out-form");
  var dialog = document.getElementById("sign-out-dialog");
  if (!Waiting || !form || !dialog) return;
  if (typeof dialog.showModal !== "function") {
    // A browser without <dialog> (Safari before 15.4): shown in place, never skipped,
    // for a plain sign-out there would delete the hands with what the phone kept.
    dialog.showModal = function () { dialog.setAttribute("open", ""); };
    dialog.close = function () {
      dialog.removeAttribute("open");
      dialog.dispatchEvent(new Event("close"));
    };
  }
  var button = form.querySelector('button[type="submit"]');
  var typist = form.dataset.typist || "";
  var progress = dialog.querySelector(".sign-out-progress");
  var busy = false;
  var cancelled = false;

  function say(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (all, name) {
      return values[name] === undefined ? all : values[name];
    });
  }

  function choice(name) { return dialog.querySelector('[data-choice="' + name + '"]'); }

  function signOut() {
    HTMLFormElement.prototype.submit.call(form); // no submit event: no question again
  }

  // The hands waiting, as [{record, entry}]: this person's, and everyone else's.
  function read() {
    return Waiting.all().then(function (games) {
      var mine = [];
      var others = [];
      games.forEach(function (game) {
        game.hands.forEach(function (entry) {
          var own = Waiting.mine([entry], typist).length > 0; // theirs, or kept before marks
          (own ? mine : others).push({ record: game.record, entry: entry });
        });
      });
      return { mine: mine, others: others };
    });
  }

  // What waits, said in the dialog: this person's hands by game (a link to its table),
  // and how many of someone else's signing out deletes.
  function describe(found) {
    var mineText = dialog.querySelector(".sign-out-mine");
    var list = dialog.querySelector(".sign-out-games");
    var othersText = dialog.querySelector(".sign-out-others");
    mineText.textContent = found.mine.length ? say(dialog.dataset.mine, { count: found.mine.length }) : "";
    mineText.hidden = !found.mine.length;
    list.textContent = "";
    var games = {};
    found.mine.forEach(function (item) {
      var game = games[item.record] || (games[item.record] = { entry: item.entry, numbers: [] });
      game.numbers.push(item.entry.number);
    });
    Object.keys(games).forEach(function (record) {
      var game = games[record];
      var row = document.createElement("li");
      var link = document.createElement("a");
      link.href = game.entry.page || "#";
      link.textContent = say(game.numbers.length > 1 ? dialog.dataset.games : dialog.dataset.game, {
        game: game.entry.game || record,
        numbers: game.numbers.sort(function (a, b) { return a - b; }).join(", "),
      });
      row.appendChild(link);
      list.appendChild(row);
    });
    list.hidden = !found.mine.length;
    othersText.textContent = found.others.length ? say(dialog.dataset.others, { count: found.others.length }) : "";
    othersText.hidden = !found.others.length;
    choice("send").hidden = !found.mine.length;
  }

  // While sending, the choices say they wait (aria-disabled, not disabled: the focus
  // stays where it was, for the keyboard and the screen reader).
  function enable(on) {
    busy = !on;
    ["send", "delete"].forEach(function (name) {
      if (on) choice(name).removeAttribute("aria-disabled");
      else choice(name).setAttribute("aria-disabled", "true");
    });
  }

  // Sends this person's hands, game by game in order, as plain forms: recorded when the
  // server answers with the game's table. The first one not recorded stops the rest and
  // is said; nothing is deleted then.
  function sendMine(found) {
    var items = found.mine.slice().sort(function (a, b) {
      return a.record < b.record ? -1 : a.record > b.record ? 1 : a.entry.number - b.entry.number || a.entry.at - b.entry.at;
    });
    function next(index) {
      if (index >= items.length) return Promise.resolve();
      var item = items[index];
      return Waiting.post(item.entry, item.record, false).then(function (answer) {
        var landed = answer.url ? new URL(answer.url, location.href).pathname : "";
        if (answer.status === 200 && answer.redirected && landed === item.entry.page) {
          return Waiting.drop(item.record, item.entry.key).then(function () { return next(index + 1); });
        }
        throw { refused: item.entry };
      });
    }
    return next(0);
  }

  function send() {
    enable(false);
    progress.textContent = dialog.dataset.sending;
    read().then(function (found) {
      return sendMine(found).then(function () {
        if (cancelled) return null;
        return signOut();
      });
    }).catch(function (why) {
      var entry = why && why.refused;
      progress.textContent = entry ?
        say(dialog.dataset.refused, { number: entry.number, game: entry.game || "" }) :
        dialog.dataset.offline;
      enable(true);
      return read().then(describe);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    read().then(function (found) {
      if (!found.mine.length && !found.others.length) return signOut();
      cancelled = false;
      progress.textContent = "";
      enable(true);
      describe(found);
      dialog.showModal();
      // The least that can be lost: send this person's hands, or else go back.
      (found.mine.length ? choice("send") : choice("cancel")).focus();
      return null;
    }, signOut); // the phone's storage cannot be read: nothing of it can be sent
  });

  choice("send").addEventListener("click", function () { if (!busy) send(); });
  choice("delete").addEventListener("click", function () { if (!busy) signOut(); });
  choice("cancel").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () {
    cancelled = busy; // a sending under way finishes, but does not sign out
    button.focus();
  });
})();
