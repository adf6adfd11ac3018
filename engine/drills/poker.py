"""Drills: a fresh hand for every attempt, dealt to order (issue 12, item 1).

A fixed table cell is learnt after one pass; a dealer school trains on new
hands. A drill names a game, a house profile and what the hand must contain
(its *wants*, `WANTS`), and `generate` deals a hand that has them: seats,
stacks, button, the deck order (a stacked deck) and every player's decision,
all derived from one seed, so an attempt stored with its seed is replayed
exactly. The result is a lesson table cell (`engine.questions.base.build_table`
reads it; `python -m engine drill` prints it).

How a hand is found. Each want shapes the candidates where it can (players
who all go all in for different stacks make side pots; players dealt the
same ranks in different suits tie, so a pot is divided; players who draw
five cards empty a draw game's stub), and every candidate is then played to
the end through the engine from its cell alone and each want is checked on
what the hand did: its pots, awards, readings and dealer steps. A candidate
that misses is thrown away and the next is dealt from a seed derived from
the first, up to `MAX_TRIES`. The banked Casino Hold'em has its own wants
and rounds (engine/drills/casino.py, `BANKED_WANTS`); `generate` and
`checked` take either kind of game. A want the game or house can never give
(no low in Hold'em, an over-blind in stud, side pots heads-up) is refused at
once with `DrillError`, before any card is dealt.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.cards.deck import DECK_LOWEST_RANK, SUITS, Card, full_deck
from engine.drills.casino import CASINO_WANTS, CasinoDrillError, casino_cell, casino_plan
from engine.games.parts import Burn, DealBoard, DealHole, Draw, Game
from engine.games.registry import get_game
from engine.hand.decisions import Decision
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.house import HouseFileError, HouseRules, get_house, max_players_for
from engine.questions.base import PROCEDURES
from engine.steps import ScenarioError, Step
from engine.steps import Blind, Dealt

MAX_TRIES = 80
# Twin hands (split-pot, odd-chip) give each player the same ranks in another suit: four suits, four players.
TWIN_MOST = 4
NAMES = ("Ann", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")

# Each want and what it asks of the hand, in the rulebook's words.
WANTS: dict[str, str] = {
    "split-pot": "two or more players tie for a pot (or a half of one) and divide it (8.1.5)",
    "odd-chip": "a divided pot leaves a chip that cannot be split evenly; the house's odd_chip rule "
                "says who receives it (8.1.5; hi-lo halves 8.12.5(f), 8.21.6(f), 8.22.6(f), 8.24.6(f))",
    "side-pots >= N": "at least N side pots beside the main pot, from players all in for different "
                      "amounts (1.1 All-in, Side pot(s))",
    "side-pots == N": "exactly N side pots beside the main pot (1.1 All-in, Side pot(s))",
    "hi-lo": "a hi-lo game's pot read at a showdown and halved high and low (8.12.5(d), 8.21.6(d), "
             "8.22.6(d), 8.24.6(d)); with no-low, the showdown where no low qualifies",
    "no-low": "a hi-lo game's showdown where no hand qualifies for low, so the best high hand takes "
              "the whole pot (8.12.5(e), 8.21.6(e), 8.22.6(e), 8.24.6(e))",
    "deck-runs-out": "draw: the stub runs out and the earlier discards are shuffled and cut "
                     "(8.4.4(b)); stud: the burns are shuffled into the stub, or one common card is "
                     "dealt (8.9.5(a), 8.11.5(a), 13.4(a))",
    "over-blind": "the player left of the last blind places an over-blind of double the last blind "
                  "(8.4.1(b)(i), 8.2.4)",
    "exposed-card": "a card the dealer exposes in the deal: no drill deals one, because an exposed card "
                    "is an irregularity ruled on from its facts (9.1), not a step of a dealt hand.",
    "heads-up": "two players only (8.2.2; the house's heads_up rule places the blinds)",
}
# The banked Casino Hold'em's own wants (engine/drills/casino.py).
BANKED_WANTS = CASINO_WANTS
EXPOSED_CARD = ("the engine deals no hand with an exposed card: a card the dealer exposes is an "
                "irregularity ruled on from its facts (9.1; house exposed_first_cards_misdeal, "
                "exposed_cards_misdeal, draw_exposed_on_deal), which `python -m engine "
                "irregularities` answers, not a step of a dealt hand")
_SIDE_POTS = re.compile(r"^side-pots\s*(>=|==)\s*(\d+)$")
# What a drill practises, in words for a trainee and a certificate (issue 29
# finding 6): "at least two side pots", not "side-pots >= 2".
WANT_WORDS: dict[str, str] = {
    "split-pot": "a divided pot", "odd-chip": "an odd chip", "hi-lo": "a pot halved high and low",
    "no-low": "no qualifying low", "deck-runs-out": "a deck that runs out", "over-blind": "an over-blind",
    "exposed-card": "an exposed card", "heads-up": "two players only",
    "dealer-does-not-qualify": "the dealer does not qualify", "dealer-qualifies": "the dealer qualifies",
    "box-beats-dealer": "a box beats the dealer", "bonus-wins": "a bonus wins", "fold": "a box folds",
}
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_COMPARE = {">=": "at least", "==": "exactly"}


def want_words(text: str) -> str:
    """A want in words: `"side-pots >= 2"` -> "at least two side pots"."""
    words = " ".join(str(text).split()).lower()
    match = _SIDE_POTS.match(words)
    if match:
        n = int(match.group(2))
        count = _COUNTS[n] if n < len(_COUNTS) else str(n)
        return f"{_COMPARE[match.group(1)]} {count} side pot{'' if n == 1 else 's'}"
    return WANT_WORDS.get(words, words.replace("-", " "))


def wants_in_words(wants: Sequence[str]) -> str:
    """Several wants: "at least two side pots and an odd chip"."""
    said = [want_words(w) for w in wants]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1] if said else ""


class DrillError(ScenarioError):
    """A drill that cannot be dealt: a want the game or house never gives, an
    unknown want, game or house, or no hand found within `MAX_TRIES`. A lesson
    reports it at the drill cell's file:line; the command exits 2."""


