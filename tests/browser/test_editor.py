"""An instructor edits a lesson in the browser editor while a trainee is in
it: line numbers, an error marked at its line, a preview that deals, Publish,
and the trainee's changed cell restarts with the notice."""
from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from webapp import create_app
from webapp.auth import create_user
from webapp.db import get_db
from webapp.instructor.drafts import digest
from webapp.lessonfile import load_library, parse_lesson

from .conftest import TRAINEE, perform

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
LESSON, CELL = "holdem-01-dealing-a-hand", "deal-a-hand"
INSTRUCTOR = ("teacher", "browser-teach-2")
KINDS = {"seat": {"move_button", "post_blind", "pitch"}, "seats": {"award"}}


@pytest.fixture
def editor_server(tmp_path):
    """A live trainer on a copy of the lessons: publishing here never touches lessons/."""
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    app = create_app({"SECRET_KEY": "browser-editor", "DATABASE": str(tmp_path / "live.db"),
                      "LESSONS_DIR": str(lessons)})
    with app.app_context():
        create_user(get_db(), *TRAINEE, "trainee")
        create_user(get_db(), *INSTRUCTOR, "instructor")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{server.server_port}", "app": app, "lessons": lessons}
    server.shutdown()


def sign_in(page: Page, base: str, path: str, who) -> None:
    page.goto(f"{base}{path}")
    page.fill("input[name=username]", who[0])
    page.fill("input[name=password]", who[1])
    page.click("button[type=submit]")


def type_at(page: Page, line: int, column: int, keys: str) -> None:
    """Put the caret at line:column (1-based line) and type, as a person would."""
    page.evaluate("([l, c]) => { const cm = document.querySelector('.CodeMirror').CodeMirror;"
                  " cm.focus(); cm.setCursor({line: l - 1, ch: c}); }", [line, column])
    page.keyboard.type(keys)


def test_instructor_previews_deals_and_publishes_and_the_trainee_sees_the_notice(page: Page, browser,
                                                                                    editor_server):
    base, app = editor_server["url"], editor_server["app"]
    lesson = load_library(app.config["LESSONS_DIR"]).lessons[LESSON]
    text = (editor_server["lessons"] / f"{LESSON}.md").read_text(encoding="utf-8")
    seed_line = text.splitlines().index("seed = 20261130") + 1

    # The trainee deals the first step of the hand.
    trainee = browser.new_page()
    sign_in(trainee, base, f"/lessons/{LESSON}", TRAINEE)
    first = lesson.cell(CELL).engine.new_hand().expected().step()
    perform(trainee, CELL, KINDS, first)
    expect(trainee.locator(f"#cell-{CELL} [data-testid=steps]")).to_contain_text("1 of")

    # The instructor opens the lesson in the editor: line numbers, highlighting.
    sign_in(page, base, f"/author/{LESSON}", INSTRUCTOR)
    expect(page.locator(".CodeMirror")).to_be_visible()
    numbers = page.locator(".CodeMirror-code .CodeMirror-linenumber")
    expect(numbers.first).to_have_text("1")
    expect(numbers.first).to_be_visible()
    expect(page.locator(".CodeMirror .cm-header").first).to_be_visible()          # Markdown headings coloured

    # An error, marked at its line; the preview waits for the fix.
    type_at(page, seed_line, len("seed = "), "x")
    marker_line = page.locator(".CodeMirror-code > div:has([data-testid=error-marker]) .CodeMirror-linenumber")
    expect(marker_line).to_have_text(str(seed_line))
    expect(page.locator("[data-testid=author-problem]")).to_contain_text(f"{LESSON}.md:{seed_line}: not valid TOML")
    expect(page.locator("[data-testid=preview-problem]")).to_be_visible()

    # Fixed, with a new scenario (another shuffle): the preview deals it.
    page.keyboard.press("Backspace")
    type_at(page, seed_line, len("seed = 2026113"), "7")
    page.keyboard.press("Delete")
    expect(page.locator("[data-testid=error-marker]")).to_have_count(0)
    preview_cell = page.locator(f"#preview #cell-{CELL}")
    expect(preview_cell).to_be_visible()
    edited = page.evaluate("() => document.querySelector('.CodeMirror').CodeMirror.getValue()")
    assert "seed = 20261137" in edited
    # Each keystroke re-renders the preview: wait for the preview of this very text (its token),
    # or a late preview of a half-typed text would replace the cell after the step.
    token = digest(f"{LESSON}\n{edited}")
    expect(preview_cell.locator(f"form.dealer[action*='{token}']")).to_have_count(1)
    step = parse_lesson(edited, slug=LESSON, folder=app.config["LESSONS_DIR"]).cell(CELL).engine.new_hand() \
        .expected().step()
    perform(page, CELL, KINDS, step)
    expect(preview_cell.locator("[data-testid=steps]")).to_contain_text("1 of")
    expect(preview_cell.locator("[data-testid=feedback]")).to_contain_text("✔")

    # Publish; trainees get it, and no preview step was recorded as an attempt.
    page.click("button[name=action][value=publish]")
    expect(page.locator(".flash")).to_contain_text("Published")
    with app.app_context():
        teacher = get_db().execute("select id from users where username = ?", [INSTRUCTOR[0]]).fetchone()[0]
        assert get_db().execute("select count(*) from attempts where user_id = ?", [teacher]).fetchone()[0] == 0

    trainee.reload()
    cell = trainee.locator(f"#cell-{CELL}")
    expect(cell.locator("[data-testid=feedback]")).to_contain_text(
        "This exercise was changed by your instructor; the hand starts again.")
    expect(cell.locator("[data-testid=steps]")).to_contain_text("0 of")
