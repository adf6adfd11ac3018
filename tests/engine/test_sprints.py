"""Sprints (issue 31): items drawn from a seed, answered by the engine."""
from __future__ import annotations

import pytest

from engine.house import PROFILES
from engine.sprints import KINDS, MIX, check, generate


@pytest.mark.parametrize("kind", KINDS + (MIX,))
def test_same_seed_same_set_and_no_two_alike(kind: str) -> None:
    first = generate(kind, 7, 12)
    assert first == generate(kind, 7, 12)
    assert first[:5] == generate(kind, 7, 5)
    assert len({item.situation for item in first}) == 12
    assert [item.number for item in first] == list(range(1, 13))
    assert first != generate(kind, 8, 12)


@pytest.mark.parametrize("house", sorted(PROFILES))
@pytest.mark.parametrize("kind", KINDS)
def test_every_item_states_rule_and_never_shows_answer_alone(kind: str, house: str) -> None:
    for item in generate(kind, 3, 6, PROFILES[house]):
        assert item.kind == kind and item.rule and item.explanation
        assert check(item, item.answer).correct
        if item.answer_form == "choice":
            assert item.answer in item.choices
        else:
            assert item.choices == ()


@pytest.mark.parametrize("bad", [dict(kind="poker"), dict(n=0), dict(n=201), dict(seed="x"),
                                 dict(n=True)])
def test_impossible_settings_are_refused(bad: dict[str, object]) -> None:
    args: dict[str, object] = dict(kind="side-pots", seed=1, n=3) | bad
    with pytest.raises(ValueError):
        generate(**args)  # type: ignore[arg-type]


def test_check_right_wrong_malformed() -> None:
    chips = generate("pot-limit-max", 1, 1)[0]
    assert check(chips, f" {chips.answer} ").correct
    wrong = check(chips, str(int(chips.answer) + 1))
    assert not wrong.correct and not wrong.malformed and chips.rule in wrong.message
    bad = check(chips, "abc")
    assert bad.malformed and not bad.correct and "whole number" in bad.message
    pots = generate("side-pots", 1, 1)[0]
    amounts = pots.answer.split(" / ")
    assert check(pots, ", ".join(amounts)).correct
    assert check(pots, " ".join(amounts)).correct
    assert not check(pots, " ".join(reversed(amounts))).correct or len(set(amounts)) == 1
    assert check(pots, "1 two").malformed


# --- every answer against the engine's full procedure -------------------------------------

import random  # noqa: E402
from dataclasses import asdict  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402
from typing import Any  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.cards.rankings import RANKINGS  # noqa: E402
from engine.drills.poker import deal_out  # noqa: E402
from engine.hand.decisions import Decision  # noqa: E402
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario  # noqa: E402
from engine.house import HouseRules, house_from_dict, sprint_target# noqa: E402
from engine.money.chips import fewest_chips  # noqa: E402
from engine.sprint_targets import SprintTarget# noqa: E402
from engine.sprints import betting, casino, change, pots, rake, reading, shares, stub# noqa: E402
from engine.sprints.readiness import LEECH_WINDOW, WINDOW, SprintResult, readiness# noqa: E402
from engine.steps import Step# noqa: E402

HOUSES = sorted(PROFILES)
CASES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 10**9)
houses = st.sampled_from(HOUSES)


def _rng(seed: int) -> random.Random:
    return random.Random(seed)


def _button_was(ring: tuple[int, ...]) -> int:
    """The seat the button was on before this hand, so that it moves to the
    seat before the small blind (heads-up: to the small blind itself)."""
    return ring[-1] if len(ring) == 2 else ring[-2]


class Script:
    """Players' decisions for a Hand: the given (seat, action) in order, then
    `after(decision)` for whoever is asked next."""

    def __init__(self, said: list[tuple[int, str]], after: Any = None) -> None:
        self.said = list(said)
        self.after = after
        self.asked: list[Decision] = []

    def __call__(self, hand: object, decision: Decision) -> str:
        if self.said:
            seat, action = self.said.pop(0)
            assert decision.seat == seat, (decision.seat, seat, action)
            return action
        self.asked.append(decision)
        return self.after(decision) if self.after else "fold"