@dataclass(frozen=True)
class Want:
    """One parsed want: a name from `WANTS`, and for side pots a comparison."""
    name: str
    op: str = ""
    count: int = 0

    def __str__(self) -> str:
        return f"{self.name} {self.op} {self.count}" if self.op else self.name


def parse_want(text: str) -> Want:
    """`"side-pots >= 2"` -> Want("side-pots", ">=", 2); a plain name as itself."""
    words = " ".join(str(text).split()).lower()
    match = _SIDE_POTS.match(words)
    if match:
        return Want("side-pots", match.group(1), int(match.group(2)))
    if words in WANTS and words != "side-pots":
        return Want(words)
    raise DrillError(f"want {text!r} is not a drill want; use one of {', '.join(WANTS)}")


@dataclass(frozen=True)
class Plan:
    """What the wants ask of every candidate, decided before any deal."""
    game: Game
    house: HouseRules
    wants: tuple[Want, ...]
    deck: int
    fewest: int                    # players dealt in
    most: int
    twins: bool = False            # players dealt the same ranks, so they tie (split-pot, odd-chip)
    all_in: bool = False           # every player all in for a different stack (side pots)
    draw: str = "random"           # "pat", "max" (deck-runs-out) or "random"
    over_blind: bool = False

    def wanted(self, name: str) -> bool:
        return any(w.name == name for w in self.wants)


@dataclass
class Drill:
    """A generated hand: the lesson table cell, and the drill's seed, which
    gives the same cell again (`generate(game, wants, seed, house)`)."""
    game: str
    house: str
    wants: tuple[str, ...]
    seed: int
    cell: dict[str, Any]
    tries: int = 1


