"""PHH hand histories: reading, replaying through the engine, writing (engine/phh/).

The fixtures in tests/engine/phh/ are hands written for these tests; each
file's comments derive its finishing stacks by hand from the rules cited.
"""
import datetime
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.games.parts import Game
from engine.games.registry import GAMES
from engine.hand.machine import Hand
from engine.hand.players import RandomPlayer
from engine.hand.scenario import Scenario
from engine.phh.read import PhhError, PhhViolation, load, loads
from engine.phh.replay import replay
from engine.phh.write import dumps, from_hand, to_phh, variant_code
from engine.steps import ScenarioError, Step

HERE = Path(__file__).parent / "phh"
TOURNAMENT = str(HERE / "tournament.toml")
# Hands dealt as tournaments deal them: they replay under house `standard` only.
STANDARD_ONLY = {"f2l3d_standard_opener.phh": (11, "p2 cc", "8.7.5(a)"),
                 "fr_raise_to_all_in.phh": (19, "p2 cbr 6", "6.5, 1.1 Structured limit")}
SETTLED = sorted(p.name for p in HERE.glob("*.phh*")
                 if "finishing_stacks" in p.read_text() and p.name != "nt_big_blind_ante.phh"
                 and p.name not in STANDARD_ONLY)


def hand(name: str, i: int = 0):
    return load(HERE / name)[i]


def stacks(name: str, house: str = "main") -> list:
    return [replay(h, house).finishing_stacks for h in load(HERE / name)]


# --- replaying the fixtures ------------------------------------------------------------

@pytest.mark.parametrize("name", SETTLED)
def test_fixture_replays_to_the_stacks_derived_by_hand(name):
    for h in load(HERE / name):
        result = replay(h)
        assert result.finishing_stacks == h.fields["finishing_stacks"], h.source
        assert result.differences() == []
        assert result.hand.finished


@pytest.mark.parametrize("name", sorted(STANDARD_ONLY))
def test_tournament_hand_replays_under_the_standard_profile(name):
    # Post-draw betting opened left of the button (Triple Draw), and a fixed-limit
    # raise recorded as the amount that puts the last opponent all-in (Razz).
    h = hand(name)
    result = replay(h, "standard")
    assert result.finishing_stacks == h.fields["finishing_stacks"]
    assert result.differences() == [] and result.hand.finished
    again = replay(loads(result.to_phh())[0], "standard")
    assert again.stacks_in_units == result.stacks_in_units


@pytest.mark.parametrize("name", sorted(STANDARD_ONLY))
def test_tournament_hand_breaks_the_main_rulebook_where_standard_differs(name):
    number, action, rule = STANDARD_ONLY[name]
    with pytest.raises(PhhViolation) as err:
        replay(hand(name))
    assert (err.value.number, err.value.action) == (number, action)
    assert rule in err.value.reason


@pytest.mark.parametrize("field, value", [("post_draw_opener", "left_of_button"),
                                          ("fixed_raise_to_all_in", True)])
def test_each_standard_difference_is_its_own_house_field(tmp_path, field, value):
    # A profile on `main` with one field changed replays exactly the hand that needs it.
    path = tmp_path / "one.toml"
    path.write_text(f"{field} = {str(value).lower() if isinstance(value, bool) else repr(value)}\n".replace("'", '"'))
    needs = {"post_draw_opener": "f2l3d_standard_opener.phh",
             "fixed_raise_to_all_in": "fr_raise_to_all_in.phh"}[field]
    assert replay(hand(needs), str(path)).differences() == []
    other = next(n for n in STANDARD_ONLY if n != needs)
    with pytest.raises(PhhViolation):
        replay(hand(other), str(path))


def test_cli_replays_a_tournament_hand_under_standard(capsys):
    code = main(["replay", str(HERE / "f2l3d_standard_opener.phh"), "--house", "standard", "--check"])
    out, err = capsys.readouterr()
    assert code == 0 and out.split() == ["99", "119", "82"] and err == ""


def test_every_variant_of_the_brief_has_a_fixture():
    variants = {h.variant for name in SETTLED for h in load(HERE / name)}
    assert {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "NS"} <= variants


