// Keeps a page's live region current: it follows the tournament's event feed and, after
// each change, fetches a fresh copy of the region and swaps it in with one DOM
// replacement (no reload, no flicker). Whenever the feed is not flowing (refused with 429
// or 503, the network gone, the stream ended, or silent past two server pings) the page
// says "not live" and reconnects with growing, jittered delays, never sooner than the
// server's Retry-After, resuming after the last event it saw. Without JavaScript the page
// is simply static, and says it is not live.
(function () {
  "use strict";
  var region = document.getElementById("live");
  if (!region || !window.fetch || !window.TextDecoder || !window.AbortController) {
    return;
  }
  var MAX_DELAY = 60000;
  var SILENCE = 40000; // the server pings every 15 s
  var types = region.dataset.types.split(" ");
  var lastId = region.dataset.after;
  var online = false;
  var baseDelay = 1000; // the server's retry: field replaces it
  var delay = baseDelay;
  var pending = null;
  var timer = null;
  var busy = false;
  var again = false;

  function showStatus() {
    var marks = region.querySelectorAll("[data-live-status]");
    for (var i = 0; i < marks.length; i += 1) {
      marks[i].classList.toggle("offline", !online);
      marks[i].textContent = online ? marks[i].dataset.liveText : marks[i].dataset.offlineText;
    }
  }

  function setOnline(value) {
    online = value;
    showStatus();
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

  function reconnect(waitMs) {
    setOnline(false);
    if (pending !== null) {
      return;
    }
    var wait = Math.max(waitMs, delay + Math.random() * 0.3 * delay);
    delay = Math.min(delay * 2, MAX_DELAY);
    pending = setTimeout(function () {
      pending = null;
      connect();
    }, wait);
  }

  function retryAfter(response) {
    var seconds = parseInt(response.headers.get("Retry-After"), 10);
    return isNaN(seconds) ? 0 : seconds * 1000;
  }

  // One message of the event stream: its "id:", "event:" and "retry:" fields.
  function dispatch(block) {
    var type = "message";
    block.split(/\r\n|\r|\n/).forEach(function (line) {
      var colon = line.indexOf(":");
      if (colon <= 0) {
        return; // a comment (the server's ping) or a blank line
      }
      var field = line.slice(0, colon);
      var value = line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") {
        lastId = value;
      } else if (field === "event") {
        type = value;
      } else if (field === "retry" && /^\d+$/.test(value)) {
        baseDelay = Math.max(parseInt(value, 10), 500);
      }
    });
    if (types.indexOf(type) >= 0) {
      changed();
    }
  }

  function connect() {
    var abort = new AbortController();
    var watchdog = null;
    function quiet() {
      clearTimeout(watchdog);
      watchdog = setTimeout(function () {
        abort.abort();
      }, SILENCE);
    }
    var url = region.dataset.events + "?after=" + encodeURIComponent(lastId);
    fetch(url, {
      headers: { Accept: "text/event-stream" },
      cache: "no-store",
      signal: abort.signal,
    })
      .then(function (response) {
        if (!response.ok || !response.body) {
          reconnect(retryAfter(response));
          return null;
        }
        setOnline(true);
        delay = baseDelay;
        quiet();
        var reader = response.body.getReader();
        var decoder = new TextDecoder();
        var buffer = "";
        function pump() {
          return reader.read().then(function (chunk) {
            if (chunk.done) {
              clearTimeout(watchdog);
              reconnect(0);
              return null;
            }
            quiet();
            buffer += decoder.decode(chunk.value, { stream: true });
            var messages = buffer.split(/\r\n\r\n|\n\n|\r\r/);
            buffer = messages.pop();
            messages.forEach(dispatch);
            return pump();
          });
        }
        return pump();
      })
      .catch(function () {
        clearTimeout(watchdog);
        reconnect(0);
      });
  }

  window.addEventListener("online", function () {
    if (!online && pending !== null) {
      clearTimeout(pending);
      pending = null;
      connect();
    }
  });
  showStatus();
  connect();
})();
