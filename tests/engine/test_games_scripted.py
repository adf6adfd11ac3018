"""A scripted full hand of every game, every dealer step asserted (section 8, 11-13).

Each hand has three players at seats 2, 4 and 6 of a ten-seat table and a
stacked deck, so the winner is known from the cards. The expected steps were
worked out from the rules, not from the engine. Notation, one token a step:

  B2 move the button to seat 2     b4 collect a blind from seat 4     A collect the antes
  p4 pitch a card down to seat 4   u4 pitch a card face up            K deal a card to the Kitty
  o4 seat 4 opens (stud)           X burn                             F deal a flop   T turn it
  D deal a community card          C deal a common card               R reshuffle
  d4 take seat 4's discards        r4 replace from the stub           g4 give seat 4 the Kitty
  M muck the Kitty                 $ collect the bets                 W4,6 award a pot to 4 and 6

Button games: the button was at seat 6 and moves to 2, so the blinds are 4
and 6, cards go 4, 6, 2 and the first round opens with seat 2 (8.2.2,
8.1.4, 8.17.3(a)). Stud has no button: cards go 2, 4, 6 from the dealer's
left.
"""
import re

import pytest

from engine.cards.deck import parse_cards
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.steps import Step

SEATS = {2: ["Ann", 100], 4: ["Ben", 100], 6: ["Cal", 100]}
TOKENS = {"B": "move_button", "b": "post_blind", "A": "collect_antes", "p": "pitch", "u": "pitch_up",
          "K": "deal_kitty", "o": "name_opener", "X": "burn", "F": "deal_flop", "T": "turn_flop",
          "D": "deal_board", "C": "deal_common", "R": "reshuffle", "d": "take_discard", "r": "replace",
          "g": "give_kitty", "M": "muck_kitty", "$": "collect_bets", "W": "award"}
LETTERS = {v: k for k, v in TOKENS.items()}

PRE = ["call", "call", "check"]          # seat 2 calls, the small blind completes, the big blind checks
CHECKS = ["check"] * 3


def rounds(tokens: str, times: int) -> str:
    return " ".join([tokens] * times)


def token(exp) -> str:
    letter = LETTERS[exp.kind]
    if exp.seats:
        return letter + ",".join(map(str, exp.seats))
    return letter + (str(exp.seat) if exp.seat is not None else "")


HOLDEM_HAND = "As Ks 2c Ah Kh 7d 5s 3c 8d 9s 6s Jh Qd 4c"       # 4: AA, 6: KK, 2: 7-2
HI_LO_HAND = "As Ks Qc 2h Kh Jd 4s 3c 5d Kd 6s 9s 8h 7c"        # 6 high (KKK), 4 low (7-5-3-2-A)
DRAW_HAND = "As 9s 2d Ad 8s 3c Kc 7d 4h 7h 6c Jc 2c 5h Jh Ah Ac Js Td 9c"
LOWBALL_HAND = "7c 8s Ah 5d 6h Kh 4h 4d Qh 3s 3c Jh Kd 2d 9c 2c"  # 4 draws the 2c: 7-5-4-3-2
STUD5_HAND = "As Kd 2h 3c 9d Qs 4c 3d 9h Ks 4d 7c 5s Jd 4h 8c 6s Th"
STUD7_HAND = "As Kd 2h Ah Kh 2d 3c 9d Qs 4c 3d 9h Ks 4d 7c 5s Jd 4h 8c 6s Th 4s Ac 9c 2c"
STUD8_HAND = "As Kd 2h Ah Kh 4d 3c 9d 6h 4c 3d 9h 5d 4h 7c 5s 7d 4s 8c 6s Td Jc Ac 9c 8h"
RAZZ_HAND = "As 3h 6d 2c 4h 7d Kd 5c Ah 9h Qs 6c 2h 9d Js 7c 3d 9c Ts 8c 4d Th 9s 2d Ks"

BLINDS = "B2 b4 b6"
STUD_ROUNDS = "o2 $ " + rounds("X u2 u4 u6 o4", 3)

