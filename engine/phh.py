"""Hand histories in the public PHH format (Poker Hand History, a TOML file).

Read a hand (`.phh`) or several (`.phhs`: tables `[1]`, `[2]`, ...),
replay it through the engine (`replay`): the hand is dealt by
engine.hand.Hand with the history's cards forced to the top of the deck and
its players' actions fed in as decisions, so the engine computes every pot,
split and odd chip under the chosen house rules; and write any hand the
engine played back as PHH (`to_phh`). engine/PHH.md describes the mapping.

Seats: PHH lists players clockwise, the first to receive a card first. In a
button game the last player holds the button (the first posts the small
blind); heads-up the button posts the small blind, which is why PHH
"reverses" heads-up blinds. In stud the first player sits on the dealer's
left. A history's `seats` field keeps the table's seat numbers where they fit
that order; otherwise player pK sits in seat K.

Amounts: chips are whole numbers in the engine; a history in dollars and
cents is replayed in hundredths (the smallest unit its amounts use) and the
stacks are printed back in its own unit.

Rule violations in a history stop the replay with `PhhViolation`: the
action's number (the first action is 1), the action, and the engine's
message with the rule it breaks. Nothing is replayed silently.
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from engine.cards import Card, CardError, full_deck, parse_card
from engine.games import Discard, Draw, Game, get_game
from engine.decisions import Decision, read_bet, read_draw
from engine.hand import Hand
from engine.scenario import Scenario
from engine.steps import Discards, Expected, Replace, ScenarioError, Step
from engine.house import HouseFileError, get_house

# --- variant codes -----------------------------------------------------------------------
# A code is a betting letter and a game: "N" + "T" = no-limit Texas hold'em.
BETTING_LETTERS = {"F": "fixed", "P": "pot", "N": "no-limit",
                   # This trainer's extensions for the structures of 6.3 PHH has no letter for.
                   "S": "spread", "H": "half-pot"}
LETTER_OF = {kind: letter for letter, kind in BETTING_LETTERS.items()}

# PHH's own games (specification 0.0.1), as the engine deals them.
STANDARD_GAMES = {
    "T": ("holdem", 52), "S": ("holdem", 36), "O": ("omaha", 52), "O/8": ("omaha-hi-lo", 52),
    "7S": ("seven-card-stud", 52), "7S/8": ("seven-card-stud-hi-lo", 52), "R": ("razz", 52),
    "2L1D": ("lowball-27", 52), "2L3D": ("triple-draw-27", 52),
}
# Codes this trainer adds for the other games of section 8 (PHH invites new
# codes; other PHH readers will not know these).
EXTENSION_GAMES = {
    "T/8": ("holdem-hi-lo", 52), "DFT": ("double-flop-holdem", 52), "P": ("pineapple", 52),
    "CP": ("crazy-pineapple", 52), "CP/8": ("crazy-pineapple-hi-lo", 52),
    "5S": ("five-card-stud", 52), "CS": ("crown-stud", 52),
    "A5L1D": ("lowball-a5", 52), "A5L3D": ("triple-draw-a5", 52),
    "5CD": ("draw-blind", 52), "5CDA": ("draw-ante", 52), "5CDK": ("draw-kitty", 52),
    "2M": ("two-card-manila", 36), "3M": ("three-card-manila", 36), "5M": ("faro-manila", 52),
}
GAME_CODES = {**STANDARD_GAMES, **EXTENSION_GAMES}
UNSUPPORTED_GAMES = {"B": "badugi, which neither rulebook deals"}

REQUIRED = ("variant", "antes", "starting_stacks", "actions")
FIELD_ORDER = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
               "small_bet", "big_bet", "min_bet", "max_bet", "starting_stacks", "actions",
               "author", "event", "url", "venue", "address", "city", "region", "postal_code",
               "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year",
               "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
               "winnings", "currency", "currency_symbol", "time_limit", "time_banks", "deck")
AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
                 "max_bet", "starting_stacks", "finishing_stacks", "winnings")
# Player actions that are decisions (the showdown's "sm" is not). "tk" (a
# player takes the Kitty) and the dealer's "d dk" (a card to the Kitty) are
# this trainer's extensions for Draw (Kitty), 8.5.
DECISION_VERBS = ("pb", "cbr", "cc", "f", "sd", "tk")


class PhhError(ValueError):
    """A history that cannot be read or replayed; the message names the file,
    the hand and the field or action."""


class PhhViolation(PhhError):
    """An action that breaks the rules the hand is replayed under."""

    def __init__(self, where: str, number: int, action: str, message: str):
        self.where, self.number, self.action, self.reason = where, number, action, message
        super().__init__(f"{where}action {number} ({action}): {message}")


# --- reading ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """One entry of `actions`. `number` counts from 1; `actor` is the player
    number (p1 = 1) or None for the dealer; `cards` holds Card or None for an
    unknown card "??"; `amount` is in the hand's whole units."""
    number: int
    text: str
    actor: int | None
    verb: str
    target: int | None = None
    cards: tuple | None = None
    amount: int | None = None
    dash: bool = False


