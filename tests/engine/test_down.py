"""A down (issue 32): hand after hand at one table, worked out from the seed alone.

Properties over seeds and every game: chips are conserved across the down,
the button and the big blind follow 8.2 whatever the events, every hand
replays from its table cell dict, and the same seed gives the same down."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import (GAMES, Down, DownError, DownHand, DownSpec, Hand, HouseFileError, RandomPlayer, Scenario,
                    ScenarioError, build_question)
from engine.house import load_house_file
from engine.questions.at_table import amount_question

ROOT = Path(__file__).resolve().parents[2]
POKER = [name for name in GAMES if name != "casino-holdem"]
# Busy downs: events and irregularities several times as often as the defaults.
BUSY = {"events": 0.5, "irregularities": 0.5}


def down(**data: object) -> Down:
    return Down(DownSpec.from_dict({"hands": 25, **BUSY, **data}))


def check_chips(hands: list[DownHand]) -> None:
    """Stacks + pots + rake + chips bought in and taken away balance hand after hand."""
    previous = None
    for h in hands:
        total_before = sum(h.stacks_before.values())
        if previous is not None:
            assert total_before == (sum(previous.stacks_after.values()) + sum(h.rebuys.values())
                                    - sum(h.left.values())), h.number
        for pot in h.pots:
            assert sum(pot.shares.values()) == pot.amount and set(pot.winners) <= set(pot.eligible)
        for seat in set(h.stacks_before) - set(h.dealt_in):
            assert h.stacks_after[seat] == h.stacks_before[seat]     # not dealt in: untouched
        if h.misdeal:
            assert h.stacks_after == h.stacks_before and not h.pots      # the chips go back (9.1.1(a))
        else:
            # Every chip a player put in is won back from a pot or taken as commission (section 7).
            assert sum(h.stacks_after.values()) + h.rake == total_before, h.number
            assert sum(p.amount for p in h.pots) >= h.rake
        previous = h


def check_replays(h: DownHand) -> None:
    """The hand dealt again from its table dict, its actions scripted, leaves the same stacks."""
    if h.misdeal:
        # Dealt up to the call: the forced bets, then the misdeal; the table dict is a whole hand.
        hand = h.cell.new_hand()
        for _ in range(h.total_steps):
            exp = hand.expected()
            assert exp is not None and exp.kind in ("move_button", "post_blind", "collect_antes")
            hand.propose(exp.step())
        exp = hand.expected()
        assert exp is not None and exp.kind not in ("move_button", "post_blind", "collect_antes")
        hand.autoplay()
        return
    hand = Hand(Scenario.from_dict(json.loads(json.dumps(h.table)))).autoplay()
    stacks = dict(h.stacks_before)
    stacks.update({s: p.stack for s, p in hand.players.items()})
    assert stacks == h.stacks_after, h.number
    assert hand.step_count == h.total_steps
    assert [(a.amount, a.winners) for a in hand.awards] == [(p.amount, p.winners) for p in h.pots]


def check_button_and_blinds(hands: list[DownHand]) -> None:
    """8.2: each hand's button and posts are dealt as dealer steps in the plan's
    order; the big blind moves to the next player present clockwise (8.2.6), a
    dead button only where its seat is not dealt in; posts come from players dealt in."""
    previous = None
    for h in hands:
        game = GAMES[h.game]
        assert set(p.seat for p in h.posts) <= set(h.dealt_in)
        if h.button is not None:
            assert h.dead_button == (h.button not in h.dealt_in)
        cell = h.cell.new_hand()
        exp = cell.expected()
        assert exp is not None
        if game.uses_button:
            assert exp.kind == "move_button" and exp.seat == h.button
            cell.propose(exp.step())
        if game.blinds is not None:
            posted = []
            while (exp := cell.expected()) is not None and exp.kind == "post_blind":
                posted.append(exp.seat)
                cell.propose(exp.step())
            assert posted == [p.seat for p in h.posts]
            bigs = [p.seat for p in h.posts if p.what == "big blind"]
            assert len(bigs) == 1, h.number
            seated = h.names
            away = {s for s, keys in h.markers.items() if "absent" in keys or "walking" in keys}
            present = [s for s in seated if s not in away]
            if (previous is not None and previous.game == h.game and not h.misdeal
                    and len(present) > 2 and len(previous.dealt_in) > 2
                    and not any(e.kind == "game" for e in h.events)):
                last_big = next(p.seat for p in previous.posts if p.what == "big blind")
                seats = 9
                order = [(last_big + i - 1) % seats + 1 for i in range(1, seats + 1)]
                if h.events and h.events[0].kind == "misdeal":
                    assert bigs[0] == last_big
                else:
                    assert bigs[0] == next(s for s in order if s in present), h.number
        else:
            assert not h.posts or all(p.what == "ante" for p in h.posts)
        previous = h


@pytest.mark.parametrize("game", POKER)
def test_every_game_conserves_chips_replays_and_follows_8_2(game):
    for seed in (1, 2):
        hands = down(game=game, seed=seed).hands()
        assert len(hands) == 25
        check_chips(hands)
        check_button_and_blinds(hands)
        for h in hands:
            check_replays(h)


@pytest.mark.slow
@pytest.mark.parametrize("game", POKER)
def test_every_game_over_many_seeds(game):
    for seed in range(3, 23):
        hands = down(game=game, seed=seed, hands=40).hands()
        check_chips(hands)
        check_button_and_blinds(hands)
        for h in hands:
            check_replays(h)


@pytest.mark.parametrize("house", ["main", "second", "live-casino", "standard"])
def test_every_built_in_house(house):
    hands = down(house=house, seed=5, hands=30).hands()
    check_chips(hands)
    check_button_and_blinds(hands)
    for h in hands:
        check_replays(h)


def test_a_moving_button_house_and_a_raked_house(tmp_path):
    moving = tmp_path / "moving.toml"
    moving.write_text('button_movement = "moving"\nrake_in_hand = true\n'
                      '[commission]\nmethod = "percentage"\npercent = 10\ncap = 5\n', encoding="utf-8")
    hands = down(house=str(moving), seed=6, hands=30).hands()
    check_chips(hands)
    assert any(h.rake for h in hands)
    for h in hands:
        check_replays(h)
        assert not h.dead_button                      # the button always moves to a player
        assert sum(p.what == "big blind" for p in h.posts) == 1


def test_a_heads_up_down_stays_heads_up_with_the_button_on_the_small_blind():
    hands = down(players=2, seed=3, hands=20).hands()
    check_chips(hands)
    for h in hands:
        check_replays(h)
        if len(h.names) == 2 and len(h.dealt_in) == 2:
            small = next(p.seat for p in h.posts if p.what == "small blind")
            assert small == h.button          # published standard rules (house heads_up)
    assert all(len(h.names) >= 2 for h in hands)


def test_horse_changes_game_every_orbit_and_keeps_the_chips():
    hands = down(rotation="horse", seed=4, hands=60).hands()
    games = [h.game for h in hands]
    assert games[0] == "holdem" and set(games) == set(DownSpec.from_dict({"rotation": "horse"}).games)
    changes = [h for h in hands if any(e.kind == "game" for e in h.events)]
    assert changes and all(h.game != hands[h.number - 2].game for h in changes)
    first_stint = games.index("omaha-hi-lo")
    assert first_stint == len(hands[0].dealt_in)            # an orbit: as many hands as players dealt in
    check_chips(hands)
    check_button_and_blinds(hands)
    for h in hands:
        check_replays(h)
        assert (h.button is None) == (GAMES[h.game].family == "stud")


def test_a_mixed_game_changing_every_n_hands():
    hands = down(games=["holdem", "razz"], change_every=3, seed=2, hands=12).hands()
    assert [h.game for h in hands] == ["holdem"] * 3 + ["razz"] * 3 + ["holdem"] * 3 + ["razz"] * 3
    assert hands[0].table["betting"] == "fixed"      # a mixed rotation is spread at fixed limit


def test_the_same_seed_gives_the_same_down_and_another_seed_another():
    one = [h.to_dict() for h in down(seed=11).hands()]
    again = [h.to_dict() for h in down(seed=11).hands()]
    other = [h.to_dict() for h in down(seed=12).hands()]
    assert one == again and one != other
    # Asked out of order, a hand is the same hand.
    late = down(seed=11)
    assert late.hand(20).to_dict() == one[19]


def test_a_stored_down_is_its_spec_and_the_steps_posted_per_hand():
    spec = DownSpec.from_dict({"rotation": "horse", "hands": 15, "seed": 8, **BUSY})
    stored: list[list[object]] = []
    for h in Down(spec).hands():
        hand = h.cell.new_hand()
        steps = []
        while (exp := hand.expected()) is not None:
            steps.append(exp.step())
            assert hand.propose(exp.step()).ok
        stored.append(steps)
    again = Down(DownSpec.from_dict(spec.to_dict()))
    for number, steps in enumerate(stored, 1):
        replayed = again.hand(number).cell.new_hand().replay(steps)
        assert replayed.finished and replayed.expected() is None


def test_a_spec_round_trips_through_its_dict():
    for data in ({"rotation": "horse", "minutes": 20, "seed": 3},
                 {"game": "razz", "stakes": {"ante": 2, "bring_in": 2, "limits": [4, 8]}, "amounts": ["call-amount"]},
                 {"games": ["holdem", "omaha"], "change_every": 4, "house": "second", "players": 5}):
        spec = DownSpec.from_dict(data)
        again = DownSpec.from_dict(json.loads(json.dumps(spec.to_dict())))
        assert again == spec
        assert Down(again).hand(3).to_dict() == Down(spec).hand(3).to_dict()


def test_events_irregularities_and_misdeals_all_happen_over_a_few_busy_downs():
    kinds: set[str] = set()
    rulings, situations, misdeals, dead_buttons, dead_posts, outs = set(), set(), 0, 0, 0, 0
    for seed in range(1, 7):
        hands = down(seed=seed, hands=40).hands()
        for i, h in enumerate(hands):
            kinds |= {e.kind for e in h.events}
            rulings |= {r["rule"] for r in h.rulings}
            for prompt in h.prompts:
                if prompt["ask"] != "irregularity":
                    continue
                situations.add(prompt["situation"])
                q = build_question(prompt)       # a question cell as a lesson writes it
                assert prompt["ask"] == "irregularity" and q.answer
                assert (q.answer.startswith("misdeal")) == h.misdeal
            if h.misdeal:
                misdeals += 1
                redeal = hands[i + 1] if i + 1 < len(hands) else None
                if redeal is not None:
                    assert (redeal.button, redeal.posts, redeal.dealt_in) == (h.button, h.posts, h.dealt_in)
                    assert redeal.events[0].rule == "9.1.1(a)"
            dead_buttons += h.dead_button
            dead_posts += any(not p.live for p in h.posts)
            outs += "out" in h.table
    assert {"rebuy", "leave", "arrive", "away", "back", "move", "misdeal"} <= kinds
    assert misdeals and dead_buttons and dead_posts and outs
    assert len(situations) >= 4 and len(rulings) >= 3


def test_a_dead_post_and_a_player_not_dealt_in_go_through_the_hand():
    for seed in range(1, 10):
        for h in down(seed=seed, hands=40).hands():
            if h.misdeal or not any(not p.live for p in h.posts) or "out" not in h.table:
                continue
            hand = h.cell.new_hand()
            view = hand.view()
            out = [s for s in view["seats"] if s.get("out")]
            assert {s["seat"] for s in out} == {int(k) for k in h.table["out"]}
            hand.autoplay()
            dead = sum(p.amount for p in h.posts if not p.live)
            assert sum(a.amount for a in hand.awards) + hand.rake >= dead
            return
    pytest.fail("no hand with a dead post and a player not dealt in in nine busy downs")


def test_amounts_are_asked_at_the_arithmetic_rate_and_computed_by_the_engine():
    asked: dict[str, int] = {}
    for seed in (1, 2):
        for h in down(game="omaha", seed=seed, hands=20, arithmetic=1.0).hands():
            for prompt in h.prompts:
                if prompt["ask"] != "amount":
                    continue
                asked[prompt["amount"]] = asked.get(prompt["amount"], 0) + 1
                question = amount_question(h.cell, prompt)      # its answer worked out on the hand
                assert question.prompt and prompt["at"]
    assert {"pot-limit-max", "call-amount"} <= set(asked)
    none = [p for h in down(seed=1, arithmetic=0.0).hands() for p in h.prompts if p["ask"] == "amount"]
    only = [p["amount"] for h in down(seed=1, arithmetic=1.0, amounts=["call-amount"]).hands()
            for p in h.prompts if p["ask"] == "amount"]
    assert not none and only and set(only) == {"call-amount"}


def test_pace_and_length_come_from_the_house():
    spec = DownSpec.from_dict({"game": "omaha", "minutes": 30})
    d = Down(spec)
    assert d.pace_standard("holdem") == 35 and d.pace_standard("omaha") == 28
    assert d.pace_standard("razz") == 28 and d.pace_standard("lowball-27") == 30
    assert d.length == 14          # 30 minutes at 28 hands an hour


def test_house_fields_for_downs_are_read_and_checked(tmp_path):
    good = tmp_path / "h.toml"
    good.write_text('down_events = 0.3\n[down_pace]\nholdem = 30\nrazz = 20\n', encoding="utf-8")
    house = load_house_file(good)
    assert house.down_pace["holdem"] == 30 and house.down_pace["razz"] == 20 and house.down_pace["omaha"] == 28
    spec = DownSpec.from_dict({"game": "razz", "house": str(good)})
    assert spec.events == 0.3 and Down(spec).pace_standard("razz") == 20
    bad = tmp_path / "bad.toml"
    bad.write_text('[down_pace]\nbingo = 30\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match="down_pace"):
        load_house_file(bad)
    worse = tmp_path / "worse.toml"
    worse.write_text('down_irregularities = 2.0\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match="down_irregularities"):
        load_house_file(worse)


@pytest.mark.parametrize("data, key", [
    ({"game": "bingo"}, "game"),
    ({"games": []}, "games"),
    ({"rotation": "hoser"}, "rotation"),
    ({"game": "holdem", "rotation": "horse"}, "rotation"),
    ({"hands": 0}, "hands"),
    ({"hands": 10, "minutes": 10}, "minutes"),
    ({"seats": 1}, "seats"),
    ({"players": 10, "seats": 9}, "players"),
    ({"events": 1.5}, "events"),
    ({"irregularities": "often"}, "irregularities"),
    ({"change_every": 0}, "change_every"),
    ({"house": "nowhere"}, "house"),
    ({"stakes": {"betting": "wild"}}, "stakes.holdem.betting"),
    ({"game": "razz", "stakes": {"bring_in": 9}}, "stakes.razz"),
    ({"games": ["holdem", "razz"], "stakes": {"omaha": {"blinds": [1, 2]}}}, "stakes.omaha"),
    ({"deal": 3}, "deal"),
    ({"amounts": ["casino"]}, "amounts"),
    ({"amounts": ["tips"]}, "amounts"),
])
def test_down_error_names_the_key(data, key):
    with pytest.raises(DownError) as caught:
        DownSpec.from_dict(data, source="lessons/x.md")
    assert caught.value.key == key and str(caught.value).startswith(key)


@pytest.mark.parametrize("cell, words", [
    ({"button": 12}, "button"),
    ({"out": {"2": ["Ann", 100]}}, "both seats and out"),
    ({"posts": [{"seat": 5, "amount": 2}]}, "posts: seat 5"),
    ({"posts": [{"seat": 1, "amount": 0}]}, "amount"),
    ({"posts": [{"seat": 1, "amount": 2, "when": 1}]}, "each post"),
])
def test_a_table_cell_s_down_keys_are_checked(cell, words):
    base = {"seats": {"1": ["Ann", 100], "2": ["Bob", 100], "3": ["Cat", 100]}}
    with pytest.raises(ScenarioError, match=words):
        Scenario.from_dict({**base, **cell})


def test_posts_in_a_game_without_blinds_are_refused():
    with pytest.raises(ScenarioError, match="posts"):
        Hand(Scenario.from_dict({"game": "razz", "seats": {"1": ["Ann", 100], "2": ["Bob", 100]},
                                 "posts": [{"seat": 1, "amount": 2}]}))


def test_a_dead_button_is_a_dealer_step_citing_8_2_6():
    hand = Hand(Scenario.from_dict({
        "seats": {"1": ["Ann", 100], "3": ["Cat", 100], "4": ["Dan", 100]}, "button_was": 9, "button": 2,
        "table_seats": 9, "posts": [{"seat": 3, "what": "small blind", "amount": 1, "rule": "8.2.2(a)"},
                                    {"seat": 4, "what": "big blind", "amount": 2, "rule": "8.2.2(b)"},
                                    {"seat": 1, "what": "missed small blind", "amount": 1, "live": False,
                                     "rule": "8.2.3"}]}), decide=RandomPlayer(3))
    exp = hand.expected()
    assert exp is not None and exp.kind == "move_button" and exp.seat == 2 and exp.rule == "8.2.6"
    hand.autoplay()
    assert sum(p.stack for p in hand.players.values()) + hand.rake == 300


def test_cli_prints_each_hand_and_its_json_shape():
    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "engine", "down", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    text = run("--game", "holdem", "--hands", "30", "--seed", "7")
    assert text.returncode == 0, text.stderr
    assert text.stdout.count("\nHand ") + text.stdout.startswith("Hand ") == 30
    assert "button seat" in text.stdout and "big blind: seat" in text.stdout and "dealt in:" in text.stdout
    assert "main pot" in text.stdout
    out = run("--game", "holdem", "--hands", "30", "--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    hands = json.loads(out.stdout)["hands"]
    assert len(hands) == 30
    for h in hands:
        assert {"number", "game", "button", "posts", "dealt_in", "events", "pots", "stacks"} <= set(h)
        assert all({"seat", "what", "amount", "live", "rule"} <= set(p) for p in h["posts"])
        assert all({"amount", "eligible", "winners", "award"} <= set(p) for p in h["pots"])
    assert [h["stacks"] for h in hands] == [h.to_dict()["stacks"] for h in
                                            Down(DownSpec.from_dict({"hands": 30, "seed": 7})).hands()]
    horse = run("--rotation", "horse", "--hands", "12", "--json")
    assert horse.returncode == 0 and {h["game"] for h in json.loads(horse.stdout)["hands"]} >= {"holdem"}
    bad = run("--game", "bingo")
    assert bad.returncode == 2 and "--game" in bad.stderr and "bingo" in bad.stderr
