// The big screen: shows one slide (a page of pairings or standings) at a time and moves
// to the next every few seconds; live updates (live.js) replace the slides in place.
(function () {
  "use strict";
  var SECONDS = 12;
  var index = 0;

  function show() {
    var slides = document.querySelectorAll(".slide");
    if (slides.length === 0) {
      return;
    }
    index = index % slides.length;
    for (var i = 0; i < slides.length; i += 1) {
      slides[i].classList.toggle("shown", i === index);
    }
  }

  document.addEventListener("arbiter:updated", show);
  document.addEventListener("DOMContentLoaded", function () {
    document.body.classList.add("cycling");
    show();
    setInterval(function () {
      index += 1;
      show();
    }, SECONDS * 1000);
  });
})();
