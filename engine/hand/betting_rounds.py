"""The betting rounds of a hand: who acts, who opens, and the decisions.

Who acts first on each street follows the game's declaration (8.17.3(a),
8.17.4(b), 8.11.3(a), 8.11.4(b)); stud names its opener, the bring-in or
the best hand showing; the players' betting decisions are read
(engine.hand.decisions) and ruled by engine.betting.rulings's BettingRound; when the
round ends the dealer hands back the part of a bet nobody called (1.1 Pot;
7.5), then collects the bets (1.1 Pot, Dealer).
"""
from __future__ import annotations

from itertools import compress

from engine.betting.rulings import BettingRound
from engine.betting.structures import Action, Options
from engine.cards.deck import format_cards
from engine.cards.rankings import dealt_bring_in, dealt_showing_opener
from engine.games.parts import Betting, Game, Street
from engine.hand.calling import before_turn, read_irregular, rule_irregular
from engine.hand.decisions import BETS, NEW_DECISION, Decision, read_bet
from engine.hand.kitty import take_kitty
from engine.hand.state import HandState
from engine.money.pots import return_uncalled
from engine.steps import Done, Expected, Returned, ScenarioError


# The rule the uncalled bet's return cites: the pot is made of called wagers
# (1.1 Pot), and an uncalled wager is no part of it (7.5).
UNCALLED_RULE = "1.1 (Pot); 7.5"

# The openers named by the up-cards (`_card_opener`).
_CARD_OPENERS = frozenset(("bring_in", "best_showing"))

# A decision in these words is applied by the round alone (`_apply_bet_in`).
_PLAIN = frozenset(("fold", "check", "call"))


def _illegal(text: str, seat: int, street: Street, why: str) -> ScenarioError:
    """An action refused, and why; written only when one is refused."""
    return ScenarioError(f"action {text!r} for seat {seat} on the {street.name} is not legal: {why}")


def _round_index(game: Game, street: Street) -> int:
    """Which betting round of the hand `street`'s is (0 first): the game's
    betting streets are listed once per game, not once per round."""
    kept = _ROUND_INDEX.get(id(game))
    if kept is None or kept[0] is not game:
        index: dict[str, int] = {}
        for i, betting_street in enumerate(s for s in game.streets if s.betting):
            index.setdefault(betting_street.name, i)
        kept = _ROUND_INDEX[id(game)] = (game, index)
    return kept[1][street.name]


# id(game) -> (game, betting street name -> round index); a declaration never changes.
_ROUND_INDEX: dict[int, tuple[Game, dict[str, int]]] = {}


def acting_order(st: HandState, street_name: str) -> list[int]:
    """Live seats in the order they act on `street_name` (8.17.3(a),
    8.17.4(b), 8.11.3(a), 8.11.4(b))."""
    street = next((s for s in st.game.streets if s.name == street_name and s.betting), None)
    if street is None:
        names = [s.name for s in st.game.streets if s.betting]
        raise ValueError(f"{st.game.title} has no betting round {street_name!r}; rounds: {', '.join(names)}")
    betting = street.betting
    assert betting is not None  # chosen above: a street with betting
    return order_to_act(st, betting, st.live_seats())


def order_to_act(st: HandState, betting: Betting, live: list[int]) -> list[int]:
    """`acting_order` for a street's betting the hand already holds;
    `live`: live_seats(), which the caller has read already."""
    if betting.opener == "left_of_last_blind":
        start = st._last_blind_seat
        if start is None:
            start = st.blind_seats()[-1] if st.blind_amounts else st._start()
        players = st.players
        return [s for s in st._clockwise_from(start) if not players[s].folded]   # in live
    if betting.opener == "left_of_button":
        return live
    opener = card_opener(st, betting, live)
    i = live.index(opener)
    return live[i:] + live[:i]