STREET_NAMES = ("pre-flop", "flop", "turn", "river")


def _betting_hand(setup: betting.BettingSetup, house: HouseRules) -> Script:
    """Deal the setup as a Hold'em hand (before a later street: the first
    player raises to the setup's level or limps, everyone calls, later streets
    are checked) and ask the player the item asks about: the hand's own
    options are recorded."""
    posted = dict(setup.posted)
    ring = setup.order[-2:] + setup.order[:-2] if setup.street == 0 else setup.order
    s = setup.structure
    limits = (s.small_bet, s.big_bet) if s.kind == "fixed" else (s.min_bet,)
    said = [(seat, f"{kind} {amount}" if amount is not None else kind)
            for seat, (kind, amount) in zip(setup.actors, setup.actions)]
    asked = Script([])
    street = STREET_NAMES[setup.street]

    def decide(hand: object, decision: Decision) -> str:
        opts = decision.options
        assert opts is not None
        if decision.street != street:
            assert setup.street > 0
            if decision.street == "pre-flop" and opts.call_to < setup.preflop and "raise" in opts.actions:
                return f"raise {setup.preflop}"
            return "call" if opts.to_call else "check"
        if said:
            seat, action = said.pop(0)
            assert decision.seat == seat, (decision.seat, seat, action)
            return action
        asked.asked.append(decision)
        return "fold"

    start = {seat: chips + posted.get(seat, 0) + setup.preflop for seat, chips in setup.stacks}
    scenario = Scenario(game="holdem", seats={seat: (f"P{seat}", chips) for seat, chips in start.items()},
                        button_was=_button_was(tuple(ring)), blinds=setup.blinds, betting=s.kind, limits=limits,
                        house=house.name)
    hand = Hand(scenario, decide=decide)
    while not asked.asked and hand.expected() is not None:
        exp = hand.expected()
        assert exp is not None
        assert hand.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    return asked


@CASES
@given(seed=seeds, house=houses)
def test_pot_limit_max_and_call_are_the_hands_own_options(seed: int, house: str) -> None:
    profile = PROFILES[house]
    for draw, ask, read in ((betting.draw_pot_limit, betting.ask_pot_limit, lambda o: o.max_to),
                            (betting.draw_call, betting.ask_call, lambda o: o.to_call)):
        setup = draw(_rng(seed), profile)
        item = ask(setup, profile)
        options = _betting_hand(setup, profile).asked[0].options
        assert options is not None and str(read(options)) == item.answer, item.situation


def test_betting_items_come_from_every_street() -> None:
    items = generate("pot-limit-max", 1, 40) + generate("call-amount", 1, 40)
    for street in betting.STREETS:
        assert any(street in item.situation for item in items)


def _all_in_hand(setup: pots.AllInSetup, house: HouseRules, commission: dict[str, Any] | None = None) -> Hand:
    _, said = setup.play(house)
    scenario = Scenario(game="holdem", seats={seat: (f"P{seat}", chips) for seat, chips in setup.stacks},
                        button_was=_button_was(setup.ring), blinds=setup.blinds, betting="no-limit",
                        limits=(setup.blinds[1],), house=house.name, commission=commission)
    hand = Hand(scenario, decide=Script(said, after=lambda d: "check" if "check" in d.options.actions else "call"))
    deal_out(hand)
    return hand


@CASES
@given(seed=seeds, house=houses)
def test_side_pots_are_the_pots_a_dealt_hand_builds(seed: int, house: str) -> None:
    profile = PROFILES[house]
    setup = pots.draw_all_ins(_rng(seed), profile)
    item = pots.ask_side_pots(setup, profile)
    hand = _all_in_hand(setup, profile)
    assert " / ".join(str(p.amount) for p in hand.showdown_pots) == item.answer, item.situation


@CASES
@given(seed=seeds, house=houses)
def test_rake_is_what_a_dealt_hand_takes(seed: int, house: str) -> None:
    profile = PROFILES[house]
    rng = _rng(seed)
    setup = rake.draw_rake(rng, profile)
    while setup.hand is None:       # time, per person and ties are checked below
        setup = rake.draw_rake(rng, profile)
    item = rake.ask_rake(setup, profile)
    hand = _all_in_hand(setup.hand, profile, commission=asdict(setup.commission))
    assert str(hand.rake) == item.answer, item.situation + "\n" + item.explanation


