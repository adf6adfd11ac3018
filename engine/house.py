"""House-rule profiles: every choice the rulebooks leave to the house.

Each engine answer reads a profile, so an instructor can change a default
without touching code. `MAIN` follows casino-poker-rules.txt; where that
rulebook is silent the default follows widely published standard rules and
the field's comment says so.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any, Protocol

from engine.casino.paytable import PUBLISHED as PUBLISHED_PAYTABLE
from engine.casino.paytable import check_paytable
from engine.games.registry import GAMES
from engine.money.commission import Commission
from engine.sprint_targets import DEFAULT_TARGETS, SprintTarget, check_targets, target_for


# Hands an hour by game family: published card-room figures (standard; the rulebooks are silent).
DOWN_PACE: dict[str, int] = {"holdem": 35, "omaha": 28, "stud": 28, "draw": 30, "manila": 30}


@dataclass(frozen=True)
class HouseRules:
    name: str = "main"
    title: str = "Main rulebook (casino-poker-rules.txt)"
    # 8.1.5(a): odd chip to the hand closest clockwise to the button;
    # "suit" is 8.1.5(b) (highest card by suit); "left_of_button" is the
    # live-casino file's wording.
    odd_chip: str = "button"
    # Stud, equal hands showing: "suit" = highest card by suit (8.9.4(b),
    # 8.11.4(b)); "position" = closest to the dealer's left
    # (live-casino-house-rules.txt). See engine.cards.rankings.first_to_act_showing.
    stud_showing_tie: str = "suit"
    # Stud, the stub too short to burn and give every player a card
    # (8.9.5(a), 8.10.5(a), 8.11.5(a), 12.4(a), 13.4(a) are silent on
    # whether that street's burn comes first): "reshuffle_first" follows the
    # live-casino file (shuffle the burns, burn, deal; a common card only if
    # the stub and the burns are too few for one burn and a card each);
    # "burn_first" burns as on every street, then counts the stub and the
    # burns, the new one among them. See engine.hand.dealing.stud_stub.
    stud_short_order: str = "reshuffle_first"
    # Razz, the odd chip by suit when no button is in use: 8.1.5(b) says the
    # highest card by suit and is silent on the ace in a game that counts
    # aces low. "highest_ace_low" (default) reads it as Razz ranks its cards
    # (8.13.3(a): the highest card, aces counting low); "highest_ace_high"
    # makes the ace the highest card (3.2.1); "lowest" gives it to the lowest
    # card by suit, aces low (published standard rules for low stud games).
    razz_odd_chip: str = "highest_ace_low"
    # Which rulebook's sections a game cites where both have one: "second"
    # deals Draw (11), Five Card Stud (12) and Seven Card Stud (13) as the
    # second rulebook writes them (engine.games.registry.get_game).
    rulebook: str = "main"
    # 8.1.5: ties are divided to the lowest chip denomination in play.
    lowest_chip: int = 1
    chip_denominations: tuple[int, ...] = (1, 5, 25, 100, 500, 1000)
    # Section 7: rake method and figures (engine/money/commission.py).
    commission: Commission = Commission()
    # Whether a dealt hand (engine/hand/machine.py) takes `commission` as a dealer
    # step (7.2.1(a), 7.2.3(a), 7.2.4(b)). Off by default so lessons written
    # before the rake was dealt keep their steps and pots; a profile file or
    # a scenario's `commission` key turns it on.
    rake_in_hand: bool = False
    # The order the pots are awarded in (the rulebooks define main and side
    # pots, 1.1, but are silent on the order). "side_pots_first" follows
    # published standard dealer practice: the side pots first, the last one
    # built first, the main pot last; "main_pot_first": the main pot, then
    # side pot 1, 2... (the engine's order before this field existed).
    award_order: str = "side_pots_first"
    # 6.15.2(b): in fixed/spread games an all-in of at least half a bet or
    # raise lets players who acted before it raise. False follows 10.2 of the
    # second rulebook: the excess is not a raise, they may only call.
    half_bet_allin_reopens: bool = True
    # Silent in both rulebooks; standard (Robert's Rules / TDA): short all-ins
    # that add up to a full raise reopen the betting for a player facing them.
    short_allins_add_up: bool = True
    # 6.17 covers bets, calls and checks out of turn; standard practice makes
    # a fold out of turn binding too.
    fold_out_of_turn_binding: bool = True
    # 6.14: seconds to act (5-60), or None when no time is scheduled.
    time_to_act: int | None = None
    # 6.6 is silent on half-pot amounts that are not whole chips: "down"
    # (standard) or "up" to the lowest chip in play.
    half_pot_rounding: str = "down"
    # 1.1 defines an ante as paid by every player, and only some sections
    # name antes. True follows published tournament practice: any game may
    # take antes, and they may differ by seat (a big-blind ante).
    tournament_antes: bool = False
    # Draw games with blinds: who opens the betting after a draw. "rulebook":
    # as each game's section says, the first active player left of the last
    # blind (8.4.5(a), 8.5.5(a), 8.7.5(a)-8.7.7(a), 8.8.5(a), 11.4(a));
    # "left_of_button": the published standard rule real tournament hand
    # histories are dealt under, the first active player left of the button.
    post_draw_opener: str = "rulebook"
    # Fixed limit: a bet or raise is exactly one unit (6.5). True accepts the
    # published standard recording of a wager that no opponent can meet in
    # full: a bet or raise to exactly the amount that puts the last opponent
    # able to call all-in, standing for the full unit whose excess no one
    # could call (as hand histories record it; engine.betting.rulings).
    fixed_raise_to_all_in: bool = False

    # --- the table across hands (engine/table/events.py) ---------------------------
    # First button: "right_of_dealer" = the player on the dealer's immediate
    # right (1.1 "Dealer Button", 11.1(b)); "high_card" = one card face up to
    # each player, highest card (ties by suit, 3.2.4) takes it (live-casino).
    first_button: str = "right_of_dealer"
    # "dead": the big blind moves to the next player due and the button and
    # small blind fall where they fall, even on an empty seat (8.2.6, 1.1
    # "Dead button"); "moving": the button always moves to the next player
    # (published standard alternative).
    button_movement: str = "dead"
    # Two players (rulebook silent; published standard rules): the button
    # posts the small blind and acts first before the flop. "as_8_2_2" reads
    # 8.2.2 literally: the player left of the button posts the small blind.
    heads_up: str = "button_small_blind"
    # New players (8.2.7): "8.2.7" = dealt in at once except at the button
    # seat (wait or post the big blind there); "post_or_wait" = published
    # standard rule: anywhere, post a big blind or wait for it.
    new_player: str = "8.2.7"
    # 8.2.5: a seat change of more than this many live seats clockwise must
    # wait for the blinds or post a penalty big blind.
    seat_change_live_seats: int = 2
    # Missed blinds (8.2.3 says only "until correction has been made";
    # published standard rules): "post_or_wait" = post them (big blind live,
    # small blind dead) or wait for the big blind; "wait" = wait for it.
    missed_blinds: str = "post_or_wait"
    # Over-blind (8.4.1(b)(i), 11.1(c)(iv), 8.2.4): "game" = where the game's
    # section provides it; "all_blind_games"; "never".
    over_blind: str = "game"
    # 8.4.1(b)(i) allows one voluntary over-blind; 8.2.4 doubles each further
    # one where a house allows more.
    over_blinds_max: int = 1
    # Per-game maximum below Table 1 of 4.1, e.g. {"holdem": 10} (live-casino).
    max_players: dict[str, int] = field(default_factory=dict)
    # --- irregularities (engine/irregularities/registry.py) -------------------------
    # This many boxed cards in one deck make it defective (1.1 "Defective
    # deck": five or more); some houses use 2 (published standard rules).
    boxed_cards_misdeal: int = 5
    # Dealer exposes a down card in the deal (rulebook silent; published
    # standard rules): a misdeal if it is one of the first N cards dealt or
    # the Mth card the dealer has exposed in this deal.
    exposed_first_cards_misdeal: int = 2
    exposed_cards_misdeal: int = 2
    # Draw games, a card exposed by the dealer on the initial deal (9.1.1(b)
    # is cut off; published standard rules): "accept_first" = the player keeps
    # the first such card; "replace" = replaced after the deal.
    draw_exposed_on_deal: str = "accept_first"
    # Burn card exposed (rulebook silent): "announce" = show it to all and
    # keep the card order; "reshuffle" = return it to the stub, shuffle, cut
    # and burn again.
    burn_exposed: str = "announce"
    # --- Casino Hold'em, the banked game (engine/casino/round.py) ----------
    # Ante pay table, hand category -> odds to 1. The text's table is missing
    # (casino-holdem-banked-game.txt CH ¶14): widely published default.
    casino_holdem_paytable: dict[str, int] = field(default_factory=lambda: dict(PUBLISHED_PAYTABLE))
    # CH ¶13 sets a table maximum payout but not its amount: the house's figure, in chips.
    casino_holdem_max_payout: int = 10000
    # CH ¶13 "the box combination": "box" = one box's ante, call and bonus
    # together; "player" = all the boxes one player plays (CH ¶2) together.
    casino_holdem_max_payout_per: str = "box"
    # CH ¶6 forfeits only the ante on a fold; published standard: the bonus
    # is lost with it ("lost"); "settled" = the bonus is still paid on the
    # two cards and the flop (CH ¶4).
    casino_holdem_bonus_on_fold: str = "lost"
    # CH ¶3 "two face down cards to each Player position in turn":
    # "one_at_a_time" = one card to each box then the dealer, twice round (as
    # 8.1.4 deals poker); "two_at_once" = both cards to a box before the next.
    casino_holdem_deal: str = "one_at_a_time"
    # --- sprints (engine/sprints, issue 31) --------------------------------
    # kind -> (seconds per item, accuracy percent) a trainee should reach.
    # Rulebooks silent; standard dealer-school practice (engine/sprint_targets.py).
    sprint_targets: dict[str, tuple[float, int]] = field(default_factory=lambda: dict(DEFAULT_TARGETS))
    # --- downs (engine/down, issue 32) ------------------------------------
    # Hands an hour a dealer is expected to deal, per game family (holdem,
    # omaha, stud, draw, manila) or per game by name. Rulebooks silent;
    # standard: the figures card rooms and dealer schools publish.
    down_pace: dict[str, int] = field(default_factory=lambda: dict(DOWN_PACE))
    # The chance per hand of a table event (arrival, leaving, stepping away,
    # a seat change) and of an irregularity to rule on, where a down gives none.
    down_events: float = 0.15
    down_irregularities: float = 0.10
    extra: dict[str, Any] = field(default_factory=dict)

    def with_(self, **changes: Any) -> "HouseRules":
        return replace(self, **changes)


# Defaults that changed after trainees' hands were stored: (field, the value
# the engine followed before). A stored hand whose steps no longer fit is
# replayed once more under these (engine.procedure.Procedure.replay_stored).
EARLIER_DEFAULTS: tuple[tuple[str, Any], ...] = (("award_order", "main_pot_first"),
                                                 ("razz_odd_chip", "highest_ace_high"))


def earlier_house(house: "HouseRules") -> "HouseRules | None":
    """`house` as the engine dealt it before its defaults changed
    (EARLIER_DEFAULTS), or None when that is `house` itself."""
    changes = {name: old for name, old in EARLIER_DEFAULTS if getattr(house, name) != old}
    return replace(house, **changes) if changes else None


class HouseFileError(ValueError):
    """An instructor's profile file that cannot be read; the message names the
    file, the line or field, and what is wrong."""


@dataclass(frozen=True)
class FieldInfo:
    """What a profile field means, for validation and engine/HOUSE_RULES.md."""
    rule: str
    doc: str
    choices: dict[str, str] = field(default_factory=dict)   # value -> what it means
    standard: bool = False    # True where the rulebooks are silent
    minimum: float | None = None
    maximum: float | None = None


FIELD_INFO: dict[str, FieldInfo] = {
    "odd_chip": FieldInfo("8.1.5", "Who receives a chip that cannot be divided.", {
        "button": "closest to the Dealer Button clockwise (8.1.5(a))",
        "suit": "the hand holding the highest card by suit (8.1.5(b), 11.4(d), 12.4(e), 13.4(e))",
        "left_of_button": "the player left of the button in the pot (live-casino file)"}),
    "stud_showing_tie": FieldInfo("8.9.4(b), 8.11.4(b), 13.3(b)",
                                  "Stud: who opens when hands showing are equal.", {
        "suit": "highest card by suit", "position": "closest to the dealer's left (live-casino file)"}),
    "stud_short_order": FieldInfo(
        "8.9.5(a), 8.10.5(a), 8.11.5(a), 12.4(a), 13.4(a) (silent on the order)",
        "Stud, a stub too short for the last street: whether the burns are shuffled in before or "
        "after that street's burn.", {
            "reshuffle_first": "count before the burn: shuffle the burns with the stub, burn, deal; a "
                               "common card only when the stub and the burns cannot give a burn and "
                               "a card to each player (live-casino file: shuffle, burn, deal)",
            "burn_first": "burn as on every street, then count: shuffle the burns (the new one with "
                          "them) into the stub if that gives every player a card, otherwise deal "
                          "one common card"}, standard=True),
    "razz_odd_chip": FieldInfo(
        "8.1.5(b), 8.13.3(a) (silent on the ace)",
        "Razz: which card takes the odd chip of a tied pot by suit.", {
            "highest_ace_low": "the highest card by suit, aces counting low as everywhere in Razz "
                               "(8.1.5(b) read with 8.13.3(a))",
            "highest_ace_high": "the highest card by suit with the ace the highest card (8.1.5(b) "
                                "read with 3.2.1)",
            "lowest": "the lowest card by suit, aces low (published standard rules for low stud "
                      "games)"}, standard=True),
    "rulebook": FieldInfo("11, 12, 13", "Whose sections the games follow where both rulebooks have one.", {
        "main": "casino-poker-rules.txt, section 8",
        "second": "the second rulebook: Draw 11, Five Card Stud 12, Seven Card Stud 13"}),
    "lowest_chip": FieldInfo("8.1.5", "Pots are divided to this chip.", minimum=1),
    "chip_denominations": FieldInfo("8.1.5, 8.1.8", "Chip values in play at the table."),
    "first_button": FieldInfo("1.1 Dealer Button, 11.1(b)", "How the first button is placed.", {
        "right_of_dealer": "the player on the dealer's immediate right (1.1 Dealer Button)",
        "high_card": "one card face up to each player; the highest card (ties by suit, 3.2.4) "
                     "takes the button (live-casino file)"}),
    "button_movement": FieldInfo("8.2.6, 1.1 Dead button", "How button and blinds move between hands.", {
        "dead": "the big blind goes to the player due for it; the small blind and button may "
                "fall on an empty seat (8.2.6)",
        "moving": "the button always moves to the next player; blinds follow it "
                  "(published standard alternative)"}),
    "heads_up": FieldInfo("8.2.2", "Blinds with two players.", {
        "button_small_blind": "the button posts the small blind and acts first before the flop "
                              "(published standard rules)",
        "as_8_2_2": "8.2.2 read literally: the player left of the button posts the small blind"},
        standard=True),
    "new_player": FieldInfo("8.2.7", "When a new player may be dealt in.", {
        "8.2.7": "at once, except at the button seat: wait for the blind or post the big blind "
                 "(8.2.7); never between the big blind and the button (published standard rules)",
        "post_or_wait": "anywhere: post a big blind or wait until it is due (published standard rules)"}),
    "seat_change_live_seats": FieldInfo("8.2.5", "Free seat change distance in live seats clockwise.",
                                        minimum=0),
    "missed_blinds": FieldInfo("8.2.3, 1.1 Missed Blind Button", "How missed blinds are made up.", {
        "post_or_wait": "post them (big blind live, small blind dead) or wait for the big blind "
                        "(published standard rules)",
        "wait": "wait until the big blind is due"}, standard=True),
    "over_blind": FieldInfo("8.4.1(b)(i), 11.1(c)(iv), 8.2.4", "Where an over-blind may be placed.", {
        "game": "where the game's own section provides it (Draw with blinds)",
        "all_blind_games": "in every game with blinds", "never": "not at all"}),
    "over_blinds_max": FieldInfo("8.4.1(b)(i), 8.2.4", "Voluntary over-blinds allowed in one hand.",
                                 minimum=0),
    "max_players": FieldInfo("4.1", "Per-game maxima below Table 1, e.g. holdem = 10."),
    "boxed_cards_misdeal": FieldInfo("1.1 Defective deck, 9.1.1(a)(viii)",
                                     "Boxed cards that make a deck defective.", minimum=1),
    "exposed_first_cards_misdeal": FieldInfo(
        "9.1 (silent)", "A dealer-exposed card among the first N dealt is a misdeal (0 = never).",
        standard=True, minimum=0),
    "exposed_cards_misdeal": FieldInfo(
        "9.1 (silent)", "The Nth card exposed by the dealer in one deal makes a misdeal.",
        standard=True, minimum=1),
    "draw_exposed_on_deal": FieldInfo("9.1.1(b) (text missing)", "Draw: a card the dealer exposes on the deal.", {
        "accept_first": "the player keeps the first such card (published standard rules)",
        "replace": "the card is replaced after the deal and goes to the discards"}, standard=True),
    "burn_exposed": FieldInfo("1.1 Burn card (silent on exposure)", "A burn card turned face up.", {
        "announce": "show it to all players, keep it as the burn card and continue",
        "reshuffle": "return it to the stub, shuffle and cut, burn again"}, standard=True),
    "commission": FieldInfo("7.1-7.8", "Rake method and figures (engine/money/commission.py)."),
    "rake_in_hand": FieldInfo(
        "7.2.1(a), 7.2.3(a), 7.2.4(b)", "A dealt hand takes the commission as a dealer step: from "
        "the pots before the award (percentage, fixed per hand) or from each player before the deal "
        "(fixed per person); a time charge (7.2.2) is never taken in a hand."),
    "award_order": FieldInfo(
        "1.1 Main pot, Side pot(s) (silent on the order)", "The order the pots are awarded in.", {
            "side_pots_first": "the side pots first, the last one built first, the main pot last "
                               "(published standard practice)",
            "main_pot_first": "the main pot first, then side pot 1, 2..."}, standard=True),
    "half_bet_allin_reopens": FieldInfo(
        "6.15.2(b), 10.2", "Fixed/spread: an all-in of half a bet or raise or more lets players "
        "who acted before it raise (true, 6.15.2(b)); false = they may only call (10.2)."),
    "short_allins_add_up": FieldInfo(
        "6.15 (silent)", "Short all-ins that together make a full raise reopen the betting.",
        standard=True),
    "fold_out_of_turn_binding": FieldInfo("6.17 (silent on folds)", "A fold out of turn is binding.",
                                          standard=True),
    "time_to_act": FieldInfo("6.14", "Seconds to act, 5 to 60, or none.", minimum=5, maximum=60),
    "tournament_antes": FieldInfo(
        "1.1 Ante wager", "Antes in any game, and antes that differ by seat such as a big-blind "
        "ante (published tournament practice); false: every player the same ante, where the game "
        "takes antes.", standard=True),
    "post_draw_opener": FieldInfo(
        "8.4.5(a), 8.5.5(a), 8.7.5(a)-8.7.7(a), 8.8.5(a), 11.4(a)",
        "Draw games with blinds: who opens each betting round after a draw.", {
            "rulebook": "as the game's section says: the first active player left of the last blind",
            "left_of_button": "the first active player left of the button (published standard "
                              "rules; real tournament hand histories)"}),
    "fixed_raise_to_all_in": FieldInfo(
        "6.5 (silent on a wager no one can meet)",
        "Fixed limit: a bet or raise to less than a full unit is taken when it is exactly the "
        "amount that puts the last opponent able to call all-in (the full unit's excess could not "
        "be called); false: a bet or raise is exactly one unit (6.5).", standard=True),
    "half_pot_rounding": FieldInfo("6.6 (silent)", "Half-pot limits that are not whole chips.", {
        "down": "down to the lowest chip in play (published standard practice)",
        "up": "up to the lowest chip in play"}, standard=True),
    "casino_holdem_paytable": FieldInfo(
        "casino-holdem-banked-game.txt CH ¶14 (table missing)",
        "Casino Hold'em ante pay table: hand category = odds to 1 (straight_or_lower sets "
        "Straight and every lower hand).", standard=True),
    "casino_holdem_max_payout": FieldInfo(
        "casino-holdem-banked-game.txt CH ¶13", "Casino Hold'em table maximum payout, in chips.",
        minimum=1),
    "casino_holdem_max_payout_per": FieldInfo(
        "casino-holdem-banked-game.txt CH ¶13, ¶2", "What the Casino Hold'em table maximum caps.", {
            "box": "the total payout of one box: ante, call and bonus together (CH ¶13)",
            "player": "the total payout of all the boxes one player plays (CH ¶2, ¶13)"}),
    "casino_holdem_bonus_on_fold": FieldInfo(
        "casino-holdem-banked-game.txt CH ¶6 (silent on the bonus)",
        "Casino Hold'em: the bonus of a box that folds.", {
            "lost": "lost with the ante (published standard rules)",
            "settled": "still settled on the two cards and the flop (CH ¶4)"}, standard=True),
    "casino_holdem_deal": FieldInfo(
        "casino-holdem-banked-game.txt CH ¶3, 8.1.4", "Casino Hold'em: how the two cards are dealt.", {
            "one_at_a_time": "one card to each box in turn then the dealer, twice round (8.1.4)",
            "two_at_once": "two cards to each box in turn, then two to the dealer (CH ¶3)"}),
    "sprint_targets": FieldInfo(
        "none (rulebooks silent)", "Sprint targets per kind: seconds per item and accuracy percent, "
        "e.g. rake = [8, 95] (standard: dealer-school practice figures).", standard=True),
    "down_pace": FieldInfo(
        "none (rulebooks silent)", "A down's standard pace in hands an hour, per game family (holdem, "
        "omaha, stud, draw, manila) or game name, e.g. holdem = 35 (standard: published card-room "
        "figures).", standard=True),
    "down_events": FieldInfo(
        "8.1.3, 8.2.3-8.2.7", "A down's chance per hand of a table event (a player arriving, leaving, "
        "stepping away or changing seats) where the down gives none.", standard=True, minimum=0, maximum=1),
    "down_irregularities": FieldInfo(
        "section 6, 9.1.1(a)", "A down's chance per hand of an irregularity to rule on (an irregular "
        "action or a deal error) where the down gives none.", standard=True, minimum=0, maximum=1),
}


MAIN = HouseRules()

SECOND = HouseRules(
    name="second",
    title="Second rulebook (sections 9-13: short decks, all-in, draw, stud)",
    # 11.4(d), 12.4(e), 13.4(e): the odd chip goes to the highest card by suit
    # even where a button is in use.
    odd_chip="suit",
    stud_showing_tie="suit",          # 12.3(b), 13.3(b)
    half_bet_allin_reopens=False,     # 10.2: the excess of a short all-in is not a raise
    rulebook="second",                # Draw 11, Five Card Stud 12, Seven Card Stud 13
    first_button="right_of_dealer",   # 11.1(b)
)

LIVE_CASINO = HouseRules(
    name="live-casino",
    title="Live casino house rules (live-casino-house-rules.txt)",
    odd_chip="left_of_button",        # Hold'em: excess chip to the player left of the button
    stud_showing_tie="position",      # Seven Card Stud: closest to the dealer's left
    first_button="high_card",         # one card face up each; highest card starts with the button
    # "A maximum of ten players" for Hold'em; Seven Card Stud "eight".
    max_players={"holdem": 10, "seven-card-stud": 8},
)

STANDARD = HouseRules(
    name="standard",
    title="Published standard rules (tournament practice; real hand histories)",
    # Big-blind antes and antes in any game, as tournaments deal them.
    tournament_antes=True,
    # After a draw the first active player left of the button opens
    # (the main rulebook: left of the last blind, 8.7.5(a), 8.8.5(a)).
    post_draw_opener="left_of_button",
    # A fixed-limit raise recorded as the amount that puts the last opponent all-in.
    fixed_raise_to_all_in=True,
)

PROFILES: dict[str, HouseRules] = {h.name: h for h in (MAIN, SECOND, LIVE_CASINO, STANDARD)}


def get_house(name: "str | HouseRules | None" = None) -> HouseRules:
    """A built-in profile by name, or an instructor's profile file by path."""
    if name is None:
        return MAIN
    if isinstance(name, HouseRules):
        return name
    if name in PROFILES:
        return PROFILES[name]
    if str(name).endswith(".toml"):
        return load_house_file(name)
    raise KeyError(f"no house-rule profile {name!r}; known: {', '.join(sorted(PROFILES))} "
                   "(or give the path of a .toml profile file)")


