"""The question kinds added for issue 11: halves, shares, order, best_hand,
largest_bet, casino_settle; winner's pot/half selectors, split's house,
across_hands' penalty big blind, and the pots answer written with its labels."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.questions import build_question
from engine.questions.base import MalformedAnswer, QuestionError
from engine.questions.base import MAX_TICKS

THREE = {1: ["Ann", 100], 2: ["Ben", 100], 3: ["Cal", 100]}
QUARTERS = dict(game="omaha-hi-lo", button_was=3, seats=THREE,
                stack="Ac Ad 4h 3s 3d 6s Kh 9c Jc Qh 9s Jd 8s 2c 5d 7h 8h Ks 8d Kd",
                actions=["call", "call", "check", "bet 2", "call", "call"] + ["check"] * 6)
NO_LOW = dict(game="holdem-hi-lo", button_was=3, seats=THREE,
              stack="As 9s Ac Th 2c 2d 3h Kd Qs 9h 4h 9c 5c Jd", actions=["call", "call"] + ["check"] * 10)
ODD_HILO = dict(game="holdem-hi-lo", button_was=8,
                seats={2: ["Dee", 100], 4: ["Eli", 100], 6: ["Fay", 100], 8: ["Gus", 100]},
                stack="9c Ah Kc 3s 9d 2d Kd 3h 6h 4c 5s Kh 7h Jd 7d 8c",
                actions=["call", "call", "fold", "check"] + ["check"] * 9)


def ask(kind, **data):
    return build_question({"ask": kind, **data})


# ---------------------------------------------------------------- halves, shares, winner
def test_halves_quartered_pot_low_tied():
    q = ask("halves", **QUARTERS)
    assert q.input == "grid" and [r[1] for r in q.rows] == ["Main pot: high half", "Main pot: low half"]
    assert q.answer == {0: (2,), 1: (2, 3)}
    assert q.parse({"seats": ["0.2", "1.2", "1.3"]}) == q.answer
    assert q.check(q.answer).ok and not q.check({0: (2,), 1: (2,)}).ok
    assert "8.24.6" in q.rule and "seat 2" not in q.hint


def test_halves_no_qualifying_low_is_nobody():
    q = ask("halves", **NO_LOW)
    assert q.answer == {0: (2,), 1: ()}
    assert q.rows[1][2] is True and q.rows[0][2] is False      # only a low half may go to nobody
    assert q.parse({"seats": ["0.2", "1.none"]}) == q.answer
    with pytest.raises(MalformedAnswer):
        q.parse({"seats": ["0.none", "1.none"]})             # a high half always has a winner
    with pytest.raises(MalformedAnswer):
        q.parse({"seats": ["0.2", "1.none", "1.3"]})         # nobody and a seat
    with pytest.raises(MalformedAnswer):
        q.parse({"seats": ["0.2"]})                          # a line left empty
    assert q.format_answer(q.answer) == "Main pot: high half: seat 2; Main pot: low half: nobody"


def test_shares_quartering_and_the_odd_chip_to_high():
    q = ask("shares", **QUARTERS)
    assert q.answer == {2: 9, 3: 3, 1: 0}           # high 6 to Ben, the low 6 quartered: 3 each
    q = ask("shares", **ODD_HILO)
    assert q.answer == {6: 3, 8: 4, 2: 0}           # a pot of 7: the odd chip to the high half
    assert any("8.22.6(f)" in line for line in q.explanation)
    assert q.parse({"amount-6": "3", "amount-8": "4", "amount-2": "0"}) == q.answer
    assert q.format_answer(q.answer).startswith("Seat 6 (Fay): 3")


def test_winner_without_a_qualifying_low_cites_the_no_low_rule():
    q = ask("winner", **NO_LOW)
    assert q.answer == (2,) and q.rule == "8.22.6(e)"      # the high hand takes all (e), not (d)
    assert "8.22.6(d)" in q.hint and "(e)" not in q.hint     # the hint does not say there is no low
    assert ask("winner", **ODD_HILO).rule == "8.22.6(d)"     # a low qualifies: the split rule


def test_shares_hint_places_the_leftover_by_the_house_and_the_game():
    stud = dict(game="seven-card-stud-hi-lo", ante=1, betting="fixed", limits=[2, 4], seed=2,
                seats={1: ["Ann", 100], 3: ["Ben", 100], 5: ["Cara", 100]},
                actions=["bring-in", "call", "call"] + ["check"] * 12)
    hint = ask("shares", **stud).hint                  # no button: by suit (8.1.5(b))
    assert "highest card by suit" in hint and "button" not in hint.split("then divide")[-1]
    assert "closest clockwise to the button (8.1.5, 8.1.5(a))" in ask("shares", **ODD_HILO).hint
    assert "first left of the button (live-casino" in ask("shares", **ODD_HILO, house="live-casino").hint


def test_winner_default_prompt_names_the_half_and_selectors():
    q = ask("winner", **QUARTERS)
    assert q.prompt == "Who wins the high half of the pot?" and q.answer == (2,)
    assert ask("winner", **QUARTERS, half="low").answer == (2, 3)
    assert ask("winner", **ODD_HILO, half="low", pot=0).answer == (6,)
    with pytest.raises(QuestionError, match="nobody wins"):
        ask("winner", **NO_LOW, half="low")
    with pytest.raises(QuestionError, match="no such pot"):
        ask("winner", **NO_LOW, pot=3)


def test_double_board_halves_and_holdem_winner_prompt():
    q = ask("winner", game="holdem", button_was=3, seats=THREE, stack="As Ks Ah Kh Qs Qd 2c 3d 7h 9s Jc 4d 5s 8h",
            actions=["call", "call"] + ["check"] * 10)
    assert q.prompt == "Who wins the pot?"
    double = dict(game="double-flop-holdem", button_was=8,
                  seats={2: ["Dee", 100], 4: ["Eli", 100], 6: ["Fay", 100], 8: ["Gus", 100]},
                  stack="9c 5h Kc 3s 9d 5d Kd 2h 3c Ks 7h 2c 5c 8h Tc 3d Jd 6s 4c 4s Qd",
                  actions=["call", "call", "fold", "check"] + ["check"] * 9)
    q = ask("halves", **double)
    assert [r[1] for r in q.rows] == ["Main pot: top half", "Main pot: bottom half"]
    assert not any(r[2] for r in q.rows)                  # every hand plays both boards: no "nobody"
    assert ask("winner", **double).prompt == "Who wins the Top half of the pot?"
    shares = ask("shares", **double).answer
    assert sum(shares.values()) == 7                      # an odd pot: the Top half is one chip bigger


# ---------------------------------------------------------------- pots label fix
def test_pots_answer_is_written_with_the_pot_names():
    q = ask("pots", button_was=1, seats={1: ["A", 10], 2: ["B", 50], 3: ["C", 100]}, blinds=[1, 2],
            actions=["all-in", "all-in", "call"] + ["check"] * 3)
    text = q.format_answer(q.answer)
    assert text.startswith("Main pot: 30") and "Side pot 1: " in text and "seat 0" not in text


def test_a_missing_amount_is_named_as_its_field_is_labelled():
    """Issue 13: never "seat 0" where the field says "Main pot", nor "seat 2" for "Seat 2 (Ben)"."""
    pots = ask("pots", button_was=1, seats={1: ["A", 10], 2: ["B", 50], 3: ["C", 100]}, blinds=[1, 2],
               actions=["all-in", "all-in", "call"] + ["check"] * 3)
    with pytest.raises(MalformedAnswer, match=r"for Main pot, digits only"):
        pots.parse({"amount-1": "5"})
    split = ask("split", pot=100, winners=[2, 5], button=6, lowest_chip=5, names={2: "Ben", 5: "Cal"})
    label = dict(split.choices)[2]
    with pytest.raises(MalformedAnswer, match=re.escape(f"for {label}, digits only")):
        split.parse({"amount-5": "50"})


# ---------------------------------------------------------------- order, best_hand
def test_order_with_ties_accepts_either_numbering():
    q = ask("order", hands=["Ah Kh Qh Jh 9h", "As Ks Qs Js Ts", "Ad Kd Qd Jd 9d", "2c 2d 2h 3c 3d"])
    assert q.answer == {0: 3, 1: 1, 2: 3, 3: 2}
    assert q.parse({"amount-0": "3", "amount-1": "1", "amount-2": "3", "amount-3": "2"}) == q.answer
    assert q.parse({"amount-0": "4", "amount-1": "1", "amount-2": "4", "amount-3": "2"}) == q.answer  # 1, 2, 4, 4
    assert q.check(q.parse({"amount-0": "3", "amount-1": "1", "amount-2": "3", "amount-3": "2"})).ok
    assert q.check(q.parse({"amount-0": "3", "amount-1": "1", "amount-2": "4", "amount-3": "2"})).ok is False
    with pytest.raises(MalformedAnswer):
        q.parse({"amount-0": "5", "amount-1": "1", "amount-2": "3", "amount-3": "2"})


def test_order_short_deck_flush_beats_full_house_and_lows():
    q = ask("order", ranking="short36", hands=["Ah Kh Qh Jh 9h", "As Ad Ac Kd Kc"])
    assert q.answer == {0: 1, 1: 2}
    q = ask("order", ranking="high", hands=["Ah Kh Qh Jh 9h", "As Ad Ac Kd Kc"])
    assert q.answer == {0: 2, 1: 1}
    q = ask("order", ranking="eight-or-better", hands=["Ah 2c 3d 4s 5h", "Ad 2s 3c 4h 6d", "Kd Qs Jh 9c 7d"])
    assert q.answer == {0: 1, 1: 2, 2: 3}
    q = ask("order", ranking="deuce-to-seven", hands=["Ah 2c 3d 4s 5h", "7d 5s 4c 3h 2d"])
    assert q.answer == {0: 2, 1: 1}
    with pytest.raises(QuestionError):
        ask("order", ranking="nonsense", hands=["Ah 2c 3d 4s 5h", "7d 5s 4c 3h 2d"])


def test_best_hand_omaha_four_flush_board_is_no_flush():
    q = ask("best_hand", game="omaha", hole="Ah 2c Kd Qs", board="3h 7h 9h Jh 5c")
    assert q.input == "cards" and q.format_answer(q.answer) == "Ah (hole) Kd (hole) 7h (board) 9h (board) Jh (board)"
    assert not q.check((0, 4, 5, 6, 7)).ok          # one hole card and four board cards: not allowed
    assert q.check(q.parse({"seats": ["0", "2", "5", "6", "7"]})).ok
    assert ask("best_hand", about="name", game="omaha", hole="Ah 2c Kd Qs", board="3h 7h 9h Jh 5c").answer == "No Pair"
    assert ask("best_hand", about="name", game="holdem", hole="Ah 2c", board="3h 7h 9h Jh 5c").answer == "Flush"
    with pytest.raises(MalformedAnswer):
        q.parse({"seats": ["0", "1", "2", "3"]})


def test_best_hand_the_board_plays_any_equal_five_is_right():
    q = ask("best_hand", game="holdem", hole="2c 3d", board="Th Jc Qd Ks Ah")
    assert q.answer == (2, 3, 4, 5, 6) and any("board plays" in line for line in q.explanation)
    q = ask("best_hand", game="holdem", hole="Kc 3d", board="Ah Ad 7s 7h Kd")   # either seven is the kicker
    assert q.check((0, 2, 3, 4, 6)).ok and q.check((0, 2, 3, 5, 6)).ok and not q.check((1, 2, 3, 4, 5)).ok


# ---------------------------------------------------------------- largest_bet
BLINDS = dict(order=[3, 1, 2], stacks={1: 500, 2: 500, 3: 500}, posted={1: 1, 2: 2})


def test_largest_bet_pot_limit_counts_the_call():
    q = ask("largest_bet", structure="pot", limits=[2], actions=["raise 7"], **BLINDS)
    assert q.answer == 23 and q.rule == "6.6"       # pot 10 + call 6 = 16, raised: 7 + 16
    assert "23" not in q.hint


def test_largest_bet_spread_and_fixed_cap():
    assert ask("largest_bet", structure="spread", limits=[2, 10], actions=["raise 8"], **BLINDS).answer == 18
    four = dict(order=[3, 4, 1, 2], stacks={s: 500 for s in (1, 2, 3, 4)}, posted={1: 1, 2: 2})
    assert ask("largest_bet", structure="fixed", limits=[2, 4], actions=["raise 4", "raise 6"], **four).answer == 8
    capped = ask("largest_bet", structure="fixed", limits=[2, 4], actions=["raise 4", "raise 6", "raise 8"], **four)
    assert capped.answer == 8 and capped.rule == "6.8"   # three raises made: only a call, to 8


def test_largest_bet_stack_and_errors():
    short = dict(order=[3, 1, 2], stacks={1: 500, 2: 500, 3: 500}, posted={1: 1, 2: 2})
    short["stacks"] = {1: 10, 2: 500, 3: 500}
    assert ask("largest_bet", structure="pot", limits=[2], actions=["raise 7"], **short).answer == 11
    with pytest.raises(QuestionError, match="not legal"):
        ask("largest_bet", structure="pot", limits=[2], actions=["raise 90"], **BLINDS)
    with pytest.raises(QuestionError):
        ask("largest_bet", structure="pot", limits="x", **BLINDS)


# ---------------------------------------------------------------- split with a house
def test_split_odd_chip_under_each_house():
    main = ask("split", pot=25, winners=[3, 7], button=5, house="main")
    assert main.answer == {3: 12, 7: 13} and main.rule == "8.1.5(a)"
    live = ask("split", pot=25, winners=[3, 7], button=5, house="live-casino")
    assert live.answer == {3: 12, 7: 13} and "live-casino" in live.rule
    second = ask("split", pot=25, winners=[3, 7], button=5, house="second", hands={"3": "As Kd", "7": "Ah Kc"})
    assert second.answer == {3: 13, 7: 12} and second.rule == "8.1.5(b)"
    with pytest.raises(QuestionError):
        ask("split", pot=25, winners=[3, 7], button=5, house="/etc/passwd.toml")


# ---------------------------------------------------------------- first_to_show
SHOWDOWN = dict(button_was=6, seed=170, seats={1: ["Fay", 150], 3: ["Gus", 150], 6: ["Hal", 150], 8: ["Ivy", 150]},
                actions=["call", "call", "call", "check"] + ["check"] * 8)


def test_first_to_show_is_the_player_being_called():
    q = ask("first_to_show", **{**SHOWDOWN, "actions": SHOWDOWN["actions"] + [
        "check", "bet 10", "raise 30", "fold", "fold", "call"]})
    assert q.input == "seat" and q.answer == 6 and q.rule == "8.17.6(d)"
    assert q.check(q.parse({"seat": "6"})).ok
    wrong = q.check(q.parse({"seat": "3"}))       # the first to bet, not the one called
    assert not wrong.ok and wrong.rule == "8.17.6(d)" and "8.17.6(d)" in wrong.message
    # The same river with the bet simply called: the bettor shows first.
    q = ask("first_to_show", **{**SHOWDOWN, "actions": SHOWDOWN["actions"] + [
        "check", "bet 10", "call", "fold", "fold"]})
    assert q.answer == 3


def test_first_to_show_refuses_a_river_checked_through():
    with pytest.raises(QuestionError, match="nobody is called on the river"):
        ask("first_to_show", **{**SHOWDOWN, "actions": SHOWDOWN["actions"] + ["check"] * 4})


# ---------------------------------------------------------------- casino, across_hands
CASINO = dict(game="casino-holdem", seed=4, boxes={1: ["Ann", 10, 5], 3: ["Bob", 10, 0], 5: ["Cy", 20, 0]},
              decisions={1: "call", 3: "fold", 5: "call"})


def test_casino_settle():
    assert ask("casino_settle", about="qualify", **CASINO).answer == "yes"
    q = ask("casino_settle", about="paid", box=5, **CASINO)
    assert q.answer == {"ante": 20, "call": 40} and q.parse({"amount-ante": "20", "amount-call": "40"}) == q.answer
    assert q.format_answer(q.answer) == "Ante: 20, Call: 40"
    assert ask("casino_settle", about="paid", box=1, **CASINO).answer == {"ante": 0, "call": 0, "bonus": 0}
    with pytest.raises(QuestionError):
        ask("casino_settle", about="paid", box=9, **CASINO)


def test_across_hands_penalty_big_blind():
    events = "\n".join(["seats 10"] + [f"seat {i} {n}" for i, n in enumerate(
        ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"], start=1)] + ["blinds 1 2", "button 1"])
    q = ask("across_hands", about="penalty_big_blind", hand=2, events=events + "\n2 move Eve 10 post\n")
    assert q.answer == "10" and q.rule == "8.2.5"
    q = ask("across_hands", about="penalty_big_blind", hand=2, events=events + "\n2 move Eve 10\n")
    assert q.answer == "none"


MISSED = "\n".join(["seat 1 Ann", "seat 3 Bob", "seat 4 Cat", "seat 6 Dan", "seat 8 Eve", "blinds 1 2",
                    "button 1", "2 away Dan"])


def test_across_hands_missed_blinds_live_and_dead():
    q = ask("across_hands", about="missed_blinds", hand=5, events=MISSED + "\n5 back Dan post\n")
    assert q.input == "amounts" and q.rule == "8.2.3"
    assert q.answer == {"live": 2, "dead": 1}
    assert q.check(q.parse({"amount-live": "2", "amount-dead": "1"})).ok
    wrong = q.check(q.parse({"amount-live": "3", "amount-dead": "0"}))
    assert not wrong.ok and wrong.rule == "8.2.3" and "8.2.3" in wrong.message and "dead" in wrong.message
    assert q.format_answer(q.answer).startswith("Live: counts toward the player's bet: 2")
    with pytest.raises(QuestionError, match="nobody posts a missed blind in hand 5"):
        ask("across_hands", about="missed_blinds", hand=5, events=MISSED + "\n5 back Dan wait\n")


def test_across_hands_the_player_due_the_big_blind_leaves():
    events = MISSED.replace("2 away Dan", "2 leave Dan")
    assert ask("across_hands", about="big_blind", hand=2, events=events).answer == "8"
    assert ask("across_hands", about="small_blind", hand=2, events=events).answer == "4"


def test_across_hands_button_seat_new_player_waits_but_a_player_who_paid_may_move_in():
    base = MISSED.replace("2 away Dan", "2 leave Bob")
    new = ask("across_hands", about="dealt_in", hand=2, events=base + "\n2 arrive Fay 3\n")
    assert new.answer == (1, 4, 6, 8) and ask("across_hands", about="button", hand=2,
                                               events=base + "\n2 arrive Fay 3\n").answer == 3
    moved = ask("across_hands", about="dealt_in", hand=2, events=base + "\n2 move Eve 3\n")
    assert moved.answer == (1, 3, 4, 6)


# ---------------------------------------------------------------- hostile replies
QUESTIONS = [ask("halves", **QUARTERS), ask("shares", **QUARTERS), ask("order", hands=["Ah Kh Qh Jh 9h", "As Ks Qs Js Ts"]),
             ask("best_hand", game="omaha", hole="Ah 2c Kd Qs", board="3h 7h 9h Jh 5c"),
             ask("largest_bet", structure="pot", limits=[2], actions=["raise 7"], **BLINDS),
             ask("casino_settle", about="paid", box=5, **CASINO)]
# Long lists are one repeated text around the cap on ticked boxes, cheap to draw: lists of up to
# 300 random texts made this test fail once on a heavily loaded machine (not reproduced since);
# slow data generation under load is what the too_slow health check, suppressed below as in the
# other property tests, fails on.
LONG = st.tuples(st.text(max_size=3), st.integers(MAX_TICKS - 2, MAX_TICKS + 100)).map(lambda t: [t[0]] * t[1])
VALUES = st.one_of(st.text(max_size=12), st.lists(st.text(max_size=8), max_size=12), LONG, st.none(), st.integers())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(QUESTIONS) - 1),
       form=st.dictionaries(st.sampled_from(["seats", "amount", "amount-0", "amount-1", "amount-2", "amount-3",
                                             "amount-ante", "amount-call", "choice", "seat"]), VALUES))
def test_hostile_replies_are_refused_in_words_or_read(which, form):
    q = QUESTIONS[which]
    try:
        reply = q.parse(form)
    except MalformedAnswer:
        return
    q.check(reply)
    q.format_answer(reply)


def test_more_ticks_than_any_question_draws_is_no_answer():
    q = QUESTIONS[3]                     # best_hand: ticks cards
    with pytest.raises(MalformedAnswer, match="exactly five"):
        q.parse({"seats": ["Ah"] * MAX_TICKS})
    with pytest.raises(MalformedAnswer, match="Tick the boxes listed"):
        q.parse({"seats": ["Ah"] * (MAX_TICKS + 1)})


def test_split_razz_odd_chip_counts_the_ace_low_by_default():
    hands = {"2": "Kc Qd 7c 5s 4d 3h As", "5": "Kd Jh 7d 5h 4s 3c Ah"}
    razz = ask("split", pot=15, winners=[2, 5], hands=hands, game="razz")
    assert razz.answer == {2: 7, 5: 8} and razz.rule == "8.1.5(b)" and "aces counting low" in razz.hint
    plain = ask("split", pot=15, winners=[2, 5], hands=hands)
    assert plain.answer == {2: 8, 5: 7} and "button" not in plain.hint
    with pytest.raises(QuestionError, match="razz"):
        ask("split", pot=15, winners=[2, 5], hands=hands, game="holdem")


def test_casino_settle_outcome_tells_a_push_from_a_loss():
    # casino-01's stacked round: Ann a flush, Bob a full house, Cy the dealer's own five cards.
    round_ = dict(game="casino-holdem", seed=4, boxes={1: ["Ann", 10, 5], 3: ["Bob", 10, 0], 5: ["Cy", 10, 0]},
                  decisions={1: "call", 3: "call", 5: "call"}, stack="Ah 9c Qd Qs Kh 9d Jc Js Ac 9h 5h 5c 2h")
    paid = ask("casino_settle", about="paid", box=5, **round_)
    assert paid.answer == {"ante": 0, "call": 0}          # the same as a loss: "paid" cannot tell them apart
    q = ask("casino_settle", about="outcome", box=5, **round_)
    assert q.input == "choice" and q.answer == "push" and q.rule == "CH ¶10"
    wrong = q.check(q.parse({"choice": "lose"}))
    assert not wrong.ok and "CH ¶10" in wrong.message
    assert ask("casino_settle", about="outcome", box=3, **round_).answer == "win"
    assert ask("casino_settle", about="outcome", box=3, **CASINO).answer == "fold"
    with pytest.raises(QuestionError, match="outcome"):
        ask("casino_settle", about="settled", box=5, **round_)


STUD_TIE = dict(street="fourth street", game="seven-card-stud", ante=1, betting="fixed", limits=[2, 4],
                seats={1: ["Ann", 100], 3: ["Ben", 100], 5: ["Cal", 100]},
                stack="9d Td Jc 8h Qs 2s 4c Kd Kh 3d 2c 7s 7c",
                actions=["bring-in", "call", "call"] + ["check"] * 12)


def test_first_to_act_cites_the_live_casino_tie_break_when_it_decides():
    # Ben Kd 7s and Cal Kh 7c show equal hands: by suit Cal (8.11.4(b)), by position Ben.
    main = ask("first_to_act", **STUD_TIE)
    assert main.answer == 5 and main.rule == "8.11.4(b)"
    live = ask("first_to_act", house="live-casino", **STUD_TIE)
    assert live.answer == 3 and live.rule == "8.11.4(b); live-casino house rules"
    assert "closest to the dealer's left" in live.hint
