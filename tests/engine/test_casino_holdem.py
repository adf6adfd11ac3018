"""Banked Casino Hold'em (casino-holdem-banked-game.txt, cited "CH ¶n")."""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.deck import full_deck
from engine.casino.game import (CASINO_HOLDEM, GAME_INFO, PARAGRAPHS, SEAT_STEPS, SEATS_STEPS, STEP_LABELS,
                                describe_step)
from engine.casino.paytable import check_paytable
from engine.casino.round import CasinoRound
from engine.casino.scenario import CasinoScenario
from engine.house import MAIN, HouseFileError, load_house_file
from engine.steps import ScenarioError, Step

# Deal order one card at a time: boxes 1, 3, 5, 6, dealer, twice; flop; turn; river.
#   box 1 Ann  Ac Qs  -> pair of aces with the flop: bonus wins; One Pair, Aces beats Kings
#   box 3 Ben  8c 3s  -> folds
#   box 5 Ann  Ks Kc  -> blind box; K K A 9 7, the dealer's very hand: push
#   box 6 Cara 6h 8h  -> Flush (ante 2 to 1); bonus loses (no pair with the flop)
#   dealer     Kh Kd  -> One Pair, Kings: qualifies
STACK = "Ac 8c Ks 6h Kh  Qs 3s Kc 8h Kd  Ah 7c 2d  9h  4h"
BOXES = {1: ["Ann", 10, 5], 3: ["Ben", 20, 0], 5: ["Ann", 10], 6: ["Cara", 10, 10]}
DECISIONS = {1: "call", 3: "fold", 6: "call"}


def new_round(**changes) -> CasinoRound:
    data = {"boxes": BOXES, "decisions": DECISIONS, "seed": 11, "stack": STACK}
    data.update(changes)
    return CasinoRound(CasinoScenario.from_dict(data))


def do(rnd, kind, seat=None, seats=()):
    verdict = rnd.propose(Step(kind, seat, tuple(seats)))
    assert verdict.ok, verdict.message
    return verdict


def snapshot(rnd):
    return (rnd.view(reveal=True), len(rnd.deck), rnd.step_count, rnd.bank, dict(rnd.players),
            len(rnd.log))


def refuse(rnd, step, rule, words=""):
    before = snapshot(rnd)
    verdict = rnd.propose(step)
    assert not verdict.ok
    assert verdict.rule == rule, verdict
    assert words in verdict.message, verdict.message
    assert snapshot(rnd) == before
    return verdict


