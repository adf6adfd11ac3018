"""The lesson library checks itself: `python -m webapp.lessons check` and
`flask --app webapp lessons check`, `expect = ...`, and families."""
from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.lessonfile import LessonError, parse_lesson
from webapp.lessons import check

ROOT = Path(__file__).resolve().parents[2]
SPLIT = ('+++\ntitle = "Split"\nfamily = "money"\n+++\n\nText.\n\n```question\nid = "q"\nask = "split"\n'
         'pot = 15\nwinners = [2, 7]\nbutton = 5\nlowest_chip = 5\nexpect = {EXPECT}\n```\n')


def run(paths) -> tuple[int, str]:
    out = io.StringIO()
    return check([str(p) for p in paths], out=out), out.getvalue()


def test_the_installed_library_passes():
    code, out = run([ROOT / "lessons"])
    assert code == 0, out
    assert "no problems" in out


def test_a_broken_copy_fails_with_file_and_line(tmp_path):
    folder = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", folder)
    target = folder / "holdem-01-dealing-a-hand.md"
    lines = target.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("lowest_chip") or line.startswith("pot ="))
    lines[at] = "pot = twelve"
    target.write_text("\n".join(lines) + "\n")
    (folder / "extra.md").write_text(SPLIT.replace("{EXPECT}", "{ 2 = 10, 7 = 5 }"))
    code, out = run([folder])
    assert code == 1
    assert f"holdem-01-dealing-a-hand.md:{at + 1}: not valid TOML" in out
    assert "extra.md:15: question 'q': expect = seat 2: 10, seat 7: 5, but the engine answers " \
           "seat 2: 5, seat 7: 10 (rule 8.1.5(a) — dividing a pot, the odd chip)" in out
    assert "2 problems" in out


SHOW = ('+++\ntitle = "Show"\n+++\n\nText.\n\n```question\nid = "q"\nask = "first_to_show"\nbutton_was = 6\n'
        'seats = { 1 = ["Fay", 150], 3 = ["Gus", 150], 6 = ["Hal", 150], 8 = ["Ivy", 150] }\n'
        'actions = ["call", "call", "call", "check"{RIVER}]\n```\n')


def test_a_first_to_show_question_with_nobody_called_fails_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.md"
    bad.write_text(SHOW.replace("{RIVER}", ', "check"' * 12))
    code, out = run([bad])
    assert code == 1 and f"{bad}:7: question cell 'q': nobody is called on the river" in out
    assert "(8.17.6(d))" in out
    good = tmp_path / "good.md"
    good.write_text(SHOW.replace("{RIVER}", ', "check"' * 8 + ', "check", "bet 10", "call", "fold", "fold"'))
    assert run([good])[0] == 0