@dataclass
class PhhHand:
    """One hand history: `fields` exactly as read (TOML types, floats as
    Decimal); the rest is worked out from them."""
    fields: dict
    source: str = "<phh>"
    variant: str = ""
    betting: str = ""
    game: str = ""
    deck: int = 52
    scale: int = 1                  # amounts are replayed in 1/scale of the history's unit
    players: int = 0
    actions: list = field(default_factory=list)

    def __eq__(self, other) -> bool:
        return isinstance(other, PhhHand) and self.fields == other.fields

    def amount(self, name: str) -> int | None:
        """A field's amount in whole units of the replay (None if absent)."""
        value = self.fields.get(name)
        if value is None:
            return None
        return _units(value, self.scale, f"{self.source}: field {name!r}")

    def amounts(self, name: str) -> list[int] | None:
        value = self.fields.get(name)
        if value is None:
            return None
        return [_units(v, self.scale, f"{self.source}: field {name!r}") for v in value]

    def unscale(self, units: int):
        """Units of the replay back to the history's own numbers."""
        if self.scale == 1:
            return units
        places = len(str(self.scale)) - 1
        return (Decimal(units) / self.scale).quantize(Decimal(1).scaleb(-places))


def _number(value) -> bool:
    return isinstance(value, (int, Decimal, float)) and not isinstance(value, bool)


