// Follow the phone's light or dark setting (a dim room at night, daylight outside).
(function () {
  var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    document.documentElement.setAttribute("data-bs-theme", dark && dark.matches ? "dark" : "light");
  }
  apply();
  if (dark && dark.addEventListener) dark.addEventListener("change", apply);
})();
