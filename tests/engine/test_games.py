"""Games as data (engine/games/registry.py): every section-8 game declared, each element
citing its rule, Table 1 of 4.1 as reconstructed; and the instructors'
commands `python -m engine games` and `python -m engine simulate`."""
from __future__ import annotations

import re
import tomllib

import pytest

from engine.__main__ import main
from engine.cards.deck import DECK_LOWEST_RANK
from engine.cards.rankings import RANKINGS
from engine.games.declarations import HOLDEM
from engine.games.parts import (Ante, Betting, Blinds, Burn, DealBoard, DealHole, Discard, Draw, Game,
                                MuckKitty, Showdown, Street)
from engine.games.registry import EDITIONS, GAMES, get_game, register
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.steps import Step

POKER = {name: g for name, g in GAMES.items() if isinstance(g, Game)}
ALL = list(POKER.values()) + list(EDITIONS.values())

# Table 1 of 4.1 as the engine reads it (see the comment in engine/games/registry.py).
TABLE_1 = {
    "draw-blind": {52: 8, 40: 6, 36: 5, 32: 5}, "draw-ante": {52: 8, 40: 6, 36: 5, 32: 5},
    "draw-kitty": {52: 7, 40: 5, 36: 4, 32: 4},
    "triple-draw-27": {52: 6}, "triple-draw-a5": {52: 6}, "lowball-27": {52: 8}, "lowball-a5": {52: 8},
    "five-card-stud": {52: 10, 40: 8, 36: 7, 32: 6}, "crown-stud": {52: 10, 40: 8, 36: 7, 32: 6},
    "seven-card-stud": {52: 8, 40: 6, 36: 5, 32: 4}, "seven-card-stud-hi-lo": {52: 8, 40: 6, 36: 5, 32: 4},
    "razz": {52: 8},
    "holdem": {52: 11, 40: 11, 36: 6}, "double-flop-holdem": {52: 11}, "pineapple": {52: 11},
    "crazy-pineapple": {52: 11}, "crazy-pineapple-hi-lo": {52: 11}, "holdem-hi-lo": {52: 11},
    "omaha": {52: 10}, "omaha-hi-lo": {52: 10},
    "two-card-manila": {36: 11, 32: 11}, "three-card-manila": {36: 9, 32: 7}, "faro-manila": {52: 8},
}


def elements(game: Game):
    """(what, rule) for every element of a declaration."""
    if game.blinds:
        yield "blinds", game.blinds.rule
    if game.ante:
        yield "ante", game.ante.rule
    if game.uses_button:
        yield "button", game.button_rule
    for street in game.streets:
        for op in street.deal:
            yield f"{street.name}: {type(op).__name__}", op.rule
            if isinstance(op, Draw):
                yield f"{street.name}: reshuffle", op.reshuffle_rule
        if street.betting:
            yield f"{street.name}: betting", street.betting.rule
    yield "showdown", game.showdown.rule
    yield "alone", game.uncontested_rule
    if game.showdown.split != "high":
        yield "odd chip of a split", game.showdown.odd_chip_rule


def test_every_game_of_section_8_is_declared():
    sections = {g.rule for g in POKER.values()}
    assert sections == {f"8.{n}" for n in range(4, 25)}
    assert set(POKER) == set(TABLE_1)
    assert {(g.name, g.rule) for g in EDITIONS.values()} == {
        ("draw-blind", "11"), ("five-card-stud", "12"), ("seven-card-stud", "13")}


@pytest.mark.parametrize("game", ALL, ids=lambda g: f"{g.name}-{g.edition}")
def test_every_element_cites_its_own_section(game):
    for what, rule in elements(game):
        assert rule, f"{game.name}: {what} cites no rule"
        assert rule.startswith(game.rule + "."), f"{game.name}: {what} cites {rule}, not {game.rule}"


@pytest.mark.parametrize("name", sorted(TABLE_1))
def test_table_1_of_4_1(name):
    game = POKER[name]
    assert game.max_players == TABLE_1[name]
    assert set(game.max_players) <= set(DECK_LOWEST_RANK)
    assert game.table_1, "each row's reading is recorded next to the data"
    for deck in game.max_players:
        assert game.ranking_for(deck) in RANKINGS


@pytest.mark.parametrize("name", sorted(n for n, g in POKER.items() if g.family != "stud"))
def test_table_1_seats_no_more_than_the_deck_can_deal(name):
    """Outside stud (which has its own rule for a short deck) the maximum
    players of Table 1 can always be dealt: hole cards, Kitty, board, burns."""
    game = POKER[name]
    hole = sum(op.count for s in game.streets for op in s.deal if isinstance(op, DealHole))
    board = sum(op.count for s in game.streets for op in s.deal if isinstance(op, DealBoard))
    burns = sum(1 for s in game.streets for op in s.deal if isinstance(op, Burn))
    kitty = hole if any(op.kitty for s in game.streets for op in s.deal if isinstance(op, DealHole)) else 0
    for deck, players in game.max_players.items():
        assert players * hole + kitty + board + burns <= deck, (deck, players)