def card_opener(st: HandState, betting: Betting, live: list[int]) -> int:
    """Stud: the bring-in (lowest up-card; Razz highest, aces low) or the
    best hand showing (Razz lowest), not counting a common card. Naming
    the opener, opening the round and the opener step's message each ask
    on every street, so the answer is kept until a card moves or a
    player folds, or, for the bring-in, goes all in (the best hand
    showing is named all in or not: the callers pass over a player all
    in). `live`: live_seats()."""
    players = st.players
    bring_in = betting.opener == "bring_in"
    able = tuple([s for s in live if players[s].stack]) if bring_in else ()   # not all in
    taken, mucked, seats = len(st.taken), len(st.muck), tuple(live)
    memo = st._opener_memo
    if (memo is not None and memo[0] is betting and memo[1] == taken and memo[2] == mucked
            and memo[3] == seats and memo[4] == able):
        return memo[5]
    if bring_in:
        seat = dealt_bring_in(able or live, players, razz=betting.low)
    else:
        seat = dealt_showing_opener(live, players, betting.low, st.house)
    st._opener_memo = (betting, taken, mucked, seats, able, seat)
    return seat


def first_to_act(st: HandState, street_name: str) -> int:
    """Who acts first on a street, among players who can still act."""
    order = [s for s in acting_order(st, street_name) if not st.players[s].all_in]
    return order[0]


def betting_possible(st: HandState, live: list[int]) -> bool:
    """Whether a betting round opens among the `live` seats (live_seats())."""
    players = st.players
    able = [s for s in live if players[s].stack]            # _able(): live and not all in
    if len(live) < 2:
        return False
    if len(able) >= 2:
        return True
    # One player left to act still calls or folds when facing more than
    # they have in front; a short all-in blind is still called in full.
    top = max([p.in_front for p in st.players.values()] +
              [a for s, a in st._posted_blinds.items() if st.players[s].in_front])
    return bool(able) and st.players[able[0]].in_front < top


def name_opener(st: HandState, street: Street) -> None:
    live, players = st.live_seats(), st.players
    if len([s for s in live if players[s].stack]) < 2:        # len(_able())
        return
    betting = street.betting
    assert betting is not None
    if betting.opener in _CARD_OPENERS:
        # The acting order starts at the card opener: it opens unless all in.
        seat = card_opener(st, betting, live)
        if not players[seat].stack:
            seat = next(s for s in order_to_act(st, betting, live) if players[s].stack)
    else:
        seat = next(s for s in order_to_act(st, betting, live) if players[s].stack)   # first_to_act()
    tie = st.house.stud_showing_tie
    key = (id(betting), tie, seat, street.name)
    kept = _OPENER_STEPS.get(key)
    if kept is None or kept[0] is not betting:
        kept = _OPENER_STEPS[key] = (betting, Expected("name_opener", betting.rule, _opener_why(betting, tie),
                                                       seat=seat, street=street.name))
    st._agenda.insert(0, kept[1])


# --- betting ---------------------------------------------------------------------
def open_round(st: HandState, street: Street) -> bool:
    live = st.live_seats()
    if not betting_possible(st, live):
        return False
    betting = street.betting
    assert betting is not None  # a betting marker is scheduled only for a street with betting
    order = order_to_act(st, betting, live)
    players = st.players
    stacks = {s: players[s].stack for s in order}
    in_front = {s: players[s].in_front for s in order}
    index = _round_index(st.game, street)
    call_level = None
    if index == 0 and st._posted_blinds and any(in_front.values()):
        call_level = max(max(in_front.values()),
                         max(a for s, a in st._posted_blinds.items() if s in order))
    # The seats, stacks and chips are the hand's own: the round is opened
    # without checking them again (BettingRound.trusted).
    st._round = BettingRound.trusted(st.structure, st.house, order, stacks, in_front, pot=st.pot,
                                       round_index=index, call_level=call_level)
    st._round_street = street
    st._opened = False
    st._kitty_pending = None
    return True


