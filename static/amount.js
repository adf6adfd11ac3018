// The amount entry (templates/trainee/_amount_entry.html), on a sprint's page and under a table
// that asks an amount: each chip button adds its value to the amount being built (the last one
// of a list "200 / 210"), Next amount starts the next one, Clear empties the box. Listened for on
// the document, so entries swapped in by htmx work as they come.
(function () {
  "use strict";

  function addChip(box, value) {
    const parts = box.value.split("/");
    const last = parts.pop().trim();
    const sum = (Number(last) || 0) + value;
    parts.push((parts.length ? " " : "") + String(sum));
    box.value = parts.join("/");
    box.focus();
  }

  document.addEventListener("click", (event) => {
    const entry = event.target.closest(".amount-entry");
    const box = entry ? entry.querySelector("input.amount-box") : null;
    if (!box) return;
    const chip = event.target.closest(".chip");
    if (chip) {
      addChip(box, Number(chip.dataset.chip));
    } else if (event.target.closest(".chip-next")) {
      if (box.value.trim() !== "" && !box.value.trim().endsWith("/")) box.value = box.value.trim() + " / ";
      box.focus();
    } else if (event.target.closest(".chip-clear")) {
      box.value = "";
      box.focus();
    }
  });
})();