def cards_needed(game: Game, players: int) -> int:
    """The most cards a hand takes from the deck when nobody folds and every
    draw is of the most cards allowed: more than the deck means the stub runs
    out (8.4.4(b)) or the stud stub is short (8.11.5(a))."""
    total = 0
    for street in game.streets:
        for op in street.deal:
            if isinstance(op, DealHole):
                total += op.count * (players + (1 if op.kitty else 0))
            elif isinstance(op, Burn):
                total += 1
            elif isinstance(op, DealBoard):
                total += op.count
            elif isinstance(op, Draw):
                total += op.max_cards * players
    return total


def _over_blind_rule(game: Game, house: HouseRules) -> str | None:
    """The rule that lets this game take an over-blind under this house, as
    the hand's set-up reads it (8.4.1(b)(i); house over_blind, 8.2.4)."""
    if game.blinds is None or house.over_blind == "never":
        return None
    if game.blinds.over_blind:
        return game.blinds.over_blind
    return "8.2.4" if house.over_blind == "all_blind_games" else None


def plan(game_name: str, wants: Sequence[str], house_name: str = "main", *, any_hand: bool = False) -> Plan:
    """Check the wants against the game and the house before dealing: every
    want the rules can never give is refused here, naming it and why. A drill
    needs a want; `any_hand` allows none (an audition's plain hand of a game)."""
    if banked(game_name):
        raise DrillError(f"{game_name} is a banked game with its own dealer procedure (python -m engine "
                         "casino): its drills are planned by engine/drills/casino.py (use `checked`)")
    try:
        house = get_house(house_name)
        found = get_game(game_name, house.rulebook)
    except (KeyError, HouseFileError) as exc:
        raise DrillError(str(exc.args[0] if exc.args else exc)) from None
    if not isinstance(found, Game):
        raise DrillError(f"{game_name} has its own dealer procedure: drills deal poker hands")
    game = found
    parsed = tuple(parse_want(w) for w in wants)
    if not parsed and not any_hand:
        raise DrillError(f"a drill needs at least one want: {', '.join(WANTS)}")
    names = {w.name for w in parsed}
    deck = next(iter(game.max_players))
    fewest, most = 2, max_players_for(house, game, deck)
    hi_lo = game.showdown.split == "hi-lo"

    def refuse(want: Want | str, why: str) -> DrillError:
        return DrillError(f"want {str(want)!r} cannot be dealt in {game.title} ({game.rule}), house "
                          f"{house.name}: {why}")

    for want in parsed:
        if want.name == "exposed-card":
            raise refuse(want, EXPOSED_CARD)
        if want.name in ("hi-lo", "no-low") and not hi_lo:
            raise refuse(want, "it is not a hi-lo game; the hi-lo games are Seven Card Stud Hi-Low "
                               "(8.12), Crazy Pineapple Hi-Low (8.21), Holdem Hi-Low (8.22) and "
                               "Omaha Hi-Low (8.24)")
        if want.name == "over-blind" and _over_blind_rule(game, house) is None:
            raise refuse(want, f"the game takes no over-blind (its forced bets: {game.forced_bets()}); "
                               f"8.4.1(b)(i) gives one to the blind draw games, and this house's "
                               f"over_blind is {house.over_blind!r}")
        if want.name == "side-pots":
            players = want.count + 2
            if players > most:
                raise refuse(want, f"{want.count} side pots need {players} players all in for "
                                   f"different amounts (1.1 Side pot), and the game seats at most "
                                   f"{most} (4.1 Table 1)")
            if "heads-up" in names and want.count > 0:
                raise refuse(want, "heads-up there is only the main pot: a side pot needs a third "
                                   "player to bet beyond an all-in (1.1 Side pot)")
            if want.count:
                fewest = max(fewest, players)
                if want.op == "==":
                    most = min(most, players)
    if "heads-up" in names:
        fewest = most = 2
        if "odd-chip" in names:
            raise refuse("odd-chip", "heads-up both players put the same into every pot they share, so "
                                     "a pot they divide, or halve high and low, is always even (8.1.5)")
    if "over-blind" in names:
        if fewest == most == 2:
            raise refuse("over-blind", "heads-up the seat left of the big blind is the button, which "
                                       "has posted already: the over-blind needs a third player "
                                       "(8.4.1(b)(i))")
        fewest = max(fewest, 3)
    twins = bool(names & {"split-pot", "odd-chip"})
    draw = "pat" if twins else "random"
    if twins:
        tie = "split-pot" if "split-pot" in names else "odd-chip"
        if "deck-runs-out" in names:
            raise refuse(tie, "a divided pot is dealt by giving every player the same ranks in other "
                              "suits and keeping them pat, so the stub never runs short: the deck "
                              "runs out only when players draw (8.4.4(b)) or more stud hands are "
                              "dealt than four suits can twin (8.11.5(a)); drill them apart")
        if fewest > TWIN_MOST:
            raise refuse(tie, f"a divided pot is dealt by giving every player the same ranks in other "
                              f"suits, which four suits allow for at most {TWIN_MOST} players, and the "
                              f"other wants need {fewest} (8.1.5)")
        most = min(most, TWIN_MOST)
    if "deck-runs-out" in names:
        deck, fewest = _running_out(game, house, fewest, most, refuse)
        most = max_players_for(house, game, deck) if most >= fewest else most
        draw = "max"
    if fewest > most:
        raise DrillError(f"wants {', '.join(map(str, parsed))} cannot be dealt together in "
                         f"{game.title}: they need at least {fewest} players and at most {most}")
    return Plan(game, house, parsed, deck, fewest, most, twins=twins,
                all_in=any(w.name == "side-pots" and w.count for w in parsed), draw=draw,
                over_blind="over-blind" in names)


