"""Replaying a PHH hand history through the engine (`replay`).

The hand is dealt by engine.hand.machine.Hand with the history's cards forced to the
top of the deck and its players' actions fed in as decisions, so the engine
computes every pot, split and odd chip under the chosen house rules. Seats:
PHH lists players clockwise, the first to receive a card first (`seating`).
A rule violation stops the replay with `PhhViolation`; nothing is replayed
silently.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.cards.deck import Card
from engine.games.parts import Discard, Draw, Game
from engine.games.registry import get_game
from engine.hand.decisions import Decision
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.house import HouseFileError, HouseRules, get_house
from engine.phh.read import DECISION_VERBS, Action, PhhError, PhhHand, PhhViolation
from engine.phh.write import force_to_top, to_phh
from engine.steps import Expected, Replace, ScenarioError

# --- seats -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seating:
    """Where PHH players sit: player k (1-based) at `seats[k - 1]`."""
    seats: tuple[int, ...]
    table_seats: int
    button_was: int

    def seat(self, player: int) -> int:
        return self.seats[player - 1]

    def player(self, seat: int) -> int:
        return self.seats.index(seat) + 1


def seating(hand: PhhHand, game: Game) -> Seating:
    """The history's own seat numbers where they fit PHH's order (clockwise,
    first dealt first; stud from the dealer's left, i.e. from seat 1), else
    player pK in seat K."""
    n = hand.players
    given = hand.fields.get("seats")
    count = hand.fields.get("seat_count")
    seats = tuple(range(1, n + 1))
    if (isinstance(given, list) and all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in given)
            and len(set(given)) == n):
        ordered = sorted(given)
        start = ordered.index(given[0])
        fits = ordered[start:] + ordered[:start] == list(given)
        if fits and (game.uses_button or start == 0):
            seats = tuple(given)
    table = max(seats)
    if isinstance(count, int) and not isinstance(count, bool) and count >= table:
        table = count
    # The button moves one occupied seat clockwise before the deal: it was
    # on the player before the last one.
    return Seating(seats, table, seats[-2])


# --- the scenario --------------------------------------------------------------------------

def scenario(hand: PhhHand, house: str = "main", seed: int = 1) -> tuple[Scenario, Seating]:
    """The engine's Scenario for a history (no player actions: `replay` feeds them)."""
    rulebook = getattr(_house(house, hand.source), "rulebook", "main")
    game = get_game(hand.game, rulebook)
    place = seating(hand, game)
    n = hand.players
    names = hand.fields.get("players") or [""] * n
    stacks = hand.needs("starting_stacks")
    seats = {place.seat(k): (str(names[k - 1]) or f"p{k}", stacks[k - 1]) for k in range(1, n + 1)}
    antes = hand.needs("antes")
    if n == 2:
        antes.reverse()      # PHH reverses heads-up antes as it does the blinds
    uniform = len(set(antes)) == 1
    ante = antes[0] if uniform else 0
    seat_antes: dict[int, int] = {} if uniform else {place.seat(k): a for k, a in enumerate(antes, 1) if a}
    blinds = None
    if game.uses_button:
        posted = hand.amounts("blinds_or_straddles") or [0] * n
        count = next((i for i, b in enumerate(posted) if not b), n)
        if any(posted[count:]) or posted[:count] != sorted(posted[:count]):
            raise PhhError(f"{hand.source}: blinds_or_straddles {hand.fields['blinds_or_straddles']} cannot be "
                           "posted here: blinds (and straddles) go to the players left of the button in turn, "
                           "each at least the one before (8.2.2); a button straddle or a missing small blind "
                           "is not a blind of the rulebook")
        blinds = tuple(posted[:count])
    elif any(hand.amounts("blinds_or_straddles") or []):
        raise PhhError(f"{hand.source}: {game.title} has no blinds ({game.rule}): blinds_or_straddles must be zeros")
    limits: tuple[int, ...]
    if hand.betting == "fixed":
        limits = (hand.need("small_bet"), hand.need("big_bet"))
    elif hand.betting == "spread":
        limits = (hand.need("min_bet"), hand.need("max_bet"))
    else:
        limits = (hand.need("min_bet"),)
    bring_in: int | None = None
    if not game.uses_button:
        bring_in = hand.need("bring_in")
        if bring_in >= limits[0]:
            bring_in = None          # the opener's wager is a full bet: the engine's default
    mucked = tuple(place.seat(a.actor) for a in hand.actions
                   if a.verb == "sm" and a.cards is None and not a.dash and a.actor is not None)
    sc = Scenario(game=hand.game, seats=seats, button_was=place.button_was, blinds=blinds,
                  seed=seed, deck=hand.deck, table_seats=place.table_seats, house=house, ante=ante,
                  betting=hand.betting, limits=limits, bring_in=bring_in, seat_antes=seat_antes,
                  mucked=mucked, commission={"method": "none"})   # a replay takes no rake (7.4)
    return sc, place


def _house(house: str, source: str) -> HouseRules:
    try:
        return get_house(house)
    except (KeyError, HouseFileError) as exc:
        raise PhhError(f"{source}: {exc.args[0]}") from None


# --- replaying -----------------------------------------------------------------------------

@dataclass
class Replayed:
    """A history played through the engine."""
    phh: PhhHand
    hand: Hand
    seating: Seating
    finishing_stacks: list[int | Decimal]   # in the history's own numbers, p1 first
    unknown: frozenset[Card] = frozenset()  # cards the engine dealt for ones the history does not name

    def to_phh(self, **extra: Any) -> str:
        """The hand as the engine played it, unknown cards written "??" again."""
        return to_phh(self.hand, hidden=self.unknown, **extra)

    @property
    def stacks_in_units(self) -> list[int]:
        return [self.hand.players[s].stack for s in self.seating.seats]

    def differences(self) -> list[str]:
        """Where the history's own finishing_stacks differ from the engine's."""
        given = self.phh.fields.get("finishing_stacks")
        if given is None:
            return []
        theirs = self.phh.needs("finishing_stacks")
        return [f"p{k}: history {given[k - 1]}, engine {self.finishing_stacks[k - 1]}"
                for k, (a, b) in enumerate(zip(theirs, self.stacks_in_units), 1) if a != b]


class _Cards:
    """The history's cards, handed to the engine's dealer steps in the order
    it deals them. Unknown cards ("??") and the burns PHH does not record
    are cards the history never names."""

    def __init__(self, hand: PhhHand):
        self.hole: dict[int, list[Card | None]] = {k: [] for k in range(1, hand.players + 1)}
        self.board: list[Card | None] = []
        self.kitty: list[Card | None] = []
        self.next_kitty = 0
        self.named: set[Card] = set()
        self.unknown: set[Card] = set()
        self.board_before: dict[int, int] = {}
        self.hole_before: dict[int, dict[int, int]] = {}
        self.next_hole = {k: 0 for k in self.hole}
        self.next_board = 0
        self.where: dict[tuple[str | int, ...], int] = {}
        held: dict[int, list[int]] = {k: [] for k in self.hole}   # indices into self.hole[k]
        for a in hand.actions:
            self.board_before[a.number] = len(self.board)
            self.hole_before[a.number] = {k: len(v) for k, v in self.hole.items()}
            cards = a.cards or ()
            if a.actor is None:              # the dealer's: dh, db, dk
                if a.verb == "dh":
                    assert a.target is not None
                    target = a.target
                    for card in cards:
                        self.where[("hole", target, len(self.hole[target]))] = a.number
                        held[target].append(len(self.hole[target]))
                        self.hole[target].append(card)
                elif a.verb == "db":
                    for card in cards:
                        self.where[("board", len(self.board))] = a.number
                        self.board.append(card)
                elif a.verb == "dk":
                    for card in cards:
                        self.where[("kitty", len(self.kitty))] = a.number
                        self.kitty.append(card)
            elif a.verb == "tk":
                # The hand goes to the muck and the Kitty's cards come in exchange (8.5.3(b)).
                held[a.actor] = []
            elif a.verb == "sd" and cards:
                for card in cards:
                    self._let_go(held[a.actor], self.hole[a.actor], card)
            elif a.verb == "sm" and cards:
                own = [self.hole[a.actor][i] for i in held[a.actor]]
                for card in cards:
                    if card is not None and card not in own:
                        self._reveal(held[a.actor], self.hole[a.actor], card)
        for tokens in list(self.hole.values()) + [self.board, self.kitty]:
            self.named.update(c for c in tokens if c is not None)
        for a in hand.actions:
            if a.cards:
                self.named.update(c for c in a.cards if c is not None)

    @staticmethod
    def _let_go(held: list[int], tokens: list[Card | None], card: Card | None) -> None:
        """A discard: a named card leaves the hand; naming one the player
        was dealt face down unknown tells what that card was."""
        for i in held:
            if card is not None and tokens[i] == card:
                held.remove(i)
                return
        for i in held:
            if tokens[i] is None:
                if card is not None:
                    tokens[i] = card
                held.remove(i)
                return

    @staticmethod
    def _reveal(held: list[int], tokens: list[Card | None], card: Card) -> None:
        for i in held:
            if tokens[i] is None:
                tokens[i] = card
                return

    def for_step(self, exp: Expected, hand: Hand, place: Seating) -> list[Card]:
        """The cards the engine's next dealer step takes, top card first."""
        kind = exp.kind
        chosen: list[Card] = []
        if kind in ("pitch", "pitch_up"):
            assert exp.seat is not None
            chosen.append(self._hole(place.player(exp.seat), hand, chosen))
        elif isinstance(exp.detail, Replace):
            assert exp.seat is not None
            for _ in range(min(exp.detail.count, len(hand.deck))):
                chosen.append(self._hole(place.player(exp.seat), hand, chosen))
        elif kind == "deal_flop":
            for _ in range(3):
                chosen.append(self._board(hand, chosen))
        elif kind in ("deal_board", "deal_common"):
            chosen.append(self._board(hand, chosen))
        elif kind == "deal_kitty":
            i = self.next_kitty
            self.next_kitty += 1
            token = self.kitty[i] if i < len(self.kitty) else None
            chosen.append(self._known(token, ("kitty", i), hand, chosen))
        elif kind == "burn":
            chosen.append(self._spare(hand, chosen))
        return chosen

    def _hole(self, k: int, hand: Hand, chosen: list[Card]) -> Card:
        i = self.next_hole[k]
        self.next_hole[k] += 1
        token = self.hole[k][i] if i < len(self.hole[k]) else None
        return self._known(token, ("hole", k, i), hand, chosen)

    def _board(self, hand: Hand, chosen: list[Card]) -> Card:
        i = self.next_board
        self.next_board += 1
        token = self.board[i] if i < len(self.board) else None
        return self._known(token, ("board", i), hand, chosen)

    def _known(self, token: Card | None, key: tuple[str | int, ...], hand: Hand, chosen: list[Card]) -> Card:
        if token is None:
            card = self._spare(hand, chosen)
            self.unknown.add(card)
            return card
        if token not in hand.deck.cards or token in chosen:
            number = self.where[key]
            raise _Misdeal(number, f"{token} is not in the stub: it has been dealt already (one deck, 3.1)")
        return token

    def _spare(self, hand: Hand, chosen: list[Card]) -> Card:
        """A card the history never names; failing that (a short deck in stud,
        where the burns go back into the stub, 8.11.5(a)), the card it needs
        last."""
        for card in hand.deck.cards:
            if card not in self.named and card not in chosen:
                return card
        due: dict[Card | None, int] = {}
        for k, tokens in self.hole.items():
            for i, token in enumerate(tokens[self.next_hole[k]:]):
                due.setdefault(token, i)
        for i, token in enumerate(self.board[self.next_board:]):
            due.setdefault(token, i)
        spare = [c for c in hand.deck.cards if c not in chosen]
        if not spare:
            raise _Misdeal(None, "the deck has no card left to deal")
        return max(spare, key=lambda c: due.get(c, len(hand.deck.cards) + 52))

    def unused(self) -> tuple[int, str] | None:
        """The first dealt card the engine never dealt: (action number, what)."""
        for k, tokens in self.hole.items():
            if self.next_hole[k] < len(tokens):
                return self.where[("hole", k, self.next_hole[k])], f"the engine deals p{k} no more cards"
        if self.next_board < len(self.board):
            return self.where[("board", self.next_board)], "the engine deals no more community cards"
        if self.next_kitty < len(self.kitty):
            return self.where[("kitty", self.next_kitty)], "the engine deals the Kitty no more cards"
        return None


class _Misdeal(Exception):
    def __init__(self, number: int | None, message: str):
        super().__init__(message)
        self.number, self.message = number, message


class _RanOut(Exception):
    def __init__(self, decision: Decision):
        super().__init__(decision.seat)
        self.decision = decision


class _Feeder:
    """Gives the engine the history's player actions as decisions, checking
    that the right player acts at the right point of the hand."""

    def __init__(self, phh: PhhHand, place: Seating, cards: _Cards, where: str):
        self.phh, self.place, self.cards, self.where = phh, place, cards, where
        self.queue = [a for a in phh.actions if a.verb in DECISION_VERBS]
        self.position = 0
        self.current: Action | None = None

    @property
    def left(self) -> list[Action]:
        return self.queue[self.position:]

    def violation(self, action: Action, message: str) -> PhhViolation:
        return PhhViolation(self.where, action.number, action.text, message)

    def __call__(self, hand: object, decision: Decision) -> str:
        assert isinstance(hand, Hand)
        if self.position >= len(self.queue):
            raise _RanOut(decision)
        action = self.queue[self.position]
        self.position += 1
        self.current = action
        seat_player = self.place.player(decision.seat)
        rule = _rule_for(hand, decision)
        if action.actor != seat_player:
            verb = {"bet": "act", "draw": "draw", "discard": "discard"}[decision.kind]
            raise self.violation(action, f"out of turn: it is p{seat_player}'s turn to {verb} "
                                         f"({decision.street}, {rule}); an action out of turn is ruled by 6.17")
        self._check_cards_dealt(hand, decision, action, rule)
        if decision.kind == "bet":
            return self._bet(hand, decision, action, rule)
        if action.verb != "sd":
            raise self.violation(action, f"the betting round is over: p{seat_player} now "
                                         f"{'draws' if decision.kind == 'draw' else 'discards'} ({rule})")
        if not action.cards:
            if decision.kind == "discard":
                raise self.violation(action, f"each player discards {decision.count} card here ({rule})")
            return "stand pat"
        return "discard " + " ".join(str(c) for c in self._discards(hand, decision, action))

    def _bet(self, hand: Hand, decision: Decision, action: Action, rule: str) -> str:
        opts = decision.options
        assert opts is not None      # a betting decision's
        if action.verb == "sd":
            raise self.violation(action, f"p{action.actor} must bet, call, check or fold before the draw ({rule})")
        if action.verb == "f":
            return "fold"
        if action.verb == "pb":
            return "bring-in"
        if action.verb == "tk":
            return "take kitty"
        if action.verb == "cc":
            return "check" if "check" in opts.actions else "call"
        if decision.forced:
            return f"bet {action.amount}"
        if "raise" in opts.actions:
            return f"raise {action.amount}"
        if "bet" in opts.actions:
            return f"bet {action.amount}"
        if "all-in" in opts.actions and action.amount == opts.all_in_to:
            return "all-in"
        # No bet or raise is open: let the engine say which rule forbids it.
        return f"{'raise' if opts.to_call or opts.call_to else 'bet'} {action.amount}"

    def _discards(self, hand: Hand, decision: Decision, action: Action) -> list[Card]:
        held = list(hand.players[decision.seat].cards)
        chosen: list[Card] = []
        assert action.cards is not None
        for card in action.cards:
            if card is None:
                stand_in = next((c for c in held if c in self.cards.unknown and c not in chosen), None)
                if stand_in is None:
                    raise self.violation(action, f"p{action.actor} discards an unknown card but holds none")
                card = stand_in
            chosen.append(card)
        return chosen

    def _check_cards_dealt(self, hand: Hand, decision: Decision, action: Action, rule: str) -> None:
        """The history must have dealt the cards the engine has dealt by now."""
        dealt = sum(len(b) for b in hand.boards)
        before = self.cards.board_before.get(action.number, 0)
        if self.cards.board and before != dealt:
            raise self.violation(action, (
                f"the history has dealt {before} community card{'s' if before != 1 else ''} by now, but in the "
                f"engine {dealt} {'are' if dealt != 1 else 'is'} out and p{action.actor} acts on the "
                f"{decision.street} ({rule}): the betting round does not end where the history says"))
        if hand.game.stub_short and decision.kind == "bet":
            k = action.actor
            assert k is not None
            have = len(hand.players[decision.seat].cards)
            given = self.cards.hole_before.get(action.number, {}).get(k, 0)
            if given and given != have:
                raise self.violation(action, (
                    f"p{k} has been dealt {given} cards by now in the history but {have} in the engine, "
                    f"which is on the {decision.street} ({rule}): the betting round does not end where "
                    "the history says"))


def _rule_for(hand: Hand, decision: Decision) -> str:
    for street in hand.game.streets:
        if street.name != decision.street:
            continue
        if decision.kind == "bet" and street.betting:
            return street.betting.rule
        for op in street.deal:
            if isinstance(op, (Draw, Discard)):
                return op.rule
    return hand.game.rule


_NOT_LEGAL = re.compile(r"^action .* is not legal: (.*)$", re.S)


def replay(phh: PhhHand, house: str = "main", seed: int = 1, *, dealt: list[Card] | None = None) -> Replayed:
    """Deal the history through the engine and return the finishing stacks.

    Raises PhhViolation for an action that breaks the rules (with its
    number and the rule), PhhError for a history the engine cannot finish
    (it stops early, or the showdown needs cards it does not give).
    `dealt`, if given, receives every card taken from the deck, in order
    (burns included); `table_cell` needs it."""
    where = f"{phh.source}: " if phh.source else ""
    sc, place = scenario(phh, house, seed)
    cards = _Cards(phh)
    feeder = _Feeder(phh, place, cards, where)
    units = "" if phh.scale == 1 else f" (amounts in 1/{phh.scale} of the history's unit)"
    try:
        hand = Hand(sc, decide=feeder)
    except ScenarioError as exc:
        raise PhhError(f"{where}{exc.args[0]}") from None
    settled = False
    while True:
        try:
            exp = hand.expected()
            if exp is None:
                break
            if exp.kind == "award" and not settled:
                settled = True
                _check_showdown(hand, cards, place, where)
            force_to_top(hand.deck, cards.for_step(exp, hand, place))
            before = list(hand.deck.cards) if dealt is not None else []
            verdict = hand.propose(exp.step())
            if dealt is not None:
                _taken(before, hand.deck.cards, dealt, where)
            if not verdict.ok:
                raise AssertionError(verdict.message)
        except _Misdeal as exc:
            if exc.number is None:
                raise PhhError(f"{where}{exc.message}") from None
            text = next(a.text for a in phh.actions if a.number == exc.number)
            raise PhhViolation(where, exc.number, text, exc.message) from None
        except _RanOut as exc:
            d = exc.decision
            raise PhhError(f"{where}the history stops before the hand is over: p{place.player(d.seat)} is to "
                           f"{'act' if d.kind == 'bet' else d.kind} on the {d.street}") from None
        except ScenarioError as exc:
            message = exc.args[0]
            match = _NOT_LEGAL.match(message)
            if match and feeder.current is not None:
                raise feeder.violation(feeder.current, match.group(1) + units) from None
            raise PhhError(f"{where}{message}") from None
    if feeder.left:
        action = feeder.left[0]
        raise feeder.violation(action, "the hand is already over: "
                               + (" ".join(hand.explanations[-1:]) or "the pot has been awarded"))
    leftover = cards.unused()
    if leftover:
        number, what = leftover
        text = next(a.text for a in phh.actions if a.number == number)
        raise PhhViolation(where, number, text, f"no card is dealt here: {what} in this hand")
    stacks = [phh.unscale(hand.players[s].stack) for s in place.seats]
    return Replayed(phh, hand, place, stacks, frozenset(cards.unknown))


def _taken(before: list[Card], after: list[Card], dealt: list[Card], where: str) -> None:
    """The cards one dealer step took from the top of the deck, onto `dealt`."""
    gone = len(before) - len(after)
    if gone < 0 or before[gone:] != after:
        raise PhhError(f"{where}the deck is rebuilt during this hand (it runs out): a lesson table cell "
                       "deals from one deck and cannot deal it as it was played")
    dealt.extend(before[:gone])


def table_cell(phh: PhhHand, house: str = "main", seed: int = 1) -> dict[str, Any]:
    """A lesson table cell (lessons/README.md, the keys of Scenario.from_dict)
    that deals the history as it was played: its seats, its cards in the order
    the dealer takes them (burns included) and its players' decisions.

    The history is replayed first (`replay`: PhhViolation or PhhError if it
    breaks the rules or cannot be finished, or if it ends otherwise than its
    own finishing_stacks), then the cell is dealt once more on its own and
    must end the same way."""
    dealt: list[Card] = []
    done = replay(phh, house, seed, dealt=dealt)
    where = f"{phh.source}: " if phh.source else ""
    differ = done.differences()
    if differ:
        raise PhhError(f"{where}the engine's finishing stacks differ from the history's "
                       f"({'; '.join(differ)}) under house {house!r}")
    sc = done.hand.scenario
    cell: dict[str, Any] = {
        "game": sc.game, "seed": sc.seed, "deck": sc.deck, "table_seats": sc.table_seats, "house": sc.house,
        "button_was": sc.button_was, "betting": sc.betting, "limits": list(sc.limits),
        "seats": {str(s): [n, c] for s, (n, c) in sorted(sc.seats.items())},
        "stack": " ".join(map(str, dealt)), "actions": list(done.hand.played_actions),
    }
    if done.hand.house.rake_in_hand:
        cell["commission"] = dict(sc.commission or {"method": "none"})   # a replay takes no rake
    if sc.blinds is not None:
        cell["blinds"] = list(sc.blinds)
    if sc.ante is not None:
        cell["ante"] = sc.ante
    if sc.bring_in is not None:
        cell["bring_in"] = sc.bring_in
    if sc.seat_antes:
        cell["seat_antes"] = {str(s): a for s, a in sorted(sc.seat_antes.items())}
    if sc.mucked:
        cell["mucked"] = list(sc.mucked)
    again = Hand(Scenario.from_dict(cell)).autoplay()
    theirs = {s: p.stack for s, p in done.hand.players.items()}
    if {s: p.stack for s, p in again.players.items()} != theirs or not again.finished:
        raise PhhError(f"{where}dealt as a lesson table cell the hand ends otherwise than its replay")
    return cell


def _check_showdown(hand: Hand, cards: _Cards, place: Seating, where: str) -> None:
    """A showdown settled by cards the history never names would be a guess."""
    live = hand.live_seats()
    if len(live) < 2:
        return
    unknown = [place.player(s) for s in live if any(c in cards.unknown for c in hand.players[s].cards)]
    if unknown:
        who = ", ".join(f"p{k}" for k in unknown)
        raise PhhError(f"{where}the showdown cannot be settled: the history does not show the cards of {who}")
    if any(c in cards.unknown for board in hand.boards for c in board):
        raise PhhError(f"{where}the showdown cannot be settled: the history does not give every community card")