def test_streets_burn_where_the_rules_burn():
    for game in ALL:
        first, *later = game.streets
        assert not any(isinstance(op, Burn) for op in first.deal), game.name   # nothing burns before the deal
        draw = any(isinstance(op, Draw) for s in game.streets for op in s.deal)
        for street in later:
            burns = [op for op in street.deal if isinstance(op, Burn)]
            if draw or all(isinstance(op, (Discard, MuckKitty)) for op in street.deal):
                assert not burns, (game.name, street.name)       # draws and discards burn nothing
            else:
                assert len(burns) == 1 and isinstance(street.deal[0], Burn), (game.name, street.name)


def test_shapes_of_the_games():
    def hole(name):
        return sum(op.count for s in POKER[name].streets for op in s.deal if isinstance(op, DealHole))

    assert [hole(n) for n in ("holdem", "omaha", "pineapple", "two-card-manila", "three-card-manila",
                              "faro-manila", "draw-blind", "five-card-stud", "seven-card-stud")] == \
        [2, 4, 3, 2, 3, 5, 5, 5, 7]
    assert [len(POKER[n].streets) for n in ("triple-draw-27", "lowball-27", "two-card-manila")] == [4, 2, 5]
    # Stud: the last card of Seven Card Stud and Crown Stud is down, of Five Card Stud up.
    last = {n: POKER[n].streets[-1].deal[-1].face_up for n in ("seven-card-stud", "crown-stud", "five-card-stud")}
    assert last == {"seven-card-stud": False, "crown-stud": False, "five-card-stud": True}
    assert POKER["razz"].streets[0].betting.low and POKER["razz"].showdown.ranking == "ace-to-five"
    assert not any(g.uses_button for g in ALL if g.family == "stud")
    assert POKER["draw-ante"].uses_button and POKER["draw-ante"].blinds is None
    assert POKER["draw-blind"].blinds.over_blind == "8.4.1(b)(i)"
    assert POKER["holdem"].ante == Ante("8.17.1(b)", required=False)
    assert POKER["double-flop-holdem"].showdown.split == "double-board"
    assert {n for n, g in POKER.items() if g.showdown.split == "hi-lo"} == {
        "seven-card-stud-hi-lo", "crazy-pineapple-hi-lo", "holdem-hi-lo", "omaha-hi-lo"}


def test_holdem_declaration_is_unchanged():
    assert HOLDEM.blinds == Blinds(2, "8.17.1(b), 8.2.2")
    assert [s.name for s in HOLDEM.streets] == ["pre-flop", "flop", "turn", "river"]
    assert HOLDEM.streets[1].deal == (Burn("8.17.4(a)"), DealBoard(3, flop=True, rule="8.17.4(a)"))
    assert HOLDEM.streets[0].betting == Betting("left_of_last_blind", "8.17.3(a)")


def test_get_game_names_aliases_editions_and_errors():
    assert get_game("Hold'em") is HOLDEM and get_game("stud").name == "seven-card-stud"
    assert get_game("seven-card-stud", "second").rule == "13"
    assert get_game("omaha", "second").rule == "8.23"     # no second edition: the main one
    with pytest.raises(KeyError, match="no game 'whist'; known games: .*razz"):
        get_game("whist")


def test_a_new_game_is_new_data():
    """A game the rules do not name, declared here, deals with no new code:
    a six-card stud is not a game of the house, but the engine needs nothing
    more than the declaration to deal it, with its own rule numbers."""
    up = [Street(name, deal=(Burn(f"T.{n}"), DealHole(1, face_up=True, rule=f"T.{n}")),
                 betting=Betting("best_showing", f"T.{n}")) for n, name in ((4, "fourth"), (5, "fifth"))]
    game = Game(name="test-stud-6", title="Six Card Stud (test)", rule="T", family="stud",
                max_players={52: 6}, button=False, ante=Ante("T.1"),
                streets=(Street("third", deal=(DealHole(2, rule="T.2"), DealHole(1, face_up=True, rule="T.2")),
                                betting=Betting("bring_in", "T.3")), *up,
                         Street("sixth", deal=(Burn("T.6"), DealHole(1, rule="T.6")),
                                betting=Betting("best_showing", "T.6"))),
                showdown=Showdown("high", "any_five", "T.7"), uncontested_rule="T.3", stub_short="T.6")
    register(game)
    try:
        hand = Hand(Scenario(game="test-stud-6", seats={1: ("A", 50), 2: ("B", 50)}, seed=2,
                             actions=("bring-in", "call") + ("check",) * 6))
        rules = []
        while (exp := hand.expected()) is not None:
            rules.append(exp.rule)
            hand.propose(Step(exp.kind, exp.seat, exp.seats))
        assert hand.finished and [len(p.cards) for p in hand.players.values()] == [6, 6]
        assert rules[-1] == "T.7" and "T.6" in rules
        assert hand.step_kinds() == (("pitch", "pitch_up", "name_opener", "return_uncalled"),
                                     ("collect_antes", "burn", "reshuffle", "deal_common", "collect_bets"))
    finally:
        del GAMES["test-stud-6"]