CASES = {
    # game: (scenario changes, actions, expected steps, {seat: chips after})
    "holdem": (
        {"stack": HOLDEM_HAND}, PRE + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 2)} $ X F T X D X D W4", {4: 104, 6: 98, 2: 98}),
    "holdem-hi-lo": (
        {"stack": HI_LO_HAND}, PRE + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 2)} $ X F T X D X D W6 W4", {4: 101, 6: 101, 2: 98}),
    "double-flop-holdem": (
        {"stack": "As Ks 2c Ah Kh 7d 2h 3c 8d 9s Kd 5s 6h 2d Jh Tc 2s 4c Qd"}, PRE + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 2)} $ X F T F T X D D X D D W4 W6", {4: 101, 6: 101, 2: 98}),
    "pineapple": (
        {"stack": "As Ks 2c Ah Kh 7d 2h 3h 4h 5s 3c 8d 9s 6s Jh Qd 4c"},
        PRE + ["discard 2h", "discard #3", "discard 4h"] + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 3)} $ d4 d6 d2 X F T X D X D W4", {4: 104, 6: 98, 2: 98}),
    "crazy-pineapple": (
        {"stack": "As Ks 2c Ah Kh 7d 2h 3h 4h 5s 3c 8d 9s 6s Jh Qd 4c"},
        PRE + CHECKS + ["discard 2h", "discard #3", "discard 4h"] + CHECKS * 2,
        f"{BLINDS} {rounds('p4 p6 p2', 3)} $ X F T d4 d6 d2 X D X D W4", {4: 104, 6: 98, 2: 98}),
    "crazy-pineapple-hi-lo": (
        {"stack": "As Ks Qs 2h Kh Jd Qc Jc Tc 4s 3c 5d Kd 6s 9s 8h 7c"},
        PRE + CHECKS + ["discard Qc", "discard Jc", "discard Tc"] + CHECKS * 2,
        f"{BLINDS} {rounds('p4 p6 p2', 3)} $ X F T d4 d6 d2 X D X D W6 W4", {4: 101, 6: 101, 2: 98}),
    "omaha": (
        {"stack": "As Ks Qs Ah Kh 3h 2c 7c 4c 3d 8d 5d Jc Kd 9s 2h Jd Tc Js 6s"}, PRE + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 4)} $ X F T X D X D W6", {4: 98, 6: 104, 2: 98}),
    "omaha-hi-lo": (
        {"stack": "As Ks Qs 2h Kh Jh 9c 7s 4c 9d 8s 9h 2s 3c 5d Kd 6s Tc 6h 7c"}, PRE + CHECKS * 3,
        f"{BLINDS} {rounds('p4 p6 p2', 4)} $ X F T X D X D W6 W4", {4: 101, 6: 101, 2: 98}),
    "two-card-manila": (
        {"stack": "As 7h Qd Ks 8h Qc 9h 8c Th 8d Jc 8s 7c 9c Ac", "deck": 32}, PRE + CHECKS * 4,
        f"{BLINDS} {rounds('p4 p6 p2', 2)} D $ X D X D X D X D W6", {4: 98, 6: 104, 2: 98}),
    "three-card-manila": (
        {"stack": "As 7h Qd Ks 8h Qc 6c 6d 6s 9h 8c Th 8d Jc 8s 7c 9c Ac", "deck": 36}, PRE + CHECKS * 4,
        f"{BLINDS} {rounds('p4 p6 p2', 3)} D $ X D X D X D X D W6", {4: 98, 6: 104, 2: 98}),
    "faro-manila": (
        {"stack": "As 7h Qd Ks 8h Qc 2h 2d 2s 3h 3d 3s 4h 4d 4s 9h 8c Th 8d Jc 8s 7c 9c Ac"},
        PRE + CHECKS * 4,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} D $ X D X D X D X D W6", {4: 98, 6: 104, 2: 98}),
    "draw-blind": (
        {"stack": DRAW_HAND}, PRE + ["draw 2", "stand pat", "discard #1 #2 #3"] + CHECKS,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} $ d4 r4 d2 r2 W4", {4: 104, 6: 98, 2: 98}),
    "draw-kitty": (
        {"stack": "As 9c 7s Ks Ad 9d 8s Kd Ac 5s Ts Kc 2h 4s Js Qh 3h 3s 2d Qd Qc"},
        ["call", "raise 6", "take kitty", "call", "call", "stand pat", "discard #4", "stand pat"] + CHECKS,
        f"{BLINDS} {rounds('p4 p6 p2 K', 5)} d6 g6 $ d6 r6 W6", {4: 94, 6: 112, 2: 94}),
    "draw-ante": (
        {"stack": "As 2c 9h Ks 3c 9d Qs 4d 8h Js 5h 8d Ts 7s 2h"},
        CHECKS + ["stand pat"] * 3 + ["bet 2", "call", "fold"],
        f"B2 A {rounds('p4 p6 p2', 5)} $ W4", {4: 104, 6: 97, 2: 99}),
    "triple-draw-27": (
        {"stack": LOWBALL_HAND},
        PRE + ["draw 1", "stand pat", "stand pat"] + CHECKS + (["stand pat"] * 3 + CHECKS) * 2,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} $ d4 r4 W4", {4: 104, 6: 98, 2: 98}),
    "triple-draw-a5": (
        {"stack": LOWBALL_HAND},
        PRE + ["draw 1", "stand pat", "stand pat"] + CHECKS + (["stand pat"] * 3 + CHECKS) * 2,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} $ d4 r4 W4", {4: 104, 6: 98, 2: 98}),
    "lowball-27": (
        {"stack": LOWBALL_HAND}, PRE + ["draw 1", "stand pat", "stand pat"] + CHECKS,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} $ d4 r4 W4", {4: 104, 6: 98, 2: 98}),
    "lowball-a5": (
        {"stack": LOWBALL_HAND}, PRE + ["draw 1", "stand pat", "stand pat"] + CHECKS,
        f"{BLINDS} {rounds('p4 p6 p2', 5)} $ d4 r4 W4", {4: 104, 6: 98, 2: 98}),
    "five-card-stud": (
        {"stack": STUD5_HAND}, ["bring-in", "call", "call"] + CHECKS * 3,
        f"A p2 p4 p6 u2 u4 u6 {STUD_ROUNDS} W4", {2: 97, 4: 106, 6: 97}),
    "crown-stud": (
        {"stack": STUD5_HAND}, ["bring-in", "call", "call"] + CHECKS * 3,
        "A p2 p4 p6 u2 u4 u6 o2 $ " + rounds("X u2 u4 u6 o4", 2) + " X p2 p4 p6 o4 W4",
        {2: 97, 4: 106, 6: 97}),
    "seven-card-stud": (
        {"stack": STUD7_HAND}, ["bring-in", "call", "call"] + CHECKS * 4,
        f"A p2 p4 p6 p2 p4 p6 u2 u4 u6 {STUD_ROUNDS} X p2 p4 p6 o4 W2", {2: 106, 4: 97, 6: 97}),
    "seven-card-stud-hi-lo": (
        {"stack": STUD8_HAND}, ["bring-in", "call", "call"] + CHECKS * 4,
        f"A p2 p4 p6 p2 p4 p6 u2 u4 u6 {STUD_ROUNDS} X p2 p4 p6 o4 W2 W6", {2: 102, 4: 97, 6: 101}),
    "razz": (
        {"stack": RAZZ_HAND}, ["bring-in", "call", "call"] + CHECKS * 4,
        "A p2 p4 p6 p2 p4 p6 u2 u4 u6 o2 $ " + rounds("X u2 u4 u6 o6", 3) + " X p2 p4 p6 o6 W6",
        {2: 97, 4: 97, 6: 106}),
}