def test_scripted_round_every_dealer_step():
    rnd = new_round()
    start = rnd.chips_total()
    assert rnd.expected().kind == "no_more_bets" and rnd.expected().rule == "CH ¶1"
    # The players' wagers come first (CH ¶1, ¶2): a blind box's call too.
    assert rnd.log[2] == ("Box 5 (Ann) places ante 10, and the call 20 before the deal: "
                          "a blind box (CH ¶2)")
    assert rnd.players == {"Ann": 955, "Ben": 980, "Cara": 980}
    refuse(rnd, Step("pitch", 1), "CH ¶1", "No more bets")
    do(rnd, "no_more_bets")

    # CH ¶3, one card at a time (8.1.4): boxes in turn from box 1, then the dealer, twice round.
    refuse(rnd, Step("pitch", 3), "CH ¶3", "Not box 3. Box 1 is next")
    refuse(rnd, Step("pitch", 2), "CH ¶3", "Box 2 has no wager")
    refuse(rnd, Step("pitch_dealer"), "CH ¶3", "Box 1 is next")
    for _ in range(2):
        for box in (1, 3, 5, 6):
            assert rnd.expected().kind == "pitch" and rnd.expected().seat == box
            do(rnd, "pitch", box)
        refuse(rnd, Step("deal_flop"), "CH ¶3", "The dealer's card is next")
        do(rnd, "pitch_dealer")
    assert [str(c) for c in rnd.boxes[6].cards] == ["6h", "8h"]
    assert rnd.view()["dealer"]["cards"] == [None, None]        # face down (CH ¶3)

    do(rnd, "deal_flop")
    assert rnd.view()["board"] == ["Ah", "7c", "2d"]
    # Only the open boxes' cards go to the players; the blind box 5 stays down (CH ¶2).
    assert rnd.expected().kind == "pass_cards" and rnd.expected().seats == (1, 3, 6)
    refuse(rnd, Step("pass_cards", seats=(1, 3, 5, 6)), "CH ¶2", "blind box")
    refuse(rnd, Step("pass_cards", seats=(1, 3)), "CH ¶3", "Box 6 must get its cards too")
    do(rnd, "pass_cards", seats=(1, 3, 6))

    # Decisions in box order: box 1 calls, box 3 folds and is collected before box 6 decides.
    assert rnd.expected().kind == "collect_fold" and rnd.expected().seat == 3
    assert rnd.log[-2:] == ["Box 1 (Ann) calls: 20 in the Call box, twice the ante (CH ¶7)",
                            "Box 3 (Ben) folds and passes the cards (CH ¶6)"]
    assert rnd.boxes[6].call == 0                      # Cara has not decided yet
    refuse(rnd, Step("deal_board"), "CH ¶6", "Box 3 (Ben) folded")
    refuse(rnd, Step("collect_fold", 1), "CH ¶6", "Not box 1")
    do(rnd, "collect_fold", 3)
    assert rnd.boxes[6].call == 20 and rnd.bank == 100_020

    do(rnd, "deal_board")
    do(rnd, "deal_board")
    assert rnd.view()["board"] == ["Ah", "7c", "2d", "9h", "4h"]
    refuse(rnd, Step("dealer_qualifies"), "CH ¶9", "turn the dealer's two cards")
    assert rnd.view()["boxes"][4]["cards"] == [None, None]    # box 5 still face down
    do(rnd, "reveal_dealer")
    assert rnd.view()["dealer"]["cards"] == ["Kh", "Kd"]
    assert rnd.view()["boxes"][4]["cards"] == ["Ks", "Kc"]
    refuse(rnd, Step("dealer_does_not_qualify"), "CH ¶9", "a pair of fours or better qualifies")
    do(rnd, "dealer_qualifies")

    # CH ¶9: settlement starts with the last box.
    refuse(rnd, Step("pay_box", 1), "CH ¶9", "box 6 comes before box 1")
    refuse(rnd, Step("take_box", 6), "CH ¶10, ¶14", "Flush")
    verdict = do(rnd, "pay_box", 6)
    assert "ante 10 paid 2 to 1 = 20" in verdict.message and "call 20 paid 1 to 1 = 20" in verdict.message
    refuse(rnd, Step("pay_bonus", 6), "CH ¶4", "below a pair of aces")
    do(rnd, "take_bonus", 6)
    refuse(rnd, Step("pay_box", 5), "CH ¶10", "same five-card hand")
    do(rnd, "push_box", 5)
    refuse(rnd, Step("pay_box", 3), "CH ¶9", "already settled")
    do(rnd, "pay_box", 1)
    verdict = do(rnd, "pay_bonus", 1)
    assert "paid 7 to 1 = 35" in verdict.message
    assert rnd.finished and rnd.expected() is None
    assert not rnd.propose(Step("pay_box", 1)).ok

    assert [s.box for s in rnd.settlement] == [3, 6, 5, 1]
    by_box = {s.box: s for s in rnd.settlement}
    assert (by_box[3].outcome, by_box[3].lost) == ("fold", 20)
    assert (by_box[6].ante_won, by_box[6].call_won, by_box[6].bonus_result) == (20, 20, "lose")
    assert (by_box[5].outcome, by_box[5].returned, by_box[5].paid) == ("push", 30, 0)
    assert (by_box[1].ante_won, by_box[1].call_won, by_box[1].bonus_won) == (10, 20, 35)
    assert "highest remaining card" not in by_box[1].lines[0]     # aces beat kings outright
    assert rnd.players == {"Ann": 1065, "Ben": 980, "Cara": 1030}
    assert rnd.bank == 100_000 - 75
    assert rnd.chips_total() == start
    assert all("CH ¶" in line for line in rnd.explanations)
    assert rnd.step_count == 23


