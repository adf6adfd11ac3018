"""Casino Hold'em, the house-banked game (casino-holdem-banked-game.txt).

Each box plays the dealer's hand, not the other players: ante and optional
bonus, two cards to every box and to the dealer, the flop, call for twice the
ante or fold, the turn and river, then the dealer qualifies (a pair of fours)
and settles every box from the last one. The game is declared here as data
(`CASINO_HOLDEM`); `CasinoRound` (engine/casino/round.py) turns it into the
dealer steps a trainee performs, with the players' decisions (wagers placed,
call or fold) applied between them from the scenario, as engine/hand/machine.py does
for the poker games. There is no pot and no bet between players, so no
uncalled bet to hand back (the poker hand's *Return the uncalled bet*, 1.1
Pot; 7.5): every call is the set multiple of its ante, met by the bank (¶7).

Rule numbers. The text numbers nothing, so the trainer numbers its
paragraphs in order from the first under "Game Description", headings not
counted, and cites them "CH ¶n" (the list is `PARAGRAPHS`): ¶13 is the one
under "Maximum payout of a table", ¶14 the table under "Payout Table".
Reconstructions:
- ¶14, the payout table, is missing: the ante pays by the widely published
  table, a house field (`casino_holdem_paytable`).
- ¶10 settles equal categories by the highest remaining card; identical
  five-card hands push (ante and call returned), the published standard.
- ¶10 does not say what the call pays; it pays even money (published standard).
- The text names no burn card: the flop, turn and river come straight off
  the top of the deck (¶3 "using cards from the top of the deck").
- When every box has folded the round ends: nothing is left to settle, so
  the turn, river and the dealer's cards are not shown (standard practice).

A lesson cell's round is engine/casino/scenario.py; the ante pay table,
engine/casino/paytable.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.cards.evaluator import HIGH_CATEGORIES
from engine.cards.rankings import HandValue
from engine.steps import Step

SOURCE = "casino-holdem-banked-game.txt"

# The paragraphs the trainer cites, paraphrased (never the text itself).
PARAGRAPHS = {
    "CH ¶1": "One 52-card deck; player positions (boxes) 1 to 7; an ante to play and an optional "
             "bonus; after \"No more bets\" no wager may be touched, changed or added.",
    "CH ¶2": "A player may also play empty boxes, but those extra boxes are blind: ante and call "
             "placed before the deal, equal to the open box, cards seen only at the settlement.",
    "CH ¶3": "Two cards face down to each box in turn and two to the dealer, then three cards face "
             "up from the top of the deck (the flop); the cards are passed to the players, who "
             "call or fold.",
    "CH ¶4": "The bonus is placed before the deal and wins 7 to 1 with a pair of aces or better "
             "made from the box's two cards and the flop; below that it loses.",
    "CH ¶5": "Players may not share information about their cards.",
    "CH ¶6": "A player who folds (passes) forfeits the ante.",
    "CH ¶7": "To stay in, a player places twice the ante in the Call box.",
    "CH ¶8": "After deciding, a player may not touch cards or wagers.",
    "CH ¶9": "After all decisions the dealer deals two more cards face up and turns over the "
             "dealer's cards; everyone makes the best five of seven; the dealer compares hands "
             "starting with the last box and qualifies with a pair of fours or better.",
    "CH ¶10": "A box below the dealer loses; above the dealer it is paid by the payout table; "
              "equal hands are decided by the highest remaining card; suits are equal.",
    "CH ¶11": "The ace is high except where it plays as the lowest card (5-4-3-2-A).",
    "CH ¶12": "When the dealer does not qualify the call is not paid and the ante is paid by the "
              "payout table.",
    "CH ¶13": "What a box combination pays in total may not exceed the table's maximum payout.",
    "CH ¶14": "The payout table (missing from the text; the house's table applies).",
}


# --- the game, declared as data ------------------------------------------------

@dataclass(frozen=True)
class AtLeast:
    """A hand reaching `category` with its top group at least `rank`, or any
    better category: "a pair of fours or higher" is AtLeast("One Pair", 4)."""
    category: str
    rank: int
    words: str
    rule: str

    def met(self, hand: HandValue) -> bool:
        have, need = HIGH_CATEGORIES.index(hand.category), HIGH_CATEGORIES.index(self.category)
        return have > need or (have == need and hand.cards[0].rank >= self.rank)


@dataclass(frozen=True)
class Wagers:
    """Players place the ante, the optional bonus, and a blind box's call."""
    rule: str


@dataclass(frozen=True)
class Announce:
    kind: str
    rule: str
    why: str


@dataclass(frozen=True)
class DealHands:
    """`cards` face down to every box in play in turn from box 1, then to the dealer."""
    cards: int
    rule: str


@dataclass(frozen=True)
class DealFlop:
    count: int
    rule: str


@dataclass(frozen=True)
class PassCards:
    """The open boxes' cards go to their players; blind boxes stay face down."""
    rule: str


@dataclass(frozen=True)
class Decisions:
    """Each open box calls (`call_times_ante` x the ante) or folds, in box order."""
    call_times_ante: int
    rule: str


@dataclass(frozen=True)
class DealBoard:
    streets: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class RevealDealer:
    rule: str


@dataclass(frozen=True)
class Qualify:
    rule: str


@dataclass(frozen=True)
class Settle:
    """Every box still in play, starting with the last (highest-numbered) box."""
    rule: str


Phase = (Wagers | Announce | DealHands | DealFlop | PassCards | Decisions | DealBoard | RevealDealer
         | Qualify | Settle)


