"""The down itself: hand after hand at one table, each worked out from the
spec, the seed and the hand's number alone (issue 32).

For each hand the table's plan (engine.table: button, posts, who is dealt
in, 8.2) becomes a table cell dict (`DownHand.table`, what a lesson's table
cell holds: seats and stacks, the button, the posts, the players not dealt
in, the seed, the players' actions); the hand is auto-played with seeded
random players to find the actions and the stacks it leaves, which the next
hand starts from. The trainee's steps never change what happens, so a
stored down is its spec plus the steps posted per hand."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.down.events import DownEvent, Ledger
from engine.down.irregular import DealSituation, IrregularPlayer, TablePlayer, deal_situation
from engine.down.spec import POKER_AMOUNTS, DownSpec
from engine.down.table import DownTable
from engine.games.registry import GAMES
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.questions.at_table import table_prompts
from engine.questions.base import TableCell
from engine.steps import RulingDue, ScenarioError
from engine.table.plan import HandPlan, Post


@dataclass(frozen=True)
class DownPot:
    """One pot as the hand awards it."""
    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "amount": self.amount, "eligible": list(self.eligible),
                "winners": list(self.winners), "award": {str(s): c for s, c in self.shares.items()}}


@dataclass(frozen=True)
class DownHand:
    """One hand of a down, as the engine worked it out.

    `table` is the hand as a lesson's table cell writes it (it replays to the
    same stacks from its `actions`); `prompts` are question cells with `at`:
    deal errors to rule on (ask = "irregularity") and amounts asked at the
    table (ask = "amount"). An irregular action is ruled on inside the hand,
    as its `rule_on_action` dealer step (`rulings` lists them). A `misdeal`
    hand is dealt up to its prompt at "deal" (after the forced bets,
    `total_steps` of them); the chips go back and the next hand is its redeal
    with the same button, posts and players (9.1.1(a))."""
    number: int
    game: str
    button: int | None
    dead_button: bool
    posts: tuple[Post, ...]
    dealt_in: tuple[int, ...]
    events: tuple[DownEvent, ...]
    markers: dict[int, tuple[str, ...]]
    waiting: dict[int, str]
    table: dict[str, Any]
    prompts: tuple[dict[str, Any], ...]
    pots: tuple[DownPot, ...]
    rake: int
    stacks_before: dict[int, int]          # every seated player, after any rebuy
    stacks_after: dict[int, int]
    rebuys: dict[int, int]                 # chips bought before this hand by seat: rebuys and arrivals
    left: dict[str, int]                   # chips taken away before this hand by players leaving, by name
    misdeal: bool
    irregular_action: str                  # "" or the action the hand's rule_on_action step rules on
    rulings: tuple[dict[str, Any], ...]    # each rule_on_action step of the hand: at, situation, ruling, rule
    notes: tuple[str, ...]
    total_steps: int
    names: dict[int, str] = field(default_factory=dict)

    @property
    def cell(self) -> TableCell:
        """The engine's table cell: `cell.new_hand()` is the hand the trainee deals."""
        cell = TableCell(Scenario.from_dict(self.table), procedure=Hand)
        cell.total_steps = self.total_steps
        return cell

    def to_dict(self) -> dict[str, Any]:
        """The JSON of one hand (the CLI's --json)."""
        return {
            "number": self.number, "game": self.game, "button": self.button, "dead_button": self.dead_button,
            "posts": [dict(p.__dict__) for p in self.posts], "dealt_in": list(self.dealt_in),
            "events": [e.to_dict() for e in self.events],
            "markers": {str(s): list(k) for s, k in self.markers.items()},
            "waiting": {str(s): w for s, w in self.waiting.items()},
            "pots": [p.to_dict() for p in self.pots], "rake": self.rake,
            "stacks": {str(s): c for s, c in self.stacks_after.items()},
            "rebuys": {str(s): c for s, c in self.rebuys.items()}, "left": dict(self.left),
            "misdeal": self.misdeal, "irregular_action": self.irregular_action, "rulings": list(self.rulings),
            "prompts": list(self.prompts), "names": {str(s): n for s, n in self.names.items()},
            "table": self.table,
        }