def test_wrong_steps_name_the_rule_and_change_nothing():
    rnd = new_round()
    for bad in (Step("deal_flop"), Step("pitch", 1), Step("reveal_dealer"), Step("pay_box", 6),
                Step("bogus"), Step("burn")):
        before = snapshot(rnd)
        verdict = rnd.propose(bad)
        assert not verdict.ok
        assert snapshot(rnd) == before
    assert "not a dealer step in Casino Hold'em" in rnd.propose(Step("burn")).message


def test_every_rule_cited_is_a_numbered_paragraph():
    rnd = new_round()
    cited = set()
    while (exp := rnd.expected()) is not None:
        cited.add(exp.rule)
        do(rnd, exp.kind, exp.seat, exp.seats)
    cited.update(rnd.explanations)
    numbers = {f"CH ¶{n}" for text in cited for n in re.findall(r"¶(\d+)", text)}
    assert numbers <= set(PARAGRAPHS)
    assert {"CH ¶1", "CH ¶3", "CH ¶4", "CH ¶6", "CH ¶9", "CH ¶10", "CH ¶14"} <= numbers


def test_dealer_not_qualifying_pays_the_ante_and_returns_the_call():
    # Dealer 7c 6d on Tc Kc 2h 3s 3h: a pair of threes, below a pair of fours (CH ¶9).
    # Box 1 Ann 9s 8d: the board's pair of threes, nine kicker; the ante pays, the call is returned.
    stack = "9s 7c 8d 6d  Tc Kc 2h  3s  3h"
    rnd = new_round(boxes={1: ["Ann", 10, 0]}, decisions={1: "call"}, stack=stack)
    rnd.autoplay()
    assert rnd.qualifies is False
    [s] = rnd.settlement
    assert (s.outcome, s.ante_won, s.call_won, s.returned) == ("win", 10, 0, 30)
    assert "CH ¶12" in s.lines[0]
    assert rnd.players["Ann"] == 1010


def test_a_pair_of_fours_qualifies_and_kickers_decide():
    # Dealer 4c 4d on Ks 9h 7d 3c 2s: a pair of fours qualifies (CH ¶9).
    stack = "Ah 4c Qd 4d  Ks 9h 7d  3c  2s"
    rnd = new_round(boxes={1: ["Ann", 10, 0]}, decisions={1: "call"}, stack=stack)
    rnd.autoplay()
    assert rnd.qualifies is True
    [s] = rnd.settlement
    # Ace-King high against the dealer's pair of fours: the box loses (CH ¶10).
    assert s.outcome == "lose" and s.lost == 30
    # Box Ah Kh against the dealer's Kd Qd: both a pair of kings, the box's ace decides.
    stack = "Ah Kd Kh Qd  Ks 9h 7d  3c  2s"
    rnd = new_round(boxes={1: ["Ann", 10, 0]}, decisions={1: "call"}, stack=stack)
    rnd.autoplay()
    [s] = rnd.settlement
    assert s.outcome == "win" and "the highest remaining card decides" in s.lines[0]


def test_a_round_where_every_box_folds_ends_at_the_last_collection():
    rnd = new_round(boxes={2: ["Ann", 5, 5], 4: ["Bob", 5]}, decisions={2: "fold", 4: "fold"})
    rnd.autoplay()
    assert rnd.finished and len(rnd.board) == 3 and not rnd.dealer_revealed
    assert [s.outcome for s in rnd.settlement] == ["fold", "fold"]
    assert rnd.bank == 100_015 and "Every box has folded" in rnd.log[-1]


