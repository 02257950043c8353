// The desk's keyboard: on a board without a result, 1 = white wins, 0 = black wins,
// = draw, + and - the forfeits; the form is sent at once and the desk comes back at the
// next open board, saying what was saved there. A board with a result has no key: it
// changes only through its "Correct" form, with a reason. Everything also works with the
// mouse, or without JavaScript (the server sets autofocus and says the same).
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+/-", "-": "-/+" };
  var sending = false;

  document.addEventListener("keydown", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-board]")) {
      return;
    }
    var result = KEYS[event.key];
    if (result === undefined || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (sending || select.value !== "") {
      return; // one key, one result: a second key before the page is back does nothing
    }
    sending = true;
    select.value = result;
    select.form.requestSubmit();
  });

  // The board the server chose (the next open one, or the one just refused) gets the
  // focus, centred so the outcome under it shows too.
  document.addEventListener("DOMContentLoaded", function () {
    var target = document.querySelector("[data-focus]");
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "center" });
    }
  });
})();