def test_describe_cites_every_rule():
    text = "\n".join(POKER["draw-kitty"].describe())
    for _, rule in elements(POKER["draw-kitty"]):
        assert rule in text
    assert "Table 1 reading" in text and "garbled" in text


# --- python -m engine games / simulate ----------------------------------------------------

def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_sections_decks_and_limits(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0 and not err
    for name, game in POKER.items():
        line = next(l for l in out.splitlines() if l.startswith(name + " "))
        assert f" {game.rule} " in line
        assert ", ".join(f"{d}:{n}" for d, n in game.max_players.items()) in line
    assert re.search(r"razz .* ante \(8\.13\.1\), bring-in by the highest up-card \(8\.13\.3\(a\)\)", out)


def test_games_follows_the_house_profile(capsys):
    code, out, _ = run(capsys, "games", "--house", "live-casino")
    assert re.search(r"^holdem .* 52:10, 40:10, 36:6 ", out, re.M)      # at most ten (live-casino)
    code, out, _ = run(capsys, "games", "seven-card-stud", "--house", "second")
    assert out.startswith("Seven Card Stud (13) - second rulebook") and "13.4(a)" in out


def test_games_shows_one_declaration(capsys):
    code, out, _ = run(capsys, "games", "double-flop-holdem")
    assert code == 0
    assert "flop on the bottom board (8.18.4(a))" in out and "odd chip to the top board (8.18.6(e))" in out
    code, out, err = run(capsys, "games", "bridge")
    assert code == 2 and "no game 'bridge'" in err


def test_registered_games_are_listed(capsys):
    class Banked:
        name, title, rule, max_players = "test-banked", "Test Banked", "X", {52: 7}

    register(Banked())
    try:
        code, out, _ = run(capsys, "games")
        assert re.search(r"^test-banked +Test Banked +X +52:7 +banked game", out, re.M)
    finally:
        del GAMES["test-banked"]


@pytest.mark.parametrize("name", sorted(POKER))
def test_simulate_prints_every_step_with_its_rule(capsys, name):
    code, out, err = run(capsys, "simulate", name, "--seed", "7")
    assert code == 0 and not err
    steps = re.findall(r"^ +\d+\. (.+?) \[([^\]]+)\]: ", out, re.M)
    assert steps and all(re.search(r"\d", rule) for _, rule in steps)
    assert steps[-1][0].startswith("Award the pot")
    assert "why: " in out and out.rstrip().splitlines()[-1].startswith("Result: ")


@pytest.mark.parametrize("name", sorted(POKER))
def test_simulate_prints_each_decision_under_its_own_street(capsys, name):
    # Audit: when everyone checked, no "collect the bets" step came between a
    # betting round and the next street, and its decisions were printed under
    # the next street's header. Every street opens with a dealer step.
    for seed in (1, 2, 3):
        code, out, _ = run(capsys, "simulate", name, "--seed", str(seed), "--players", "2")
        assert code == 0
        lines = out.splitlines()
        for before, line in zip(lines, lines[1:]):
            assert not (before.startswith("-- ") and "player: " in line), (seed, before, line)


def test_simulate_checks_round_stays_on_its_street(capsys):
    code, out, _ = run(capsys, "simulate", "holdem", "--seed", "3", "--players", "2")
    assert code == 0
    assert re.search(r"Turn the flop.*\n.*why: .*\n +player: .* checks\n +player: .* checks\n-- turn --",
                     out)


def test_simulate_options_and_replayable_scenario(capsys):
    code, out, _ = run(capsys, "simulate", "seven-card-stud", "--players", "8", "--deck", "52",
                       "--seed", "3", "--betting", "fixed", "--scenario")
    assert code == 0 and "Seven Card Stud (8.11), 52-card deck, 2/4 fixed limit" in out
    assert "Name who opens" in out and "[8.11.3(a)]" in out
    toml = out.split("```table\n")[1].split("```")[0]
    data = tomllib.loads(toml)
    data.pop("id")
    hand = Hand(Scenario.from_dict(data)).autoplay()
    result = out.split("Result: ")[1].splitlines()[0]
    assert result == ", ".join(f"seat {s} {p.stack}" for s, p in sorted(hand.players.items()))


@pytest.mark.parametrize("argv, words", [
    (["simulate", "canasta"], "no game 'canasta'"),
    (["simulate", "razz", "--deck", "36"], "not dealt with a 36-card deck"),
    (["simulate", "omaha", "--players", "11"], "at most 10 players"),
    (["simulate", "omaha", "--players", "1"], "at least two"),
    (["simulate", "holdem", "--house", "nowhere"], "no house-rule profile 'nowhere'"),
])
def test_simulate_errors_name_the_problem(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err
