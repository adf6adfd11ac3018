"""Real hands to deal: a table cell with `phh = "hands/NAME.phh"` takes its
seats, cards and decisions from a hand history inside the lessons folder
(webapp.lessonfile, engine.phh.replay.table_cell)."""
from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from engine.phh.read import load
from engine.phh.replay import replay
from webapp.lessonfile import MAX_PHH_BYTES, LessonError, load_library, parse_lesson
from webapp.lessons import check, deal_to_the_end

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
HANDS = ROOT / "tests" / "engine" / "phh"
HEADER = '+++\ntitle = "Real hands"\n+++\n\nText.\n\n'


def lesson(folder: Path, cell: str, name: str = "real.md"):
    """A one-cell lesson in `folder` (the cell's TOML on lines 8 on)."""
    text = HEADER + "```table\n" + cell + "\n```\n"
    (folder / name).write_text(text)
    return parse_lesson(text, path=f"lessons/{name}", folder=folder)


def refused(folder: Path, cell: str) -> LessonError:
    with pytest.raises(LessonError) as info:
        lesson(folder, cell)
    return info.value


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "hands").mkdir()
    for name in ("nt_side_pots.phh", "nt_uncalled.phhs", "f2l3d_standard_opener.phh", "ft_violation_raise_size.phh"):
        shutil.copy(HANDS / name, tmp_path / "hands" / name)
    return tmp_path


def finish(cell) -> list[int]:
    hand = cell.engine.new_hand().autoplay()
    assert hand.finished
    return [hand.players[s].stack for s in sorted(hand.players)]


def test_a_history_deals_to_the_end_with_its_finishing_stacks(folder):
    cell = lesson(folder, 'id = "real"\ntitle = "A real hand"\nphh = "hands/nt_side_pots.phh"').cells[-1]
    assert cell.engine.title == "A real hand" and cell.data["seats"]["1"] == ["Ann", 50]
    assert "phh" not in cell.data                 # the cell's data is a plain table cell's
    assert finish(cell) == [90, 40, 80, 160]      # the history's finishing_stacks, p1..p4 in seats 1..4
    assert deal_to_the_end(None, cell) is None    # as `webapp.lessons check` deals it


def test_the_installed_lesson_deals_the_hand_as_it_was_played():
    cell = load_library(str(LESSONS)).lessons["holdem-03-all-ins-and-side-pots"].cell("real-hand-two-side-pots")
    phh = load(LESSONS / "hands" / "two-side-pots.phh")[0]
    hand = cell.engine.new_hand().autoplay()
    seats = phh.fields["seats"]
    assert [hand.players[s].stack for s in seats] == phh.fields["finishing_stacks"] == [750, 400, 600, 400, 900]
    assert hand.players[9].stack == replay(phh).hand.players[9].stack
    # a main pot and two side pots, each to a different player: Pia, Mia, Omar,
    # awarded side pots first, the last built first (house award_order)
    assert [(a.name, a.amount, a.winners) for a in hand.awards] == [
        ("side pot 2", 400, (7,)), ("side pot 1", 750, (2,)), ("main pot", 600, (5,))]


def test_a_multi_hand_file_takes_hand_n_and_needs_it(folder):
    for n, stacks in ((1, [99, 101, 100]), (2, [99, 98, 103]), (3, [94, 106])):
        cell = lesson(folder, f'id = "h{n}"\nphh = "hands/nt_uncalled.phhs"\nhand = {n}').cells[-1]
        assert finish(cell) == stacks
    err = refused(folder, 'id = "h"\nphh = "hands/nt_uncalled.phhs"')
    assert (err.path, err.line) == ("lessons/real.md", 9) and "holds 3 hands: choose one with hand = 1 to 3" in str(err)
    err = refused(folder, 'id = "h"\nphh = "hands/nt_uncalled.phhs"\nhand = 4')
    assert err.line == 10 and "hand must be a hand's number in hands/nt_uncalled.phhs, 1 to 3" in str(err)


def test_house_standard_for_real_hands(folder):
    err = refused(folder, 'id = "r"\nphh = "hands/f2l3d_standard_opener.phh"')
    assert err.line == 9 and "action 11 (p2 cc): out of turn" in str(err)
    cell = lesson(folder, 'id = "r"\nphh = "hands/f2l3d_standard_opener.phh"\nhouse = "standard"').cells[-1]
    assert cell.data["house"] == "standard" and deal_to_the_end(None, cell) is None


@pytest.mark.parametrize("name", ["/etc/passwd.phh", "../outside.phh", "hands/../../outside.phh", "hands/x.txt",
                                  "hands\\x.phh", "~/x.phh", ".hidden.phh", "", "hands/x.phh/"])
