// The big slate: full screen on a tap where the phone allows it, and the screen kept
// awake while the page shows (a phone lying on the table would dim after a minute).
// Without this script the page works the same, in the browser's window.
(function () {
  var root = document.documentElement;
  if (root.requestFullscreen && document.fullscreenEnabled) root.classList.add("can-fullscreen");

  // the button is redrawn with the slates when the game changes: listen on the document
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest(".fullscreen")) return;
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    else root.requestFullscreen().catch(function () {});
  });

  var lock = null;
  function keepAwake() {
    if (lock || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (granted) {
      lock = granted;
      granted.addEventListener("release", function () { lock = null; });
    }).catch(function () {});
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
})();
