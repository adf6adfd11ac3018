"""The parts of a game's declaration (engine/games/registry.py): forced bets (`Blinds`,
`Ante`), what the dealer does on a street (`DealHole`, `Burn`, `DealBoard`,
`Discard`, `Draw`, `MuckKitty`), its betting round (`Betting`: who opens it),
the `Showdown`, and the `Game` they make up; each element cites its rule."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

# --- the parts of a declaration --------------------------------------------


@dataclass(frozen=True)
class Blinds:
    """Blind bets posted left of the button in order (8.2.2). `count` is the
    usual number; the table sign decides (8.2.1), so a hand may post others.
    `over_blind` is the rule that lets the player left of the last blind add
    a voluntary blind of double the last one (8.4.1(b)(i)), or None."""
    count: int = 2
    rule: str = "8.2.2"
    over_blind: str | None = None


@dataclass(frozen=True)
class Ante:
    """Every player's ante before the cards are cut. `required`: the game's
    section demands it (stud, 8.6.1(b)); otherwise "as required" by the table
    (Hold'em 8.17.1(b))."""
    rule: str
    required: bool = True


@dataclass(frozen=True)
class DealHole:
    """Pitch `count` cards to every player still in, one at a time, clockwise
    from the seat left of the button (8.1.4), or from the dealer's left where
    no button is used (stud, 12.1(c), 13.1(c)). `kitty`: the Kitty receives a
    card after the last player in each round (8.5.2(b))."""
    count: int
    face_up: bool = False
    rule: str = "8.1.4"
    kitty: bool = False


@dataclass(frozen=True)
class Burn:
    rule: str


@dataclass(frozen=True)
class DealBoard:
    """Community cards. A flop is dealt face down one at a time, then turned
    face up and spread as a separate dealer step (8.17.4(a)). `board` 1 is
    the bottom board of Double Flop (8.18.4(a)). `name` is what the dealer
    calls the card ("" = the street's name, e.g. "turn card")."""
    count: int
    flop: bool = False
    rule: str = ""
    board: int = 0
    name: str = ""


@dataclass(frozen=True)
class Discard:
    """Every player still in passes `count` cards face down to the dealer,
    in turn from the left of the button (Pineapple 8.19.3(d))."""
    count: int
    rule: str


@dataclass(frozen=True)
class Draw:
    """A draw: in turn from the left of the button each player still in
    discards none to `max_cards` cards and is dealt as many from the top of
    the deck (8.4.4(a)). When the stub runs out, only the earlier discards
    are shuffled and cut to finish the draw (`reshuffle_rule`, 8.4.4(b))."""
    rule: str
    reshuffle_rule: str
    max_cards: int = 5


@dataclass(frozen=True)
class MuckKitty:
    """The Kitty nobody took is mucked before the draw (8.5.3(d))."""
    rule: str


# One thing the dealer does on a street, before its betting round.
DealOp = DealHole | Burn | DealBoard | Discard | Draw | MuckKitty


OPENERS = {
    "left_of_last_blind": "the first player left of the last blind",
    "left_of_button": "the first player still in to the immediate left of the button",
    "bring_in": "the lowest up-card, a forced bet of at least the table minimum",
    "best_showing": "the best hand showing",
}
LOW_OPENERS = {"bring_in": "the highest up-card, aces low, a forced bet of at least the table minimum",
               "best_showing": "the lowest hand showing, aces low"}


@dataclass(frozen=True)
class Betting:
    """A betting round and who opens it (`OPENERS`). `low`: up-cards are read
    for low, aces low (Razz 8.13.3). `kitty`: the rule letting a player take
    the Kitty in this round (8.5.3(b)-(c))."""
    opener: str
    rule: str
    low: bool = False
    kitty: str | None = None

    def describe(self) -> str:
        return (LOW_OPENERS if self.low else OPENERS).get(self.opener, OPENERS.get(self.opener, self.opener))


@dataclass(frozen=True)
class Street:
    name: str
    deal: tuple[DealOp, ...] = ()
    betting: Betting | None = None


@dataclass(frozen=True)
class Showdown:
    """How hands are read and the pot split.

    ranking: an engine.cards.rankings name; "high" means the deck's own high order
    (3.2.1 for 52 cards, 3.2.2 / 9.3 for 40, 36 and 32, 3.2.3 for 20).
    selection: engine.cards.showdown.Selection. split: "high" (one winner per pot),
    "hi-lo" (half to the best high, half to the best qualifying `low`) or
    "double-board" (half to each board). `no_low_rule` and `odd_chip_rule`
    cite who takes all when nobody qualifies and who gets the chip the
    halving leaves.
    """
    ranking: str = "high"
    selection: str = "any_five"
    rule: str = ""
    split: str = "high"
    low: str = "eight-or-better"
    no_low_rule: str = ""
    odd_chip_rule: str = ""


HIGH_BY_DECK = {52: "high", 40: "short40", 36: "short36", 32: "short32", 20: "short20"}


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    rule: str
    max_players: dict[int, int] = field(default_factory=dict)  # deck size -> players (4.1 Table 1)
    max_players_rule: str = "4.1"
    blinds: Blinds | None = None
    streets: tuple[Street, ...] = ()
    showdown: Showdown = Showdown()
    notes: tuple[str, ...] = ()
    ante: Ante | None = None
    # A Dealer Button: True, False (stud: dealt from the dealer's left), or
    # None to infer it from the blinds and the openers (`uses_button`).
    button: bool | None = None
    button_rule: str = ""          # the button moves before the deal
    # Fixed limit: the first betting round (0-based) that uses the big bet.
    # The rulebook is silent; published standard practice: after the draw in
    # single-draw games, from the third round in Hold'em, stud and triple draw.
    big_bet_from: int = 2
    uncontested_rule: str = ""     # only one player left wins the pot
    stub_short: str | None = None  # stud deck exhaustion (8.11.5(a))
    table_1: str = ""              # how the Table 1 row was read
    family: str = ""               # "draw", "stud", "community" (listing only)
    edition: str = "main"          # "main" or "second" rulebook

    # Facts derived from the declaration, worked out once per Game (a
    # declaration never changes; every hand and every seat lookup asks).
    @cached_property
    def uses_button(self) -> bool:
        if self.button is not None:
            return self.button
        return self.blinds is not None or any(
            s.betting is not None and "button" in s.betting.opener for s in self.streets)

    @cached_property
    def board_count(self) -> int:
        """How many boards the hand lays out (two in Double Flop)."""
        return 1 + max((op.board for st in self.streets for op in st.deal if isinstance(op, DealBoard)),
                       default=0)

    @cached_property
    def has_kitty(self) -> bool:
        """True where the deal gives the Kitty cards (8.5)."""
        return any(isinstance(op, DealHole) and op.kitty for st in self.streets for op in st.deal)

    @cached_property
    def has_discards(self) -> bool:
        """True where players discard or draw (a muck to show)."""
        return any(isinstance(op, (Draw, Discard)) for st in self.streets for op in st.deal)

    @property
    def deck_sizes(self) -> tuple[int, ...]:
        return tuple(self.max_players)

    def ranking_for(self, deck: int, low: bool = False) -> str:
        """The engine.cards.rankings name that reads this game's hands with `deck`."""
        name = self.showdown.low if low else self.showdown.ranking
        return HIGH_BY_DECK[deck] if name == "high" else name

    def uncontested_rule_in(self, street_name: str | None) -> str:
        """The rule that gives the pot to the one player left when the others
        fold in `street_name`'s betting. Each betting round of the community
        games has its own "(c)(i)" (8.17.4(c)(i) on the flop, 8.17.6(c)(i) on
        the river; 8.14-8.24 read for it), so a pot won on the flop cites the
        flop's; the other games cite their first round's `uncontested_rule`."""
        street = next((s for s in self.streets if s.name == street_name and s.betting), None)
        if self.family == "community" and street is not None and street.betting is not None:
            section = re.fullmatch(r"(8\.\d+\.\d+)\([ab]\)", street.betting.rule)
            if section:
                return f"{section.group(1)}(c)(i)"
        return self.uncontested_rule

    def forced_bets(self) -> str:
        parts = []
        if self.blinds:
            parts.append(f"blinds ({self.blinds.rule})")
            if self.blinds.over_blind:
                parts.append(f"optional over-blind ({self.blinds.over_blind})")
        if self.ante:
            parts.append(("ante" if self.ante.required else "antes if required") + f" ({self.ante.rule})")
        first = next((s.betting for s in self.streets if s.betting), None)
        if first is not None and first.opener == "bring_in":
            parts.append(f"bring-in by the {'highest' if first.low else 'lowest'} up-card ({first.rule})")
        return ", ".join(parts) or "none"

    def describe(self) -> list[str]:
        """The declaration in words, street by street, with rule numbers."""
        lines = [f"{self.title} ({self.rule}){' - second rulebook' if self.edition != 'main' else ''}",
                 "  decks and players (4.1 Table 1): " +
                 ", ".join(f"{d} cards: {n}" for d, n in self.max_players.items()),
                 f"  forced bets: {self.forced_bets()}"]
        if self.table_1:
            lines.append(f"  Table 1 reading: {self.table_1}")
        lines.append("  button: " + (f"moves before each deal ({self.button_rule})" if self.uses_button
                                     else "none; cards dealt from the dealer's left"))
        for street in self.streets:
            ops = [_describe_op(op) for op in street.deal]
            lines.append(f"  {street.name}: " + "; ".join(ops) if ops else f"  {street.name}:")
            if street.betting:
                b = street.betting
                lines.append(f"    betting opens with {b.describe()} ({b.rule})" +
                             (f"; a player may take the Kitty ({b.kitty})" if b.kitty else ""))
        sd = self.showdown
        how = {"high": "best hand takes the pot",
               "hi-lo": f"half high, half {sd.low} low; no low, high takes all ({sd.no_low_rule}); "
                        f"odd chip to high ({sd.odd_chip_rule})",
               "double-board": f"half to each board; odd chip to the top board ({sd.odd_chip_rule})"}[sd.split]
        lines.append(f"  showdown: {sd.ranking} ranking, {sd.selection.replace('_', ' ')}; {how} ({sd.rule})")
        lines.append(f"  one player left wins the pot without a showdown ({self.uncontested_rule})")
        if self.stub_short:
            lines.append(f"  short deck of cards: burns shuffled back in, or a common card ({self.stub_short})")
        lines.extend(f"  note: {n}" for n in self.notes)
        return lines


def _describe_op(op: DealOp) -> str:
    if isinstance(op, DealHole):
        where = " and the Kitty" if op.kitty else ""
        return f"{op.count} card{'s' if op.count > 1 else ''} {'up' if op.face_up else 'down'} each{where} ({op.rule})"
    if isinstance(op, Burn):
        return f"burn ({op.rule})"
    if isinstance(op, DealBoard):
        what = "flop" if op.flop else f"{op.count} community card{'s' if op.count > 1 else ''}"
        return f"{what}{' on the bottom board' if op.board else ''} ({op.rule})"
    if isinstance(op, Discard):
        return f"each player discards {op.count} ({op.rule})"
    if isinstance(op, Draw):
        return f"draw up to {op.max_cards} ({op.rule}; stub short: {op.reshuffle_rule})"
    if isinstance(op, MuckKitty):
        return f"muck the Kitty if nobody took it ({op.rule})"
    return str(op)