class TableOneGame(Protocol):
    """What max_players_for reads of a game (engine.games.parts.Game and the banked
    game): house.py does not import the games."""
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def max_players(self) -> dict[int, int]: ...


def max_players_for(house: HouseRules, game: TableOneGame, deck: int = 52) -> int:
    """Table 1 of 4.1 for this game and deck, lowered by the house if it says so."""
    if deck not in game.max_players:
        raise ValueError(f"{game.title} is not dealt with a {deck}-card deck; Table 1 of 4.1 "
                         f"allows {', '.join(map(str, game.max_players))}")
    limit: int = game.max_players[deck]
    if not house.max_players:
        return limit
    key = _norm(game.name)
    for name, value in house.max_players.items():
        if _norm(name) == key:
            limit = min(limit, int(value))
    return limit


@lru_cache(maxsize=256)
def _norm(name: str) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


# --- instructors' profile files ---------------------------------------------

def load_house_file(path: "str | os.PathLike[str]") -> HouseRules:
    """Read a TOML profile: `base = "main"` (or another built-in) plus fields
    to override. Errors name the file and line, or the field, and the fix."""
    import pathlib
    import tomllib

    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HouseFileError(f"{path}: cannot read the house-rule file ({exc.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        line = getattr(exc, "lineno", None)
        if line is None and "(at line " in msg:
            line = msg.rsplit("(at line ", 1)[1].split(",")[0].rstrip(")")
            msg = msg.rsplit(" (at line ", 1)[0]
        where = f"{path}:{line}" if line else str(path)
        raise HouseFileError(f"{where}: not valid TOML: {msg}") from None
    return house_from_dict(data, source=str(path), text=text)


def house_from_dict(data: dict[str, Any], source: str = "<profile>", text: str = "") -> HouseRules:
    """Build a profile from a dict as read from TOML (see load_house_file)."""
    def where(key: str) -> str:
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith(key) and stripped[len(key):].lstrip().startswith(("=", ".")):
                return f"{source}:{number}: field {key!r}"
            if stripped == f"[{key}]":
                return f"{source}:{number}: field {key!r}"
        return f"{source}: field {key!r}"

    data = dict(data)
    base_name = data.pop("base", "main")
    if base_name not in PROFILES:
        raise HouseFileError(f"{where('base')}: no built-in profile {base_name!r}; use one of "
                             f"{', '.join(sorted(PROFILES))}")
    base = PROFILES[base_name]
    known = {f.name: f for f in fields(HouseRules)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise HouseFileError(f"{where(key)} is not a house-rule field; known fields: "
                                 f"base, {', '.join(sorted(known))} (see engine/HOUSE_RULES.md)")
        changes[key] = _check_value(key, value, getattr(base, key), where(key))
    if "chip_denominations" in changes and "lowest_chip" not in changes:
        changes["lowest_chip"] = min(changes["chip_denominations"])
    stem = source.rsplit("/", 1)[-1].removesuffix(".toml")
    changes.setdefault("name", stem)
    changes.setdefault("title", f"{base.title}, changed by {stem}")
    house = replace(base, **changes)
    if house.lowest_chip not in house.chip_denominations:
        raise HouseFileError(f"{where('lowest_chip')}: {house.lowest_chip} is not one of the chip "
                             f"denominations in play {list(house.chip_denominations)} (8.1.5)")
    return house


def _check_value(key: str, value: Any, default: Any, where: str) -> Any:
    info = FIELD_INFO.get(key)
    if dataclasses.is_dataclass(default) and not isinstance(default, type):
        # A group of settings (e.g. commission): a TOML table of its fields.
        if not isinstance(value, dict):
            raise HouseFileError(f"{where} must be a table: [{key}] then lines like name = value")
        known = {f.name for f in fields(default)}
        changes = {}
        for sub, sub_value in value.items():
            if sub not in known:
                raise HouseFileError(f"{where}: {sub!r} is not one of its settings: "
                                     f"{', '.join(sorted(known))}")
            changes[sub] = _tuples(sub_value)
        try:
            # The group checks its own values and cites its rules.
            return replace(default, **changes)
        except (TypeError, ValueError) as exc:
            raise HouseFileError(f"{where}: {exc}") from None
    if default is None:
        if isinstance(value, (dict, list)):
            raise HouseFileError(f"{where} must be a single value, not {value!r}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise HouseFileError(f"{where} must be true or false, not {value!r}")
        return value
    if isinstance(default, (int, float)):
        allowed = (int, float) if isinstance(default, float) else int
        if isinstance(value, bool) or not isinstance(value, allowed):
            kind = "a number" if isinstance(default, float) else "a whole number"
            raise HouseFileError(f"{where} must be {kind}, not {value!r}")
        if info and info.minimum is not None and value < info.minimum:
            raise HouseFileError(f"{where} must be at least {info.minimum:g} ({info.rule}), not {value}")
        if info and info.maximum is not None and value > info.maximum:
            raise HouseFileError(f"{where} must be at most {info.maximum:g} ({info.rule}), not {value}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise HouseFileError(f"{where} must be text, not {value!r}")
        if info and info.choices and value not in info.choices:
            raise HouseFileError(f"{where}: {value!r} is not one of "
                                 f"{', '.join(repr(c) for c in info.choices)}")
        return value
    if isinstance(default, tuple):
        if (not isinstance(value, list) or not value
                or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)):
            raise HouseFileError(f"{where} must be a list of positive whole numbers, e.g. [1, 5, 25]")
        return tuple(sorted(set(value)))
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise HouseFileError(f"{where} must be a table, e.g. [{key}] then lines like holdem = 10")
        if key == "max_players":
            return _check_max_players(value, where)
        if key == "down_pace":
            return _check_pace(value, where)
        if key == "sprint_targets":
            try:
                return check_targets(value, default)
            except ValueError as exc:
                raise HouseFileError(f"{where}: {exc}") from None
        if key == "casino_holdem_paytable":
            try:
                return check_paytable(value, default)
            except ValueError as exc:
                raise HouseFileError(f"{where}: {exc}") from None
        return dict(value)
    return value


def _check_max_players(value: dict[str, Any], where: str) -> dict[str, int]:
    by_norm = {_norm(name): game for name, game in GAMES.items()}
    checked = {}
    for name, limit in value.items():
        game = by_norm.get(_norm(name))
        if game is None:
            raise HouseFileError(f"{where}: no game {name!r}; known games: {', '.join(sorted(GAMES))}")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 2:
            raise HouseFileError(f"{where}: {name} = {limit!r} must be a whole number of at least 2")
        most = max(game.max_players.values())
        if limit > most:
            raise HouseFileError(f"{where}: {name} = {limit} exceeds Table 1 of 4.1, which allows "
                                 f"{game.title} at most {most} players")
        checked[game.name] = limit
    return checked


def _check_pace(value: dict[str, Any], where: str) -> dict[str, int]:
    """down_pace: family or game = hands an hour; the families not given keep their defaults."""
    checked = dict(DOWN_PACE)
    for name, pace in value.items():
        if name not in DOWN_PACE and name not in GAMES:
            raise HouseFileError(f"{where}: {name!r} is neither a game family ({', '.join(DOWN_PACE)}) "
                                 f"nor a game (python -m engine games)")
        if isinstance(pace, bool) or not isinstance(pace, int) or not 1 <= pace <= 200:
            raise HouseFileError(f"{where}: {name} = {pace!r} must be hands an hour, 1 to 200")
        checked[name] = pace
    return checked


def _tuples(value: Any) -> Any:
    """TOML arrays to the tuples frozen settings use."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def sprint_target(house: HouseRules, kind: str) -> SprintTarget:
    """The seconds per item and accuracy a trainee should reach in `kind`
    under this house (field sprint_targets)."""
    return target_for(house.sprint_targets, kind)


def describe_fields(house: HouseRules | None = None) -> list[tuple[str, object, FieldInfo | None]]:
    """(field, value, info) for every field, for documentation and the CLI."""
    house = house or MAIN
    return [(f.name, getattr(house, f.name), FIELD_INFO.get(f.name)) for f in fields(HouseRules)]
