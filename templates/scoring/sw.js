// Jassclub's service worker: the table screen opens again with no network.
// Its files are kept in a cache named after the version of the static files; a deploy
// changes the version, so this script changes, and the new worker fetches the new
// files and deletes the old cache. Table screens are asked of the network first and
// kept; offline, the last one kept is shown. Nothing here talks to any other host.
// A kept page belongs to whom it was drawn for: every page names them in its
// Jassclub-Typist header (an opaque mark, jassclub.accounts.typist). A table screen is
// kept under its mark, and shown offline only while the last page from the network
// named the same mark; a page naming another one (someone else signed in over the
// session, or it ended) makes the worker delete what it kept for anyone else, so
// that nobody reads another's table, seat codes included, off the phone.
"use strict";

var VERSION = "{{ version|escapejs }}";
var FILES = "jassclub-static-" + VERSION;
var PAGES = "jassclub-pages";
var ASSETS = [{% for asset in assets %}"{{ asset|escapejs }}", {% endfor %}"{{ offline_url|escapejs }}"];
var OFFLINE = "{{ offline_url|escapejs }}";
var STATIC = "{{ static_url|escapejs }}";
var TABLE_SCREEN = new RegExp("{{ table_screen|escapejs }}");
var NETWORK_WAIT = 4000; // in a cellar, a page that does not come is shown from the phone
var MARK = "Jassclub-Typist"; // whom a page was drawn for
var WHO = "/sw/kept-for"; // the pages cache's note of the mark its pages are kept for

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES).then(function (cache) { return cache.addAll(ASSETS); }).then(function () {
      return self.skipWaiting();
    })
  );
});

function keyFor(path, mark) { return path + "?kept-for=" + encodeURIComponent(mark); }

// The mark of a page from the network becomes whose pages are shown; when it changes,
// every page kept for someone else is deleted.
function learn(response) {
  var mark = response.headers.get(MARK);
  if (!mark) return Promise.resolve();
  return caches.open(PAGES).then(function (cache) {
    return cache.match(WHO).then(function (note) { return note ? note.text() : ""; }).then(function (was) {
      if (was === mark) return;
      return cache.put(WHO, new Response(mark)).then(function () { return cache.keys(); }).then(function (requests) {
        return Promise.all(requests.filter(function (request) {
          var url = new URL(request.url);
          return url.pathname !== WHO && url.searchParams.get("kept-for") !== mark;
        }).map(function (request) { return cache.delete(request); }));
      });
    });
  });
}

// A table screen as the server drew it, kept for whom it names (none: not kept).
function keep(path, response) {
  var mark = response.headers.get(MARK);
  if (!mark || !response.ok || response.redirected || response.type !== "basic") return learn(response);
  return learn(response).then(function () { return caches.open(PAGES); }).then(function (cache) {
    return cache.put(keyFor(path, mark), response);
  });
}

function refreshPages() {
  // Kept pages name the files of the old version: fetch them again while online.
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        var path = new URL(request.url).pathname;
        if (path === WHO) return;
        return fetch(path, { credentials: "same-origin" }).then(function (response) {
          var mark = response.headers.get(MARK);
          return keep(path, response).then(function () { // then the copy kept under another key
            if (new URL(request.url).searchParams.get("kept-for") !== mark) return cache.delete(request);
          });
        }).catch(function () { /* offline: the page stays as it was */ });
      }));
    });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(
    refreshPages().then(function () { return caches.keys(); }).then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("jassclub-static-") === 0 && name !== FILES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Each lookup names its cache: a worker being replaced may still answer a request or
// two, and must neither read another version's files nor bring its own deleted cache
// back (caches.open would make it again).
function inCache(name, request, options) {
  return caches.has(name).then(function (has) {
    return has ? caches.open(name).then(function (cache) { return cache.match(request, options); }) : undefined;
  });
}

function fromFiles(request) {
  return inCache(FILES, request, { ignoreVary: true }).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.has(FILES).then(function (has) {
          if (has) return caches.open(FILES).then(function (cache) { return cache.put(request, copy); });
        });
      }
      return response;
    });
  });
}

function keptPage(url) {
  return inCache(PAGES, WHO).then(function (note) { return note ? note.text() : ""; }).then(function (mark) {
    return mark ? inCache(PAGES, keyFor(url.pathname, mark), { ignoreVary: true }) : undefined;
  }).then(function (kept) {
    return kept || inCache(FILES, OFFLINE, { ignoreVary: true });
  }).then(function (page) { return page || Response.error(); });
}

// The network's answer is kept even when it comes after the kept page was shown
// (a slow cellar): the worker is held for it from the start (a waitUntil called once
// the answer was given would be refused).
function networkFirst(event, url) {
  var network = fetch(event.request);
  event.waitUntil(network.then(function (response) {
    return keep(url.pathname, response.clone());
  }).catch(function () { /* offline: the kept page is shown */ }));
  return new Promise(function (resolve) {
    var done = false;
    var timer = setTimeout(function () {
      if (!done) { done = true; resolve(keptPage(url)); }
    }, NETWORK_WAIT);
    network.then(function (response) {
      if (!done) { done = true; clearTimeout(timer); resolve(response); }
    }).catch(function () {
      if (!done) { done = true; clearTimeout(timer); resolve(keptPage(url)); }
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(fromFiles(request));
  } else if (request.mode === "navigate" && TABLE_SCREEN.test(url.pathname)) {
    event.respondWith(networkFirst(event, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      event.waitUntil(learn(response)); // e.g. the home page after someone signed in
      return response;
    }, function () { return keptPage(url); }));
  }
});

// The table screen asks for itself to be kept when it was opened before this worker
// controlled it (its first visit): it is then kept as the server drew it.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.keep && TABLE_SCREEN.test(data.keep)) {
    event.waitUntil(fetch(data.keep, { credentials: "same-origin" }).then(function (response) {
      return keep(data.keep, response);
    }).catch(function () { /* offline: kept on the next visit */ }));
  }
});