def test_table_maximum_payout_caps_a_box():
    # Box 1: As Ks with the flop Qs Js Ts: a royal flush, for the ante and the bonus.
    stack = "As 9c Ks 9d  Qs Js Ts  7h  2c"     # the dealer's pair of nines qualifies
    house = MAIN.with_(casino_holdem_max_payout=5000)
    rnd = new_round(boxes={1: ["Ann", 100, 10]}, decisions={1: "call"}, stack=stack, house=house)
    rnd.autoplay()
    [s] = rnd.settlement
    assert s.hand.startswith("Royal Flush")
    # Due: ante 100 x 100 = 10000, call 200, bonus 70 -> 10270; paid 5000 (CH ¶13).
    assert (s.ante_won, s.call_won, s.bonus_won, s.withheld) == (5000, 0, 0, 5270)
    assert "table maximum payout of 5000" in s.lines[0]
    assert rnd.players["Ann"] == 1000 + 5000


def test_table_maximum_per_player_counts_every_box_of_the_player():
    # Ann plays box 1 (open) and box 2 (blind); both hold a pair of aces on an ace flop and
    # beat the dealer's pair of fours: 25 + 50 due on each box.
    stack = "Ac Ad 4c  Kd Qs 4d  7h Ah 9c  5s  Jd"
    for per, paid in (("box", [75, 75]), ("player", [75, 25])):
        house = MAIN.with_(casino_holdem_max_payout=100, casino_holdem_max_payout_per=per)
        rnd = new_round(boxes={1: ["Ann", 25, 0], 2: ["Ann", 25, 0]}, decisions={1: "call"},
                        stack=stack, house=house)
        rnd.autoplay()
        assert [s.box for s in rnd.settlement] == [2, 1]
        assert [s.paid for s in rnd.settlement] == paid, per


def test_two_at_once_deal_and_bonus_settled_on_a_fold():
    house = MAIN.with_(casino_holdem_deal="two_at_once", casino_holdem_bonus_on_fold="settled")
    # Two cards to box 1, two to box 2, two to the dealer; box 2 folds a pair of aces with the flop.
    stack = "2c 3d Ac 9d Kh Kd  Ah 7c 8s  Jh  Qc"
    rnd = new_round(boxes={1: ["Ann", 10, 0], 2: ["Bob", 10, 5]}, decisions={1: "call", 2: "fold"},
                    stack=stack, house=house)
    order = []
    while rnd.expected().kind in ("no_more_bets", "pitch", "pitch_dealer"):
        exp = rnd.expected()
        order.append(exp.seat if exp.kind == "pitch" else "D" if exp.kind == "pitch_dealer" else "-")
        do(rnd, exp.kind, exp.seat)
    assert order == ["-", 1, 1, 2, 2, "D", "D"]
    do(rnd, "deal_flop")
    do(rnd, "pass_cards", seats=(1, 2))
    # The folded box's cards are opened and its bonus settled before the collection.
    assert rnd.expected().kind == "pay_bonus" and rnd.expected().seat == 2
    assert rnd.view()["boxes"][1]["cards"] == ["Ac", "9d"]
    refuse(rnd, Step("collect_fold", 2), "CH ¶4", "folded")
    do(rnd, "pay_bonus", 2)
    do(rnd, "collect_fold", 2)
    rnd.autoplay()
    folded = next(s for s in rnd.settlement if s.box == 2)
    assert (folded.outcome, folded.bonus_won, folded.lost) == ("fold", 35, 10)
    assert rnd.players["Bob"] == 1000 - 10 + 35


def test_bonus_is_lost_with_a_fold_by_default():
    rnd = new_round(boxes={2: ["Bob", 10, 5], 3: ["Cat", 10, 0]}, decisions={2: "fold", 3: "call"})
    rnd.autoplay()
    folded = next(s for s in rnd.settlement if s.box == 2)
    assert (folded.bonus_result, folded.lost) == ("lose", 15)


