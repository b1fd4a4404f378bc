// The director's page refreshes its passes every 10 s while tables play (htmx), but
// not while the director is typing in it or has a fold open: the refresh would
// swallow what is being typed. (A listener, since the Content-Security-Policy allows
// no string evaluated as script, which an htmx trigger filter would need.)
document.addEventListener("htmx:beforeRequest", (event) => {
  const passes = document.getElementById("passes");
  if (passes && event.detail.elt === passes
      && passes.querySelector(":focus, details[open]:not(.pass-fold)")) {
    event.preventDefault();
  }
});

// The entries' search filters the list as the director types (the form sends the
// same search to the server without this script), opening the list if it is folded.
document.addEventListener("input", (event) => {
  const field = event.target;
  if (!field.matches || !field.matches("input[data-filter]")) return;
  const wanted = field.value.trim().toLocaleLowerCase();
  document.querySelectorAll(field.dataset.filter).forEach((line) => {
    line.hidden = wanted !== "" && !line.textContent.toLocaleLowerCase().includes(wanted);
    const fold = line.closest("details");
    if (wanted !== "" && fold) fold.open = true;
  });
});
