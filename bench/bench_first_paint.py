"""A cold lesson page's first paint on a throttled phone connection (issue 29, deliver 3).

Serves the trainer from a temporary database on a loopback port, signs a
trainee in with Chromium (Playwright, the system `chromium` or $CHROMIUM),
then loads a lesson page at 360x740 in a new browser context (signed in,
no cache, no open connection) with the cache off and the
network held to a slow phone's: 150 ms latency, 1.6 Mbit/s down and up
(Chrome DevTools' network emulation). Prints the first paint and first
contentful paint (the browser's `paint` timing entries), the HTML's size on
the wire and the page's load time, the median of --runs loads. The target:
first paint under 0.8 s.
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

LESSON = "holdem-01-dealing-a-hand"
PHONE = {"width": 360, "height": 740}
# A slow phone connection: 150 ms each way's latency, 1.6 Mbit/s = 200,000 bytes/s.
THROTTLE = {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 200_000}
USER = ("bench-paint", "bench-paint-password-1")


@dataclass(frozen=True)
class Paint:
    first_paint_ms: float
    first_contentful_paint_ms: float
    load_ms: float
    html_bytes: int      # the lesson page's HTML as sent (compressed when the server compresses)
    server_wait_ms: float  # request sent to the first byte back: the server's time and the latency


PAINT_JS = """() => {
  const at = (name) => (performance.getEntriesByName(name, 'paint')[0] || {}).startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  return {fp: at('first-paint'), fcp: at('first-contentful-paint'),
          load: nav.loadEventEnd, bytes: nav.transferSize,
          wait: nav.responseStart - nav.requestStart};
}"""


def cold_load(browser, base: str, signed_in: dict, lesson: str = LESSON) -> Paint:
    """A lesson page loaded in a new browser context (no cache, no open connection)
    signed in with `signed_in` (a context's storage state), on a throttled connection."""
    context = browser.new_context(viewport=PHONE, storage_state=signed_in)
    try:
        return measure(context.new_page(), base, lesson)
    finally:
        context.close()


def measure(page, base: str, lesson: str = LESSON) -> Paint:
    """One load of a lesson page on a throttled connection with the cache off, in a signed-in `page`."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", THROTTLE)
    try:
        page.goto(f"{base}/lessons/{lesson}", wait_until="load")
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint', 'paint').length")
        found = page.evaluate(PAINT_JS)
    finally:
        cdp.send("Network.emulateNetworkConditions", {**THROTTLE, "latency": 0, "downloadThroughput": -1,
                                                      "uploadThroughput": -1})
        cdp.detach()
    return Paint(found["fp"] or found["fcp"], found["fcp"], found["load"], found["bytes"], found["wait"])


@contextmanager
def live_server() -> Iterator[str]:
    """The trainer on a free loopback port, on a temporary database with one trainee."""
    from werkzeug.serving import make_server
    from webapp import create_app
    from webapp.auth import create_user
    from webapp.db import get_db
    from webapp.__main__ import compile_templates
    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench-first-paint", "DATABASE": os.path.join(folder, "bench.db")})
    with app.app_context():
        create_user(get_db(), *USER, "trainee")
    compile_templates(app)              # as `python -m webapp` does before its workers start
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


def sign_in(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/lessons/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state("load")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lesson", default=LESSON)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    with live_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport=PHONE)
        sign_in(context.new_page(), base, *USER)
        signed_in = context.storage_state()
        context.close()
        runs = [cold_load(browser, base, signed_in, args.lesson) for _ in range(args.runs)]
        browser.close()
    print("runs (first paint ms):", ", ".join(f"{r.first_paint_ms:.0f}" for r in runs))
    for name in ("first_paint_ms", "first_contentful_paint_ms", "load_ms", "server_wait_ms"):
        values = [getattr(r, name) for r in runs]
        print(f"{name:28} median {statistics.median(values):7.0f}  (min {min(values):.0f}, max {max(values):.0f})")
    print(f"{'html_bytes':28} {runs[0].html_bytes}")


if __name__ == "__main__":
    main()