def _running_out(game: Game, house: HouseRules, fewest: int, most: int, refuse: Any) -> tuple[int, int]:
    """The deck and the fewest players with which the deck can run out."""
    draws = any(isinstance(op, Draw) for st in game.streets for op in st.deal)
    if not draws and not game.stub_short:
        raise refuse("deck-runs-out", "the game's rules never run out of cards: it has no draw to "
                                      "reshuffle for (8.4.4(b)) and no short stud stub (8.11.5(a)); "
                                      f"{cards_needed(game, game.max_players[next(iter(game.max_players))])}"
                                      " cards at most are dealt")
    for deck in game.max_players:
        top = min(max_players_for(house, game, deck), most if most >= fewest else fewest)
        for players in range(fewest, top + 1):
            if cards_needed(game, players) > deck:
                return deck, players
    raise refuse("deck-runs-out", f"with {fewest}-{most} players the game needs at most "
                                  f"{cards_needed(game, most)} cards, and no deck it is dealt with "
                                  f"({', '.join(map(str, game.max_players))}) is that short")


# --- the players ------------------------------------------------------------------


class DrillPlayers:
    """Players' decisions shaped by the plan, each from a seeded random draw
    keyed by seat, street and turn, so the same seat decides alike however
    the acting order falls (stacking the deck may move the stud bring-in).

    Side pots: everyone goes all in. Otherwise mostly check and call, with a
    small bet now and then; with `fold_chance` a player facing a bet folds
    while two others stay (dead chips make odd pots). Draws stand pat (twins
    keep their ranks), take the most cards (to empty the stub) or a random
    number; a Pineapple discard is always the last cards, alike for all."""

    def __init__(self, seed: int, plan: Plan, fold_chance: float) -> None:
        self.seed = seed
        self.plan = plan
        self.fold_chance = fold_chance
        self.turns: dict[tuple[int, str, str], int] = {}

    def _rng(self, decision: Decision) -> random.Random:
        key = (decision.seat, decision.street, decision.kind)
        turn = self.turns[key] = self.turns.get(key, 0) + 1
        return random.Random(f"{self.seed}:{decision.seat}:{decision.street}:{decision.kind}:{turn}")

    def __call__(self, hand: object, decision: Decision) -> str:
        rng = self._rng(decision)
        if decision.kind == "draw":
            if self.plan.draw == "pat":
                return "stand pat"
            n = decision.count if self.plan.draw == "max" else rng.randint(0, decision.count)
            return f"draw {n}" if n else "stand pat"
        if decision.kind == "discard":
            last = len(decision.cards)
            return "discard " + " ".join(f"#{i}" for i in range(last - decision.count + 1, last + 1))
        opts = decision.options
        assert opts is not None, "a betting decision comes with its options"
        acts = opts.actions
        if decision.forced:
            return "all-in" if opts.min_to is None else "bring-in"
        if self.plan.all_in and "all-in" in acts and not (decision.no_raise and opts.all_in_to > opts.call_to):
            return "all-in"
        live = len(hand.live_seats()) if isinstance(hand, Hand) else 0
        if "fold" in acts and opts.to_call > 0 and live > 2 and rng.random() < self.fold_chance:
            return "fold"
        if not self.plan.all_in and not decision.no_raise and opts.min_to is not None and rng.random() < 0.2:
            for verb in ("bet", "raise"):
                if verb in acts:
                    return f"{verb} {opts.min_to}"
        for verb in ("check", "call", "all-in"):
            if verb in acts:
                return verb
        return acts[0]