def test_paths_out_of_the_lessons_folder_are_refused(folder, name):
    (folder.parent / "outside.phh").write_text((HANDS / "nt_side_pots.phh").read_text())
    err = refused(folder, f'id = "x"\nphh = "{name}"'.replace("\\", "\\\\"))
    assert err.line == 9 and "phh must name a .phh or .phhs file inside the lessons folder" in str(err)


def test_a_link_out_of_the_folder_and_other_files_are_refused(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "hand.phh"
    shutil.copy(HANDS / "nt_side_pots.phh", outside)
    (folder / "hands" / "link.phh").symlink_to(outside)
    err = refused(folder, 'id = "x"\nphh = "hands/link.phh"')
    assert err.line == 9 and "leads out of the lessons folder" in str(err)
    (folder / "hands" / "notes.phh").symlink_to(folder / "real.md")
    assert "not .phh or .phhs" in str(refused(folder, 'id = "x"\nphh = "hands/notes.phh"'))
    (folder / "hands" / "dir.phh").mkdir()
    assert "is not a file" in str(refused(folder, 'id = "x"\nphh = "hands/dir.phh"'))
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "hands" / "fifo.phh")
        assert "is not a file" in str(refused(folder, 'id = "x"\nphh = "hands/fifo.phh"'))
    (folder / "hands" / "big.phh").write_text("# " + "x" * MAX_PHH_BYTES + "\n")
    assert "larger than 256 KB" in str(refused(folder, 'id = "x"\nphh = "hands/big.phh"'))
    (folder / "hands" / "latin.phh").write_bytes(b"# \xe9\n")
    assert "not UTF-8 text" in str(refused(folder, 'id = "x"\nphh = "hands/latin.phh"'))


def test_missing_and_broken_histories_are_file_line_errors(folder):
    err = refused(folder, 'id = "x"\ntitle = "t"\nphh = "hands/nope.phh"')
    assert str(err).startswith("lessons/real.md:10: table cell 'x': phh = 'hands/nope.phh': there is no such file")
    (folder / "hands" / "bad.phh").write_text('variant = "NT"\nantes = [0, 0\n')
    err = refused(folder, 'id = "x"\nphh = "hands/bad.phh"')
    assert err.line == 9 and "lessons/hands/bad.phh: not valid TOML" in str(err)
    err = refused(folder, 'id = "x"\nphh = "hands/ft_violation_raise_size.phh"')
    assert err.line == 9 and "action 4 (p3 cbr 5): in 2/4 fixed limit a raise is exactly 2" in str(err)
    text = (HANDS / "nt_side_pots.phh").read_text().replace("finishing_stacks = [90,", "finishing_stacks = [91,")
    (folder / "hands" / "wrong.phh").write_text(text)
    err = refused(folder, 'id = "x"\nphh = "hands/wrong.phh"')
    assert "finishing stacks differ from the history's (p1: history 91, engine 90)" in str(err)


def test_a_phh_cell_takes_no_scenario_keys_of_its_own(folder):
    err = refused(folder, 'id = "x"\nphh = "hands/nt_side_pots.phh"\nseed = 4\nactions = ["fold"]')
    assert err.line == 9 and "takes only id, title, prompt, phh, hand, house, not actions, seed" in str(err)
    err = refused(folder, 'id = "x"\nphh = "hands/nt_side_pots.phh"\nhouse = "nowhere"')
    assert err.line == 9 and "nowhere" in str(err)


def test_a_question_about_a_phh_table_cell_shares_its_hand(folder):
    text = (HEADER + '```table\nid = "real"\nphh = "hands/nt_side_pots.phh"\n```\n\n'
            '```question\nid = "q"\nhand = "real"\nask = "pots"\nprompt = "How big is each pot?"\n```\n')
    q = parse_lesson(text, path="lessons/real.md", folder=folder).cell("q")
    assert sorted(q.engine.answer.values()) == [20, 80, 90]


def test_the_library_and_its_check_report_a_broken_reference_and_ignore_the_hands(folder, tmp_path):
    lesson(folder, 'id = "ok"\nphh = "hands/nt_side_pots.phh"', "good.md")
    (folder / "broken.md").write_text(HEADER + '```table\nid = "x"\nphh = "hands/gone.phh"\n```\n')
    library = load_library(str(folder))
    assert set(library.lessons) == {"good"}       # lessons/hands/*.phh are never lessons
    assert [str(e) for e in library.errors] == [
        "lessons/broken.md:9: table cell 'x': phh = 'hands/gone.phh': there is no such file in the lessons folder"]
    out = io.StringIO()
    assert check([str(folder)], out=out) == 1
    assert f"{folder}/broken.md:9: table cell 'x': phh = 'hands/gone.phh': there is no such file" in out.getvalue()
