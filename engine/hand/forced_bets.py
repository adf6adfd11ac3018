"""Before the deal: the button moves, then the forced bets go in.

The fee per person where the house takes one (7.2.4(b)), the antes (1.1
Ante wager; a big-blind ante under house tournament_antes), the blinds
left of the button (8.2.2; heads-up as the house says) and an over-blind
(8.4.1(b)(i), 8.2.4), each a dealer step with its rule.
"""
from __future__ import annotations

from engine.games.parts import Game
from engine.hand.scenario import RAKE_RULES
from engine.hand.state import HandState
from engine.steps import Blind, Done, Expected


def schedule_forced_bets(st: HandState) -> None:
    """The fee per person, then antes, blinds and an over-blind, before
    any card (7.2.4(b), 8.2.2, 8.4.1(b), 8.9.1)."""
    c = st.commission
    if c is not None and st.takes_rake() and c.method == "fixed-person":
        # 7.2.4(b): collected before the hand begins; the button has already
        # moved to mark this hand, and no forced bet or card has gone in yet.
        st._agenda.append(Expected(
            "take_rake", RAKE_RULES["fixed-person"],
            f"Before the hand begins, collect the commission of {c.person_fee} from each player and "
            f"drop it at once (7.2.4(b), (c))"))
    if st.ante or any(st.scenario.seat_antes.values()):
        rule = st.game.ante.rule if st.game.ante else "1.1 Ante wager, house tournament_antes"
        exp = _ANTES.get(rule)
        if exp is None:
            exp = _ANTES[rule] = Expected(
                "collect_antes", rule,
                f"Every player antes before the cards are dealt: collect the antes into the pot ({rule})")
        st._agenda.append(exp)
    blinds = st.game.blinds
    if blinds is None or not st.blind_amounts:
        return
    if st.scenario.posts:
        _schedule_posts(st)
        return
    seats = tuple(st.blind_seats())
    heads_up = len(st.players) == 2 and st.house.heads_up == "button_small_blind"
    for seat, amount in zip(seats, st.blind_amounts):
        st._posted_blinds[seat] = amount
    st._agenda.extend(_blind_steps(st.game, heads_up, seats, st.blind_amounts))
    st._last_blind_seat = seats[-1]
    if st.scenario.over_blind:
        over_rule = st._over_blind_rule()
        assert over_rule is not None, "checked when the hand was set up"
        rule = over_rule
        seat = st._next_seat(seats[-1])
        amount = 2 * st.blind_amounts[-1]
        st._posted_blinds[seat] = amount
        st._last_blind_seat = seat
        st._agenda.append(Expected(
            "post_blind", rule,
            f"The player on the immediate left of the last blind places the over-blind, double "
            f"the last blind ({rule}, 8.2.4)", seat=seat, detail=Blind(amount, over=True)))


# Posts that are the blinds in their positions: the preflop action starts left of the last (8.2.2).
POSITION_BLINDS = frozenset({"blind", "small blind", "middle blind", "big blind", "over-blind"})


def _schedule_posts(st: HandState) -> None:
    """The forced bets as the table's plan sets them across hands (engine.table,
    engine.down): the blinds where 8.2.2 and 8.2.6 put them, a new player's big
    blind (8.2.7(b)), a penalty big blind (8.2.5), missed blinds made up (8.2.3),
    a dead one going straight to the pot. Each is a dealer step citing its rule."""
    for post in st.scenario.posts:
        if post.live:
            st._posted_blinds[post.seat] = max(post.amount, st._posted_blinds.get(post.seat, 0))
        else:
            st._dead_posts[post.seat] = st._dead_posts.get(post.seat, 0) + post.amount
        if post.what in POSITION_BLINDS or post.what.startswith("blind "):
            st._last_blind_seat = post.seat
        kind = "live: it counts toward the player's bet" if post.live else "dead: it goes to the pot"
        st._agenda.append(Expected(
            "post_blind", post.rule, f"Seat {post.seat} posts the {post.what} of {post.amount}, {kind} "
            f"({post.rule})", seat=post.seat, detail=Blind(post.amount, over=post.what == "over-blind",
                                                           dead=not post.live)))


def step_move_button(st: HandState, exp: Expected) -> Done:
    assert exp.seat is not None
    st.button = exp.seat
    schedule_forced_bets(st)
    done = _BUTTON_TO.get(exp.seat)
    if done is None:
        done = _BUTTON_TO[exp.seat] = Done(f"Button to seat {exp.seat}.")
    return done


def step_collect_antes(st: HandState, exp: Expected) -> Done:
    total = 0
    seat_antes, ante = st.scenario.seat_antes, st.ante     # `ante_of`, read once per seat
    owed = set()
    for seat, p in st.players.items():
        due = seat_antes.get(seat, ante)
        owed.add(due)
        chips = min(due, p.stack)
        p.stack -= chips
        p.committed += chips
        total += chips
    st.pot += total
    amounts = sorted(owed - {0})
    return Done(f"Antes of {'/'.join(map(str, amounts))} collected: the pot is {st.pot}.")


def step_post_blind(st: HandState, exp: Expected) -> Done:
    assert exp.seat is not None and isinstance(exp.detail, Blind)
    player = st.players[exp.seat]
    amount = min(exp.detail.amount, player.stack)
    player.stack -= amount
    player.committed += amount
    if exp.detail.dead:
        st.pot += amount
        return Done(f"Seat {exp.seat} posts {amount} dead: into the pot.")
    player.in_front += amount
    what = "an over-blind of" if exp.detail.over else "posts"
    return Done(f"Seat {exp.seat} {'places ' + what if exp.detail.over else what} {amount}.")


def _blind_steps(game: Game, heads_up: bool, seats: tuple[int, ...],
                 amounts: tuple[int, ...]) -> tuple[Expected, ...]:
    """The blinds' steps (8.2.2; heads-up with the button on the small blind
    where the house says so), made once per game, seats and amounts: every
    hand at a table posts the same ones (an Expected never changes)."""
    key = (id(game), heads_up, seats, amounts)
    kept = _BLIND_STEPS.get(key)
    if kept is not None and kept[0] is game:
        return kept[1]
    blinds = game.blinds
    assert blinds is not None
    steps = []
    for i, seat in enumerate(seats):
        which = "first (small)" if i == 0 else ("second (big)" if i == 1 else f"blind {i + 1}")
        if len(seats) == 1:
            which = "only"
        if heads_up:
            rule = "8.2.2, heads-up (published standard rules)"
            why = ("Heads-up the button posts the small blind and the other player the big blind "
                   "(published standard rules; house heads_up = 'button_small_blind'; "
                   f"{blinds.rule})")
        else:
            rule = "8.2.2(a)" if i == 0 else "8.2.2(b)"
            why = (f"The {which} blind is posted by the player on the immediate left of the "
                   f"{'button' if i == 0 else 'previous blind'}, before any card is dealt "
                   f"({rule}; {blinds.rule})")
        steps.append(Expected("post_blind", rule, why, seat=seat, detail=Blind(amounts[i])))
    _BLIND_STEPS[key] = (game, tuple(steps))
    return tuple(steps)


# (id(game), heads-up rule, seats, amounts) -> (game, its blinds' steps)
_BLIND_STEPS: dict[tuple[object, ...], tuple[Game, tuple[Expected, ...]]] = {}

# The antes' step per rule, and the button's Done per seat: the same for every hand (neither changes).
_ANTES: dict[str, Expected] = {}
_BUTTON_TO: dict[int, Done] = {}