# --- candidates -------------------------------------------------------------------


@dataclass
class Played:
    """What a hand did, for checking the wants: its dealer steps and the cards
    each dealt, in order."""
    hand: Hand
    kinds: list[str] = field(default_factory=list)
    over_blind: bool = False
    dealt: list[Dealt] = field(default_factory=list)


def deal_out(hand: Hand) -> Played:
    """Deal the hand correctly to the end, recording each step and its cards."""
    played = Played(hand)
    while (exp := hand.expected()) is not None:
        if exp.kind == "post_blind" and isinstance(exp.detail, Blind) and exp.detail.over:
            played.over_blind = True
        verdict = hand.propose(Step(exp.kind, exp.seat, exp.seats))
        assert verdict.ok, verdict.message
        played.kinds.append(exp.kind)
        if verdict.dealt is not None:
            played.dealt.append(verdict.dealt)
    return played


def _candidate(plan: Plan, seed: int) -> Scenario:
    """Seats, stacks and button for one try, from its seed."""
    rng = random.Random(f"drill:{seed}")
    players = rng.randint(plan.fewest, plan.most)
    table_seats = max(10, players)
    seats = sorted(rng.sample(range(1, table_seats + 1), players))
    if plan.all_in:
        stacks = [5 * n for n in rng.sample(range(4, 61), players)]
    else:
        stacks = [200] * players
    return Scenario(game=plan.game.name, seats={s: (NAMES[i], stacks[i]) for i, s in enumerate(seats)},
                    button_was=rng.choice(seats), seed=seed, deck=plan.deck, table_seats=table_seats,
                    house=plan.house.name, over_blind=plan.over_blind)


def twin_stack(plan: Plan, dealt: list[Dealt], seed: int) -> tuple[Card, ...]:
    """A deck order in which every player is dealt the same ranks, each in
    other suits, and no board holds three cards of one suit: no flush and no
    card of a hand can break the tie, so every pot at a showdown is divided
    among the players still in (8.1.5). `dealt` is the order a trial deal of
    the same hand took its cards in; the players' decisions do not read their
    cards, so the stacked hand deals to the same places."""
    rng = random.Random(f"twins:{seed}")
    seats = sorted({d.seat for d in dealt if d.to == "seat" and d.seat is not None})
    per_seat = {s: sum(len(d.cards) for d in dealt if d.to == "seat" and d.seat == s) for s in seats}
    low = DECK_LOWEST_RANK[plan.deck]
    ranks = rng.sample(range(low, 15), max(per_seat.values(), default=0))
    used: dict[int, int] = {s: 0 for s in seats}
    order: list[Card | None] = []
    for d in dealt:
        for _ in d.cards:
            if d.to == "seat" and d.seat is not None:
                i, j = seats.index(d.seat), used[d.seat]
                used[d.seat] += 1
                order.append(Card(ranks[j], SUITS[(i + j) % 4]))
            else:
                order.append(None)
    spare = [c for c in full_deck(plan.deck) if c not in order]
    rng.shuffle(spare)
    suits_on: dict[int, dict[str, int]] = {}
    stack: list[Card] = []
    at = 0
    for d in dealt:
        for _ in d.cards:
            card = order[at]
            at += 1
            if card is None:
                on = suits_on.setdefault(d.board, {}) if d.to == "board" else None
                pick = next((c for c in spare if on is None or on.get(c.suit, 0) < 2), spare[0])
                spare.remove(pick)
                if on is not None:
                    on[pick.suit] = on.get(pick.suit, 0) + 1
                card = pick
            stack.append(card)
    return tuple(stack)