def _autoplay(hand: Hand) -> tuple[Hand, tuple[dict[str, Any], ...]]:
    """Deal the hand to its end as the engine expects it, noting each ruling
    the dealer makes on an irregular action (section 6) on the way."""
    rulings = []
    while (exp := hand.expected()) is not None:
        detail = exp.detail
        if exp.kind == "rule_on_action" and isinstance(detail, RulingDue):
            rulings.append({"at": f"{exp.street}: seat {detail.seat}", "situation": detail.situation,
                            "ruling": detail.right, "said": detail.said, "rule": exp.rule})
        verdict = hand.propose(exp.step())
        assert verdict.ok, verdict.message
    return hand, tuple(rulings)


# The dealer steps before the first card: the button, the forced bets, a fee per person.
BEFORE_THE_DEAL = frozenset({"move_button", "post_blind", "collect_antes", "take_rake"})


def _before_the_deal(hand: Hand) -> int:
    """How many dealer steps come before the first card (where a misdeal is called)."""
    replay = Hand(hand.scenario)
    count = 0
    while (exp := replay.expected()) is not None and exp.kind in BEFORE_THE_DEAL:
        replay.propose(exp.step())
        count += 1
    return count


def pace_family(game: str) -> str:
    """The family a game's pace is published for: holdem, omaha, stud, draw or manila."""
    family = GAMES[game].family
    if family in ("stud", "draw"):
        return family
    if "omaha" in game:
        return "omaha"
    if "manila" in game:
        return "manila"
    return "holdem"


