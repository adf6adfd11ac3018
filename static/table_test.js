// The table-test form (issue 33): the result as scored, worked out again on every tap,
// so the instructor sees PASS or FAIL before confirming it. The server computes it
// again from what is sent (webapp/rubric.py, score); this is only the preview.
(function () {
  function update(form) {
    var level = parseInt(form.dataset.passLevel, 10);
    var unscored = [], below = [];
    form.querySelectorAll("fieldset.category").forEach(function (set) {
      var checked = set.querySelector("input[type=radio]:checked");
      var title = set.dataset.title;
      if (!checked) { unscored.push(title); return; }
      if (set.dataset.mustPass === "1" && parseInt(checked.value, 10) < level) { below.push(title); }
    });
    var out = form.querySelector("[data-testid=computed]");
    if (!out) { return; }
    var passed = !unscored.length && !below.length;
    var why = unscored.length ? "Not every category is scored yet: " + unscored.join(", ") + "."
      : below.length ? "Below " + level + " in a must-pass category: " + below.join(", ") + "."
      : "Every must-pass category at " + level + " or better.";
    out.textContent = "As scored: " + (passed ? "PASS" : "FAIL") + ". " + why;
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.table-test");
    if (form && event.target.name && event.target.name.indexOf("score-") === 0) { update(form); }
  });
})();