def test_side_pots_each_go_to_their_own_winner():
    result = replay(hand("nt_side_pots.phh"))
    pots = [(a.name, a.amount, a.winners) for a in result.hand.awards]
    # seats are the players' numbers here: p1 in seat 1 ... Awarded side
    # pots first, the last built first (house award_order); the stacks are
    # the history's whatever the order.
    assert pots == [("side pot 2", 20, (4,)), ("side pot 1", 90, (1,)), ("main pot", 80, (3,))]


def test_odd_chip_follows_the_house_rules():
    # 8.1.5(a): closest clockwise to the button; second rulebook 11.4(d): highest card by suit.
    assert stacks("nt_split_odd_chip.phh") == [[99, 101, 100]]
    assert stacks("nt_split_odd_chip.phh", "live-casino") == [[99, 101, 100]]
    assert stacks("nt_split_odd_chip.phh", "second") == [[99, 100, 101]]


def test_hi_lo_odd_chip_goes_to_the_high_hand():
    result = replay(hand("fo8_split.phh"))
    halves = {a.name: (a.amount, a.winners) for a in result.hand.awards}
    assert halves == {"high half of the main pot": (3, (2,)), "low half of the main pot": (2, (3,))}


def test_big_blind_ante_needs_the_house_rule_and_is_dead_money():
    with pytest.raises(PhhError, match="tournament_antes"):
        replay(hand("nt_big_blind_ante.phh"))
    result = replay(hand("nt_big_blind_ante.phh"), TOURNAMENT)
    assert result.finishing_stacks == [99, 96, 105]
    # The 4 went back as the dealer's own step before the bets were collected (1.1 Pot; 7.5).
    assert result.hand.returned == {3: 4} and result.hand.awards[0].returned == {}


def test_cents_are_replayed_in_hundredths_and_printed_back():
    h = hand("nt_cents.phh")
    assert h.scale == 100
    result = replay(h)
    assert result.stacks_in_units == [2525, 3650, 1425]
    assert [str(v) for v in result.finishing_stacks] == ["25.25", "36.50", "14.25"]


def test_a_hand_not_tabled_is_not_read():
    result = replay(hand("nt_muck.phh"))
    assert result.finishing_stacks == [99, 94, 107]
    assert result.hand.players[2].folded


def test_stud_bring_in_below_the_bet_and_completion():
    result = replay(hand("f7s_bring_in.phh"))
    assert "Seat 3 (p3) brings in 2" in result.hand.log
    # the completion to 4 is not a raise: p2 and p3 still just call it
    assert result.hand.log[1:3] == ["Seat 1 (p1) completes to 4", "Seat 2 (p2) calls 4"]


def test_seats_from_the_history_are_kept_when_they_fit():
    text = (HERE / "nt_split_odd_chip.phh").read_text() + "seats = [7, 2, 4]\nseat_count = 9\n"
    result = replay(loads(text)[0])
    assert result.seating.seats == (7, 2, 4) and result.seating.table_seats == 9
    assert result.hand.button == 4
    assert result.finishing_stacks == [99, 101, 100]
    # seats that are not in clockwise order fall back to p1 in seat 1, ...
    text = (HERE / "nt_split_odd_chip.phh").read_text() + "seats = [7, 4, 2]\n"
    assert replay(loads(text)[0]).seating.seats == (1, 2, 3)


# --- what breaks the rules ---------------------------------------------------------------------

@pytest.mark.parametrize("name, number, action, rule", [
    ("nt_violation_min_raise.phh", 4, "p3 cbr 3", "(6.5)"),
    ("nt_violation_out_of_turn.phh", 4, "p1 f", "8.17.3(a)"),
    ("ft_violation_raise_size.phh", 4, "p3 cbr 5", "6.5, 1.1 Structured limit"),
    ("po_violation_over_pot.phh", 4, "p3 cbr 8", "(6.6)"),
    ("f7s_violation_bring_in.phh", 4, "p2 pb", "8.11.3(a)"),
    ("f2l3d_violation_draw_opener.phh", 11, "p2 cc", "8.7.5(a)"),
    ("nt_card_twice.phh", 5, "d db Ah7c2d", "3.1"),
])
def test_a_rule_violation_names_the_action_and_the_rule(name, number, action, rule):
    with pytest.raises(PhhViolation) as err:
        replay(hand(name))
    assert (err.value.number, err.value.action) == (number, action)
    assert rule in err.value.reason
    assert f"action {number} ({action}): " in str(err.value)


