// The drawn table by keyboard and screen reader (issue 13): one Tab stop for the
// seats, arrow keys between them (a roving tabindex), focus kept on the control
// used when htmx swaps the cell, and each step's result read out from a live
// region that outlives the swap (a region swapped in with its text is not announced).
(function () {
  "use strict";
  const current = new Map();   // table cell id -> the seat that holds the Tab stop
  const SEATS = "button.seat:not(.empty):not(:disabled)";
  const STEP = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  let announcer = null;
  let lastFocusId = null;
  // A step's reply may swap several parts of one cell (webapp/trainee/step_reply.py): each settles
  // on its own, but the cell is seen to once per reply (one announcement, not one per part).
  const seen = new WeakMap();   // request -> the table cells already seen to
  function firstTime(evt, cell) {
    const xhr = evt.detail.xhr;
    if (!xhr) return true;
    const cells = seen.get(xhr) || new Set();
    seen.set(xhr, cells);
    if (cells.has(cell.id)) return false;
    cells.add(cell.id);
    return true;
  }

  const cellIdOf = (el) => { const cell = el.closest("[data-cell]"); return cell ? cell.dataset.cell : ""; };

  function rove(felt) {
    const seats = Array.from(felt.querySelectorAll(SEATS));
    if (!seats.length) return;
    const wanted = current.get(cellIdOf(felt));
    const active = seats.find((s) => s.dataset.seat === wanted) || seats[0];
    seats.forEach((s) => { s.tabIndex = s === active ? 0 : -1; });
  }

  function roveAll(root) {
    const felts = root.matches && root.matches("[data-roving]") ? [root] : root.querySelectorAll("[data-roving]");
    felts.forEach(rove);
  }

  function move(evt) {
    const seat = evt.target.closest && evt.target.closest(SEATS);
    const felt = seat && seat.closest("[data-roving]");
    if (!felt || evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const seats = Array.from(felt.querySelectorAll(SEATS));
    const i = seats.indexOf(seat);
    let next = null;
    if (evt.key in STEP) next = seats[(i + STEP[evt.key] + seats.length) % seats.length];
    else if (evt.key === "Home") next = seats[0];
    else if (evt.key === "End") next = seats[seats.length - 1];
    if (!next) return;
    evt.preventDefault();
    evt.stopPropagation();   // the arrow moved a seat, not the notebook's cell selection
    current.set(cellIdOf(felt), next.dataset.seat);
    seats.forEach((s) => { s.tabIndex = s === next ? 0 : -1; });
    next.focus();
  }

  function announce(cell) {
    const out = cell.querySelector("[data-testid=feedback]");
    const text = out ? out.textContent.replace(/\s+/g, " ").trim() : "";
    if (!text || !announcer) return;
    announcer.textContent = "";
    // A new text node a moment later, so the same message twice is read twice.
    window.setTimeout(() => { announcer.textContent = text; }, 50);
  }

  // A long result scrolls in its box on a phone (static/table.css): a box that scrolls is a
  // tab stop, so it is read by keyboard too; a short one is none (issue 29).
  function scrollable(root) {
    root.querySelectorAll(".cell-table [data-testid=feedback]").forEach((out) => {
      if (out.scrollHeight > out.clientHeight + 1) out.tabIndex = 0;
      else out.removeAttribute("tabindex");
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    announcer = document.createElement("div");
    announcer.id = "table-announcer";
    announcer.className = "sr-only";
    announcer.setAttribute("role", "status");
    announcer.setAttribute("aria-live", "polite");
    document.body.appendChild(announcer);
    roveAll(document);
    scrollable(document);

    document.body.addEventListener("keydown", move);
    document.body.addEventListener("focusin", (evt) => {
      const seat = evt.target.closest && evt.target.closest(SEATS);
      const felt = seat && seat.closest("[data-roving]");
      if (felt) {
        current.set(cellIdOf(felt), seat.dataset.seat);
        felt.querySelectorAll(SEATS).forEach((s) => { s.tabIndex = s === seat ? 0 : -1; });
      }
    });
    document.body.addEventListener("htmx:beforeRequest", (evt) => {
      const active = document.activeElement;
      lastFocusId = active && active.id && active.closest(".cell-table") ? active.id : null;
    });
    // notebook.js writes a failed request's reason into the cell (its listener runs first).
    document.body.addEventListener("htmx:responseError", (evt) => {
      const cell = evt.detail.elt && evt.detail.elt.closest && evt.detail.elt.closest(".cell-table");
      if (cell) announce(cell);
    });
    document.body.addEventListener("htmx:afterSettle", (evt) => {
      const elt = evt.detail.elt;
      if (!elt || !elt.closest) return;
      const cell = elt.closest(".cell-table");
      if (!cell) { roveAll(elt); return; }
      if (!firstTime(evt, cell)) return;
      roveAll(cell);      // a seat swapped on its own comes without the roving tabindex
      // htmx moves focus to the new element with the old one's id; if the
      // control is gone or disabled (the hand is over), the cell keeps focus.
      const again = lastFocusId && document.getElementById(lastFocusId);
      if (again && cell.contains(again) && !again.disabled && !again.closest("fieldset:disabled")
          && document.activeElement !== again) again.focus({ preventScroll: true });
      lastFocusId = null;
      scrollable(cell);
      announce(cell);
      // A new hand dealt: its tools and table where the trainee looks, under the toolbar.
      const sent = evt.detail.requestConfig && evt.detail.requestConfig.elt;
      if (sent && sent.classList && sent.classList.contains("deal-new")) {
        const form = cell.querySelector("form.dealer");
        const bar = document.querySelector(".nb-toolbar");
        if (form) window.scrollBy({ top: form.getBoundingClientRect().top - (bar ? bar.getBoundingClientRect().bottom : 0), behavior: "instant" });
      }
      // A drill's hand is over: its *Deal a new hand* comes into reach, however long the
      // last result was (issue 29: no scrolling to deal the next hand).
      const next = cell.querySelector("[data-testid=deal-new-hand]");
      if (next) {
        const r = next.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        // off screen, or under the result kept at the foot of a phone's screen
        if (r.bottom > window.innerHeight || r.top < 0 || !hit || !next.contains(hit)) {
          next.scrollIntoView({ block: "center", behavior: "instant" });
        }
      }
    });
  });
})();