def _places(value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        return 0
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            return 0
        exponent = value.normalize().as_tuple().exponent
        return max(0, -exponent)
    return 0


def _units(value, scale: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        raise PhhError(f"{where} must be a number, not {value!r}")
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if not number.is_finite():
        raise PhhError(f"{where} is {value}: the engine needs a known number of chips")
    units = number * scale
    if units != units.to_integral_value():
        raise PhhError(f"{where}: {value} is finer than the history's smallest unit")
    return int(units)


def loads(text: str, source: str = "<phh>") -> list[PhhHand]:
    """Every hand in a PHH text: one hand, or tables [1], [2], ... (.phhs)."""
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(f"{source}: not valid TOML: {exc}") from None
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    if tables and len(tables) == len(data):
        bad = [k for k in tables if not k.strip().isdigit()]
        if bad:
            raise PhhError(f"{source}: table [{bad[0]}] is not a hand number: a multi-hand file holds "
                           "tables [1], [2], ...")
        return [parse_hand(v, f"{source} [{k}]") for k, v in tables.items()]
    numbered = [k for k in tables if k.strip().isdigit()]
    if numbered or (tables and "variant" not in data):
        raise PhhError(f"{source}: mixes hand tables ([{(numbered or list(tables))[0]}]) with top-level fields")
    return [parse_hand(data, source)]


def load(path) -> list[PhhHand]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PhhError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PhhError(f"{path}: not UTF-8 text") from None
    return loads(text, str(path))


def parse_hand(fields: dict, source: str = "<phh>") -> PhhHand:
    """Check a hand's fields (PHH required fields by variant) and read its actions."""
    missing = [name for name in REQUIRED if name not in fields]
    if missing:
        raise PhhError(f"{source}: missing field(s) {', '.join(missing)}")
    variant = fields["variant"]
    if not isinstance(variant, str) or not variant:
        raise PhhError(f"{source}: field 'variant' must be a variant code such as \"NT\"")
    betting, game, deck = _variant(variant, source)
    if "deck" in fields:
        deck = fields["deck"]
        if deck not in (52, 40, 36, 32, 20):
            raise PhhError(f"{source}: field 'deck' must be 52, 40, 36, 32 or 20 cards (3.1), not {deck!r}")
    stacks = fields["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2 or not all(_number(s) for s in stacks):
        raise PhhError(f"{source}: field 'starting_stacks' must list at least two players' chips")
    n = len(stacks)
    for name in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "time_banks"):
        value = fields.get(name)
        if value is not None and (not isinstance(value, list) or len(value) != n
                                  or not all(_number(v) for v in value)):
            raise PhhError(f"{source}: field {name!r} must list {n} numbers, one per player")
    for name in ("players", "seats"):
        value = fields.get(name)
        if value is not None and (not isinstance(value, list) or len(value) != n):
            raise PhhError(f"{source}: field {name!r} must list {n} entries, one per player")
    engine_game = get_game(game)
    stud = not engine_game.uses_button
    needs = {"fixed": ("small_bet", "big_bet"), "spread": ("min_bet", "max_bet")}.get(betting, ("min_bet",))
    needs += ("bring_in",) if stud else ("blinds_or_straddles",)
    absent = [name for name in needs if name not in fields]
    if absent:
        raise PhhError(f"{source}: variant {variant} needs field(s) {', '.join(absent)}")
    if not isinstance(fields["actions"], list) or not all(isinstance(a, str) for a in fields["actions"]):
        raise PhhError(f"{source}: field 'actions' must be a list of strings")
    scale_places = max([_places(v) for name in AMOUNT_FIELDS
                        for v in (fields[name] if isinstance(fields.get(name), list) else [fields.get(name)])]
                       + [_places(_amount_token(a)) for a in fields["actions"]], default=0)
    hand = PhhHand(fields=fields, source=source, variant=variant, betting=betting, game=game,
                   deck=deck, scale=10 ** scale_places, players=n)
    for name in ("bring_in", "small_bet", "big_bet", "min_bet", "max_bet"):
        if name in fields and hand.amount(name) <= 0:
            raise PhhError(f"{source}: field {name!r} must be above 0")
    if any(not s > 0 for s in stacks):
        raise PhhError(f"{source}: every starting stack must be above 0")
    hand.actions = [a for i, text in enumerate(fields["actions"], 1)
                    if (a := _parse_action(i, text, hand)) is not None]
    return hand


def _variant(code: str, source: str) -> tuple[str, str, int]:
    letter, rest = code[:1], code[1:]
    if letter not in BETTING_LETTERS or not rest:
        raise PhhError(f"{source}: variant {code!r} is not a PHH code: a betting letter (F fixed, P pot, "
                       "N no limit; S spread and H half-pot in this trainer) and a game, e.g. NT, FO/8, F7S")
    if rest in UNSUPPORTED_GAMES:
        raise PhhError(f"{source}: variant {code!r} is {UNSUPPORTED_GAMES[rest]}: the engine cannot replay it")
    if rest not in GAME_CODES:
        raise PhhError(f"{source}: variant {code!r}: no game {rest!r}; known: "
                       f"{', '.join(sorted(GAME_CODES))} (see engine/PHH.md)")
    game, deck = GAME_CODES[rest]
    return BETTING_LETTERS[letter], game, deck


_AMOUNT_RE = re.compile(r"^\s*p\d+\s+cbr\s+(\S+)")


def _amount_token(text):
    match = _AMOUNT_RE.match(text.split("#", 1)[0]) if isinstance(text, str) else None
    if not match:
        return None
    try:
        return Decimal(match.group(1))
    except InvalidOperation:
        return None


def _parse_cards(text: str, where: str, deck: int) -> tuple:
    if len(text) % 2:
        raise PhhError(f"{where}: {text!r} is not a list of cards: each card is two characters, "
                       "e.g. AcKd, or ?? for an unknown card")
    allowed = set(full_deck(deck))
    cards = []
    for i in range(0, len(text), 2):
        token = text[i:i + 2]
        if token == "??":
            cards.append(None)
            continue
        try:
            card = parse_card(token)
        except CardError:
            raise PhhError(f"{where}: {token!r} is not a card (a rank 2-9, T, J, Q, K, A and a suit "
                           "c, d, h, s; ?? when unknown)") from None
        if card not in allowed:
            raise PhhError(f"{where}: {card} is not in a {deck}-card deck (3.2)")
        cards.append(card)
    return tuple(cards)


def _parse_action(number: int, raw: str, hand: PhhHand) -> Action | None:
    text = raw.split("#", 1)[0].strip()
    if not text:
        return None          # a no-op or a commentary
    where = f"{hand.source}: action {number} ({text})"
    words = text.split()
    n = hand.players

    def player(token: str) -> int:
        if not re.fullmatch(r"p\d+", token) or not 1 <= int(token[1:]) <= n:
            raise PhhError(f"{where}: {token!r} is not a player: p1 to p{n}")
        return int(token[1:])

    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return Action(number, text, None, "dh", player(words[2]),
                          _parse_cards(words[3], where, hand.deck))
        if len(words) == 3 and words[1] in ("db", "dk"):
            return Action(number, text, None, words[1], cards=_parse_cards(words[2], where, hand.deck))
        raise PhhError(f"{where}: the dealer's actions are 'd dh pN cards' and 'd db cards' "
                       "('d dk cards' deals the Kitty in this trainer's Draw (Kitty) extension)")
    actor = player(words[0])
    verb = words[1] if len(words) > 1 else ""
    rest = words[2:]
    if verb in ("pb", "cc", "f", "tk") and not rest:
        return Action(number, text, actor, verb)
    if verb == "cbr" and len(rest) == 1:
        try:
            amount = _units(Decimal(rest[0]), hand.scale, where)
        except (InvalidOperation, PhhError):
            raise PhhError(f"{where}: {rest[0]!r} is not an amount") from None
        if amount <= 0:
            raise PhhError(f"{where}: a bet or raise is to an amount above 0")
        return Action(number, text, actor, verb, amount=amount)
    if verb in ("sd", "sm") and len(rest) <= 1:
        if verb == "sm" and rest == ["-"]:
            return Action(number, text, actor, verb, dash=True)
        cards = _parse_cards(rest[0], where, hand.deck) if rest else None
        return Action(number, text, actor, verb, cards=cards)
    raise PhhError(f"{where}: not a PHH action: a player's are pb, cbr AMOUNT, cc, f, sd [CARDS], "
                   "sm [CARDS] (and tk, taking the Kitty, in this trainer's extension)")


# --- seats -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seating:
    """Where PHH players sit: player k (1-based) at `seats[k - 1]`."""
    seats: tuple
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
    stacks = hand.amounts("starting_stacks")
    seats = {place.seat(k): (str(names[k - 1]) or f"p{k}", stacks[k - 1]) for k in range(1, n + 1)}
    antes = hand.amounts("antes")
    if n == 2:
        antes.reverse()      # PHH reverses heads-up antes as it does the blinds
    uniform = len(set(antes)) == 1
    ante = antes[0] if uniform else 0
    seat_antes = {} if uniform else {place.seat(k): a for k, a in enumerate(antes, 1) if a}
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
    if hand.betting == "fixed":
        limits = (hand.amount("small_bet"), hand.amount("big_bet"))
    elif hand.betting == "spread":
        limits = (hand.amount("min_bet"), hand.amount("max_bet"))
    else:
        limits = (hand.amount("min_bet"),)
    bring_in = None
    if not game.uses_button:
        bring_in = hand.amount("bring_in")
        if bring_in >= limits[0]:
            bring_in = None          # the opener's wager is a full bet: the engine's default
    mucked = tuple(place.seat(a.actor) for a in hand.actions if a.verb == "sm" and a.cards is None and not a.dash)
    sc = Scenario(game=hand.game, seats=seats, button_was=place.button_was, blinds=blinds,
                  seed=seed, deck=hand.deck, table_seats=place.table_seats, house=house, ante=ante,
                  betting=hand.betting, limits=limits, bring_in=bring_in, seat_antes=seat_antes,
                  mucked=mucked, commission={"method": "none"})   # a replay takes no rake (7.4)
    return sc, place


def _house(house, source: str):
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
    finishing_stacks: list          # in the history's own numbers, p1 first
    unknown: frozenset = frozenset()  # cards the engine dealt for ones the history does not name

    def to_phh(self, **extra) -> str:
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
        theirs = self.phh.amounts("finishing_stacks")
        return [f"p{k}: history {given[k - 1]}, engine {self.finishing_stacks[k - 1]}"
                for k, (a, b) in enumerate(zip(theirs, self.stacks_in_units), 1) if a != b]


class _Cards:
    """The history's cards, handed to the engine's dealer steps in the order
    it deals them. Unknown cards ("??") and the burns PHH does not record
    are cards the history never names."""

    def __init__(self, hand: PhhHand):
        self.hole: dict[int, list] = {k: [] for k in range(1, hand.players + 1)}
        self.board: list = []
        self.kitty: list = []
        self.next_kitty = 0
        self.named: set[Card] = set()
        self.unknown: set[Card] = set()
        self.board_before: dict[int, int] = {}
        self.hole_before: dict[int, dict] = {}
        self.next_hole = {k: 0 for k in self.hole}
        self.next_board = 0
        self.where: dict[tuple, int] = {}
        held: dict[int, list[int]] = {k: [] for k in self.hole}   # indices into self.hole[k]
        for a in hand.actions:
            self.board_before[a.number] = len(self.board)
            self.hole_before[a.number] = {k: len(v) for k, v in self.hole.items()}
            if a.verb == "dh":
                for card in a.cards:
                    self.where[("hole", a.target, len(self.hole[a.target]))] = a.number
                    held[a.target].append(len(self.hole[a.target]))
                    self.hole[a.target].append(card)
            elif a.verb == "db":
                for card in a.cards:
                    self.where[("board", len(self.board))] = a.number
                    self.board.append(card)
            elif a.verb == "dk":
                for card in a.cards:
                    self.where[("kitty", len(self.kitty))] = a.number
                    self.kitty.append(card)
            elif a.verb == "tk":
                # The hand goes to the muck and the Kitty's cards come in exchange (8.5.3(b)).
                held[a.actor] = []
            elif a.verb == "sd" and a.cards:
                for card in a.cards:
                    self._let_go(held[a.actor], self.hole[a.actor], card)
            elif a.verb == "sm" and a.cards:
                own = [self.hole[a.actor][i] for i in held[a.actor]]
                for card in a.cards:
                    if card is not None and card not in own:
                        self._reveal(held[a.actor], self.hole[a.actor], card)
        for tokens in list(self.hole.values()) + [self.board, self.kitty]:
            self.named.update(c for c in tokens if c is not None)
        for a in hand.actions:
            if a.cards:
                self.named.update(c for c in a.cards if c is not None)

    @staticmethod
    def _let_go(held: list, tokens: list, card) -> None:
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
    def _reveal(held: list, tokens: list, card) -> None:
        for i in held:
            if tokens[i] is None:
                tokens[i] = card
                return

    def for_step(self, exp: Expected, hand: Hand, place: Seating) -> list[Card]:
        """The cards the engine's next dealer step takes, top card first."""
        kind = exp.kind
        chosen: list[Card] = []
        if kind in ("pitch", "pitch_up"):
            chosen.append(self._hole(place.player(exp.seat), hand, chosen))
        elif isinstance(exp.detail, Replace):
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

    def _hole(self, k: int, hand: Hand, chosen: list) -> Card:
        i = self.next_hole[k]
        self.next_hole[k] += 1
        token = self.hole[k][i] if i < len(self.hole[k]) else None
        return self._known(token, ("hole", k, i), hand, chosen)

    def _board(self, hand: Hand, chosen: list) -> Card:
        i = self.next_board
        self.next_board += 1
        token = self.board[i] if i < len(self.board) else None
        return self._known(token, ("board", i), hand, chosen)

    def _known(self, token, key, hand: Hand, chosen: list) -> Card:
        if token is None:
            card = self._spare(hand, chosen)
            self.unknown.add(card)
            return card
        if token not in hand.deck.cards or token in chosen:
            number = self.where[key]
            raise _Misdeal(number, f"{token} is not in the stub: it has been dealt already (one deck, 3.1)")
        return token

    def _spare(self, hand: Hand, chosen: list) -> Card:
        """A card the history never names; failing that (a short deck in stud,
        where the burns go back into the stub, 8.11.5(a)), the card it needs
        last."""
        for card in hand.deck.cards:
            if card not in self.named and card not in chosen:
                return card
        due = {}
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
    def __init__(self, number, message):
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

    def __call__(self, hand: Hand, decision: Decision) -> str:
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
        chosen = []
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


def replay(phh: PhhHand, house: str = "main", seed: int = 1) -> Replayed:
    """Deal the history through the engine and return the finishing stacks.

    Raises PhhViolation for an action that breaks the rules (with its
    number and the rule), PhhError for a history the engine cannot finish
    (it stops early, or the showdown needs cards it does not give)."""
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
            _force(hand.deck, cards.for_step(exp, hand, place))
            verdict = hand.propose(Step(exp.kind, exp.seat, exp.seats))
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


# --- writing -------------------------------------------------------------------------------

def variant_code(game: Game, betting: str, deck: int) -> tuple[str, int | None]:
    """The PHH code of a game as dealt, and the `deck` field it needs (None: the code's own)."""
    letter = LETTER_OF[betting]
    codes = [(code, code_deck) for code, (name, code_deck) in GAME_CODES.items() if name == game.name]
    if not codes:
        raise PhhError(f"{game.title} has no PHH variant code")
    code, code_deck = next(((c, d) for c, d in codes if d == deck), codes[0])
    return f"{letter}{code}", None if deck == code_deck else deck


def phh_order(hand: Hand) -> list[int]:
    """Seats in PHH player order: from the button's left (the button last),
    or from the dealer's left where no button is used."""
    seats = sorted(hand.players)
    if not hand.game.uses_button:
        return seats
    was = hand.scenario.button_was
    button = hand.button if hand.button is not None else next(
        (s for s in seats if s > was), seats[0])
    return [s for s in seats if s > button] + [s for s in seats if s <= button]


class _Exhausted(Exception):
    pass


def from_hand(hand: Hand, *, hidden=frozenset(), **extra) -> PhhHand:
    """A hand the engine played (dealt by a trainee, `simulate`d or replayed),
    as a PHH hand: the same deal is run again from its scenario and decisions,
    the same cards forced from the deck, and every card and action recorded
    as it happens. Cards in `hidden` are written "??"; `extra` adds fields."""
    sc = hand.scenario

    def show(cards) -> str:
        return "".join("??" if c in hidden else str(c) for c in cards)

    code, deck_field = variant_code(hand.game, sc.betting, sc.deck)
    played = list(hand.played_actions)

    def feed(h, decision):
        if not played:
            raise _Exhausted()
        text = played.pop(0)
        decisions.append((decision, text))
        return text

    decisions: list[tuple[Decision, str]] = []
    again = Hand(dataclasses.replace(sc, actions=()), decide=feed)
    out: list[str] = []
    pending: dict[int, list[Card]] = {}
    kitty: list[Card] = []
    folded: set[int] = set()

    def flush():
        for seat in order:
            if pending.get(seat):
                out.append(f"d dh p{order.index(seat) + 1} {show(pending[seat])}")
        pending.clear()
        if kitty:
            out.append(f"d dk {show(kitty)}")
            kitty.clear()

    def take_decisions():
        while decisions:
            decision, text = decisions.pop(0)
            flush()
            k = order.index(decision.seat) + 1
            if decision.kind in ("draw", "discard"):
                drew = read_draw(text)
                if drew is not None and drew.count == 0:
                    out.append(f"p{k} sd")
                continue              # the discards are written with the dealer's step
            said = read_bet(text)
            if said.kind == "take-kitty":
                out.append(f"p{k} tk")
            elif said.kind == "fold":
                folded.add(decision.seat)
                out.append(f"p{k} f")
            elif said.kind in ("check", "call"):
                out.append(f"p{k} cc")
            elif said.kind == "bring-in":
                out.append(f"p{k} pb")
            elif said.kind == "all-in":
                opts = decision.options
                out.append(f"p{k} cbr {opts.all_in_to}" if opts.all_in_to > opts.call_to else f"p{k} cc")
            else:
                out.append(f"p{k} cbr {said.amount}")

    order = phh_order(again)
    shown = False
    try:
        for _ in range(hand.step_count):
            exp = again.expected()
            take_decisions()
            if exp is None:
                break
            if exp.kind == "award" and not shown:
                shown = True
                live = again.live_seats()
                gave_up = [s for s in sc.mucked if s not in folded and s in again.players]
                if len(live) + len(gave_up) > 1:
                    flush()
                    for seat in order:
                        if seat in live:
                            out.append(f"p{order.index(seat) + 1} sm {show(again.players[seat].cards)}")
                        elif seat in gave_up:
                            out.append(f"p{order.index(seat) + 1} sm")
            if isinstance(exp.detail, Discards):
                flush()
                k = order.index(exp.seat) + 1
                out.append(f"p{k} sd {show(exp.detail.cards)}")
            _force(again.deck, hand.taken[len(again.taken):])
            verdict = again.propose(Step(exp.kind, exp.seat, exp.seats))
            if not verdict.ok:
                raise AssertionError(verdict.message)
            dealt = verdict.dealt
            if dealt is not None and dealt.to == "seat":
                pending.setdefault(dealt.seat, []).extend(dealt.cards)
            elif dealt is not None and dealt.to == "kitty":
                kitty.extend(dealt.cards)
            elif dealt is not None and dealt.to == "board":
                flush()
                out.append(f"d db {show(dealt.cards)}")
            take_decisions()
    except _Exhausted:
        pass
    flush()
    n = len(order)
    fields: dict = {"variant": code}
    fields["antes"] = [again.ante_of(s) for s in order][::-1 if n == 2 else 1]
    if again.game.uses_button:
        posted = list(again.blind_amounts)
        if sc.over_blind:
            posted.append(2 * posted[-1])
        fields["blinds_or_straddles"] = posted + [0] * (n - len(posted))
    st = again.structure
    if not again.game.uses_button:
        fields["bring_in"] = sc.bring_in or st.unit(0)
    if st.kind == "fixed":
        fields["small_bet"], fields["big_bet"] = st.small_bet, st.big_bet
    else:
        fields["min_bet"] = st.min_bet
        if st.kind == "spread":
            fields["max_bet"] = st.max_bet
    fields["starting_stacks"] = [sc.seats[s][1] for s in order]
    fields["actions"] = out
    if deck_field:
        fields["deck"] = deck_field
    fields["seats"] = list(order)
    fields["seat_count"] = sc.table_seats
    fields["players"] = [sc.seats[s][0] for s in order]
    if again.finished:
        fields["finishing_stacks"] = [again.players[s].stack for s in order]
    fields.update(extra)
    return parse_hand(fields, f"{again.game.title} hand")


def _force(deck, cards) -> None:
    """Put `cards` on top of `deck` in order, as far as the deck holds them
    (the rest may come back with a reshuffle)."""
    present = set(deck.cards)
    top = []
    for card in cards:
        if card not in present:
            break
        top.append(card)
    if top:
        chosen = set(top)
        deck.cards[:] = top + [c for c in deck.cards if c not in chosen]


def to_phh(hand: Hand, *, hidden=frozenset(), **extra) -> str:
    """A hand the engine played, written as a PHH file (see `from_hand`)."""
    return dumps(from_hand(hand, hidden=hidden, **extra))


def dumps(hands) -> str:
    """PHH text for one hand (PhhHand or its fields), or a .phhs text for a list."""
    if isinstance(hands, (list, tuple)):
        return "\n".join(f"[{i}]\n{_fields_toml(_fields(h))}" for i, h in enumerate(hands, 1))
    return _fields_toml(_fields(hands))


def _fields(hand) -> dict:
    return hand.fields if isinstance(hand, PhhHand) else dict(hand)


def _fields_toml(fields: dict) -> str:
    keys = [k for k in FIELD_ORDER if k in fields] + [k for k in fields if k not in FIELD_ORDER]
    lines = []
    for key in keys:
        value = fields[key]
        if key == "actions" and value:
            lines.append(f"{_key(key)} = [")
            lines.extend(f"  {_toml(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_toml(value)}")
    return "\n".join(lines) + "\n"


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else _string(key)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = str(value)
        return text if any(ch in text for ch in ".eE") else text + ".0"
    if isinstance(value, float):
        return repr(value) if value == value and value not in (float("inf"), float("-inf")) else (
            "nan" if value != value else ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise PhhError(f"{value!r} cannot be written in TOML")
