// A down's page (issue 32) dealt without scrolling (issue 29): the page brings up what the
// trainee needs next. A new hand: the events before it at the top of the window, the hand's
// table below. A question the hand waits for: the question, whole, in the window. Any other
// step: the dealing area (tools, table, actions) whole in the window, with ROOM kept under it
// for the result (static/table.css keeps a phone's result to 4rem). Only as far as needed.
(() => {
  "use strict";
  const ROOM = 64;
  const PHONE = "(max-width: 600px)";
  let hand = null;

  function bring(el, room) {
    const r = el.getBoundingClientRect(), foot = window.innerHeight - room;
    if (r.top < 0 || r.height > foot) window.scrollBy({ top: r.top - 4, behavior: "instant" });
    else if (r.bottom > foot) window.scrollBy({ top: r.bottom - foot, behavior: "instant" });
  }

  function place(loading) {
    const status = document.getElementById("down-status");
    if (!status) return;
    const now = status.dataset.hand, fresh = now !== hand;
    hand = now;
    // On a wide screen the page as it loads is left alone: it shows the whole down.
    if (loading && !window.matchMedia(PHONE).matches) return;
    const before = document.getElementById("down-before");
    const asked = document.querySelector("#cell-down-prompt form");
    const form = document.querySelector("#cell-down-hand form.dealer");
    if (fresh && before && before.offsetHeight) before.scrollIntoView({ block: "start", behavior: "instant" });
    if (asked) bring(document.getElementById("cell-down-prompt"), 0);
    else if (!fresh && form) bring(form, ROOM);
  }

  document.addEventListener("DOMContentLoaded", () => {
    place(true);
    document.body.addEventListener("htmx:afterSettle", () => place(false));
  });
})();