def test_rake_without_a_pot_time_per_person_and_ties() -> None:
    seen = set()
    rng = _rng(3)
    for _ in range(200):
        setup = rake.draw_rake(rng, MAIN_HOUSE)
        item = rake.ask_rake(setup, MAIN_HOUSE)
        seen.add(setup.situation)
        if setup.situation == "time":
            assert int(item.answer) == setup.commission.hourly_fee * setup.hours * setup.seated
        elif setup.situation == "person":
            assert int(item.answer) == setup.commission.person_fee * setup.seated
        elif setup.situation == "tie":
            alone = len(setup.tie) == 2
            assert (item.answer == "0") == alone and ("7.8" in item.rule)
        elif setup.situation == "walk":
            assert item.answer == "0" and item.rule.startswith("7.6")
    assert seen == set(rake.SITUATIONS)


MAIN_HOUSE = PROFILES["main"]


def _odd_chip_hands(house: HouseRules, game: str, seed: int) -> list[tuple[Hand, Any]]:
    from engine.drills.poker import generate as drill
    cell = drill(game, ["odd-chip"], seed, house.name).cell
    hand = Hand(Scenario.from_dict({k: v for k, v in cell.items() if k != "id"}))
    hand.autoplay()
    return [(hand, part) for part in hand.awards if len(part.winners) > 1]


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6), house=houses, game=st.sampled_from(("holdem", "seven-card-stud")))
def test_odd_chip_shares_are_a_dealt_hands_award(seed: int, house: str, game: str) -> None:
    profile = PROFILES[house]
    for hand, part in _odd_chip_hands(profile, game, seed):
        top = tuple((s, max(hand.players[s].cards, key=lambda c: (c.rank, c.suit_rank))) for s in part.winners)
        setup = shares.ShareSetup(game, part.amount, hand.scenario.table_seats, hand.button,
                                  tuple(part.winners), top_cards=top)
        item = shares.ask_odd_chip(setup, profile)
        assert item.answer == " / ".join(str(part.shares[s]) for s in sorted(part.winners)), item.explanation


def test_odd_chip_shares_are_a_dealt_hands_award_once_per_house() -> None:
    for house in HOUSES:
        profile = PROFILES[house]
        for game in ("holdem", "seven-card-stud"):
            found = _odd_chip_hands(profile, game, 11)
            assert found
            for hand, part in found:
                top = tuple((s, max(hand.players[s].cards, key=lambda c: (c.rank, c.suit_rank)))
                            for s in part.winners)
                setup = shares.ShareSetup(game, part.amount, hand.scenario.table_seats, hand.button,
                                          tuple(part.winners), top_cards=top)
                item = shares.ask_odd_chip(setup, profile)
                assert item.answer == " / ".join(str(part.shares[s]) for s in sorted(part.winners))
                if game == "seven-card-stud":
                    assert "8.1.5(b)" in item.rule


