// Jassclub's service worker: the table screen opens again with no network.
// Its files are kept in a cache named after the version of the static files; a deploy
// changes the version, so this script changes, and the new worker fetches the new
// files and deletes the old cache. Table screens are asked of the network first and
// kept; offline, the last one kept is shown. Nothing here talks to any other host.
"use strict";

var VERSION = "{{ version|escapejs }}";
var FILES = "jassclub-static-" + VERSION;
var PAGES = "jassclub-pages";
var ASSETS = [{% for asset in assets %}"{{ asset|escapejs }}", {% endfor %}"{{ offline_url|escapejs }}"];
var OFFLINE = "{{ offline_url|escapejs }}";
var STATIC = "{{ static_url|escapejs }}";
var TABLE_SCREEN = new RegExp("{{ table_screen|escapejs }}");
var NETWORK_WAIT = 4000; // in a cellar, a page that does not come is shown from the phone

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES).then(function (cache) { return cache.addAll(ASSETS); }).then(function () {
      return self.skipWaiting();
    })
  );
});

function refreshPages() {
  // Kept pages name the files of the old version: fetch them again while online.
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return fetch(request.url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok && !response.redirected) return cache.put(request.url, response);
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
  return inCache(PAGES, url.pathname, { ignoreSearch: true, ignoreVary: true }).then(function (kept) {
    return kept || inCache(FILES, OFFLINE, { ignoreVary: true });
  }).then(function (page) { return page || Response.error(); });
}

function networkFirst(request, url) {
  return new Promise(function (resolve) {
    var done = false;
    var timer = setTimeout(function () {
      if (!done) { done = true; resolve(keptPage(url)); }
    }, NETWORK_WAIT);
    fetch(request).then(function (response) {
      if (response.ok && !response.redirected && response.type === "basic") {
        var copy = response.clone();
        caches.open(PAGES).then(function (cache) { cache.put(url.pathname, copy); });
      }
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
    event.respondWith(networkFirst(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () { return keptPage(url); }));
  }
});

// The table screen asks for itself to be kept when it was opened before this worker
// controlled it (its first visit): it is then kept as the server drew it.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.keep && TABLE_SCREEN.test(data.keep)) {
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return fetch(data.keep, { credentials: "same-origin" }).then(function (response) {
        if (response.ok && !response.redirected) return cache.put(data.keep, response);
      });
    }).catch(function () { /* offline: kept on the next visit */ }));
  }
});
