// Notebook behaviour: selection, keyboard shortcuts, run-all, the [*] counter,
// and thinking time per attempt. (The server keeps the chosen seat tool across swaps.)
(function () {
  "use strict";
  const shownAt = new Map();   // cell id -> time the cell was last (re)drawn
  const cellOf = (el) => el && el.closest("[data-cell]");
  const cells = () => Array.from(document.querySelectorAll("section[data-cell]"));

  function select(cell, scroll) {
    if (!cell) return;
    document.querySelectorAll("section.selected").forEach((c) => c.classList.remove("selected"));
    cell.classList.add("selected");
    if (scroll) cell.scrollIntoView({ block: "center", behavior: "instant" });
    if (!cell.contains(document.activeElement)) cell.focus({ preventScroll: true });
  }

  function neighbour(cell, delta) {
    const list = cells();
    const i = list.indexOf(cell);
    return list[Math.min(list.length - 1, Math.max(0, i + delta))];
  }

  function stamp(root) {
    (root.matches && root.matches("[data-cell]") ? [root] : root.querySelectorAll("[data-cell]"))
      .forEach((cell) => shownAt.set(cell.dataset.cell, performance.now()));
  }

  function run(cell) {
    const form = cell && cell.querySelector("form.question");
    if (form) form.requestSubmit();
    return !!form;
  }

  function whenSwapped(cellId) {
    return new Promise((resolve) => {
      const done = (evt) => {
        const cell = cellOf(evt.detail.elt) || evt.detail.elt;
        if (cell && cell.dataset && cell.dataset.cell === cellId) {
          document.body.removeEventListener("htmx:afterSettle", done);
          resolve(document.getElementById("cell-" + cellId));
        }
      };
      document.body.addEventListener("htmx:afterSettle", done);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    stamp(document);
    const nb = document.querySelector(".notebook");
    if (nb && nb.dataset.current) select(document.getElementById("cell-" + nb.dataset.current), true);

    document.body.addEventListener("click", (evt) => {
      const cell = cellOf(evt.target);
      if (cell) select(cell, false);
    });
    document.body.addEventListener("htmx:configRequest", (evt) => {
      const cell = cellOf(evt.detail.elt);
      if (cell && shownAt.has(cell.dataset.cell)) {
        evt.detail.parameters["elapsed_ms"] = Math.round(performance.now() - shownAt.get(cell.dataset.cell));
      }
    });
    document.body.addEventListener("htmx:beforeRequest", (evt) => {
      const cell = cellOf(evt.detail.elt);
      const count = cell && cell.querySelector(".prompt .count");
      if (count) count.textContent = "*";
    });
    document.body.addEventListener("htmx:responseError", (evt) => {
      const cell = cellOf(evt.detail.elt);
      if (!cell) return;
      const out = cell.querySelector(".output");
      const count = cell.querySelector(".prompt .count");
      const xhr = evt.detail.xhr;
      if (count) count.textContent = "!";
      if (!out) return;
      // The trainer's error replies are one plain-text sentence; the page keeps its state.
      const said = (xhr.getResponseHeader("Content-Type") || "").startsWith("text/plain") ? xhr.responseText : "";
      const p = document.createElement("p");
      p.className = "wrong";
      p.textContent = said || ("The server could not take that (" + xhr.status + "). Nothing was recorded; reload the page.");
      if (xhr.status === 401) {
        const link = document.createElement("a");
        link.href = "/auth/login?next=" + encodeURIComponent(location.pathname + "#" + cell.id);
        link.textContent = "Sign in again";
        p.append(" ", link);
      }
      out.replaceChildren(p);
    });
    // A question whose answer changed since it was sent may be checked again by Run all.
    const edited = (evt) => {
      const cell = cellOf(evt.target);
      if (cell && cell.dataset.kind === "question") cell.dataset.sent = "0";
    };
    document.body.addEventListener("input", edited);
    document.body.addEventListener("change", edited);
    // Confirmation before a plain form submit (no inline script: the CSP allows none).
    document.body.addEventListener("submit", (evt) => {
      const ask = evt.target.dataset && evt.target.dataset.confirm;
      if (ask && !window.confirm(ask)) evt.preventDefault();
    });
    // A 4xx reply from the trainer still carries the cell with its message.
    document.body.addEventListener("htmx:beforeSwap", (evt) => {
      if ([409, 422].includes(evt.detail.xhr.status)) { evt.detail.shouldSwap = true; evt.detail.isError = false; }
    });
    document.body.addEventListener("htmx:afterSettle", (evt) => {
      stamp(evt.detail.elt);
      const cell = cellOf(evt.detail.elt) || evt.detail.elt;
      if (cell && cell.matches && cell.matches("[data-cell]") && !document.querySelector("section.selected")) select(cell, false);
    });

    document.addEventListener("keydown", (evt) => {
      const typing = evt.target.matches("input[type=number], input:not([type]), textarea, select");
      const cell = cellOf(evt.target) || document.querySelector("section.selected");
      if (evt.key === "Enter" && (evt.shiftKey || evt.ctrlKey)) {
        if (!cell) return;
        evt.preventDefault();
        const id = cell.dataset.cell;
        const ran = run(cell);
        if (evt.shiftKey) {
          const next = () => select(neighbour(document.getElementById("cell-" + id), 1), true);
          if (ran) whenSwapped(id).then(next); else next();
        }
        return;
      }
      if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
      if ((evt.key === "j" || evt.key === "ArrowDown") && cell && evt.target === cell) { evt.preventDefault(); select(neighbour(cell, 1), true); }
      if ((evt.key === "k" || evt.key === "ArrowUp") && cell && evt.target === cell) { evt.preventDefault(); select(neighbour(cell, -1), true); }
    });

    const runAll = document.getElementById("run-all");
    if (runAll) runAll.addEventListener("click", async () => {
      for (const cell of cells()) {
        const form = cell.querySelector("form.question");
        if (!form || cell.dataset.done === "1" || cell.dataset.sent === "1") continue;
        const answered = Array.from(form.querySelectorAll("input[type=radio], input[type=checkbox]")).some((i) => i.checked)
          || Array.from(form.querySelectorAll("input[type=number]")).some((i) => i.value !== "");
        if (!answered) continue;
        const swapped = whenSwapped(cell.dataset.cell);
        form.requestSubmit();
        await swapped;
      }
    });
  });
})();
