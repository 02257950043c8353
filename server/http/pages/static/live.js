// Keeps a page's live region current: it follows the tournament's event feed and, after
// each change, fetches a fresh copy of the region and swaps it in with one DOM
// replacement (no reload, no flicker). Without JavaScript the page is simply static.
(function () {
  "use strict";
  var region = document.getElementById("live");
  if (!region || !window.EventSource || !window.fetch) {
    return;
  }
  var online = false;
  var timer = null;
  var busy = false;
  var again = false;

  function showStatus() {
    var marks = region.querySelectorAll("[data-live-status]");
    for (var i = 0; i < marks.length; i += 1) {
      marks[i].classList.toggle("offline", !online);
    }
  }

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(region.dataset.fragment, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null) {
          var template = document.createElement("template");
          template.innerHTML = html;
          region.replaceChildren(template.content);
          showStatus();
          document.dispatchEvent(new CustomEvent("arbiter:updated"));
        }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  function changed() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 200); // one refetch for a burst of events
  }

  var source = new EventSource(region.dataset.events + "?after=" + region.dataset.after);
  region.dataset.types.split(" ").forEach(function (type) {
    source.addEventListener(type, changed);
  });
  source.addEventListener("open", function () {
    online = true;
    showStatus();
  });
  source.addEventListener("error", function () {
    online = false;
    showStatus();
  });
})();
