"""Issue 30, Deliver 1: lesson Markdown parsed in linear time (markdown-it-py,
CommonMark), sanitised by nh3, rendered once per lesson version, and a cell or
paragraph over the limits refused by the lesson check at its file:line."""
from __future__ import annotations

import io
import signal
from contextlib import contextmanager

import pytest

from webapp import markdown_cells
from webapp.lessonfile import LessonError, parse_lesson
from webapp.lessons import check

QUESTION = '```question\nid = "q"\nask = "split"\npot = 15\nwinners = [2, 7]\nbutton = 5\nlowest_chip = 5\n```\n'


def lesson_with(markdown: str) -> str:
    return f'+++\ntitle = "Hostile"\nfamily = "money"\n+++\n\n{markdown}\n\n{QUESTION}'


@contextmanager
def within(seconds: float):
    """Fail (TimeoutError) if the block uses more than `seconds` of CPU: a
    generous bound the former parser missed by seconds; counted in CPU time
    (ITIMER_VIRTUAL), so a busy machine does not make it flaky."""
    def expired(signum, frame):
        raise TimeoutError(f"took more than {seconds} s of CPU")
    previous = signal.signal(signal.SIGVTALRM, expired)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


HOSTILE = {
    "3,000 [": "[" * 3000,
    "8 KB of [": "[" * 8000,
    "16 KB of <a": "<a " * (16 * 1024 // 3),
    "nested emphasis": "*a **b " * 1300,
    "deep quotes": "> " * 3000 + "x",
    "deep lists": "".join("  " * i + "- x\n" for i in range(300)),
    "link labels": "[a](" * 2000,
    "backticks": "`a``" * 2000,
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_markdown_renders_in_milliseconds(name):
    text = HOSTILE[name]
    with within(1.0):
        html = str(markdown_cells.render_markdown(text))
    assert "<script" not in html and html


@pytest.mark.parametrize("name", ["3,000 [", "16 KB of <a", "link labels"])
def test_a_lesson_with_hostile_markdown_loads_in_milliseconds(name):
    text = HOSTILE[name]
    if len(text) > markdown_cells.MAX_PARAGRAPH_CHARS:       # one paragraph at most 8 KB: split into lines
        text = "\n\n".join(text[i:i + 4000] for i in range(0, len(text), 4000))
    with within(1.0):
        lesson = parse_lesson(lesson_with(text), "lessons/hostile.md")
    assert lesson.cells[0].kind == "markdown" and lesson.cells[0].html


def test_each_lesson_version_is_rendered_once_at_load(monkeypatch):
    calls = []
    real = markdown_cells._PARSER.render
    monkeypatch.setattr(markdown_cells._PARSER, "render", lambda text: calls.append(text) or real(text))
    lesson = parse_lesson(lesson_with("# Split pots\n\nSome **bold** words.\n\n| a | b |\n|---|--:|\n| 1 | 2 |"),
                          "lessons/x.md")
    assert len(calls) == 1
    html = lesson.cells[0].html
    assert "<strong>bold</strong>" in html and "<table>" in html and "<td" in html and "<h1>" in html


def test_the_lesson_page_uses_the_html_rendered_at_load(client, auth, monkeypatch):
    auth.login("trainee")
    client.get("/lessons/holdem-01-dealing-a-hand")       # loads the library once
    monkeypatch.setattr(markdown_cells, "render_markdown", lambda text: pytest.fail("rendered per view"))
    monkeypatch.setattr(markdown_cells._PARSER, "render", lambda text: pytest.fail("rendered per view"))
    r = client.get("/lessons/holdem-01-dealing-a-hand")
    assert r.status_code == 200 and "<h" in r.get_data(as_text=True)


@pytest.mark.parametrize("text, gone", [
    ('<a href="javascript:alert(1)">x</a>', "javascript:"),
    ("![remote](https://tracker.example/p.png)", "tracker.example"),
    ("![remote](//tracker.example/p.png)", "tracker.example"),
    ('<td style="background:url(/x)">a</td>', "background"),
    ("<script>alert(1)</script>", "<script"),
])
def test_the_same_cleaning_rules_hold(text, gone):
    assert gone not in str(markdown_cells.render_markdown(text))


def test_table_alignment_is_kept():
    html = str(markdown_cells.render_markdown("| a | b |\n|:--|--:|\n| 1 | 2 |"))
    assert 'style="text-align:right"' in html and "<th" in html


def test_a_long_paragraph_fails_the_check_with_file_and_line(tmp_path):
    body = "Intro.\n\n" + "word " * (markdown_cells.MAX_PARAGRAPH_CHARS // 5 + 10)
    path = tmp_path / "long.md"
    path.write_text(lesson_with(body))
    out = io.StringIO()
    assert check([str(path)], out=out) == 1
    # header 4 lines, a blank, "Intro.", a blank: the paragraph is line 8
    assert f"{path}:8: a paragraph may hold at most 8 KB of text" in out.getvalue()


def test_a_huge_cell_fails_the_check_with_file_and_line(tmp_path):
    body = "\n\n".join(["Short paragraph."] * (markdown_cells.MAX_CELL_CHARS // 16))
    with pytest.raises(LessonError) as err:
        parse_lesson(lesson_with(body), "lessons/huge.md")
    assert err.value.line == 6 and "an explanation cell may hold at most 32 KB" in err.value.message


def test_a_slow_cell_fails_the_check(monkeypatch):
    monkeypatch.setattr(markdown_cells, "MAX_RENDER_SECONDS", -1.0)
    with pytest.raises(LessonError) as err:
        parse_lesson(lesson_with("Fine text."), "lessons/slow.md")
    assert err.value.line == 6 and "takes more than" in err.value.message
