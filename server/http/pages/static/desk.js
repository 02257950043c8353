// The desk's keyboard: on a board's result, 1 = white wins, 0 = black wins, = draw,
// + and - the forfeits; the form is sent at once and the desk comes back at the next
// board. Everything also works with the mouse, or without JavaScript.
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+/-", "-": "-/+" };

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
    select.value = result;
    select.form.requestSubmit();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-board]"));
    var open = selects.filter(function (select) { return select.value === ""; });
    var chosen = target && target.matches("select[data-board]") ? target : open[0] || selects[0];
    if (chosen) {
      chosen.focus();
    }
  });
})();