def test_showdown_with_unknown_cards_is_not_guessed():
    with pytest.raises(PhhError, match="does not show the cards of p2"):
        replay(hand("nt_unknown_showdown.phh"))


def _edited(name, actions):
    text = (HERE / name).read_text()
    h = loads(text)[0]
    fields = dict(h.fields, actions=actions(h.fields["actions"]))
    fields.pop("finishing_stacks", None)
    return loads(dumps(fields))[0]


def test_a_history_that_stops_early_is_reported():
    h = _edited("ft_showdown.phh", lambda a: a[:9])
    with pytest.raises(PhhError, match="stops before the hand is over: p3 is to act on the flop"):
        replay(h)


def test_actions_after_the_hand_is_over_are_reported():
    h = _edited("nt_muck.phh", lambda a: a[:5] + ["p2 f", "p3 cc"])
    with pytest.raises(PhhViolation) as err:
        replay(h)
    assert err.value.number == 7 and "already over" in err.value.reason


def test_cards_dealt_where_the_engine_deals_none_are_reported():
    h = _edited("nt_uncalled.phhs", lambda a: a + ["d db 9c8d2h"])
    with pytest.raises(PhhViolation) as err:
        replay(h)
    assert err.value.number == 6 and "no more community cards" in err.value.reason


def test_board_dealt_before_the_betting_round_ends_is_reported():
    h = _edited("ft_showdown.phh", lambda a: a[:6] + ["d db Qc8h5s"] + a[6:7] + a[8:])
    with pytest.raises(PhhViolation) as err:
        replay(h)
    assert err.value.number == 8 and "does not end where the history says" in err.value.reason


# --- reading -------------------------------------------------------------------------------

GOOD = (HERE / "nt_split_odd_chip.phh").read_text()


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('variant = "NT"', 'variant = "XT"'), "not a PHH code"),
    (lambda t: t.replace('variant = "NT"', 'variant = "FB"'), "badugi"),
    (lambda t: t.replace('variant = "NT"', 'variant = "NQ"'), "no game 'Q'"),
    (lambda t: t.replace("min_bet = 2\n", ""), "needs field(s) min_bet"),
    (lambda t: t.replace("antes = [0, 0, 0]\n", ""), "missing field(s) antes"),
    (lambda t: t.replace("antes = [0, 0, 0]", "antes = [0, 0]"), "'antes' must list 3 numbers"),
    (lambda t: t.replace("d dh p1 8c8d", "d dh p1 8c8x"), "'8x' is not a card"),
    (lambda t: t.replace("d dh p1 8c8d", "d dh p1 8c8"), "each card is two characters"),
    (lambda t: t.replace("p3 cbr 6", "p4 cbr 6"), "'p4' is not a player"),
    (lambda t: t.replace("p3 cbr 6", "p3 raise 6"), "not a PHH action"),
    (lambda t: t.replace("p3 cbr 6", "p3 cbr six"), "'six' is not an amount"),
    (lambda t: t.replace("d db AsKsQs", "d deal AsKsQs"), "the dealer's actions are"),
    (lambda t: t.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 0, 100]"),
     "above 0"),
    (lambda t: t + "[1]\nvariant = 1\n", "mixes hand tables"),
    (lambda t: t.replace("actions = [", "actions = [[").replace('"p2 sm 2c3d",', ""), "not valid TOML"),
])
def test_bad_histories_are_refused_with_the_field_named(change, message):
    with pytest.raises(PhhError, match=message.replace("(", r"\(").replace(")", r"\)")):
        loads(change(GOOD), "x.phh")