def test_paytable_is_a_house_setting():
    table = check_paytable({"full_house": 4, "straight_or_lower": 2})
    assert table["Full House"] == 4 and table["Two Pair"] == 2 and table["Flush"] == 2
    assert table["Royal Flush"] == 100
    assert MAIN.casino_holdem_paytable["Royal Flush"] == 100
    with pytest.raises(ValueError, match="not a hand category"):
        check_paytable({"five of a kind": 50})
    with pytest.raises(ValueError, match="at least 1"):
        check_paytable({"flush": 0})
    # A changed table changes the ante payout (Flush 2 -> 5).
    house = MAIN.with_(casino_holdem_paytable={"Flush": 5})
    rnd = new_round(house=house).autoplay()
    assert next(s for s in rnd.settlement if s.box == 6).ante_won == 50
    with pytest.raises(ScenarioError, match="casino_holdem_paytable"):
        new_round(house=MAIN.with_(casino_holdem_paytable={"Flush": -1}))


def test_house_file_sets_the_casino_fields(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('casino_holdem_max_payout = 2500\ncasino_holdem_max_payout_per = "player"\n'
                    '[casino_holdem_paytable]\nflush = 3\n"Royal Flush" = 200\n', encoding="utf-8")
    house = load_house_file(path)
    assert house.casino_holdem_max_payout == 2500 and house.casino_holdem_max_payout_per == "player"
    assert house.casino_holdem_paytable["Flush"] == 3 and house.casino_holdem_paytable["Royal Flush"] == 200
    assert house.casino_holdem_paytable["Full House"] == 3
    path.write_text('[casino_holdem_paytable]\nflus = 3\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match=r"club.toml:1: field 'casino_holdem_paytable': 'flus'"):
        load_house_file(path)
    path.write_text('casino_holdem_bonus_on_fold = "kept"\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match="not one of 'lost', 'settled'"):
        load_house_file(path)


@pytest.mark.parametrize("changes, message", [
    ({"boxes": {}}, "boxes must be a table"),
    ({"boxes": {8: ["Ann", 10]}}, "the boxes are 1 to 7 (CH ¶1)"),
    ({"boxes": {1: ["Ann", 0]}}, "the ante must be a whole number of chips above 0"),
    ({"boxes": {1: ["Ann", 10, -5]}}, "the bonus must be"),
    ({"boxes": {1: ["Ann", 10], 2: ["Ann", 20]}, "decisions": {1: "call"}}, "must equal the open box 1"),
    ({"boxes": {1: ["Ann", 10], 2: ["Ann", 10]}, "decisions": {1: "call", 2: "fold"}},
     "cannot fold (CH ¶2)"),
    ({"decisions": {1: "call", 6: "call"}}, "box 3 (Ben) needs"),
    ({"decisions": {1: "raise"}}, "must \"call\" or \"fold\""),
    ({"decisions": {1: "call", 3: "fold", 6: "call", 7: "call"}}, "box 7 has no wager"),
    ({"chips": {"Ann": 50}}, "Ann has 50 chips but"),
    ({"chips": {"Zed": 50}}, "Zed plays no box"),
    ({"stack": "As As"}, "stack names a card twice"),
    ({"stack": "Zz"}, "stack: 'Zz' is not a card"),
    ({"house": "vegas"}, "no house-rule profile 'vegas'"),
    ({"blinds": [1, 2]}, "unknown key(s) blinds"),
    ({"game": "holdem"}, "this scenario type deals casino-holdem"),
])
def test_bad_scenarios_say_what_is_wrong(changes, message):
    with pytest.raises(ScenarioError) as err:
        new_round(**changes)
    assert message in str(err.value)


def test_game_info_and_labels():
    assert GAME_INFO == {"name": "casino-holdem", "title": "Casino Hold'em (banked)",
                         "rule": CASINO_HOLDEM.rule, "deck_sizes": (52,), "max_boxes": 7}
    assert describe_step(Step("pay_box", 7)) == "Pay the box (box 7)"
    assert describe_step(Step("pass_cards", seats=(1, 2))) == "Pass the cards to the players (boxes 1, 2)"
    assert set(STEP_LABELS) >= {"no_more_bets", "pitch", "pitch_dealer", "pay_bonus"}


def test_replay_rebuilds_the_same_round():
    rnd = new_round()
    steps = []
    while (exp := rnd.expected()) is not None and len(steps) < 17:
        steps.append(Step(exp.kind, exp.seat, exp.seats))
        do(rnd, exp.kind, exp.seat, exp.seats)
    again = new_round().replay(steps)
    assert again.view(reveal=True) == rnd.view(reveal=True)


def test_cli_prints_the_procedure():
    out = subprocess.run([sys.executable, "-m", "engine", "casino", "--seed", "3", "--boxes", "4",
                          "--bonus", "5", "--fold", "2"], capture_output=True, text=True, check=True)
    assert "Announce \u201cNo more bets\u201d  [CH ¶1]" in out.stdout
    assert "Collect a folded box (box 2)  [CH ¶6]" in out.stdout
    assert "Settlement (from the last box, CH ¶9):" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "engine", "casino", "--boxes", "9"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--boxes must be 1 to 7" in bad.stderr


# --- property test ------------------------------------------------------------------
# A plain reading of hands written from 3.2.1 alone (no engine code), to check
# every settlement against the pay table and the qualification rules.
CATEGORIES = ("No Pair", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
              "Full House", "Four of a Kind", "Straight Flush", "Royal Flush")


def key5(cards):
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (9 if top == 14 else 8, (top,))
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, n in groups for _ in range(n))
    shape = tuple(n for _, n in groups)
    if shape == (4, 1):
        return (7, order)
    if shape == (3, 2):
        return (6, order)
    if flush:
        return (5, tuple(ranks))
    if top:
        return (4, (top,))
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape], order)


