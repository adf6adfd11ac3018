"""The order the pots are awarded in (house award_order): by default the side
pots first, the last one built first, the main pot last (the rulebooks are
silent; published standard practice), and hands stored under the old order
(main pot first) still replay."""
from __future__ import annotations

import pytest

from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.house import MAIN, HouseFileError, earlier_house, house_from_dict
from engine.questions.showdown import winner
from engine.steps import ScenarioError, Step

# lessons/topic-07-side-pots.md "three-all-ins": Ann (20), Ben (50) and Cal (120)
# all in, Dee bets the river and Eve folds: a main pot and three side pots,
# each won by a different player.
THREE_ALL_INS = {
    "button_was": 9,
    "seats": {"1": ["Cal", 120], "3": ["Dee", 200], "5": ["Eve", 200], "7": ["Ann", 20], "9": ["Ben", 50]},
    "stack": "Jh 7c Ah Ks Qh Js 2d Ad Kd Qc 3h Ac Kh Qd 4h 5s 6h 9c",
    "actions": ["all-in", "all-in", "all-in", "call", "call", "bet 40", "call", "check", "check",
                "bet 40", "fold"],
}
# Each pot's winner, as the pots were built (main pot first).
WINNERS = {"main pot": (7,), "side pot 1": (9,), "side pot 2": (1,), "side pot 3": (3,)}


def hand(data=THREE_ALL_INS, house=None) -> Hand:
    h = Hand(Scenario.from_dict(dict(data)))
    if house is not None:
        h.house = house
    return h


def to_award(h: Hand) -> Hand:
    while (exp := h.expected()) is not None and exp.kind != "award":
        assert h.propose(exp.step()).ok
    return h


def award_steps(h: Hand) -> list[tuple[str, str, tuple[int, ...]]]:
    """(pot, the reason given, winners) of each award step, dealt in order."""
    to_award(h)
    out = []
    while (exp := h.expected()) is not None:
        pot = h.awards[h._pots_awarded].pot
        out.append((pot, exp.why, exp.seats))
        assert h.propose(exp.step()).ok
    return out


def pre_award_steps(h: Hand) -> list[dict]:
    steps = []
    while (exp := h.expected()) is not None and exp.kind != "award":
        steps.append(exp.step().to_dict())
        assert h.propose(exp.step()).ok
    return steps


def test_side_pots_first_the_last_built_first_and_the_main_pot_last():
    assert MAIN.award_order == "side_pots_first"
    steps = award_steps(hand())
    assert [pot for pot, _, _ in steps] == ["side pot 3", "side pot 2", "side pot 1", "main pot"]
    assert all(seats == WINNERS[pot] for pot, _, seats in steps)
    first, second, _, last = (why for _, why, _ in steps)
    assert first.startswith("Side pot 3 first: the side pots are settled before the main pot, the last one "
                            "built first (1.1 Side pot(s); the rules are silent on the order: published "
                            "standard practice, house award_order).")
    assert second.startswith("Side pot 2 next:") and last.startswith("The main pot last:")


def test_the_house_switches_back_to_the_main_pot_first(tmp_path):
    from engine.house import load_house_file

    path = tmp_path / "old-order.toml"
    path.write_text('award_order = "main_pot_first"\n', encoding="utf-8")
    house = load_house_file(path)
    assert house.award_order == "main_pot_first"
    steps = award_steps(hand({**THREE_ALL_INS, "house": str(path)}))
    assert [pot for pot, _, _ in steps] == ["main pot", "side pot 1", "side pot 2", "side pot 3"]
    assert steps[0][1].startswith("The main pot first: the main pot is settled first, then the side pots "
                                  "in the order they were built (1.1 Side pot(s); house award_order = "
                                  "main_pot_first).")
    # Chips end where they end in either order.
    new = hand().autoplay()
    assert ({s: p.stack for s, p in new.players.items()}
            == {s: p.stack for s, p in hand({**THREE_ALL_INS, "house": str(path)}).autoplay().players.items()})


def test_an_unknown_order_is_refused_with_the_file_and_the_field():
    with pytest.raises(HouseFileError) as err:
        house_from_dict({"award_order": "biggest_first"}, source="room.toml",
                        text='award_order = "biggest_first"\n')
    assert str(err.value) == ("room.toml:1: field 'award_order': 'biggest_first' is not one of "
                              "'side_pots_first', 'main_pot_first'")