def _try(plan: Plan, seed: int) -> dict[str, Any]:
    """One candidate hand, played through with the plan's players: its cell."""
    scenario = _candidate(plan, seed)
    fold = 0.0 if plan.all_in or plan.draw == "max" else (0.35 if plan.wanted("odd-chip") else 0.1)
    if plan.twins:
        trial = deal_out(Hand(scenario, decide=DrillPlayers(seed, plan, fold)))
        scenario.stack = twin_stack(plan, trial.dealt, seed)
    hand = Hand(scenario, decide=DrillPlayers(seed, plan, fold))
    deal_out(hand)
    return _cell(hand)


def _cell(hand: Hand) -> dict[str, Any]:
    """The lesson table cell that deals `hand` again (lessons/README.md)."""
    sc = hand.scenario
    cell: dict[str, Any] = {"id": f"drill-{sc.game}-{sc.seed}", "game": sc.game, "seed": sc.seed,
                            "deck": sc.deck, "table_seats": sc.table_seats}
    if hand.game.uses_button:
        cell["button_was"] = sc.button_was
    if hand.blind_amounts:
        cell["blinds"] = list(hand.blind_amounts)
    if hand.ante:
        cell["ante"] = hand.ante
    if sc.house != "main":
        cell["house"] = sc.house
    if sc.over_blind:
        cell["over_blind"] = True
    cell["seats"] = {str(s): [n, c] for s, (n, c) in sorted(sc.seats.items())}
    if sc.stack:
        cell["stack"] = " ".join(map(str, sc.stack))
    cell["actions"] = list(hand.played_actions)
    return cell


# --- the wants, checked on a hand dealt to the end ------------------------------


def side_pots(hand: Hand) -> int:
    """Side pots the dealer built at the showdown (1.1 Side pot(s))."""
    return sum(1 for pot in hand.showdown_pots if pot.name != "main pot")


def odd_chip(hand: Hand) -> bool:
    """A divided pot, or a halved one, whose chips do not divide evenly (8.1.5)."""
    unit = hand.house.lowest_chip
    halves: dict[str, list[int]] = {}
    for part in hand.awards:
        if len(part.winners) > 1 and part.amount % (len(part.winners) * unit):
            return True
        if " half of the " in part.name:
            halves.setdefault(part.name.split(" half of the ", 1)[1], []).append(part.amount)
    return any(len(set(amounts)) > 1 for amounts in halves.values())


def showdown_read(hand: Hand) -> dict[int, str]:
    """Each live player's hand as the dealer reads it at the showdown."""
    return hand.readings() if len(hand.live_seats()) > 1 else {}