def best(cards):
    return max(key5(five) for five in combinations(cards, 5))


def at_least_pair_of(key, rank):
    return key[0] > 1 or (key[0] == 1 and key[1][0] >= rank)


@st.composite
def scenarios(draw):
    used = draw(st.lists(st.integers(1, 7), min_size=1, max_size=7, unique=True))
    owners = {b: draw(st.sampled_from(["Ann", "Bob", "Cat"])) for b in used}
    antes = {name: draw(st.sampled_from([1, 5, 10, 25, 100])) for name in set(owners.values())}
    boxes = {b: [owners[b], antes[owners[b]], draw(st.sampled_from([0, 0, 1, 5, 20]))] for b in used}
    opened = {min(b for b in used if owners[b] == name) for name in antes}
    decisions = {b: draw(st.sampled_from(["call", "call", "fold"])) for b in opened}
    house = MAIN.with_(
        casino_holdem_max_payout=draw(st.sampled_from([1, 40, 300, 10_000])),
        casino_holdem_max_payout_per=draw(st.sampled_from(["box", "player"])),
        casino_holdem_bonus_on_fold=draw(st.sampled_from(["lost", "settled"])),
        casino_holdem_deal=draw(st.sampled_from(["one_at_a_time", "two_at_once"])))
    return {"boxes": boxes, "decisions": decisions, "seed": draw(st.integers(0, 10**9)),
            "house": house, "chips": {name: 5000 for name in antes}}