@pytest.mark.parametrize("change, message", [
    ("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [0, 2, 0]", ),
    ("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, -2]"),
    ("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [2, 1, 0]"),
])
def test_blinds_the_rulebook_does_not_post_are_refused(change, message):
    with pytest.raises(PhhError, match=r"cannot be posted here.*8\.2\.2"):
        replay(loads(GOOD.replace(change, message))[0])


def test_short_deck_cards_only():
    text = (HERE / "ns_flush_beats_full_house.phh").read_text().replace("d db Kc", "d db 2c")
    with pytest.raises(PhhError, match="2c is not in a 36-card deck"):
        loads(text)


def test_straddle_is_a_third_blind():
    text = GOOD.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, 4]")
    text = text.replace('"p3 cbr 6",\n  "p1 f",\n  "p2 cc",', '"p1 f",\n  "p2 cc",\n  "p3 cc",')
    result = replay(loads(text)[0])
    # p1 folds its 1, p2 calls the straddle: 4 + 4 + 1 = 9, split 4 and 4, the odd chip to p2
    assert result.finishing_stacks == [99, 101, 100]


def test_multi_hand_file_keeps_each_hand_apart():
    hands = load(HERE / "nt_uncalled.phhs")
    assert [h.source.rsplit(" ", 1)[-1] for h in hands] == ["[1]", "[2]", "[3]"]
    assert [len(h.fields["starting_stacks"]) for h in hands] == [3, 3, 2]


# --- writing ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.phh*")))
def test_read_write_read_gives_equal_data(name):
    hands = load(HERE / name)
    again = loads(dumps(hands if len(hands) > 1 else hands[0]))
    assert again == hands


@pytest.mark.parametrize("name", SETTLED)
def test_a_replayed_hand_written_and_replayed_again_ends_the_same(name):
    for h in load(HERE / name):
        first = replay(h)
        text = first.to_phh()
        again = loads(text)[0]
        second = replay(again)
        assert second.stacks_in_units == first.stacks_in_units
        assert loads(second.to_phh()) == loads(text)
        # the history's cards, the unknown ones still unknown
        assert [a for a in again.fields["actions"] if a.startswith("d ")] == [
            a.text for a in h.actions if a.verb in ("dh", "db")]


def test_toml_writer_handles_every_value_type():
    fields = {"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [Decimal("0.50"), 1],
              "min_bet": 1, "starting_stacks": [Decimal("inf"), 5], "actions": [],
              "players": ['Quote "Q"', "Zoë\\back\x7f"], "time": datetime.time(0, 0, 9),
              "day": 1, "flag": True, "extra table": {"a b": [1, 2], "c": "d"}}
    text = dumps(fields)
    assert 'players = ["Quote \\"Q\\"", "Zoë\\\\back\\u007f"]' in text
    assert "time = 00:00:09" in text and "starting_stacks = [inf, 5]" in text
    assert loads(text)[0].fields == fields


def test_written_hand_uses_phh_order_and_fields():
    sc = Scenario(game="holdem", seats={2: ("Ann", 50), 5: ("Ben", 60), 9: ("Cy", 70)}, button_was=2,
                  actions=("raise 6", "fold", "call", "check", "check", "check", "check", "check",
                           "check"), seed=4)
    h = Hand(sc).autoplay()
    assert h.button == 5
    data = loads(to_phh(h))[0].fields
    assert data["variant"] == "NT" and data["seats"] == [9, 2, 5] and data["players"] == ["Cy", "Ann", "Ben"]
    assert data["blinds_or_straddles"] == [1, 2, 0] and data["min_bet"] == 2
    assert data["actions"][3:6] == ["p3 cbr 6", "p1 f", "p2 cc"]
    assert data["finishing_stacks"] == [h.players[s].stack for s in (9, 2, 5)]