def scenario(game, changes, actions, **more) -> Scenario:
    data = {"game": game, "seats": SEATS, "button_was": 6, "actions": actions, "seed": 9}
    data.update(changes)
    data.update(more)
    return Scenario.from_dict(data)


def play(hand: Hand, wrong: bool = True) -> list[str]:
    """Deal the hand step by step. Before each right step, propose a wrong
    one and check it is refused with the due step's rule and changes nothing."""
    seen = []
    kinds = [k for group in hand.step_kinds() for k in group]
    while (exp := hand.expected()) is not None:
        assert re.search(r"\d", exp.rule), f"{exp.kind} cites no rule: {exp.rule!r}"
        if wrong:
            before = (hand.view(reveal=True), len(hand.deck), hand.step_count, list(hand.deck.cards))
            other = next(k for k in kinds if k != exp.kind)
            seat = exp.seat if exp.seat is not None else 2
            verdict = hand.propose(Step(other, seat, (seat,)))
            assert not verdict.ok and verdict.rule == exp.rule and verdict.message.startswith("Not now.")
            if exp.seat is not None:
                away = next(s for s in (2, 4, 6) if s != exp.seat)
                verdict = hand.propose(Step(exp.kind, away))
                assert not verdict.ok and verdict.message.startswith(f"Not seat {away}.")
            if exp.kind == "award":
                verdict = hand.propose(Step("award", seats=(1,)))
                assert not verdict.ok and "not who wins" in verdict.message
            assert (hand.view(reveal=True), len(hand.deck), hand.step_count, list(hand.deck.cards)) == before
        seen.append(token(exp))
        assert hand.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    return seen