def expected_settlement(rnd, data):
    """Each box's (outcome, ante_won, call_won, bonus_won, withheld) from the rules alone."""
    house = data["house"]
    board = rnd.board
    dealer = best(rnd.dealer + board) if len(board) == 5 else None
    qualifies = dealer is not None and at_least_pair_of(dealer, 4)            # CH ¶9
    paid_so_far = Counter()
    results = {}

    def pay(box, due):
        key = box if house.casino_holdem_max_payout_per == "box" else data["boxes"][box][0]
        paid = min(due, house.casino_holdem_max_payout - paid_so_far[key])      # CH ¶13
        paid_so_far[key] += paid
        return paid, due - paid

    def bonus(box, stake, cards):
        if not stake:
            return 0, 0
        if at_least_pair_of(key5(list(cards) + board[:3]), 14):                 # CH ¶4
            return pay(box, 7 * stake)
        return 0, 0

    folded = sorted(b for b, d in data["decisions"].items() if d == "fold")
    for box in folded:                                                           # decision order
        name, ante, stake = data["boxes"][box]
        won, held = (0, 0)
        if house.casino_holdem_bonus_on_fold == "settled":
            won, held = bonus(box, stake, rnd._fold_cards[box])
        results[box] = ("fold", 0, 0, won, held)
    in_play = sorted((b for b in data["boxes"] if b not in folded), reverse=True)   # CH ¶9
    for box in in_play:
        name, ante, stake = data["boxes"][box]
        cards = rnd._box_cards[box]
        hand = best(list(cards) + board)
        odds = house.casino_holdem_paytable[CATEGORIES[hand[0]]]
        held = 0
        if not qualifies:
            outcome = "win"
            ante_won, h = pay(box, ante * odds)                                  # CH ¶12
            held += h
            call_won = 0
        elif hand > dealer:
            outcome = "win"
            ante_won, h1 = pay(box, ante * odds)                                 # CH ¶10, ¶14
            call_won, h2 = pay(box, 2 * ante)
            held += h1 + h2
        else:
            outcome = "lose" if hand < dealer else "push"
            ante_won = call_won = 0
        bonus_won, h = bonus(box, stake, cards)
        results[box] = (outcome, ante_won, call_won, bonus_won, held + h)
    return results


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), wrong=st.randoms(use_true_random=False))
def test_property_random_rounds(data, wrong):
    rnd = CasinoRound(CasinoScenario.from_dict(data))
    total = rnd.chips_total()
    deck = set(full_deck(52))
    rnd._box_cards, rnd._fold_cards = {}, {}
    kinds = list(STEP_LABELS)
    while (exp := rnd.expected()) is not None:
        # A random wrong step first: refused, and nothing moves.
        bad = Step(wrong.choice(kinds), wrong.choice([None, 1, 2, 3, 4, 5, 6, 7]))
        if (bad.kind != exp.kind or (bad.kind in SEAT_STEPS and bad.seat != exp.seat)
                or bad.kind in SEATS_STEPS):
            before = snapshot(rnd)
            assert not rnd.propose(bad).ok
            assert snapshot(rnd) == before
        for b in rnd.boxes.values():
            if len(b.cards) == 2:
                (rnd._fold_cards if b.folded else rnd._box_cards)[b.box] = tuple(b.cards)
        do(rnd, exp.kind, exp.seat, exp.seats)
        # No card dealt twice: every card is in exactly one place.
        places = (list(rnd.deck.cards) + rnd.dealer + rnd.board + rnd.muck
                  + [c for b in rnd.boxes.values() for c in b.cards])
        assert len(places) == 52 and set(places) == deck
        # Chips are conserved between the bank, the players and the layout.
        assert rnd.chips_total() == total
    assert rnd.finished
    # Each box settled exactly once, and nothing left on the layout.
    assert sorted(s.box for s in rnd.settlement) == sorted(data["boxes"])
    assert all(b.on_layout == 0 for b in rnd.boxes.values())
    want = expected_settlement(rnd, data)
    for s in rnd.settlement:
        got = (s.outcome, s.ante_won, s.call_won, s.bonus_won, s.withheld)
        assert got == want[s.box], (s.box, s.lines)
    # The table maximum payout holds (CH ¶13).
    cap = data["house"].casino_holdem_max_payout
    per = Counter()
    for s in rnd.settlement:
        per[s.box if data["house"].casino_holdem_max_payout_per == "box" else s.name] += s.paid
    assert max(per.values()) <= cap
    # Every player's chips: start, less what was lost, plus what was won.
    for name, chips in rnd.players.items():
        mine = [s for s in rnd.settlement if s.name == name]
        assert chips == 5000 - sum(s.lost for s in mine) + sum(s.paid for s in mine)