def play_betting(st: HandState) -> None:
    """Apply player decisions until the round is complete or a dealer
    step is due inside it (the Kitty changing hands). Each decision is
    built, asked and, when a plain fold, check or call, applied here, not
    in methods of their own: a hand makes some twenty of them."""
    rnd, street, betting = st._betting_now()
    players, script, log, name = st.players, st._script, st.log, street.name
    stud_open, kitty_round = betting.opener == "bring_in", bool(betting.kitty)
    while rnd.pending:                  # not rnd.complete
        seat = rnd.turn
        assert seat is not None
        # An action made out of turn, or an irregular one: the dealer rules first
        # (engine.hand.calling, 6.11-6.17); "ruling" waits for that dealer step.
        called = before_turn(st, seat) if st._binding else ""     # (nothing out of turn: "")
        if not called:
            # While the scenario's actions last they answer without reading the
            # options (a hand replayed from its actions), so the options are
            # worked out only for a `decide` callable. Every field, in order.
            forced = stud_open and not rnd.history
            decision = NEW_DECISION(Decision, ("bet", seat, name, tuple(players[seat].cards),
                                               None if script.actions else rnd.options(), 0, forced,
                                               kitty_round and not st._opened,
                                               kitty_round and bool(st.kitty) and st._kitty_pending is None,
                                               False))
            text = script.next(st, decision)          # _next_decision
            # (else _irregular says ""; a plain fold, check or call has no word of calling.KEYWORDS)
            plain = text in _PLAIN
            if st._short_bets or (not plain and read_irregular(text) is not None):
                called = rule_irregular(st, seat, text)
            if not called:
                in_front = rnd.in_front
                before = in_front[seat]
                if plain and not forced and rnd._play_plain(text, seat):
                    # `_apply_bet_in` of a fold, a check or a call the round took, said in
                    # these very words (any other spelling is read there).
                    st._kitty_pending = None
                    player = players[seat]
                    front = in_front[seat]
                    delta = front - player.in_front     # _sync(seat)
                    if delta:
                        player.stack -= delta
                        player.in_front += delta
                        player.committed += delta
                    if text == "check":
                        line = f"Seat {seat} ({player.name}) checks"
                    elif text == "call":
                        st._opened = True
                        line = f"Seat {seat} ({player.name}) calls {front - before}"
                    else:
                        player.folded = True
                        line = f"Seat {seat} ({player.name}) folds"
                    if not player.stack and text != "fold":
                        line += " and is all in"
                    log.append(line)
                elif apply_bet_in(st, seat, text, decision.options, rnd, street, betting):
                    return              # the Kitty was taken
        if called == "ruling":
            return
        again = st._round             # a bring-in starts the round again (_bring_in)
        assert again is not None
        rnd = again
        # A fold that leaves one player in the hand leaves nobody pending
        # (BettingActions._settle_pending): players fold only in the round.
    wagers = [s for s, action in rnd.history if action.kind in ("bet", "raise")]
    st.last_wager = (name, wagers[-1] if wagers else None)
    st._round = None
    for p in players.values():
        if p.in_front:
            end_round(st, street)
            break


def end_round(st: HandState, street: Street) -> None:
    """The dealer's steps when a betting round ends with chips in front:
    the part of the last bet or raise nobody called goes back to its
    owner (1.1 Pot: the pot is called wagers; 7.5), then the bets are
    collected, so the pot never holds it."""
    collect = collect_step(street)
    back = uncalled_step(st, street) if st.returns_uncalled else None
    if back is None:
        st._front(collect)
    elif any(p.in_front for s, p in st.players.items() if s != back.seat):
        st._front(back, collect)
    else:
        st._front(back)            # the bet was all there was in front: nothing to collect


def uncalled_step(st: HandState, street: Street) -> Expected | None:
    """The return_uncalled step due when the round's largest bet is
    larger than any other in front (a fold counts as matched: its chips
    stay in), or None. The amount is what the showdown would hand back
    (engine.money.pots.return_uncalled over the hand, dead antes apart), so
    the chips end the same; no more than the round's own excess."""
    top_seat, top, second = 0, 0, 0
    for seat, p in st.players.items():
        front = p.in_front
        if front > top:
            top_seat, top, second = seat, front, top
        elif front > second:
            second = front
    if top == second:
        return None
    contributions = {s: p.committed for s, p in st.players.items() if p.committed}
    st._dead_antes(contributions)
    back = return_uncalled(contributions, [s for s, p in st.players.items() if p.folded])
    amount = min(back.returned.get(top_seat, 0), top - second)
    if amount <= 0:
        return None
    return Expected("return_uncalled", UNCALLED_RULE,
                    f"Seat {top_seat}'s last {amount} was not called: give it back to seat {top_seat} "
                    f"before the bets are collected; an uncalled bet is no part of the pot "
                    "(1.1 Pot; 7.5)", seat=top_seat, street=street.name, detail=Returned(amount))