def test_written_stud_draw_and_kitty_hands():
    stud = Hand(Scenario(game="seven-card-stud", seats={1: ("A", 40), 2: ("B", 40)}, betting="fixed",
                         bring_in=1, limits=(2, 4), seed=2), decide=RandomPlayer(2)).autoplay()
    data = loads(to_phh(stud))[0].fields
    assert data["variant"] == "F7S" and data["bring_in"] == 1 and data["small_bet"] == 2
    for seed in range(100):
        draw = Hand(Scenario(game="draw-kitty", seats={1: ("A", 40), 2: ("B", 40), 3: ("C", 40)}, seed=seed),
                    decide=RandomPlayer(seed)).autoplay()
        if draw.kitty_taken_by == 3:
            break
    data = loads(to_phh(draw))[0].fields
    assert data["variant"] == "N5CDK"
    taker = data["seats"].index(3) + 1
    assert f"p{taker} tk" in data["actions"] and any(a.startswith("d dk ") for a in data["actions"])
    assert replay(loads(to_phh(draw))[0]).stacks_in_units == [draw.players[s].stack for s in data["seats"]]


def test_unfinished_hand_is_written_without_finishing_stacks():
    h = Hand(Scenario(seats={1: ("A", 50), 2: ("B", 50), 3: ("C", 50)}, actions=("call", "call", "check")))
    while h.expected().kind != "burn":
        exp = h.expected()
        assert h.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    data = loads(to_phh(h))[0].fields
    assert "finishing_stacks" not in data
    assert data["seats"] == [3, 1, 2]
    assert data["actions"][-3:] == ["p3 cc", "p1 cc", "p2 cc"]


def test_variant_codes_and_deck_field():
    assert variant_code(GAMES["holdem"], "no-limit", 36) == ("NS", None)
    assert variant_code(GAMES["holdem"], "fixed", 40) == ("FT", 40)
    assert variant_code(GAMES["omaha-hi-lo"], "pot", 52) == ("PO/8", None)
    assert variant_code(GAMES["triple-draw-a5"], "spread", 52) == ("SA5L3D", None)


def _random_hands():
    for name, game in sorted(GAMES.items()):
        if not isinstance(game, Game):
            continue
        for seed, betting in enumerate(("no-limit", "fixed", "pot", "spread", "half-pot")):
            rng = random.Random(f"{name}{seed}")
            deck = rng.choice(list(game.max_players))
            n = rng.randint(2, min(6, game.max_players[deck]))
            seats = sorted(rng.sample(range(1, 11), n))
            yield name, Scenario(game=name, seats={s: (f"P{s}", rng.choice([20, 60, 200])) for s in seats},
                                 button_was=seats[0], seed=seed, deck=deck, betting=betting)


@pytest.mark.parametrize("name, scenario", list(_random_hands()), ids=lambda v: v if isinstance(v, str) else "")
def test_simulated_hand_round_trips(name, scenario):
    played = Hand(scenario, decide=RandomPlayer(scenario.seed)).autoplay()
    text = to_phh(played)
    result = replay(loads(text)[0])
    assert result.stacks_in_units == [played.players[s].stack for s in result.seating.seats]
    assert result.seating.seats == tuple(from_hand(played).fields["seats"])
    assert loads(to_phh(result.hand)) == loads(text)


# --- the engine hooks the replay uses (engine/hand/machine.py) ---------------------------------------

def test_scenario_keys_for_bring_in_antes_by_seat_and_mucked_hands():
    sc = Scenario.from_dict({"game": "seven-card-stud", "seats": {"1": ["A", 50], "2": ["B", 50]},
                             "bring_in": 1, "betting": "fixed", "limits": [2, 4], "mucked": [2],
                             "seat_antes": {"1": 1}})
    assert (sc.bring_in, sc.mucked, sc.seat_antes) == (1, (2,), {1: 1})
    for data, message in (({"bring_in": 0}, "bring_in must be"), ({"mucked": ["x"]}, "mucked must"),
                          ({"seat_antes": {"a": 1}}, "seat_antes must")):
        with pytest.raises(ScenarioError, match=message):
            Scenario.from_dict({"seats": {"1": ["A", 50], "2": ["B", 50]}, **data})
    with pytest.raises(ScenarioError, match="bring_in is for stud"):
        Hand(Scenario(seats={1: ("A", 50), 2: ("B", 50)}, bring_in=1))
    with pytest.raises(ScenarioError, match="more than the first bet"):
        Hand(Scenario(game="razz", seats={1: ("A", 50), 2: ("B", 50)}, betting="fixed", limits=(2, 4),
                      bring_in=3))
    with pytest.raises(ScenarioError, match="nobody sits there"):
        Hand(Scenario(seats={1: ("A", 50), 2: ("B", 50)}, mucked=(4,)))


