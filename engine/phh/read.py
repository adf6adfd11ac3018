"""Reading PHH hand histories (Poker Hand History, a TOML file): the variant
codes, the fields a hand needs, and its actions parsed into `Action`s.

`loads` and `load` read one hand (`.phh`) or several (`.phhs`: tables `[1]`,
`[2]`, ...); `parse_hand` checks a hand's fields. Amounts: a history in
dollars and cents is read in hundredths (the smallest unit its amounts use),
`PhhHand.scale`. engine/phh/ describes the whole mapping.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from engine.cards.deck import Card, CardError, full_deck, parse_card
from engine.games.registry import get_game

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
    cards: tuple[Card | None, ...] | None = None
    amount: int | None = None
    dash: bool = False


@dataclass
class PhhHand:
    """One hand history: `fields` exactly as read (TOML types, floats as
    Decimal); the rest is worked out from them."""
    fields: dict[str, Any]
    source: str = "<phh>"
    variant: str = ""
    betting: str = ""
    game: str = ""
    deck: int = 52
    scale: int = 1                  # amounts are replayed in 1/scale of the history's unit
    players: int = 0
    actions: list[Action] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
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

    def need(self, name: str) -> int:
        """The amount of a field the hand has (parse_hand checked it is there)."""
        value = self.amount(name)
        assert value is not None, name
        return value

    def needs(self, name: str) -> list[int]:
        """The amounts of a list field the hand has."""
        value = self.amounts(name)
        assert value is not None, name
        return value

    def unscale(self, units: int) -> int | Decimal:
        """Units of the replay back to the history's own numbers."""
        if self.scale == 1:
            return units
        places = len(str(self.scale)) - 1
        return (Decimal(units) / self.scale).quantize(Decimal(1).scaleb(-places))


def _number(value: object) -> bool:
    return isinstance(value, (int, Decimal, float)) and not isinstance(value, bool)


def _places(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        return 0
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if not value.is_finite():
            return 0
        exponent = value.normalize().as_tuple().exponent
        assert isinstance(exponent, int)     # a finite number's
        return max(0, -exponent)
    return 0


def _units(value: object, scale: int, where: str) -> int:
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


def load(path: str | Path) -> list[PhhHand]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PhhError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PhhError(f"{path}: not UTF-8 text") from None
    return loads(text, str(path))


def parse_hand(fields: dict[str, Any], source: str = "<phh>") -> PhhHand:
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
    needs: tuple[str, ...] = {"fixed": ("small_bet", "big_bet"), "spread": ("min_bet", "max_bet")}.get(betting, ("min_bet",))
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
        if name in fields and hand.need(name) <= 0:
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


def _amount_token(text: object) -> Decimal | None:
    match = _AMOUNT_RE.match(text.split("#", 1)[0]) if isinstance(text, str) else None
    if not match:
        return None
    try:
        return Decimal(match.group(1))
    except InvalidOperation:
        return None


def _parse_cards(text: str, where: str, deck: int) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise PhhError(f"{where}: {text!r} is not a list of cards: each card is two characters, "
                       "e.g. AcKd, or ?? for an unknown card")
    allowed = set(full_deck(deck))
    cards: list[Card | None] = []
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

