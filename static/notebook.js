// Notebook behaviour as in Jupyter: command mode (a cell selected) and edit mode (focus in a
// cell's control), keyboard shortcuts, the shortcuts dialog, the table of contents that follows
// the scroll, folding explanation and solved cells, Run all, the [*] counter, thinking time per
// attempt, and focus kept on the control used across an htmx swap. (The server keeps the chosen
// seat tool across swaps.) On other pages it only makes wide scrolling tables keyboard-reachable.
(function () {
  "use strict";
  const shownAt = new Map();   // cell id -> time the cell was last (re)drawn
  const cellOf = (el) => el && el.closest && el.closest("section.cell");
  const cells = () => Array.from(document.querySelectorAll(".nb-cells > section.cell"));
  const byKey = (key) => cells().find((c) => c.id === key);
  const TYPING = "input:not([type]), input[type=text], input[type=number], input[type=password], input[type=search], "
    + "input[type=email], input[type=url], input[type=tel], textarea, select, [contenteditable='true']";
  const FOCUSABLE = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), "
    + "button:not(:disabled), a[href], summary";
  let selectedKey = null;      // the selected cell's id: it survives the cell being swapped
  let pending = null;          // {key, focus} for the request a cell has in flight
  let slug = "";

  // ---- selection, modes and moving ----
  function selected() { return selectedKey && byKey(selectedKey); }

  function select(cell, how) {
    if (!cell) return;
    cells().forEach((c) => c.classList.toggle("selected", c === cell));
    selectedKey = cell.id;
    if (how && how.scroll) reveal(cell);
    if (how && how.focus && !cell.contains(document.activeElement)) cell.focus({ preventScroll: true });
  }

  // Scroll only as far as needed; a cell taller than the window shows its top under the toolbar.
  function reveal(cell) {
    const top = toolbarBottom(), r = cell.getBoundingClientRect();
    if (r.top >= top && r.bottom <= window.innerHeight) return;
    if (r.height > window.innerHeight - top || r.top < top) cell.scrollIntoView({ block: "start", behavior: "instant" });
    else cell.scrollIntoView({ block: "end", behavior: "instant" });
  }

  // After a check its result is in view, below the toolbar and above the window's foot (issue 29).
  function showResult(cell) {
    const out = cell.querySelector("[data-testid=feedback]");
    if (!out || out.offsetParent === null) return;
    const top = toolbarBottom(), r = out.getBoundingClientRect();
    if (r.top >= top && r.bottom <= window.innerHeight) return;
    out.scrollIntoView({ block: r.height > window.innerHeight - top || r.top < top ? "start" : "end", behavior: "instant" });
  }

  function neighbour(cell, delta) {
    const list = cells();
    const i = list.indexOf(cell);
    if (i < 0) return list[0];
    return list[Math.min(list.length - 1, Math.max(0, i + delta))];
  }

  function command(cell) { select(cell, { scroll: false }); cell.focus({ preventScroll: true }); }

  function edit(cell) {
    unfold(cell);
    const target = cell.querySelector(".cell-body input:checked:not(:disabled):not([type=hidden])")
      || Array.from(cell.querySelectorAll(".cell-body " + FOCUSABLE.split(", ").join(", .cell-body ")))
        .find((el) => el.offsetParent !== null);
    if (target) target.focus();
  }

  function stamp(root) {
    (root.matches && root.matches("section.cell") ? [root] : root.querySelectorAll("section.cell"))
      .forEach((cell) => shownAt.set(cell.dataset.cell || cell.id, performance.now()));
  }

  // ---- running a cell ----
  function say(cell, text) {
    const out = cell.querySelector(".output");
    if (!out) return;
    const p = document.createElement("p");
    p.className = "notice";
    p.textContent = text;
    out.replaceChildren(p);
  }

  // What Ctrl+Enter does in a table cell: the focused seat or button, else the ruling picked,
  // else the seats or boxes ticked (the button of their fieldset).
  function tableButton(cell) {
    const active = document.activeElement;
    if (active && cell.contains(active) && active.matches("button[type=submit]:not(:disabled)")) return active;
    const ticked = Array.from(cell.querySelectorAll("fieldset:not(.tools) input:checked:not(:disabled)"))
      .map((i) => i.closest("fieldset")).find((f) => f && f.querySelector("button[type=submit]:not(:disabled)"));
    return ticked ? ticked.querySelector("button[type=submit]:not(:disabled)") : null;
  }

  // A question's form has an answer in it: a choice ticked, or something typed or chosen in a field.
  function answered(form) {
    return Array.from(form.elements).some((el) => {
      if (el.disabled || !el.name || ["hidden", "submit", "button"].includes(el.type)) return false;
      return el.type === "radio" || el.type === "checkbox" ? el.checked : el.value !== "";
    });
  }

  const RUNNERS = {
    question(cell) {
      const form = cell.querySelector("form.question");
      if (!form) return false;
      // Ctrl+Enter on a cell reached with the arrows checks nothing until it has an answer (issue 29).
      if (!answered(form)) { say(cell, "Nothing to check yet: choose or type your answer, then press Ctrl+Enter."); return false; }
      form.requestSubmit();
      return true;
    },
    table(cell) {
      const button = tableButton(cell);
      if (button) { button.click(); return true; }
      if (!isDone(cell)) say(cell, "Nothing to run yet: pick a seat tool and press a seat, press a dealer action, "
        + "or pick a ruling or tick seats and press Ctrl+Enter.");
      return false;
    },
    markdown() { return false; },
  };

  function isDone(cell) { return cell.dataset.done === "1" || cell.classList.contains("done"); }

  function run(cell, advance) {
    const runner = RUNNERS[cell.dataset.kind] || RUNNERS.markdown;
    const key = cell.id;
    const moveOn = (from) => { const next = neighbour(from, 1); select(next, { scroll: true }); next.focus({ preventScroll: true }); };
    const sent = runner(cell);
    if (!advance) return;
    // A table cell keeps the selection until its hand is over; Jupyter moves on after any run.
    const waitForHand = cell.dataset.kind === "table";
    if (sent) whenSwapped(key).then((now) => { if (!waitForHand || isDone(now)) moveOn(now); });
    else if (!waitForHand || isDone(cell)) moveOn(cell);
  }

  // ---- folding explanations and solved cells (remembered per lesson in localStorage) ----
  const foldKey = (cell) => "fold:" + slug + ":" + cell.id;
  const foldable = (cell) => cell.dataset.kind === "markdown" || isDone(cell);
  function stored(cell) { try { return localStorage.getItem(foldKey(cell)) === "1"; } catch (e) { return false; } }
  function store(cell, folded) {
    try { if (folded) localStorage.setItem(foldKey(cell), "1"); else localStorage.removeItem(foldKey(cell)); } catch (e) { /* private mode */ }
  }

  function titleOf(cell) {
    const h = cell.querySelector(".cell-body h1, .cell-body h2, .cell-body h3, .cell-body .ask");
    const text = (h || cell.querySelector(".cell-body") || cell).textContent.trim().replace(/\s+/g, " ");
    return text.length > 80 ? text.slice(0, 77) + "…" : text;
  }

  function setFold(cell, folded) {
    const button = cell.querySelector(".prompt .fold");
    if (!button) return;
    cell.classList.toggle("collapsed", folded);
    button.setAttribute("aria-expanded", String(!folded));
    button.querySelector("[aria-hidden]").textContent = folded ? "▸" : "▾";
    cell.querySelector(".fold-summary").hidden = !folded;
  }

  function decorate(cell) {
    const prompt = cell.querySelector(".prompt");
    const had = cell.querySelector(".prompt .fold");
    if (!prompt || !foldable(cell)) {
      // A restarted cell opens again, and is not folded the moment it is solved next time.
      if (had) { had.remove(); cell.querySelector(".fold-summary").remove(); cell.classList.remove("collapsed"); }
      store(cell, false);
      return;
    }
    if (had) return;
    const body = cell.querySelector(".cell-body");
    if (!body.id) body.id = cell.id + "-body";
    const title = titleOf(cell);
    const kind = cell.dataset.kind === "markdown" ? "Explanation" : "Solved";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "fold";
    button.setAttribute("aria-controls", body.id);
    button.innerHTML = '<span aria-hidden="true"></span><span class="sr-only"></span>';
    button.querySelector(".sr-only").textContent = kind + ": " + title;
    button.title = "Fold or unfold (O)";
    prompt.prepend(button);
    const summary = document.createElement("p");
    summary.className = "fold-summary";
    summary.textContent = kind + " (folded): " + title;
    body.after(summary);
    setFold(cell, stored(cell));
  }

  function toggleFold(cell) {
    if (!cell.querySelector(".prompt .fold")) return;
    const folded = !cell.classList.contains("collapsed");
    setFold(cell, folded);
    store(cell, folded);
  }
  function unfold(cell) { if (cell.classList.contains("collapsed")) toggleFold(cell); }

  // ---- table of contents: the lesson's headings, solved cells per section, following the scroll ----
  let headings = [];
  function buildToc() {
    const toc = document.getElementById("toc");
    if (!toc) return;
    const list = toc.querySelector("ol");
    const sections = [];
    cells().forEach((cell) => {
      if (cell.dataset.kind === "markdown") {
        cell.querySelectorAll(".cell-body h1, .cell-body h2").forEach((h) => {
          if (!h.id) h.id = "sec-" + (sections.length + 1);
          sections.push({ heading: h, cells: [] });
        });
      } else {
        if (!sections.length) sections.push({ heading: null, cells: [] });
        sections[sections.length - 1].cells.push(cell);
      }
    });
    headings = sections.filter((s) => s.heading).map((s) => s.heading);
    list.replaceChildren(...sections.filter((s) => s.heading).map((s) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "#" + s.heading.id;
      a.textContent = s.heading.textContent.trim();
      const done = s.cells.filter(isDone).length;
      if (s.cells.length) {
        const p = document.createElement("span");
        p.className = "toc-progress" + (done === s.cells.length ? " all" : "");
        p.textContent = (done === s.cells.length ? "✔ " : "") + done + " of " + s.cells.length + " solved";
        a.append(p);
      }
      li.append(a);
      return li;
    }));
    follow();
  }

  function follow() {
    const toc = document.getElementById("toc");
    if (!toc || !headings.length) return;
    const line = toolbarBottom() + 40;
    let current = headings[0];
    // a heading inside a folded cell is not laid out: its cell stands in for it
    headings.forEach((h) => { if ((h.offsetParent === null ? cellOf(h) : h).getBoundingClientRect().top <= line) current = h; });
    toc.querySelectorAll("a").forEach((a) => {
      if (a.hash === "#" + current.id) a.setAttribute("aria-current", "location"); else a.removeAttribute("aria-current");
    });
  }

  function toolbarBottom() {
    const bar = document.querySelector(".nb-toolbar");
    return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  }

  function openToc(open) {
    const toc = document.getElementById("toc"), toggle = document.getElementById("toc-toggle");
    if (!toc || !toggle) return;
    toc.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      toc.style.top = (toolbarBottom() + 4) + "px";
      const here = toc.querySelector("a[aria-current]") || toc.querySelector("a");
      if (here) here.focus();
    }
  }
  const tocIsPanel = () => getComputedStyle(document.getElementById("toc-toggle")).display !== "none";

  // ---- the shortcuts dialog ----
  let before = null;
  function showKeys() {
    const dialog = document.getElementById("keys");
    if (!dialog || dialog.open) return;
    before = document.activeElement;
    dialog.showModal();
  }

  // ---- keeping focus on the control used when htmx swaps its cell ----
  function describe(el) {
    if (!el || el.matches("section.cell")) return null;
    if (el.dataset.seat) return "[data-seat='" + el.dataset.seat + "']";
    if (el.name) return el.tagName.toLowerCase() + "[name='" + el.name + "']" + (el.value && el.type !== "number" ? "[value='" + CSS.escape(el.value) + "']" : "");
    if (el.classList.length) return el.tagName.toLowerCase() + "." + Array.from(el.classList).map((c) => CSS.escape(c)).join(".");
    return null;
  }

  function whenSwapped(key) {
    return new Promise((resolve) => {
      const done = (evt) => {
        const cell = swappedCell(evt);
        if (cell && cell.id === key) {
          document.body.removeEventListener("htmx:afterSettle", done);
          resolve(cell);
        }
      };
      document.body.addEventListener("htmx:afterSettle", done);
    });
  }

  // htmx may name the replaced element: the live cell is the one now in the page with its id.
  function swappedCell(evt) {
    const cell = cellOf(evt.detail.elt);
    return cell && document.getElementById(cell.id);
  }

  // Wide tables outside the notebook scroll in their own box: reachable by keyboard when they do.
  function scrollers() {
    document.querySelectorAll(".scroll").forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0; else box.removeAttribute("tabindex");
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    scrollers();
    window.addEventListener("resize", scrollers);
    const nb = document.querySelector(".notebook");
    document.body.addEventListener("submit", (evt) => {
      // Confirmation before a plain form submit (no inline script: the CSP allows none).
      const ask = evt.target.dataset && evt.target.dataset.confirm;
      if (ask && !window.confirm(ask)) evt.preventDefault();
    });
    if (!nb) return;
    slug = nb.dataset.slug || "";
    stamp(document);
    cells().forEach(decorate);
    buildToc();
    // An audition's hand is a notebook with no toolbar, contents, keys list or Run all:
    // each of those is looked for, never assumed (issue 29: no null errors there).
    const on = (id, type, handler) => { const el = document.getElementById(id); if (el) el.addEventListener(type, handler); };
    const bar = document.querySelector(".nb-toolbar");
    if (bar) {
      const measure = () => document.documentElement.style.setProperty("--toolbar-h", bar.offsetHeight + "px");
      measure();
      new ResizeObserver(measure).observe(bar);
    }
    let ticking = false;
    window.addEventListener("scroll", () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => { ticking = false; follow(); });
    }, { passive: true });

    // The cell a link points at (#cell-…); else, back in a lesson already worked in, the first
    // cell not yet solved, below a note saying so; else (a first visit) the top: the teaching text.
    const linked = location.hash && cellOf(document.getElementById(decodeURIComponent(location.hash.slice(1))));
    const resumed = !linked && nb.dataset.resume === "1" && nb.dataset.current
      && document.getElementById("cell-" + nb.dataset.current);
    const start = linked || resumed || cells()[0];
    if (start) select(start, { scroll: false, focus: true });
    // A link to a cell lands it below the toolbar, now that the toolbar's height is known.
    if (linked) linked.scrollIntoView({ block: "start", behavior: "instant" });
    if (resumed) (document.getElementById("resume-note") || resumed).scrollIntoView({ block: "start", behavior: "instant" });

    on("toc-toggle", "click", () => openToc(!document.getElementById("toc").classList.contains("open")));
    on("toc", "click", (evt) => {
      const a = evt.target.closest("a");
      if (!a) return;
      const heading = document.getElementById(a.hash.slice(1));
      const cell = cellOf(heading);
      if (tocIsPanel()) openToc(false);
      if (cell) { unfold(cell); select(cell, {}); }
      if (heading) { evt.preventDefault(); heading.scrollIntoView({ block: "start", behavior: "instant" }); history.replaceState(null, "", a.hash); cell.focus({ preventScroll: true }); }
    });
    on("keys-open", "click", showKeys);
    on("keys", "close", () => { if (before && before.isConnected) before.focus(); });

    document.body.addEventListener("click", (evt) => {
      const fold = evt.target.closest(".prompt .fold");
      const cell = cellOf(evt.target);
      if (fold && cell) toggleFold(cell);
      if (cell) select(cell, {});
      const toc = document.getElementById("toc");
      if (toc && toc.classList.contains("open") && !toc.contains(evt.target) && evt.target.id !== "toc-toggle") openToc(false);
    });
    document.body.addEventListener("focusin", (evt) => {
      const cell = cellOf(evt.target);
      cells().forEach((c) => c.classList.toggle("editing", c === cell && evt.target !== cell));
      if (cell) select(cell, {});
    });
    document.body.addEventListener("htmx:configRequest", (evt) => {
      const cell = cellOf(evt.detail.elt);
      const key = cell && (cell.dataset.cell || cell.id);
      if (cell && shownAt.has(key)) {
        evt.detail.parameters["elapsed_ms"] = Math.round(performance.now() - shownAt.get(key));
      }
    });
    document.body.addEventListener("htmx:beforeRequest", (evt) => {
      const cell = cellOf(evt.detail.elt);
      if (!cell) return;
      const active = document.activeElement;
      pending = { key: cell.id, focus: cell.contains(active) ? describe(active) : null };
      const count = cell.querySelector(".prompt .count");
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
    // A 4xx reply from the trainer still carries the cell with its message.
    document.body.addEventListener("htmx:beforeSwap", (evt) => {
      if ([409, 422].includes(evt.detail.xhr.status)) { evt.detail.shouldSwap = true; evt.detail.isError = false; }
    });
    const settled = new WeakMap();   // request -> cells seen to (a step's reply swaps several parts of one)
    document.body.addEventListener("htmx:afterSettle", (evt) => {
      const cell = swappedCell(evt);
      if (!cell) return;
      const xhr = evt.detail.xhr;
      if (xhr) {
        const done = settled.get(xhr) || new Set();
        settled.set(xhr, done);
        if (done.has(cell.id)) return;
        done.add(cell.id);
      }
      stamp(cell);
      decorate(cell);
      buildToc();
      if (cell.id === selectedKey) cell.classList.add("selected");
      const was = pending && pending.key === cell.id ? pending : null;
      if (!was) return;
      pending = null;
      showResult(cell);
      // Focus stays on the control used; if it is gone (a finished hand), on the cell.
      if (cell.contains(document.activeElement) && document.activeElement !== cell) return;
      let target = null;
      try { target = was.focus && cell.querySelector(was.focus); } catch (e) { target = null; }
      if (target && !target.disabled && target.offsetParent !== null) target.focus({ preventScroll: true });
      else if (was.focus !== null || document.activeElement === document.body) cell.focus({ preventScroll: true });
    });

    document.addEventListener("keydown", (evt) => {
      const dialog = document.getElementById("keys");
      if ((dialog && dialog.open) || evt.defaultPrevented || evt.isComposing) return;
      const t = evt.target;
      const typing = t.matches && t.matches(TYPING);
      const inToc = t.closest && t.closest("#toc");
      const cell = cellOf(t) || selected();
      if (evt.key === "Enter" && (evt.shiftKey || evt.ctrlKey || evt.metaKey) && !inToc) {
        if (!cell) return;
        evt.preventDefault();
        select(cell, {});
        run(cell, evt.shiftKey);
        return;
      }
      if (evt.key === "Escape") {
        const toc = document.getElementById("toc");
        if (toc && toc.classList.contains("open")) { openToc(false); document.getElementById("toc-toggle").focus(); evt.preventDefault(); return; }
        if (cell && t !== cell) { evt.preventDefault(); if (typing) t.blur(); command(cell); }
        return;
      }
      if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
      if (evt.key === "?") { evt.preventDefault(); showKeys(); return; }
      if (inToc) return;
      const onBody = t === document.body || t === document.documentElement;
      if (evt.key === "Enter" && cell && (t === cell || onBody)) { evt.preventDefault(); edit(cell); return; }
      // Arrows keep their own use on radio buttons, seats, anything that scrolls sideways and
      // anything marked data-arrows (a widget that moves with the arrows itself).
      const arrowsOwned = t.matches && t.matches("input[type=radio], [data-seat], .felt, .felt *, .scroll, .scroll *, [data-arrows], [data-arrows] *");
      const down = evt.key === "j" || evt.key === "J" || (evt.key === "ArrowDown" && !arrowsOwned);
      const up = evt.key === "k" || evt.key === "K" || (evt.key === "ArrowUp" && !arrowsOwned);
      if ((down || up) && cells().length) {
        evt.preventDefault();
        const next = cell ? neighbour(cell, down ? 1 : -1) : cells()[0];
        select(next, { scroll: true });
        next.focus({ preventScroll: true });
        return;
      }
      if ((evt.key === "o" || evt.key === "O") && cell) { evt.preventDefault(); toggleFold(cell); }
    });

    on("run-all", "click", async () => {
      for (const cell of cells()) {
        const form = cell.querySelector("form.question");
        if (!form || cell.dataset.done === "1" || cell.dataset.sent === "1" || !answered(form)) continue;
        const swapped = whenSwapped(cell.id);
        form.requestSubmit();
        await swapped;
      }
    });
  });
})();
