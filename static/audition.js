// The audition's countdown. The server keeps the real clock (a step after the
// deadline is refused); this only shows the time left, counted from the
// seconds the page was given. Screen readers hear it at most once a minute.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.getElementById("audition-timer");
    if (!box) return;
    const clock = box.querySelector(".clock");
    const said = box.querySelector("[aria-live]");
    const total = Number(box.dataset.seconds) || 0;
    const began = performance.now();
    let lastMinute = Math.ceil(total / 60);
    const left = () => Math.max(0, Math.round(total - (performance.now() - began) / 1000));
    const show = () => {
      const s = left();
      clock.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      box.classList.toggle("low", s <= 60);
      const minute = Math.ceil(s / 60);
      if (s > 0 && minute < lastMinute) {
        lastMinute = minute;
        said.textContent = minute + (minute === 1 ? " minute" : " minutes") + " left";
      }
      if (s === 0) {
        clearInterval(timer);
        said.textContent = "Time is up.";
        document.querySelectorAll("form.dealer fieldset").forEach((f) => { f.disabled = true; });
        setTimeout(() => { window.location.assign(box.dataset.result); }, 1500);
      }
    };
    const timer = setInterval(show, 1000);
    show();
  });
})();
