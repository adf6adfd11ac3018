"""`python -m engine rank`: the instructors' hand reader."""
from __future__ import annotations

import pytest

from engine.__main__ import main
from engine.cards.rankings import RANKINGS


def run(capsys, *argv):
    code = main(["rank", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_best_hand_category_and_five_cards(capsys):
    code, out, err = run(capsys, "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert code == 0 and not err
    assert "Best hand:  Royal Flush" in out
    assert "Category:   Royal Flush" in out
    assert "Cards used: As Ks Qs Js Ts" in out
    assert "high (3.2.1)" in out


def test_ranking_is_selected_by_name(capsys):
    code, out, _ = run(capsys, "--ranking", "ace-to-five", "8c", "6d", "4h", "2s", "Ah", "Ac", "8d")
    assert code == 0
    assert "Category:   8-low" in out and "Cards used: 8c 6d 4h 2s Ah" in out
    code, out, _ = run(capsys, "-r", "short36", "As", "6d", "7c", "8h", "9s", "Kd", "Kc")
    assert "Best hand:  Straight, Nine high" in out


def test_ten_may_be_written_10(capsys):
    code, out, _ = run(capsys, "10h", "Jh", "Qh", "Kh", "Ah")
    assert code == 0 and "Cards used: Ah Kh Qh Jh Th" in out


def test_board_and_selection_for_omaha(capsys):
    code, out, _ = run(capsys, "--selection", "two_hole_three_board", "--board", "Ah Kh Qh 8h 2c",
                       "Th", "3s", "4d", "9c")
    assert code == 0 and "Category:   No Pair" in out


def test_no_qualifying_low_is_said_plainly(capsys):
    code, out, _ = run(capsys, "-r", "eight-or-better", "Kd", "Kc", "Qs", "Js", "9d")
    assert code == 0 and "no qualifying low" in out and "3.2.1(b)(xi)" in out


def test_list_shows_every_ranking_with_its_rule(capsys):
    code, out, _ = run(capsys, "--list")
    assert code == 0
    for r in RANKINGS.values():
        assert r.name in out and r.rule in out
    assert "Reconstruction" in out


def test_bad_card_text_names_the_token(capsys):
    code, out, err = run(capsys, "As", "Kx", "Qs", "Js", "Ts")
    assert code == 2 and not out
    assert "'Kx' is not a card" in err


@pytest.mark.parametrize("argv,words", [
    (["-r", "short36", "As", "2d", "7d", "8h", "9s"], "2d is not in the 36-card deck (3.1.3)"),
    (["As", "As", "Qs", "Js", "Ts"], "As appears twice"),
    (["As", "Ks", "Qs"], "five cards (3.2.1(b)); got 3"),
    (["-r", "lowest", "As", "Ks", "Qs", "Js", "Ts"], "no hand ranking 'lowest'"),
    ([], "no cards given"),
    (["--board", "Ah Zz 2c"], "'Zz' is not a card"),
])
def test_errors_exit_2_with_a_clear_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err