# --- the command line ----------------------------------------------------------------------------

def test_cli_prints_finishing_stacks(capsys):
    assert main(["replay", str(HERE / "nt_cents.phh")]) == 0
    assert capsys.readouterr().out == "25.25 36.50 14.25\n"
    assert main(["replay", str(HERE / "nt_side_pots.phh"), "--json", "--check"]) == 0
    assert json.loads(capsys.readouterr().out) == {"finishing_stacks": [90, 40, 80, 160]}


def test_cli_multi_hand_file(capsys):
    assert main(["replay", str(HERE / "nt_uncalled.phhs")]) == 0
    assert capsys.readouterr().out.splitlines() == ["[1] 99 101 100", "[2] 99 98 103", "[3] 94 106"]
    assert main(["replay", str(HERE / "nt_uncalled.phhs"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"finishing_stacks": s} for s in
                                                   ([99, 101, 100], [99, 98, 103], [94, 106])]


def test_cli_house_profile(capsys):
    assert main(["replay", str(HERE / "nt_split_odd_chip.phh"), "--house", "second"]) == 0
    assert capsys.readouterr().out == "99 100 101\n"
    assert main(["replay", str(HERE / "nt_big_blind_ante.phh"), "--house", TOURNAMENT]) == 0
    assert capsys.readouterr().out == "99 96 105\n"
    assert main(["replay", str(HERE / "nt_side_pots.phh"), "--house", "nowhere"]) == 2
    assert "no house-rule profile 'nowhere'" in capsys.readouterr().err


def test_cli_violation_prints_no_stacks(capsys):
    assert main(["replay", str(HERE / "po_violation_over_pot.phh")]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert "action 4 (p3 cbr 8): the pot limit allows a raise to 7 at most" in out.err and "(6.6)" in out.err


def test_cli_check_reports_differences(tmp_path, capsys):
    path = tmp_path / "wrong.phh"
    path.write_text((HERE / "ft_showdown.phh").read_text().replace("[116, 98, 86]", "[115, 98, 87]"))
    assert main(["replay", str(path), "--check"]) == 1
    out = capsys.readouterr()
    assert out.out == "116 98 86\n"
    assert "p1: history 115, engine 116; p3: history 87, engine 86" in out.err


def test_cli_unreadable_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.phh")]) == 2
    assert "cannot read the file" in capsys.readouterr().err


# --- a history as a lesson table cell ---------------------------------------------------

@pytest.mark.parametrize("name", SETTLED + list(STANDARD_ONLY))
def test_table_cell_deals_the_history_as_it_was_played(name):
    """engine.phh.replay.table_cell: a Scenario dict with every card the dealer takes
    (burns included) and every decision; dealt alone it ends as the history."""
    from engine.hand.machine import Hand
    from engine.hand.scenario import Scenario
    from engine.phh.replay import table_cell
    house = "standard" if name in STANDARD_ONLY else "main"
    for h in load(HERE / name):
        cell = table_cell(h, house)
        played = Hand(Scenario.from_dict(cell)).autoplay()
        seats = replay(h, house).seating.seats
        assert [played.players[s].stack for s in seats] == h.needs("finishing_stacks")


def test_table_cell_refuses_a_history_that_ends_otherwise():
    from engine.phh.replay import table_cell
    text = (HERE / "nt_side_pots.phh").read_text().replace("finishing_stacks = [90,", "finishing_stacks = [91,")
    with pytest.raises(PhhError, match=r"finishing stacks differ from the history's \(p1: history 91, engine 90\)"):
        table_cell(loads(text)[0])
    with pytest.raises(PhhViolation, match="action 4"):
        table_cell(hand("nt_violation_min_raise.phh"))