def test_a_pot_awarded_out_of_order_is_refused_naming_the_pot_due_and_the_rule():
    h = to_award(hand())
    before = (h.step_count, h.pot, h.view(reveal=True))
    verdict = h.propose(Step("award", seats=WINNERS["main pot"]))
    assert not verdict.ok
    assert verdict.message.startswith("Not yet: seat 7 wins the main pot, awarded later. Side pot 3 first:")
    assert "1.1 Side pot(s)" in verdict.message and "published standard practice" in verdict.message
    assert verdict.rule == "1.1 Side pot(s); standard practice (house award_order)"   # not the showdown's rule
    assert verdict.hint(1) == ("Not this pot yet. Side pot 3 first: the side pots are settled before the main "
                               "pot, the last one built first (1.1 Side pot(s); the rules are silent on the "
                               "order: published standard practice, house award_order).")
    assert "comes next in this house's order" in verdict.hint(2) and verdict.hint(3) == verdict.message
    assert (h.step_count, h.pot, h.view(reveal=True)) == before        # nothing moved
    wrong = h.propose(Step("award", seats=(5,)))                        # Eve folded: wins nothing
    assert wrong.message.startswith("That is not who wins this pot. Side pot 3 first:")
    assert wrong.rule == h.expected().rule                              # the showdown's rule (8.17.6(d))
    assert wrong.hint(1).startswith("Not seat 5: compare the hands still in for this pot (or this half) and "
                                    "find the best. 8.17.6(d) says the pot goes to the hand")
    assert h.propose(Step("award", seats=WINNERS["side pot 3"])).ok


def test_split_pots_inside_side_pots_keep_their_halves_in_order():
    # Every player all in for a different stack: side pots, each halved high/low.
    hilo = {"game": "holdem-hi-lo", "seed": 1, "button_was": 8, "blinds": [1, 2],
            "seats": {"1": ["Ann", 110], "2": ["Ben", 60], "3": ["Cara", 240], "4": ["Dev", 160],
                      "5": ["Eve", 165], "6": ["Fay", 70], "7": ["Gus", 145], "8": ["Hal", 50],
                      "9": ["Ivy", 220]},
            "actions": ["all-in"] * 9}
    h = to_award(hand(hilo))
    built = [p.name for p in h.showdown_pots]
    assert len(built) >= 3
    names = [a.name for a in h.awards]
    assert [a.pot for a in h.awards][::2] == built[::-1]
    assert names == [f"{half} half of the {pot}" for pot in built[::-1] for half in ("high", "low")]
    paid = h.pot
    h.autoplay()
    assert sum(sum(a.shares.values()) + sum(a.returned.values()) for a in h.awards) == paid
    # Double Flop: Top then Bottom inside each pot, side pots first.
    double = {"game": "double-flop-holdem", "seed": 2, "button_was": 4, "blinds": [1, 2],
              "seats": {"1": ["Ann", 20], "4": ["Ben", 215], "7": ["Cara", 180], "9": ["Dev", 205]},
              "actions": ["all-in"] * 4}
    h = to_award(hand(double))
    built = [p.name for p in h.showdown_pots]
    assert [a.name for a in h.awards] == [f"{half} half of the {pot}" for pot in built[::-1]
                                          for half in ("Top", "Bottom")]


def test_the_table_shows_the_pots_still_to_push_in_the_order_built():
    h = hand()
    assert "pots" not in h.view()
    to_award(h)
    assert h.view()["pots"] == [{"name": "Main pot", "amount": 100, "awarded": False},
                                {"name": "Side pot 1", "amount": 120, "awarded": False},
                                {"name": "Side pot 2", "amount": 210, "awarded": False},
                                {"name": "Side pot 3", "amount": 80, "awarded": False}]
    h.propose(h.expected().step())
    assert [p["awarded"] for p in h.view()["pots"]] == [False, False, False, True]


def test_the_winner_question_still_asks_about_the_main_pot():
    q = winner({**THREE_ALL_INS})
    assert q.answer == WINNERS["main pot"] and "main pot" in q.prompt


def old_order_steps() -> tuple[list[dict], list[dict]]:
    """A hand dealt to the end as the engine stored it before award_order:
    the same steps to the showdown (the uncalled bet then went back at the
    award, not as a step of its own), then the main pot first."""
    old = hand()
    old.returns_uncalled = False
    before = pre_award_steps(old)
    assert "return_uncalled" not in {s["kind"] for s in before}
    awards = [Step("award", seats=WINNERS[pot]).to_dict()
              for pot in ("main pot", "side pot 1", "side pot 2", "side pot 3")]
    return before, awards


def test_a_hand_stored_under_the_old_order_still_replays():
    before, awards = old_order_steps()
    with pytest.raises(ScenarioError, match="no longer fits"):
        hand().replay(Step.from_dict(s) for s in before + awards)
    done = hand().replay_stored(Step.from_dict(s) for s in before + awards)
    assert done.finished and done.step_count == len(before) + len(awards)
    assert {s: p.stack for s, p in done.players.items()} == {s: p.stack for s, p in hand().autoplay().players.items()}
    # Begun under the old order: it goes on in it (side pot 1 after the main pot).
    going = hand().replay_stored(Step.from_dict(s) for s in before + awards[:1])
    assert not going.finished and going.expected().seats == WINNERS["side pot 1"]
    # Stopped before the showdown: the new order.
    fresh = to_award(hand().replay_stored(Step.from_dict(s) for s in before))
    assert fresh.expected().seats == WINNERS["side pot 3"]


def test_steps_that_fit_neither_order_raise_the_new_orders_refusal():
    before = pre_award_steps(hand())
    with pytest.raises(ScenarioError, match="Side pot 3 first"):
        hand().replay_stored(Step.from_dict(s) for s in before + [Step("award", seats=(5,)).to_dict()])
    old = earlier_house(MAIN)
    assert old is not None and old.award_order == "main_pot_first" and earlier_house(old) is None