@dataclass(frozen=True)
class BankedGame:
    name: str
    title: str
    rule: str
    deck: int
    max_boxes: int
    boxes_rule: str
    dealer_qualifier: AtLeast
    bonus_hand: AtLeast            # read from the box's two cards and the flop
    bonus_odds: int
    bonus_rule: str
    call_odds: int                 # CH ¶10 is silent: even money, the published standard
    call_rule: str
    procedure: tuple[Phase, ...]


CASINO_HOLDEM = BankedGame(
    name="casino-holdem", title="Casino Hold'em (banked)", rule=f"{SOURCE} (CH ¶1-¶14)",
    deck=52, max_boxes=7, boxes_rule="CH ¶1",
    dealer_qualifier=AtLeast("One Pair", 4, "a pair of fours or better", "CH ¶9"),
    bonus_hand=AtLeast("One Pair", 14, "a pair of aces or better", "CH ¶4"),
    bonus_odds=7, bonus_rule="CH ¶4",
    call_odds=1, call_rule="CH ¶10; the text is silent on the call: even money, the published standard",
    procedure=(
        Wagers("CH ¶1, ¶2"),
        Announce("no_more_bets", "CH ¶1",
                 "Every wager is placed: announce \u201cNo more bets\u201d before the first card; "
                 "from then on no wager may be touched, changed or added (CH ¶1)"),
        DealHands(2, "CH ¶3"),
        DealFlop(3, "CH ¶3"),
        PassCards("CH ¶3"),
        Decisions(2, "CH ¶3, ¶6, ¶7"),
        DealBoard(("turn", "river"), "CH ¶9"),
        RevealDealer("CH ¶9"),
        Qualify("CH ¶9"),
        Settle("CH ¶9"),
    ),
)

GAME_INFO = {"name": CASINO_HOLDEM.name, "title": CASINO_HOLDEM.title, "rule": CASINO_HOLDEM.rule,
             "deck_sizes": (CASINO_HOLDEM.deck,), "max_boxes": CASINO_HOLDEM.max_boxes}

STEP_LABELS = {
    "no_more_bets": "Announce \u201cNo more bets\u201d",
    "pitch": "Pitch a card to a box",
    "pitch_dealer": "Deal a card to the dealer",
    "deal_flop": "Deal the flop",
    "pass_cards": "Pass the cards to the players",
    "collect_fold": "Collect a folded box",
    "deal_board": "Deal a community card",
    "reveal_dealer": "Turn the dealer's cards face up",
    "dealer_qualifies": "Announce: the dealer qualifies",
    "dealer_does_not_qualify": "Announce: the dealer does not qualify",
    "pay_box": "Pay the box",
    "take_box": "Take the box's wagers",
    "push_box": "Return the box's wagers (push)",
    "pay_bonus": "Pay the bonus",
    "take_bonus": "Take the bonus",
}
# Hints that teach (engine/steps.py `hint_levels`): for each kind of step due,
# what its rule requires, without naming the step, and a leading question.
# Where to look when a step goes to the wrong box (engine/steps.py `mistake`).
_FROM_LAST = "the boxes are settled one at a time, from the last"
WRONG_BOX = {
    "pitch": "the cards go to the boxes in turn, in the order of the deal (CH ¶3)",
    "pass_cards": "every box still in gets its own cards",
    "collect_fold": "look at which box did not call",
    "pay_box": _FROM_LAST, "take_box": _FROM_LAST, "push_box": _FROM_LAST,
    "pay_bonus": _FROM_LAST, "take_bonus": _FROM_LAST,
}
_SETTLE = ("the boxes are settled one at a time from the last, each hand against the dealer's, once "
           "the dealer's hand is known to qualify or not",
           "Which box is settled now, whose hand is better, and did the dealer qualify?")
_BONUS = ("the bonus wager is settled on the box's own hand against the pay table",
          "What does this box's hand make, and does the pay table pay it?")
HINTS = {
    "no_more_bets": ("the wagers are closed by an announcement before any card is dealt",
                     "What must the players hear before the first card?"),
    "pitch": ("every box with a wager gets its cards face down, one at a time, in order, the dealer's "
              "hand in turn with them",
              "Which box's card is next in the order of the deal?"),
    "pitch_dealer": ("the bank's own hand gets its cards in turn with the boxes",
                     "Who besides the boxes must get cards in this deal?"),
    "deal_flop": ("three community cards go face up to the centre before the players decide",
                  "What must the players see before they decide to call or fold?"),
    "pass_cards": ("each box's cards go to the player who wagered on it, so the player can decide",
                   "How can the players decide while their cards are still with you?"),
    "collect_fold": ("a box that folds loses its cards and its ante before the board is finished",
                     "What happens to a box whose player did not call?"),
    "deal_board": ("the rest of the board goes face up to the centre after the decisions",
                   "How many cards does the board still need?"),
    "reveal_dealer": ("the bank's hand is exposed before any box is settled",
                      "What must everyone see before a box can be settled?"),
    "dealer_qualifies": ("whether the bank's hand reaches the minimum is announced before any box is "
                         "settled",
                         "Does the bank's hand reach the minimum the rule sets?"),
    "pay_box": _SETTLE, "take_box": _SETTLE, "push_box": _SETTLE,
    "pay_bonus": _BONUS, "take_bonus": _BONUS,
}
HINTS["dealer_does_not_qualify"] = HINTS["dealer_qualifies"]
SEAT_STEPS = {"pitch", "collect_fold", "pay_box", "take_box", "push_box", "pay_bonus", "take_bonus"}
SEATS_STEPS = {"pass_cards"}
DEFAULT_CHIPS = 1000
DEFAULT_BANK = 100_000


def describe_step(step: Step) -> str:
    """A step in this game's words, e.g. "Pay the box (box 7)"."""
    return step.describe(STEP_LABELS, "box", "boxes")
