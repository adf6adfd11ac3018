// A sprint's page: the running clocks and the keys (the chip buttons: static/amount.js).
// The server keeps the real times (when each item was shown and answered, and
// the set's deadline); these clocks only show them, counted from the seconds
// the page was given. Each answer swaps the next item in (htmx), so every
// lookup is made again on each tick and after each swap.
(function () {
  "use strict";
  let itemFrom = 0, itemBase = 0, setFrom = 0, setBase = null, leaving = false;

  const answerBox = () => document.getElementById("sprint-answer");

  function start(root) {
    const sprint = root.id === "sprint" ? root : root.querySelector ? root.querySelector("#sprint") : null;
    if (!sprint) return;
    const item = document.getElementById("sprint-item-clock");
    itemBase = item ? Number(item.dataset.seconds) || 0 : 0;
    itemFrom = performance.now();
    setBase = sprint.dataset.left === "" ? null : Number(sprint.dataset.left);
    setFrom = performance.now();
    const box = answerBox() || sprint.querySelector("input[name=answer]");
    if (box && sprint.dataset.finished !== "1") box.focus();
  }

  function tick() {
    const item = document.getElementById("sprint-item-clock");
    if (item) item.textContent = (itemBase + (performance.now() - itemFrom) / 1000).toFixed(1);
    const set = document.getElementById("sprint-set-clock");
    if (set && setBase !== null) {
      const left = Math.max(0, Math.ceil(setBase - (performance.now() - setFrom) / 1000));
      set.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      const sprint = document.getElementById("sprint");
      if (left === 0 && sprint && sprint.dataset.finished !== "1" && !leaving) {
        leaving = true;    // the server ends the set: its page shows the result
        document.getElementById("sprint-said").textContent = "Time is up.";
        setTimeout(() => { window.location.assign(sprint.dataset.page); }, 2500);
      }
    }
  }

  // Digits type into the amount wherever the focus is on the page; Enter answers.
  document.addEventListener("keydown", (event) => {
    const form = document.querySelector("#sprint form.sprint-item");
    if (!form || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = answerBox();
    const inField = event.target === box;
    if (box && !inField && /^[0-9]$/.test(event.key) && !event.target.closest("input, select, textarea")) {
      event.preventDefault();
      box.focus();
      box.value += event.key;
    } else if (event.key === "Enter" && !event.target.closest("button, a, textarea") && form.contains(event.target) === true && !inField) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    start(document);
    setInterval(tick, 100);
    tick();
  });
  document.addEventListener("htmx:load", (event) => { start(event.detail.elt); });
  // A refused answer (409: already answered or time up; 422: not an answer) still carries the sprint.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if ([409, 422].includes(event.detail.xhr.status) && event.detail.target && event.detail.target.id === "sprint") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