@pytest.mark.parametrize("game", sorted(CASES))
def test_scripted_hand(game):
    changes, actions, expected, stacks = CASES[game]
    hand = Hand(scenario(game, changes, actions))
    assert " ".join(play(hand)) == expected
    assert hand.finished and hand.pot == 0
    assert {s: p.stack for s, p in hand.players.items()} == stacks
    assert hand._actions == []          # every scripted decision was used


def test_every_section_8_game_has_a_scripted_hand():
    from engine.games.registry import GAMES
    from engine.games.parts import Game
    assert set(CASES) == {name for name, g in GAMES.items() if isinstance(g, Game)}


@pytest.mark.parametrize("game, rules", [
    ("draw-blind", {"move_button": "11.1(b)", "pitch": "11.1(d)", "take_discard": "11.3(a)",
                    "replace": "11.3(a)", "award": "11.4(c)"}),
    ("five-card-stud", {"collect_antes": "12.1(b)", "pitch": "12.1(c)", "pitch_up": "12.1(c)",
                        "burn": "12.3(a)", "award": "12.4(d)"}),
    ("seven-card-stud", {"collect_antes": "13.1(b)", "pitch": "13.1(c)", "burn": "13.3(a)",
                         "award": "13.4(d)"}),
])
def test_second_rulebook_house_deals_its_own_sections(game, rules):
    changes, actions, expected, stacks = CASES[game]
    hand = Hand(scenario(game, changes, actions, house="second"))
    cited = {}
    while (exp := hand.expected()) is not None:
        cited.setdefault(exp.kind, exp.rule)
        hand.propose(Step(exp.kind, exp.seat, exp.seats))
    assert hand.game.edition == "second"
    for kind, rule in rules.items():
        assert cited[kind].startswith(rule), (kind, cited[kind])
    assert {s: p.stack for s, p in hand.players.items()} == stacks


def test_scripted_cards_land_where_the_rules_say():
    """Spot checks on the stacked hands: the draw's choice, the Kitty, the halves."""
    changes, actions, _, _ = CASES["draw-blind"]
    hand = Hand(scenario("draw-blind", changes, actions)).autoplay()
    # 'draw 2' throws the two lowest unpaired cards; the draw comes off the top
    assert sorted(hand.players[4].cards) == sorted(parse_cards("As Ad Kc Ah Ac"))
    assert [c for c, _, _ in hand.muck] == parse_cards("2c 7h 2d 3c 4h")
    kitty = Hand(scenario("draw-kitty", *CASES["draw-kitty"][:2])).autoplay()
    assert kitty.players[6].cards == parse_cards("Ks Kd Kc Qd Qc")
    assert kitty.kitty_taken_by == 6 and kitty.kitty == []
    hilo = Hand(scenario("seven-card-stud-hi-lo", *CASES["seven-card-stud-hi-lo"][:2])).autoplay()
    high, low = hilo.awards
    assert (high.amount, low.amount) == (5, 4)     # the odd chip of the halving goes high (8.12.5(f))
    assert "8.12.5(f)" in " ".join(high.explanation)
