// The lesson editor, on top of a plain textarea that works without it:
// CodeMirror 5 (npm, served by the app) with line numbers, Markdown and TOML
// highlighting, the check's error marked at its line, and the live preview
// asked for as the text changes.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const area = document.getElementById("lesson-text");
    if (!area || !window.CodeMirror) return;
    const kinds = (area.dataset.kinds || "table question").split(" ");
    const FENCE = /^```\s*([A-Za-z]*)\s*$/;

    // A lesson: an optional +++ TOML header, Markdown, and ```KIND cells of TOML.
    CodeMirror.defineMode("lesson", (config) => {
      const md = CodeMirror.getMode(config, "markdown");
      const toml = CodeMirror.getMode(config, "toml");
      return {
        startState: () => ({ first: true, inner: null, close: null, md: CodeMirror.startState(md) }),
        copyState: (s) => ({ first: s.first, close: s.close, md: CodeMirror.copyState(md, s.md),
                             inner: s.inner && CodeMirror.copyState(toml, s.inner) }),
        token: (stream, state) => {
          if (stream.sol()) {
            const line = stream.string;
            const first = state.first;
            state.first = false;
            if (state.inner && state.close.test(line)) {
              stream.skipToEnd(); state.inner = null; return "meta";
            }
            const fence = !state.inner && FENCE.exec(line);
            if ((fence && kinds.includes(fence[1])) || (!state.inner && first && /^\+\+\+\s*$/.test(line))) {
              state.close = fence ? /^```\s*$/ : /^\+\+\+\s*$/;
              state.inner = CodeMirror.startState(toml);
              stream.skipToEnd();
              return "meta";
            }
          }
          return state.inner ? toml.token(stream, state.inner) : md.token(stream, state.md);
        },
        blankLine: (state) => { state.first = false; if (!state.inner && md.blankLine) md.blankLine(state.md); },
      };
    });

    const cm = CodeMirror.fromTextArea(area, {
      mode: "lesson", lineNumbers: true, lineWrapping: true, indentUnit: 2, tabSize: 4,
      gutters: ["lesson-errors", "CodeMirror-linenumbers"], inputStyle: "contenteditable",
      screenReaderLabel: "Lesson text", extraKeys: { Tab: false, "Shift-Tab": false },
    });
    cm.getWrapperElement().classList.add("lesson-editor");
    cm.refresh();   // measure the gutters and font the class just gave it
    // The notebook's shortcuts (Shift+Enter, J/K) belong to the preview, not to typing.
    cm.getWrapperElement().addEventListener("keydown", (evt) => evt.stopPropagation());

    let marked = [];
    function markErrors() {
      marked.forEach((line) => { cm.setGutterMarker(line, "lesson-errors", null); cm.removeLineClass(line, "background", "lesson-error-line"); });
      marked = [];
      document.querySelectorAll("#check-result [data-error-line]").forEach((el) => {
        const line = parseInt(el.dataset.errorLine, 10) - 1;
        if (!(line >= 0 && line < cm.lineCount())) return;
        const marker = document.createElement("span");
        marker.className = "lesson-error-marker";
        marker.textContent = "✘";
        marker.title = el.dataset.errorMessage || el.textContent;
        marker.setAttribute("data-testid", "error-marker");
        cm.setGutterMarker(line, "lesson-errors", marker);
        cm.addLineClass(line, "background", "lesson-error-line");
        marked.push(line);
      });
    }
    markErrors();
    document.body.addEventListener("htmx:afterSettle", markErrors);

    let timer = null;
    cm.on("change", () => {
      clearTimeout(timer);
      timer = setTimeout(() => { cm.save(); htmx.trigger(area, "lesson-changed"); }, 500);
    });
  });
})();