def collect_step(street: Street) -> Expected:
    """The collect_bets step of `street`, made once per street (an Expected never changes)."""
    kept = _COLLECT_STEPS.get(id(street))
    if kept is None or kept[0] is not street:
        kept = _COLLECT_STEPS[id(street)] = (street, Expected(
            "collect_bets", "1.1 (Pot)", "Collect the bets into the pot when the betting round ends, before any "
            "more cards are dealt (1.1 Pot, Dealer)", street=street.name))
    return kept[1]


def apply_bet(st: HandState, seat: int, text: str) -> bool:
    """Apply one betting decision; True when the Kitty was taken."""
    return apply_bet_in(st, seat, text, None, *st._betting_now())


def apply_bet_in(st: HandState, seat: int, text: str, offered: Options | None, rnd: BettingRound, street: Street,
                 betting: Betting) -> bool:
    """`_apply_bet` in the round `_betting_now()` gives; `offered`: the
    options the decision was made from, when worked out."""
    player = st.players[seat]
    said = read_bet(text)
    if said.kind == "take-kitty":
        return take_kitty(st, seat, text)
    forced = betting.opener == "bring_in" and not rnd.history     # the stud bring-in's first bet
    if said.kind == "bring-in":
        if not forced:
            raise _illegal(text, seat, street, "only the first bet of the stud bring-in round is "
                           f"the bring-in ({betting.rule})")
        opts = offered if offered is not None else rnd.options()
        assert opts is not None
        kind, amount = ("bet", opts.min_to) if opts.min_to is not None else ("all-in", None)
        if post_bring_in(st, seat):
            rnd, kind, amount, offered = st._betting_now()[0], "check", None, None
            forced = not rnd.history
    else:
        if said.not_amount:
            raise _illegal(text, seat, street, f"{said.not_amount!r} is not an amount of chips")
        kind, amount = said.kind, said.amount
    if forced and kind not in ("bet", "all-in") and said.kind != "bring-in":
        raise _illegal(text, seat, street, "the bring-in must bet at least the table minimum of "
                       f"{rnd.unit} ({betting.rule})")
    raising = kind in ("bet", "raise") or (
        kind == "all-in" and rnd.in_front[seat] + rnd.stacks[seat] > rnd.level)
    if raising and betting.kitty and not st._opened:     # nobody has opened the Kitty round
        raise _illegal(text, seat, street, "until a player opens, a player may only call or fold, "
                       f"or take the Kitty and call ({betting.kitty})")
    if kind not in BETS:
        raise _illegal(text, seat, street, f"{text!r} is not fold, check, call, bet N, raise N, all-in"
                       + (", bring-in" if forced else "") + (" or take kitty" if betting.kitty else ""))
    before, was_opened = rnd.in_front[seat], rnd.opened
    refused = rnd.play(kind, amount, seat, offered)
    if refused:
        raise _illegal(text, seat, street, refused)
    st._kitty_pending = None
    if kind != "fold":
        st._opened = st._opened or kind != "check"
    sync(st, seat)
    pay = rnd.in_front[seat] - before
    last = rnd.history[-1][1]
    if seat in rnd.folded:
        description = "folds"
    elif said.kind == "bring-in":
        description = f"brings in {rnd.in_front[seat]}"
    elif last.kind == "check":
        description = "checks"
    elif last.kind == "call":
        description = f"calls {pay}"
    elif last.kind == "bet":
        description = f"bets {rnd.in_front[seat]}"
    elif not was_opened and rnd.opened:
        # Up from a bring-in smaller than the bet: a completion, not a
        # raise (8.11.3(a); published stud rules).
        description = f"completes to {rnd.in_front[seat]}"
    else:
        description = f"raises to {rnd.in_front[seat]}"
    if player.stack == 0 and seat not in rnd.folded:         # player.all_in
        description += " and is all in"
    st.log.append(f"Seat {seat} ({player.name}) {description}")
    return False