def meets(played: Played, want: Want, wants: Sequence[Want] = ()) -> bool:
    """Whether a hand dealt to the end has `want` (`wants`: the drill's others)."""
    hand = played.hand
    name = want.name
    if name == "split-pot":
        return any(len(part.winners) > 1 for part in hand.awards)
    if name == "odd-chip":
        return odd_chip(hand)
    if name == "side-pots":
        return side_pots(hand) >= want.count if want.op == ">=" else side_pots(hand) == want.count
    if name == "no-low":
        read = showdown_read(hand)
        return bool(read) and all("low none" in r for r in read.values())
    if name == "hi-lo":
        halved = any(part.name.startswith("low half") for part in hand.awards)
        no_low = any(w.name == "no-low" for w in wants)
        return hand.game.showdown.split == "hi-lo" and bool(showdown_read(hand)) and (halved or no_low)
    if name == "deck-runs-out":
        return "reshuffle" in played.kinds or "deal_common" in played.kinds
    if name == "over-blind":
        return played.over_blind
    if name == "heads-up":
        return len(hand.players) == 2
    return False


def try_seed(seed: int, attempt: int) -> int:
    """The scenario seed of a drill's `attempt`-th try (the first is the seed)."""
    return seed if attempt == 0 else random.Random(f"drill:{seed}:{attempt}").randrange(1, 2 ** 31)


def banked(game: str) -> bool:
    """A banked game with its own procedure (Casino Hold'em): its drills are
    engine/drills/casino.py's rounds, with its own wants (BANKED_WANTS)."""
    return str(game).strip().lower() in PROCEDURES


def checked(game: str, wants: Sequence[str], house: str = "main") -> tuple[str, str, tuple[str, ...]]:
    """The drill's game, house and wants as `generate` names them, every want
    checked against the game and house (`plan`, or the banked game's own
    check) before any deal; DrillError says why not."""
    if banked(game):
        try:
            cp = casino_plan(wants, house)
        except CasinoDrillError as exc:
            raise DrillError(str(exc)) from None
        return cp.game.name, cp.house.name, cp.wants
    p = plan(game, wants, house)
    return p.game.name, p.house.name, tuple(map(str, p.wants))


def generate(game: str, wants: Sequence[str], seed: int, house: str = "main",
             tries: int = MAX_TRIES, *, any_hand: bool = False) -> Drill:
    """A hand of `game` under `house` with every want, dealt from `seed`.

    Each candidate's cell is dealt again from the cell alone (scripted
    decisions, stacked deck) and checked want by want, so what is returned
    deals as checked. Raises DrillError for a want refused by the rules or
    when no candidate within `tries` has them all. With `any_hand` and no
    wants, the first candidate is the hand (plan). A banked game deals a
    round of its own (engine/drills/casino.py)."""
    if banked(game):
        name, house_name, wanted = checked(game, wants, house)
        try:
            cell, found_on = casino_cell(casino_plan(wanted, house_name), seed, max(tries, 1) * 3 // 2,
                                         try_seed)
        except CasinoDrillError as exc:
            raise DrillError(str(exc)) from None
        return Drill(name, house_name, wanted, seed, cell, found_on)
    p = plan(game, wants, house, any_hand=any_hand)
    for attempt in range(tries):
        cell = _try(p, try_seed(seed, attempt))
        played = deal_out(Hand(Scenario.from_dict(cell)))
        if all(meets(played, w, p.wants) for w in p.wants):
            cell["id"] = f"drill-{p.game.name}-{seed}"
            return Drill(p.game.name, p.house.name, tuple(map(str, p.wants)), seed, cell, attempt + 1)
    raise DrillError(f"no {p.game.title} hand with {', '.join(map(str, p.wants))} was found in {tries} "
                     f"tries from seed {seed}: these wants may not go together in this game")


def _toml_value(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def cell_toml(cell: dict[str, Any]) -> str:
    """The cell as a lesson file writes it (a ```table block, lessons/README.md)."""
    lines = ["```table"]
    for key, value in cell.items():
        if isinstance(value, dict):      # seats, or a Casino Hold'em round's boxes and decisions
            text = "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
        elif key == "actions":
            text = "[" + ",\n           ".join(", ".join(f'"{a}"' for a in value[i:i + 8])
                                               for i in range(0, len(value), 8)) + "]"
        elif isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, str):
            text = f'"{value}"'
        else:
            text = str(value)
        lines.append(f"{key} = {text}")
    lines.append("```")
    return "\n".join(lines)
