"""A live trainer on a free loopback port and Debian's Chromium for Playwright.

Playwright may not download its own browser here, so the launch uses the
system `chromium` (scripts/test.sh installs it with apt when missing).
"""
from __future__ import annotations

import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server

from webapp import create_app
from webapp.auth import create_user
from webapp.db import get_db
from webapp.trainee.drawn_table import SEAT_ROWS

TRAINEE = ("trainee", "browser-pass-1")


def _chromium() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("Chromium is not installed: run the README's test command (scripts/test.sh), "
                    "which installs Debian's chromium package")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": _chromium(),
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run",
                     "--disable-quic"]}


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"SECRET_KEY": "browser-tests", "DATABASE": str(tmp_path / "live.db")})
    with app.app_context():
        create_user(get_db(), *TRAINEE, "trainee")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{server.server_port}", "app": app}
    server.shutdown()


def sign_in(page, base: str, path: str) -> None:
    page.goto(f"{base}{path}")
    page.fill("input[name=username]", TRAINEE[0])
    page.fill("input[name=password]", TRAINEE[1])
    page.click("button[type=submit]")


def perform(page, cell_id: str, kinds: dict, step) -> None:
    """Do one dealer step through the table cell's controls, as a trainee would:
    a seat tool and a click on the seat, a seat number in a row of seat steps, ticked seats and
    a button, or a button."""
    cell = page.locator(f"#cell-{cell_id}")
    if step.kind in kinds.get("choice", ()):
        cell.locator(f"input[name=ruling][value='{step.choice}']").check()
        cell.locator(f"button[data-kind={step.kind}]").click()
    elif step.kind in SEAT_ROWS:
        page.locator(f"#cell-{cell_id}--{step.kind}-{step.seat}").click()
    elif step.kind in kinds["seat"]:
        cell.locator(f"input[name=tool][value={step.kind}]").check()
        cell.locator(f"button.seat[data-seat='{step.seat}']").click()
    elif step.kind in kinds["seats"]:
        for seat in step.seats:
            cell.locator(f"input[name=winners][value='{seat}']").check()
        cell.locator(f"button[data-kind={step.kind}]").click()
    else:
        cell.locator(f"button[data-kind={step.kind}]").click()


def htmx_idle(page) -> None:
    """Wait until no htmx request, swap or settle is under way: a step's reply
    swaps several parts of a cell, each settling on its own, so the feedback
    can show before the seats are swapped and their Tab stop set again."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')")