@CASES
@given(seed=seeds, house=houses)
def test_hi_lo_shares_halve_then_divide_each_half(seed: int, house: str) -> None:
    profile = PROFILES[house]
    setup = shares.draw_hi_lo(_rng(seed), profile)
    item = shares.ask_hi_lo(setup, profile)
    amounts = [int(a) for a in item.answer.split(" / ")]
    assert sum(amounts) == setup.pot
    unit = profile.lowest_chip
    if setup.low and set(setup.high) != set(setup.low):
        low_half = (setup.pot // (2 * unit)) * unit
        low_total = sum(a for s, a in zip(setup.winners, amounts) if s in setup.low and s not in setup.high)
        if not set(setup.high) & set(setup.low):
            assert low_total == low_half          # the odd chip of the halving goes high (8.x(f))
    assert item.rule.split(",")[0] in {"8.22.6(d)", "8.24.6(d)", "8.12.5(d)", "8.22.6(e)", "8.24.6(e)",
                                       "8.12.5(e)"}


@CASES
@given(seed=seeds, house=houses)
def test_casino_payout_is_the_dealt_rounds_settlement(seed: int, house: str) -> None:
    from engine.drills.casino import dealt, settlements
    profile = PROFILES[house]
    setup = casino.draw_casino(_rng(seed), profile)
    item = casino.ask_casino(setup, profile)
    round_ = setup.deal(profile)
    assert tuple(round_.boxes[1].cards) == setup.box_cards and tuple(round_.board) == setup.board
    b, d = setup.box_cards, setup.dealer_cards
    order = (b[0], d[0], b[1], d[1]) if profile.casino_holdem_deal == "one_at_a_time" else b + d
    cell = {"boxes": {"1": ["Ann", setup.ante, setup.bonus]}, "decisions": {"1": "call"}, "house": house,
            "stack": " ".join(map(str, order + setup.board))}
    settled = settlements(dealt(cell))
    assert str(settled[0]["paid"]) == item.answer


def test_casino_payout_covers_wins_losses_pushes_and_a_dealer_who_does_not_qualify() -> None:
    rules = " ".join(i.rule + " " + i.explanation for i in generate("casino-payout", 4, 60))
    for words in ("push", "does not qualify", "better than the dealer", "lower than the dealer", "bonus"):
        assert words in rules


def _stub_of_dealt_hand(setup: stub.StubSetup, house: HouseRules) -> int:
    from engine.games.registry import get_game
    game = get_game(setup.game, house.rulebook)
    folds = {game.streets[i].name: n for i, n in enumerate(setup.folds)}
    draws = [list(d) for d in setup.draws]

    def decide(hand: object, decision: Decision) -> str:
        if decision.kind == "draw":
            n = draws[0].pop(0)
            if not draws[0]:
                draws.pop(0)
            return f"draw {n}" if n else "stand pat"
        if decision.kind == "discard":
            return f"discard #{len(decision.cards)}"
        opts = decision.options
        assert opts is not None
        if decision.forced:
            return "bring-in" if opts.min_to is not None else "all-in"
        if folds.get(decision.street, 0) and "fold" in opts.actions:
            folds[decision.street] -= 1
            return "fold"
        return "check" if "check" in opts.actions else "call"

    seats = {s: (f"P{s}", 500) for s in range(1, setup.players + 1)}
    hand = Hand(Scenario(game=setup.game, seats=seats, deck=setup.deck, house=house.name,
                         table_seats=max(10, setup.players), button_was=1), decide=decide)
    last = game.streets[setup.streets - 1].name
    hand.autoplay(until_betting_on=last)
    assert not any(folds.values()) and not draws, (folds, draws)
    return len(hand.deck)


@CASES
@given(seed=seeds, house=houses)
def test_stub_count_is_the_stub_of_the_dealt_hand(seed: int, house: str) -> None:
    profile = PROFILES[house]
    setup = stub.draw_stub(_rng(seed), profile)
    item = stub.ask_stub(setup, profile)
    assert str(_stub_of_dealt_hand(setup, profile)) == item.answer, item.situation


@CASES
@given(seed=seeds, house=houses)
def test_hand_call_is_the_rankings_reading(seed: int, house: str) -> None:
    profile = PROFILES[house]
    setup = reading.draw_reading(_rng(seed), profile)
    item = reading.ask_reading(setup, profile)
    ranking = RANKINGS[setup.ranking]
    value = ranking.value(setup.cards)
    if value == 0 and setup.ranking == "eight-or-better":
        assert item.answer == reading.NO_LOW
    else:
        assert item.answer.startswith(ranking.category_of(value).split(",")[0])
    assert item.answer in item.choices and len(set(item.choices)) == len(item.choices) >= 2


def test_hand_call_drills_every_ranking_of_section_3() -> None:
    rules = {i.rule for i in generate("hand-call", 1, 80)}
    assert rules == {r.rule for r in RANKINGS.values()}


@CASES
@given(seed=seeds, house=houses)
def test_change_is_the_fewest_chips(seed: int, house: str) -> None:
    profile = PROFILES[house]
    setup = change.draw_change(_rng(seed), profile)
    item = change.ask_change(setup, profile)
    counts = [int(c) for c in item.answer.split(" / ")]
    assert sum(c * d for c, d in zip(counts, setup.denominations)) == setup.amount
    fewest = [setup.amount + 1] * (setup.amount + 1)
    fewest[0] = 0
    for x in range(1, setup.amount + 1):
        fewest[x] = min([fewest[x - d] + 1 for d in setup.denominations if d <= x] + [setup.amount + 1])
    assert sum(counts) == fewest[setup.amount]
    assert set(setup.denominations) <= set(profile.chip_denominations)


def test_fewest_chips_refuses_what_cannot_be_made() -> None:
    assert fewest_chips(6, (1, 3, 4)) == {4: 0, 3: 2, 1: 0}      # not the greedy 4 + 1 + 1
    with pytest.raises(ValueError):
        fewest_chips(7, (5, 25))
    with pytest.raises(ValueError):
        fewest_chips(-1, (1,))


def test_a_house_with_one_chip_cannot_drill_change() -> None:
    one = house_from_dict({"chip_denominations": [5]}, source="one.toml")
    with pytest.raises(ValueError, match="only one chip denomination"):
        generate("change", 1, 3, one)
    mixed = generate(MIX, 1, 18, one)
    assert {item.kind for item in mixed} == set(KINDS) - {"change"}


def test_a_house_file_changes_the_items() -> None:
    house = house_from_dict({"chip_denominations": [1, 2, 10, 50]}, source="odd.toml")
    for item in generate("change", 2, 10, house):
        assert "Chips: 50" in item.situation or "Chips: 10" in item.situation


# --- targets and readiness --------------------------------------------------------------

def test_every_kind_has_a_target_and_a_house_file_can_change_it() -> None:
    for kind in KINDS:
        target = sprint_target(MAIN_HOUSE, kind)
        assert target.seconds > 0 and 50 <= target.accuracy <= 100
    house = house_from_dict({"sprint_targets": {"rake": [6, 99]}}, source="fast.toml")
    assert sprint_target(house, "rake") == SprintTarget(6.0, 99)
    assert sprint_target(house, "side-pots") == sprint_target(MAIN_HOUSE, "side-pots")
    with pytest.raises(ValueError, match="not a sprint kind"):
        house_from_dict({"sprint_targets": {"pot": [6, 99]}}, source="bad.toml")
    with pytest.raises(ValueError):
        sprint_target(MAIN_HOUSE, "mix")


def _results(pattern: str, seconds: float = 5.0) -> list[SprintResult]:
    start = datetime(2026, 12, 1, 9, 0)
    return [SprintResult(ch == "1", seconds, start + timedelta(seconds=i)) for i, ch in enumerate(pattern)]


def test_readiness_weighs_accuracy_and_speed_against_the_target() -> None:
    target = SprintTarget(8.0, 90)
    assert readiness([], target).readiness == 0
    perfect = readiness(_results("1" * 10, 4.0), target)
    assert perfect.readiness == 100 and perfect.accuracy == 100.0 and not perfect.leech
    slow = readiness(_results("1" * 10, 16.0), target)
    assert slow.readiness == 50 and slow.median_seconds == 16.0
    sloppy = readiness(_results("1110111011", 8.0), target)      # 80% right
    assert sloppy.readiness == round(100 * 80 / 90)
    both = readiness(_results("10" * 5, 10.0), target)             # 50% right, 8/10 of the speed
    assert both.readiness == round(100 * (50 / 90) * 0.8)


def test_readiness_reads_only_the_most_recent_results_in_time_order() -> None:
    target = SprintTarget(8.0, 90)
    old_misses = _results("0" * 40 + "1" * WINDOW)
    shuffled = list(reversed(old_misses))
    assert readiness(shuffled, target).readiness == 100 and readiness(shuffled, target).results == WINDOW


def test_a_kind_missed_again_and_again_is_a_leech() -> None:
    target = SprintTarget(8.0, 90)
    assert readiness(_results("1" * 20 + "10101010"), target).leech           # 4 of the last 8
    assert not readiness(_results("0" * 20 + "11101010"), target).leech       # 3 of the last 8
    assert LEECH_WINDOW == 8
    with pytest.raises(ValueError):
        readiness(_results("1", -1.0), target)


def test_bench_times_every_kind() -> None:
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import bench_sprints
    times = bench_sprints.per_item("rake", 1, 2)
    assert len(times) == len(PROFILES) and all(t >= 0 for t in times)


def test_a_house_file_with_a_larger_lowest_chip_gets_items_in_its_chips() -> None:
    house = house_from_dict({"chip_denominations": [5, 25, 100, 500], "odd_chip": "suit",
                             "commission": {"percent": "2.5", "cap": None}}, source="fives.toml")
    for kind in KINDS:
        for item in generate(kind, 9, 20, house):
            assert check(item, item.answer).correct
            if kind in ("pot-limit-max", "call-amount", "side-pots", "odd-chip", "hi-lo-shares", "casino-payout"):
                assert all(int(a) % 5 == 0 for a in item.answer.split(" / ")), (kind, item.situation)


@pytest.mark.parametrize("house", HOUSES)
def test_tied_hands_alone_pay_no_percentage_rake_in_a_dealt_hand(house: str) -> None:
    from engine.drills.poker import generate as drill
    cell = drill("holdem", ["heads-up", "split-pot"], 5, house).cell
    data = {k: v for k, v in cell.items() if k != "id"} | {"commission": {"percent": 5, "cap": None}}
    hand = Hand(Scenario.from_dict(data))
    hand.autoplay()
    put = {s: p.committed for s, p in hand.players.items()}
    winners = next(part.winners for part in hand.awards if len(part.winners) == 2)
    setup = rake.RakeSetup(hand.commission, "tie", tie=tuple(sorted(put.items())))
    assert set(winners) == set(put)
    item = rake.ask_rake(setup, PROFILES[house])
    assert item.answer == str(hand.rake) == "0" and "7.8" in item.rule


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("game", shares.HI_LO_GAMES)
def test_hi_lo_shares_are_a_dealt_hands_awards(house: str, game: str) -> None:
    from engine.drills.poker import generate as drill
    profile = PROFILES[house]
    checked = 0
    for seed in (3, 8):
        cell = drill(game, ["hi-lo", "odd-chip"], seed, house).cell
        hand = Hand(Scenario.from_dict({k: v for k, v in cell.items() if k != "id"}))
        hand.autoplay()
        for pot in hand.showdown_pots:
            parts = [p for p in hand.awards if p.pot == pot.name]
            halves = {p.name.split(" half")[0]: p.winners for p in parts if " half of " in p.name}
            if halves:
                high, low = halves["high"], halves["low"]
            elif parts[0].reason.count("both the high and the low"):
                high = low = parts[0].winners
            else:
                high, low = parts[0].winners, ()
            winners = sorted(set(high) | set(low))
            top = tuple((s, max(hand.players[s].cards, key=lambda c: (c.rank, c.suit_rank))) for s in winners)
            setup = shares.ShareSetup(game, pot.amount, hand.scenario.table_seats, hand.button,
                                      tuple(high), tuple(low), top)
            item = shares.ask_hi_lo(setup, profile)
            got: dict[int, int] = {}
            for p in parts:
                for s, c in p.shares.items():
                    got[s] = got.get(s, 0) + c
            assert item.answer == " / ".join(str(got.get(s, 0)) for s in winners), (item.situation, parts)
            checked += 1
    assert checked


def test_razz_odd_chip_sprint_reads_the_card_as_the_house_says() -> None:
    from dataclasses import replace
    from engine.cards.deck import parse_card
    main = PROFILES["main"]
    setup = shares.ShareSetup("razz", 5, 8, None, (2, 4), top_cards=((2, parse_card("Ks")), (4, parse_card("Kh"))))
    assert setup.split(main).shares == {2: 3, 4: 2}                 # highest card by suit
    low = replace(main, razz_odd_chip="lowest")
    setup = shares.ShareSetup("razz", 5, 8, None, (2, 4), top_cards=((2, parse_card("3s")), (4, parse_card("3h"))))
    assert setup.split(low).shares == {2: 2, 4: 3}                  # the lowest card by suit
    assert "lowest card" in shares.ask_odd_chip(setup, low).situation
    for seed in range(40):                                          # no ace drawn where aces count low
        drawn = shares.draw_odd_chip(random.Random(seed), main)
        if drawn.game == "razz":
            assert all(c.rank != 14 for _, c in drawn.top_cards)