def test_expect_that_agrees_passes_and_the_command_line_exits_by_it(tmp_path):
    good = tmp_path / "good.md"
    good.write_text(SPLIT.replace("{EXPECT}", "{ 2 = 5, 7 = 10 }"))
    assert run([good])[0] == 0
    bad = tmp_path / "bad.md"
    bad.write_text(SPLIT.replace("{EXPECT}", '"seat 2"'))
    cli = subprocess.run([sys.executable, "-m", "webapp.lessons", "check", str(good), str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert cli.returncode == 1 and f"{bad}:15: question 'q': expect" in cli.stdout


def test_flask_command(app, tmp_path):
    (tmp_path / "good.md").write_text(SPLIT.replace("{EXPECT}", "{ 2 = 5, 7 = 10 }"))
    app.config["LESSONS_DIR"] = str(tmp_path)
    result = app.test_cli_runner().invoke(args=["lessons", "check"])
    assert result.exit_code == 0 and "1 lesson files, 1 interactive cells checked: no problems" in result.output


@pytest.mark.parametrize("slug, cell_id, right, wrong", [
    ("holdem-01-dealing-a-hand", "first-on-flop", lambda a: str(a), lambda a: str(a % 9 + 1)),
    ("holdem-01-dealing-a-hand", "who-wins", lambda a: str(list(a)), lambda a: "[]"),
    ("holdem-03-all-ins-and-side-pots", "side-pot-sizes", lambda a: str([a[i] for i in sorted(a)]),
     lambda a: str([a[i] + 1 for i in sorted(a)])),
])
def test_expect_reads_every_answer_shape(slug, cell_id, right, wrong):
    """A seat, several seats, a list of pots: `expect` in the shape the trainee answers."""
    text = (ROOT / "lessons" / f"{slug}.md").read_text()
    folder = ROOT / "lessons"      # where a table cell's phh = "hands/..." is
    answer = parse_lesson(text, folder=folder).cell(cell_id).engine.answer
    marker = f'id = "{cell_id}"\n'
    assert parse_lesson(text.replace(marker, f"{marker}expect = {right(answer)}\n"), folder=folder).cell(cell_id)
    with pytest.raises(LessonError, match=f"question '{cell_id}': expect = .* but the engine answers"):
        parse_lesson(text.replace(marker, f"{marker}expect = {wrong(answer)}\n"), folder=folder)


def test_families_group_the_lesson_list(client, auth, app, tmp_path):
    (tmp_path / "split-one.md").write_text(SPLIT.replace("{EXPECT}", "{ 2 = 5, 7 = 10 }"))
    shutil.copy(ROOT / "lessons" / "holdem-01-dealing-a-hand.md", tmp_path)
    app.config["LESSONS_DIR"] = str(tmp_path)
    auth.login()
    page = client.get("/lessons/").get_data(as_text=True)
    assert page.index("Flop games") < page.index("Betting, pots and money")
    assert 'data-family="flop"' in page and 'data-family="money"' in page
    assert "0 of 1 lesson complete" in page
    with pytest.raises(LessonError, match="family must be one of"):
        parse_lesson(SPLIT.replace('family = "money"', 'family = "poker"').replace("{EXPECT}", "{ 2 = 5, 7 = 10 }"))


def test_a_question_about_a_hand_opens_once_the_hand_is_dealt(client, auth, app, tmp_path):
    """No spoilers: the question would show the flop; it stays closed until the trainee has dealt it."""
    from engine.steps import Step
    from webapp.lessonfile import load_library

    from .conftest import HX, post_answer
    text = (ROOT / "lessons" / "holdem-01-dealing-a-hand.md").read_text()
    text += '\n```question\nid = "about-the-hand"\nask = "first_to_act"\nhand = "deal-a-hand"\nstreet = "flop"\n```\n'
    (tmp_path / "holdem-01-dealing-a-hand.md").write_text(text)
    app.config["LESSONS_DIR"] = str(tmp_path)
    auth.login()
    slug = "holdem-01-dealing-a-hand"
    cell = page_cell(client, slug, "about-the-hand")
    assert 'data-testid="locked"' in cell and "data-card=" not in cell and "<form" not in cell
    r = post_answer(client, slug, "about-the-hand", {"seat": "1"}, rev="0")
    assert r.status_code == 409
    hand = load_library(str(tmp_path)).lessons[slug].cell("deal-a-hand").engine.new_hand()
    at = 0
    while (exp := hand.expected()) is not None:
        step = Step(exp.kind, exp.seat, exp.seats)
        hand.propose(step)
        data = {"at": str(at), "kind": step.kind}
        if step.seat is not None:
            data["seat"] = str(step.seat)
        if step.seats:
            data["winners"] = [str(s) for s in step.seats]
        r = client.post(f"/lessons/{slug}/cells/deal-a-hand/step", data=data, headers=HX)
        assert r.status_code == 200
        at += 1
    opened = r.get_data(as_text=True)
    assert 'id="cell-about-the-hand"' in opened and 'hx-swap-oob="true"' in opened   # opens in place
    assert 'data-testid="locked"' not in page_cell(client, slug, "about-the-hand")
    with app.app_context():
        from webapp.db import get_db
        assert get_db().execute("select count(*) from attempts where cell = 'about-the-hand'").fetchone()[0] == 0
    answer = load_library(str(tmp_path)).lessons[slug].cell("about-the-hand").engine.answer
    assert "✔" in post_answer(client, slug, "about-the-hand", {"seat": str(answer)}).get_data(as_text=True)


def page_cell(client, slug, cell_id):
    page = client.get(f"/lessons/{slug}").get_data(as_text=True)
    return page.split(f'id="cell-{cell_id}"', 1)[1].split("</section>", 1)[0]


def test_the_curriculum_table_names_real_lessons_and_cells():
    """lessons/README.md maps every curriculum line to lessons and cells that exist."""
    import re

    from webapp.lessonfile import load_library
    library = load_library(str(ROOT / "lessons"))
    guide = (ROOT / "lessons" / "README.md").read_text()
    rows = [r for r in guide.split("## What the library teaches", 1)[1].splitlines()
            if r.startswith("| ") and not r.startswith("| curriculum point")]
    curriculum = ROOT.parent / "shared" / "curriculum.md"   # beside the checkout, as CI lays it out
    if curriculum.exists():
        sections = re.findall(r"^\| [^|]*? (8\.\d+) \|", curriculum.read_text(), re.M)
        assert len(sections) == 21
        for section in sections + ["Casino Hold'em"]:
            assert any(f" {section}:" in row or row.startswith(f"| {section}:") for row in rows), section
    for row in rows:
        _, point, lessons, cells, _ = row.split("|")
        slugs = re.findall(r"`([^`]+)`", lessons)
        assert slugs, point
        ids = {c.id for slug in slugs for c in library.lessons[slug].interactive_cells}
        for cell in re.findall(r"`([^`]+)`", cells):
            assert cell in ids, (point, cell)


def test_every_game_is_dealt_in_a_lesson():
    """Each section-8 game and the banked Casino Hold'em is dealt to the end in some table cell."""
    from engine.games.registry import GAMES
    from webapp.lessonfile import load_library
    library = load_library(str(ROOT / "lessons"))
    dealt = {c.data.get("game", "holdem") for lesson in library.lessons.values() for c in lesson.cells
             if c.kind == "table"}
    assert set(GAMES) | {"casino-holdem"} <= dealt
    assert len(library.lessons) >= 35