def post_bring_in(st: HandState, seat: int) -> bool:
    """A scenario's bring-in smaller than the first bet (8.11.3(a): a wager
    not less than the table minimum, which the table sign may set below the
    fixed bet, as published stud rules do). The opener puts it in and has
    acted; the others call it, fold, or complete to the full bet, which is
    not a raise, and a completion reopens the betting to the opener. True
    when the round was started again with the bring-in in front."""
    small, rnd = st.scenario.bring_in, st._betting_now()[0]
    if small is None or small >= rnd.unit or rnd.stacks[seat] <= small:
        return False
    stacks = dict(rnd.stacks)
    stacks[seat] -= small
    st._round = BettingRound(st.structure, rnd.order, stacks, posted={seat: small}, pot=rnd.pot,
                               round_index=rnd.round_index, house=st.house, call_level=small)
    return True


def sync(st: HandState, seat: int) -> None:
    """Copy one seat's chips and fold from the betting round to the player."""
    rnd, player = st._round, st.players[seat]
    assert rnd is not None
    delta = rnd.in_front[seat] - player.in_front
    player.stack -= delta
    player.in_front += delta
    player.committed += delta
    if seat in rnd.folded:
        player.folded = True


def step_name_opener(st: HandState, exp: Expected) -> Done:
    assert exp.seat is not None
    return Done(opener_message(st, exp.seat))


def opener_message(st: HandState, seat: int) -> str:
    p = st.players[seat]
    shown = format_cards(list(compress(p.cards, p.up))[-4:])        # upcards[-4:]
    betting = st._current_street().betting
    assert betting is not None
    if betting.opener == "bring_in":
        return f"Seat {seat} ({shown}) brings in."
    best = card_opener(st, betting, st.live_seats())
    if best != seat:
        return (f"Seat {best} shows the best hand but is all in; seat {seat} ({shown}) acts first.")
    return f"Seat {seat} ({shown}) opens."


def step_return_uncalled(st: HandState, exp: Expected) -> Done:
    assert exp.seat is not None and isinstance(exp.detail, Returned)
    amount, player = exp.detail.amount, st.players[exp.seat]
    player.in_front -= amount
    player.committed -= amount
    player.stack += amount
    st.returned[exp.seat] = st.returned.get(exp.seat, 0) + amount
    st.uncalled_lines.append(f"Seat {exp.seat}'s last {amount} was not called: it went back to seat "
                               f"{exp.seat} and is no part of the pot (1.1 Pot; 7.5).")
    return Done(f"The uncalled {amount} goes back to seat {exp.seat} ({player.name}); it is no part of "
                "the pot (1.1 Pot; 7.5).")


def step_collect_bets(st: HandState, exp: Expected) -> Done:
    total = sum(p.in_front for p in st.players.values())
    for p in st.players.values():
        p.in_front = 0
    st.pot += total
    return Done(f"{total} collected; the pot is {st.pot}.")


def _opener_why(betting: Betting, tie: str) -> str:
    """Why this seat opens: the bring-in, or the best hand showing with the
    house's tie-break (house stud_showing_tie)."""
    if betting.opener == "bring_in":
        return ("The player with the highest up-card, aces low, must open with a bet of at least the "
                "table minimum; equal ranks go to the higher suit (spades, hearts, diamonds, clubs) "
                f"({betting.rule})" if betting.low else
                "The player with the lowest up-card must open with a bet of at least the table minimum; "
                f"equal ranks go to the lower suit, clubs lowest ({betting.rule}, 3.2.4)")
    ties = ("the player closest to the dealer's left (house stud_showing_tie = 'position')"
            if tie == "position" else
            ("the lowest card's lower suit" if betting.low else "the highest card's higher suit"))
    what = ("The lowest hand showing, aces low, opens" if betting.low else
            "The best hand showing opens (pairs and better over high cards)")
    return (f"{what}; a common card does not count and equal hands go to {ties}; a player all in "
            f"is passed to the next in turn ({betting.rule})")


# id(street) -> (street, its collect_bets step)
_COLLECT_STEPS: dict[int, tuple[Street, Expected]] = {}

# (id(betting), house stud_showing_tie, seat, street) -> (betting, its name_opener
# step): made once (an Expected never changes, see engine.steps).
_OPENER_STEPS: dict[tuple[int, str, int, str], tuple[Betting, Expected]] = {}