class Down:
    """A down: `Down(spec).hand(n)` for n = 1, 2, ...; hands are worked out
    in order as they are first asked for, and kept."""

    def __init__(self, spec: DownSpec) -> None:
        self.spec = spec
        self.house = spec.rules()
        self._hands: list[DownHand] = []
        self._table: DownTable | None = None
        self._redeal: tuple[HandPlan, str] | None = None      # a misdeal's plan and game, dealt again

    @property
    def length(self) -> int:
        """How many hands the down deals (`hands`, or `minutes` at the first game's pace)."""
        return self.spec.hand_limit(self.pace_standard(self.spec.games[0]))

    def pace_standard(self, game: str) -> int:
        """Hands an hour the house expects in this game (house field down_pace)."""
        pace = self.house.down_pace
        return int(pace.get(game, pace.get(pace_family(game), 30)))

    def hand(self, number: int) -> DownHand:
        if number < 1:
            raise IndexError(f"hands of a down are numbered from 1, not {number}")
        while len(self._hands) < number:
            self._hands.append(self._next())
        return self._hands[number - 1]

    def hands(self) -> list[DownHand]:
        return [self.hand(n) for n in range(1, self.length + 1)]

    # --- working out the next hand ---------------------------------------------
    def _next(self) -> DownHand:
        number = len(self._hands) + 1
        first = self._table is None
        if self._table is None:
            self._table = DownTable(self.spec)
        table = self._table
        ledger = Ledger({}, {})
        rng = random.Random(f"down {self.spec.seed} hand {number}")
        if self._redeal is not None:
            plan, game = self._redeal
            self._redeal = None
            events: list[DownEvent] = [DownEvent("misdeal", "The last deal was a misdeal: the cards are "
                                                 "dealt again, same button and blinds", "9.1.1(a)")]
        else:
            events = table.before_hand(first, ledger)
            plan, extra = table.next_plan(ledger)
            events += extra
            game = table.game
        seated = table.table.players
        stacks_before = {s: p.stack for s, p in sorted(seated.items())}
        cell = self._cell(plan, game, number, stacks_before)
        prompts: list[dict[str, Any]] = []
        misdeal = False
        irregular = ""
        situation: DealSituation | None = None
        if rng.random() < self.spec.irregularities:
            if rng.random() < 0.35:
                first_round = next(st.name for st in GAMES[game].streets if st.betting)
                situation, misdeal = deal_situation(GAMES[game], self.house, len(plan.dealt_in),
                                                    first_round, rng)
            else:
                irregular = "pending"
        if situation is not None:
            prompts.append(situation.cell(self.spec.house))
        # A misdeal's hand is played too, so its table cell deals like any other up to the
        # call; the trainee stops at the prompt (at = "deal") and the chips go back (9.1.1(a)).
        played, irregular, rulings = self._play(cell, number, rng, irregular == "pending" and not misdeal)
        cell["actions"] = list(played.played_actions)
        stacks_after = dict(stacks_before)
        if misdeal:
            pots: tuple[DownPot, ...] = ()
            rake, steps = 0, _before_the_deal(played)
            self._redeal = (plan, game)
        else:
            asks = random.Random(f"down {self.spec.seed} amounts {number}")
            if asks.random() < self.spec.arithmetic:
                table_cell = TableCell(Scenario.from_dict(cell), procedure=Hand)
                prompts += table_prompts(table_cell, self.spec.amounts or POKER_AMOUNTS, asks)
            for seat, p in played.players.items():
                stacks_after[seat] = p.stack
            for seat, chips in stacks_after.items():
                seated[seat].stack = chips
            pots = tuple(DownPot(a.name, a.amount, tuple(a.eligible), tuple(a.winners), dict(a.shares))
                         for a in played.awards)
            rake, steps = played.rake, played.step_count
        return DownHand(
            number=number, game=game, button=plan.button, dead_button=plan.dead_button,
            posts=tuple(plan.posts), dealt_in=tuple(plan.dealt_in), events=tuple(events),
            markers=dict(plan.markers), waiting=dict(plan.waiting), table=cell, prompts=tuple(prompts),
            pots=pots, rake=rake, stacks_before=stacks_before, stacks_after=stacks_after,
            rebuys=ledger.bought, left=ledger.left, misdeal=misdeal, irregular_action=irregular,
            rulings=rulings, notes=tuple(plan.notes), total_steps=steps,
            names={s: p.name for s, p in sorted(seated.items())})

    def _play(self, cell: dict[str, Any], number: int, rng: random.Random,
              irregular: bool) -> tuple[Hand, str, tuple[dict[str, Any], ...]]:
        """The hand auto-played by seeded random players: with an irregular
        action when one is due and one fits the hand (else without)."""
        seed = f"down {self.spec.seed} players {number}"
        if irregular:
            player = IrregularPlayer(seed, rng.randint(0, 4))
            try:
                hand, rulings = _autoplay(Hand(Scenario.from_dict(cell), decide=player))
            except ScenarioError:
                pass
            else:
                return hand, player.made[0] if player.made else "", rulings
        hand, rulings = _autoplay(Hand(Scenario.from_dict(cell), decide=TablePlayer(seed)))
        return hand, "", rulings

    def _cell(self, plan: HandPlan, game: str, number: int, stacks: dict[int, int]) -> dict[str, Any]:
        """The hand as a lesson's table cell writes it (engine.hand.scenario.Scenario.from_dict)."""
        assert self._table is not None
        seated = self._table.table.players
        dealt = set(plan.dealt_in)
        cell: dict[str, Any] = {
            "game": game, "house": self.spec.house, "table_seats": self.spec.seats,
            "seed": (self.spec.seed * 100_003 + number) % 2_147_483_647,
            "seats": {str(s): [seated[s].name, stacks[s]] for s in sorted(dealt)},
            **self.spec.stakes_for(game).cell(),
        }
        out = {str(s): [p.name, stacks[s]] for s, p in sorted(seated.items()) if s not in dealt}
        if out:
            cell["out"] = out
        if plan.button is not None:
            was = self._button_was(plan)
            cell["button_was"] = was
            cell["button"] = plan.button
        if GAMES[game].blinds is not None and plan.posts:
            cell["posts"] = [{"seat": p.seat, "what": p.what, "amount": p.amount, "live": p.live,
                              "rule": p.rule} for p in plan.posts]
        cell["actions"] = []
        return cell

    def _button_was(self, plan: HandPlan) -> int:
        """Where the button lay before this hand: last hand's button in this game,
        or the seat before this one's for a stint's first hand."""
        assert self._table is not None and plan.button is not None
        history = [p for p in self._table.table.history if p.played and p is not plan]
        if history and history[-1].button is not None:
            return history[-1].button
        return next(s for s in reversed(self._table.table.clockwise(plan.button)) if s != plan.button)
