"""The rules each game's dealing turns on, one at a time: heads-up blinds,
the over-blind, antes, the stud bring-in and openers, a short deck in stud
and in the draw, the Kitty, discards, what the table shows, and scenarios
that cannot be dealt."""
import pytest

from engine.cards.showdown import best_hand
from engine.hand.machine import Hand
from engine.hand.scenario import Scenario
from engine.steps import ScenarioError, Step


def hand(game="holdem", seats=None, **data):
    data.setdefault("seats", seats or {2: ["Ann", 100], 4: ["Ben", 100], 6: ["Cal", 100]})
    data.setdefault("button_was", 6)
    return Hand(Scenario.from_dict({"game": game, **data}))


def until(h, kind, count=1):
    """Deal correctly up to the `count`-th step of `kind`, returning it."""
    while True:
        exp = h.expected()
        assert exp is not None, f"no {kind} step"
        if exp.kind == kind:
            count -= 1
            if not count:
                return exp
        assert h.propose(Step(exp.kind, exp.seat, exp.seats)).ok


def steps(h):
    out = []
    while (exp := h.expected()) is not None:
        out.append(exp)
        assert h.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    return out


# --- blinds, over-blind, antes -------------------------------------------------------

def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop():
    h = hand(seats={3: ["Ann", 50], 7: ["Ben", 50]}, button_was=7,
             actions=["call", "check"] + ["check"] * 6)
    first = h.expected()
    assert (first.kind, first.seat) == ("move_button", 3)
    h.propose(Step("move_button", 3))
    blind = h.expected()
    assert (blind.seat, blind.rule) == (3, "8.2.2, heads-up (published standard rules)")
    assert "house heads_up" in blind.why
    h.propose(Step("post_blind", 3))
    h.propose(Step("post_blind", 7))
    assert (h.players[3].in_front, h.players[7].in_front) == (1, 2)
    assert h.expected().seat == 7                      # the first card to the left of the button
    assert h.first_to_act("pre-flop") == 3
    until(h, "burn")
    assert h.first_to_act("flop") == 7


def test_heads_up_as_8_2_2_reads_puts_the_small_blind_left_of_the_button(tmp_path):
    profile = tmp_path / "literal.toml"
    profile.write_text('heads_up = "as_8_2_2"\n')
    h = hand(seats={3: ["Ann", 50], 7: ["Ben", 50]}, button_was=7, house=str(profile),
             actions=["call", "check"])
    h.propose(Step("move_button", 3))
    assert [h.expected().seat, h.expected().rule] == [7, "8.2.2(a)"]
    assert h.blind_seats() == [7, 3] and h.first_to_act("pre-flop") == 7


def test_over_blind_doubles_the_last_blind_and_moves_the_opener():
    seats = {1: ["A", 100], 2: ["B", 100], 3: ["C", 100], 4: ["D", 100], 5: ["E", 100]}
    h = hand("draw-blind", seats=seats, button_was=5, over_blind=True,
             actions=["call", "call", "call", "call", "check"] + ["stand pat"] * 5 + ["check"] * 5)
    posts = [until(h, "post_blind", 1)]
    h.propose(Step("post_blind", posts[0].seat))
    posts += [h.expected()]
    h.propose(Step("post_blind", posts[1].seat))
    over = h.expected()
    assert [p.seat for p in posts] == [2, 3]
    assert (over.seat, over.rule) == (4, "8.4.1(b)(i)") and "double the last blind" in over.why
    h.propose(Step("post_blind", 4))
    assert h.players[4].in_front == 4
    assert h.first_to_act("pre-draw") == 5             # left of the over-blind, the last blind
    h.autoplay(until_betting_on="draw")
    assert h.first_to_act("draw") == 5                 # the opener after the draw too (8.4.5(a))


def test_over_blind_only_where_the_game_or_house_allows_it():
    with pytest.raises(ScenarioError, match=r"Hold'em has no over-blind .*8\.4\.1\(b\)\(i\)"):
        hand(over_blind=True)
    with pytest.raises(ScenarioError, match="over_blind must be true or false"):
        hand("draw-blind", over_blind="yes")


def test_antes_are_collected_before_the_blinds_and_cards():
    h = hand(ante=2, actions=["call", "call", "check"] + ["check"] * 9)
    kinds = [e.kind for e in steps(h)][:5]
    assert kinds == ["move_button", "collect_antes", "post_blind", "post_blind", "pitch"]
    stud = hand("razz", actions=["bring-in", "fold", "fold"])
    first = stud.expected()
    assert (first.kind, first.rule) == ("collect_antes", "8.13.1")
    assert stud.ante == 1                               # a required ante defaults to 1


@pytest.mark.parametrize("game, data, words", [
    ("omaha", {"ante": 1}, r"Omaha takes no ante \(8\.23\)"),
    ("seven-card-stud", {"ante": 0}, r"requires an ante \(8\.11\.1\)"),
    ("seven-card-stud", {"blinds": [1, 2]}, r"Seven Card Stud has no blinds \(8\.11\): use ante"),
    ("holdem", {"blinds": []}, "needs its blinds"),
    ("holdem", {"blinds": [2, 1]}, "smallest first"),
    ("holdem", {"betting": "crazy"}, "betting must be one of fixed, spread, pot, half-pot, no-limit"),
    ("holdem", {"betting": "fixed", "limits": [2]}, r"limits for fixed betting must be \[2, 4\]"),
    ("holdem", {"betting": "spread", "limits": [10, 2]}, r"below the minimum"),
    ("holdem", {"deck": 33}, "deck must be one of 52, 40, 36, 32, 20"),
    ("holdem", {"ante": -1}, "ante must be a whole number"),
    ("razz", {"deck": 36}, r"Seven Card Stud Razz is not dealt with a 36-card deck; allowed: 52"),
    ("two-card-manila", {"deck": 52}, "allowed: 36, 32"),
    ("casino-nonsense", {}, "no game 'casino-nonsense'"),
])
def test_scenarios_that_cannot_be_dealt_are_explained(game, data, words):
    with pytest.raises(ScenarioError, match=words):
        hand(game, **data)


def test_house_lowers_the_table_1_maximum():
    seats = {s: [f"P{s}", 50] for s in range(1, 12)}
    hand(seats=seats, table_seats=11)                   # eleven at Hold'em (4.1)
    with pytest.raises(ScenarioError, match=r"at most 10 players, not 11 \(4\.1 Table 1, house live-casino\)"):
        hand(seats=seats, table_seats=11, house="live-casino")


# --- betting structures -----------------------------------------------------------------

def test_fixed_limit_uses_the_big_bet_after_the_draw():
    h = hand("draw-blind", betting="fixed", limits=[2, 4],
             actions=["call", "call", "check", "stand pat", "stand pat", "stand pat", "bet 2"])
    with pytest.raises(ScenarioError, match=r"a bet is exactly 4: bet to 4, not 2 \(6\.5"):
        h.autoplay()


def test_the_kitty_round_allows_no_raise_before_someone_opens():
    h = hand("draw-kitty", actions=["raise 6"])
    with pytest.raises(ScenarioError, match=r"only call or fold, or take the Kitty and call \(8\.5\.3\(b\)-\(c\)\)"):
        h.autoplay()


# --- stud ----------------------------------------------------------------------------

STUD3 = {1: ["A", 100], 2: ["B", 100], 3: ["C", 100]}


def test_the_bring_in_must_bet():
    # seat 1 gets 2c up, the lowest: it brings in and may not check (8.11.3(a))
    h = hand("seven-card-stud", seats=STUD3, stack="As Ks Qs Ah Kh Qh 2c 9d 9h", actions=["check"])
    opener = until(h, "name_opener")
    assert opener.seat == 1 and opener.rule == "8.11.3(a)"
    assert not h.propose(Step("name_opener", 2)).ok
    with pytest.raises(ScenarioError, match=r"the bring-in must bet at least the table minimum of 2 \(8\.11\.3\(a\)\)"):
        h.propose(Step("name_opener", 1))
    ok = hand("seven-card-stud", seats=STUD3, stack="As Ks Qs Ah Kh Qh 2c 9d 9h",
              actions=["bet 3", "fold", "fold"])
    until(ok, "name_opener")
    assert ok.propose(Step("name_opener", 1)).message == "Seat 1 (2c) brings in."
    assert ok.log[0] == "Seat 1 (A) bets 3"            # at least the table minimum (8.11.3(a))


def test_a_completion_is_logged_as_completing_not_raising():
    # Bring-in 1 below the fixed bet of 2: going up to 2 completes the bet, it is not a raise (8.11.3(a)).
    h = hand("seven-card-stud", seats={1: ["A", 100], 2: ["B", 100], 3: ["C", 100], 4: ["D", 100]}, seed=3,
             ante=1, betting="fixed", limits=[2, 4], bring_in=1,
             actions=["bring-in", "raise 2", "raise 4", "call", "call", "call"])
    until(h, "burn")
    assert h.log[:3] == ["Seat 3 (C) brings in 1", "Seat 4 (D) completes to 2", "Seat 1 (A) raises to 4"]


@pytest.mark.parametrize("game, up, seat", [
    ("seven-card-stud", "9d 9c Th", 2),            # equal ranks: the lower suit, clubs, brings in
    ("razz", "Kd Qs Ah", 1),                       # Razz: the highest, aces low
    ("razz", "Kd Ks Ah", 2),                       # ... equal ranks: the higher suit
])
def test_who_brings_in(game, up, seat):
    h = hand(game, seats=STUD3, stack="2s 3s 4s 2h 3h 4h " + up, actions=["bring-in"])
    assert until(h, "name_opener").seat == seat


def test_best_hand_showing_opens_and_ties_follow_the_house():
    # fourth street: seats 1 and 3 both show a pair of nines; seat 3's highest card has the higher suit
    stack = "2c 3c 4c 2d 3d 4d 9c 5h 9s Kd 9d 7h 9h"
    h = hand("seven-card-stud", seats=STUD3, stack=stack, actions=["bring-in", "call", "call"])
    until(h, "name_opener", 2)
    assert h.first_to_act("fourth street") == 3        # main rulebook: by suit (8.11.4(b))
    live = hand("seven-card-stud", seats=STUD3, stack=stack, house="live-casino",
                actions=["bring-in", "call", "call"])
    until(live, "name_opener", 2)
    assert live.first_to_act("fourth street") == 1     # live-casino: closest to the dealer's left


def test_stud_short_deck_shuffles_the_burns_back_in():
    # 36 cards, 7 players all in to the end: fifth street needs a burn and 7 cards, 6 are
    # left and 2 burns: shuffle the burns with them (8.9.5(a)).
    seats = {s: [f"P{s}", 100] for s in range(1, 8)}
    h = hand("five-card-stud", seats=seats, deck=36, actions=["bring-in"] + ["call"] * 6 + ["check"] * 21)
    exp = until(h, "reshuffle")
    assert (exp.street, exp.rule) == ("fifth street", "8.9.5(a)") and len(h.deck) == 6 and len(h.burns) == 2
    burned = list(h.burns)
    h.propose(Step("reshuffle"))
    assert h.burns == [] and len(h.deck) == 8 and set(burned) <= set(h.deck.cards)
    assert [e.kind for e in steps(h)][:8] == ["burn"] + ["pitch_up"] * 7
    assert all(len(p.cards) == 5 for p in h.players.values())


def test_stud_even_shorter_deck_deals_a_common_card():
    # 52 cards, 8 players to seventh street: one card left, four burns. The burns go back
    # in (fewer than two cards for a burn and a card), then a burn and one common card.
    seats = {s: [f"P{s}", 100] for s in range(1, 9)}
    h = hand("seven-card-stud", seats=seats, actions=["bring-in"] + ["call"] * 7 + ["check"] * 40)
    until(h, "name_opener", 4)
    rest = [(e.kind, e.rule) for e in steps(h)]
    seventh = rest[rest.index(("reshuffle", "8.11.5(a)")):]
    assert seventh[:4] == [("reshuffle", "8.11.5(a)"), ("burn", "8.11.5(a)"), ("deal_common", "8.11.5(a)"),
                           ("name_opener", "8.11.5(b)")]
    assert len(h.board) == 1 and all(len(p.cards) == 6 for p in h.players.values())
    for seat, text in h.readings().items():            # every hand is read with the common card
        assert text == best_hand("high", h.players[seat].cards, h.board).describe()
    assert h.view()["board"] == [str(h.board[0])]      # the common card lies face up for all


def _all_in_to_the_end(game, players, deck, house=None):
    seats = {s: [f"P{s}", 100] for s in range(1, players + 1)}
    return hand(game, seats=seats, deck=deck, **({"house": house} if house else {}),
                actions=["bring-in"] + ["call"] * (players - 1) + ["check"] * 60)


def _last_street(h):
    """The stub steps (reshuffle, burn, common card) of the last street, with
    the stub and burns counted when each is due."""
    out = []
    while (exp := h.expected()) is not None:
        if exp.kind in ("reshuffle", "burn", "deal_common"):
            out.append((exp.street, exp.kind))
        assert h.propose(Step(exp.kind, exp.seat, exp.seats)).ok
    last = out[-1][0]
    return [kind for street, kind in out if street == last]


@pytest.fixture
def burn_first(tmp_path):
    path = tmp_path / "burn-first.toml"
    path.write_text('stud_short_order = "burn_first"\n', encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["five-card-stud", "crown-stud"])
def test_stud_short_order_decides_the_common_card_at_eight_players_with_40_cards(game, burn_first):
    # Before fifth street: 6 cards and 2 burns. Reshuffle first (the default, the live-casino
    # order): 8 cards cannot give a burn and 8 cards, so burn and deal one common card.
    # Burn first: 5 cards and 3 burns make 8, one for each player: shuffle them in and deal on.
    assert _last_street(_all_in_to_the_end(game, 8, 40)) == ["burn", "deal_common"]
    h = _all_in_to_the_end(game, 8, 40, burn_first)
    assert _last_street(h) == ["burn", "reshuffle"]
    assert h.board == [] and all(len(p.cards) == 5 for p in h.players.values())


def test_stud_short_order_burn_first_shuffles_after_the_burn(burn_first):
    # Six players, 32 cards: both orders shuffle the burns in, in the order the house names.
    assert _last_street(_all_in_to_the_end("crown-stud", 6, 32)) == ["reshuffle", "burn"]
    assert _last_street(_all_in_to_the_end("crown-stud", 6, 32, burn_first)) == ["burn", "reshuffle"]


def test_stud_short_order_burn_first_common_card_from_the_shuffled_burns(burn_first):
    # Seven Card Stud, eight players, seventh street: one card and three burns. Burn first takes
    # the last card, so the four burns are shuffled to give the common card; the default
    # shuffles the three burns in before the burn (live-casino: one or no card left).
    assert _last_street(_all_in_to_the_end("seven-card-stud", 8, 52)) == ["reshuffle", "burn", "deal_common"]
    h = _all_in_to_the_end("seven-card-stud", 8, 52, burn_first)
    assert _last_street(h) == ["burn", "reshuffle", "deal_common"]
    assert len(h.board) == 1 and all(len(p.cards) == 6 for p in h.players.values())


def test_stud_short_order_refuses_the_other_order():
    h = _all_in_to_the_end("crown-stud", 6, 32)
    until(h, "reshuffle")
    refused = h.propose(Step("burn"))
    assert not refused.ok and "8.10.5(a)" in refused.message and "reshuffle first" in refused.message


def test_stud_short_order_unknown_value_is_refused(tmp_path):
    from engine.house import HouseFileError, load_house_file
    path = tmp_path / "bad.toml"
    path.write_text('stud_short_order = "shuffle_later"\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match="stud_short_order"):
        load_house_file(path)


def test_second_rulebook_cites_13_4_a_for_the_short_deck():
    seats = {s: [f"P{s}", 100] for s in range(1, 9)}
    h = hand("seven-card-stud", seats=seats, house="second", actions=["bring-in"] + ["call"] * 7 + ["check"] * 40)
    assert ("deal_common", "13.4(a)") in [(e.kind, e.rule) for e in steps(h)]


def test_stud_view_shows_up_cards_and_hides_down_cards():
    h = hand("seven-card-stud", seats=STUD3, stack="As Ks Qs Ah Kh Qh 2c 9d 9h", actions=["bring-in"])
    until(h, "name_opener")
    view = h.view()
    seat1 = next(s for s in view["seats"] if s["seat"] == 1)
    assert seat1["cards"] == [None, None, "2c"] and seat1["up"] == [False, False, True]
    assert view["button"] is None and view["muck"] is None and view["kitty"] is None


# --- the draw ---------------------------------------------------------------------------

FIVE = {s: [f"P{s}", 100] for s in range(1, 6)}


def test_draw_reshuffles_only_the_earlier_discards():
    # 32 cards, five players: 7 left after the deal. Seat 2 draws five (2 left), seat 3
    # draws five: 2 from the stub, then only seat 2's discards are shuffled (8.4.4(b)).
    h = hand("draw-blind", seats=FIVE, deck=32, button_was=5,
             actions=["call", "call", "call", "call", "check"] + ["draw 5", "draw 5"] + ["stand pat"] * 3
             + ["check"] * 5)
    until(h, "take_discard")
    h.propose(Step("take_discard", 2))
    first_discards = [c for c, seat, _ in h.muck if seat == 2]
    h.propose(Step("replace", 2))
    h.propose(Step("take_discard", 3))
    own = [c for c, seat, _ in h.muck if seat == 3]
    stub = list(h.deck.cards)
    exp = h.expected()
    assert (exp.kind, exp.seat, exp.detail["count"]) == ("replace", 3, 2)
    h.propose(Step("replace", 3))
    exp = h.expected()
    assert (exp.kind, exp.rule) == ("reshuffle", "8.4.4(b)") and "not seat 3's own" in exp.why
    assert h.propose(Step("reshuffle")).message == "5 earlier discards shuffled and cut."
    assert sorted(h.deck.cards) == sorted(first_discards)
    h.propose(Step("replace", 3))
    new = h.players[3].cards
    assert set(new) <= set(stub) | set(first_discards) and not set(new) & set(own)
    assert [c for c, _, _ in h.muck] == own            # seat 3's discards stay in the muck


def test_folded_hands_and_the_unplayed_kitty_count_as_earlier_discards():
    # 32 cards, four players and the Kitty: 7 left. Seat 1, the button, folds; nobody takes
    # the Kitty. Seats 2 and 3 draw five each.
    seats = {s: [f"P{s}", 100] for s in range(1, 5)}
    h = hand("draw-kitty", seats=seats, deck=32, button_was=4,
             actions=["call", "fold", "call", "check", "draw 5", "draw 5", "stand pat"] + ["check"] * 3)
    muck = until(h, "muck_kitty")
    assert muck.rule == "8.5.3(d)"
    h.propose(Step("muck_kitty"))
    exp = until(h, "reshuffle")
    assert exp.rule == "8.5.4(b)"
    # the Kitty (5), seat 1's folded hand (5) and seat 2's discards (5); not seat 3's own
    assert h.propose(Step("reshuffle")).message == "15 earlier discards shuffled and cut."
    assert h.players[1].cards == []                    # the folded hand went back into play
    steps(h)
    assert h.finished


def test_kitty_taken_without_a_raise_is_a_call():
    h = hand("draw-kitty", actions=["take kitty", "call", "check"] + ["stand pat"] * 3 + ["check"] * 3)
    exp = until(h, "take_discard")
    assert (exp.seat, exp.rule) == (2, "8.5.3(b)-(c)")
    mine = list(h.players[2].cards)
    h.propose(Step("take_discard", 2))
    h.propose(Step("give_kitty", 2))
    assert h.log[0] == "Seat 2 (Ann) takes the Kitty and calls" and h.players[2].in_front == 2
    assert h.players[2].cards != mine and set(mine) <= {c for c, _, _ in h.muck}
    assert "muck_kitty" not in [e.kind for e in steps(h)]


def test_kitty_can_be_taken_once_and_only_in_the_kitty_game():
    with pytest.raises(ScenarioError, match=r"the Kitty has already been taken \(8\.5\.3\(b\)-\(c\)\)"):
        hand("draw-kitty", actions=["take kitty", "take kitty"]).autoplay()
    with pytest.raises(ScenarioError, match="Hold'em has no Kitty to take"):
        hand(actions=["take kitty"]).autoplay()


@pytest.mark.parametrize("game, action, words", [
    ("draw-blind", "draw 6", r"at most 5 cards \(8\.4\.4\(a\)\)"),
    ("draw-blind", "discard Zz", "'Zz' is not a card"),
    ("draw-blind", "discard #9", "#9 is not one of the player's 5 cards"),
    ("draw-blind", "swap 2", r"a draw is 'draw N', 'stand pat'"),
    ("pineapple", "discard #1 #2", r"discard exactly 1 card \(8\.19\.3\(d\)\)"),
    ("pineapple", "fold", r"each player now discards 1 card"),
])
def test_draw_and_discard_decisions_are_checked(game, action, words):
    h = hand(game, actions=["call", "call", "check", action])
    with pytest.raises(ScenarioError, match=words):
        h.autoplay()


def test_a_discard_of_a_card_not_held_is_refused():
    h = hand("draw-blind", stack="2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d",
             actions=["call", "call", "check", "discard Ah"])
    with pytest.raises(ScenarioError, match="seat 4 does not hold Ah"):
        h.autoplay()


def test_draw_view_counts_the_muck_and_kitty():
    h = hand("draw-kitty", actions=["call", "call", "check", "draw 2"])
    until(h, "pitch", 4)
    assert h.view()["kitty"] == [None] and h.view()["muck"] == 0
    until(h, "replace")
    assert h.view()["muck"] == 2 + 5              # the discards and the mucked Kitty


# --- community games -------------------------------------------------------------------

def test_double_flop_view_and_readings():
    h = hand("double-flop-holdem", actions=["call", "call", "check"] + ["check"] * 9)
    until(h, "turn_flop", 2)
    view = h.view()
    assert len(view["boards"][0]) == 3 and None not in view["boards"][0]
    assert view["boards"][1] == [None, None, None]     # the bottom flop is not turned yet
    h.propose(Step("turn_flop"))
    assert None not in h.view()["boards"][1]
    steps(h)
    assert all(text.startswith("top ") and "; bottom " in text for text in h.readings().values())


def test_hi_lo_readings_say_when_there_is_no_low():
    h = hand("holdem-hi-lo", stack="Ks Qs Js Kh Qh Jh 2c Kd Qd Jd 3c Tc 4c 9c",
             actions=["call", "call", "check"] + ["check"] * 9).autoplay()
    # the board is a King-high straight for everyone and nobody has a low: one award, split three ways
    assert all("low none (no eight-or-better)" in text for text in h.readings().values())
    (only,) = h.awards
    assert only.rule == "8.1.5" and only.winners == (2, 4, 6) and only.shares == {2: 2, 4: 2, 6: 2}


def test_a_player_left_alone_wins_without_a_showdown_by_the_games_rule():
    h = hand("omaha", actions=["fold", "fold"])
    exp = until(h, "award")
    assert exp.rule == "8.23.3(c)(i)" and exp.seats == (6,)
    assert "without a showdown (8.23.3(c)(i))" in exp.why


@pytest.mark.parametrize("game, actions, street, rule", [
    ("holdem", ["call", "call", "check", "check", "bet 4", "fold", "fold"], "flop", "8.17.4(c)(i)"),
    ("omaha", ["call", "call", "check", "check", "check", "check", "check", "check", "bet 4", "fold", "fold"],
     "turn", "8.23.5(c)(i)"),
    ("pineapple", ["call", "call", "check", "discard #1", "discard #1", "discard #1"] + ["check"] * 6
     + ["bet 4", "fold", "fold"], "river", "8.19.6(c)(i)"),
])
def test_a_pot_won_by_folds_after_the_first_round_cites_that_rounds_rule(game, actions, street, rule):
    """Each betting round of a community game has its own (c)(i): a pot the
    others fold on the flop is won under the flop's, not the first round's."""
    h = hand(game, actions=actions)
    exp = until(h, "award")
    assert h.last_wager is not None and h.last_wager[0] == street
    assert exp.rule == rule and f"without a showdown ({rule})" in exp.why


# --- questions on every game -------------------------------------------------------------

def test_first_to_act_question_for_stud_and_a_paused_table():
    from engine.questions import build_question
    seats = {1: ["A", 100], 2: ["B", 100], 3: ["C", 100]}
    q = build_question({"ask": "first_to_act", "game": "seven-card-stud", "street": "fifth street",
                        "seats": seats, "stack": "2c 3c 4c 2d 3d 4d 9c 5h 9s Kd 9d 7h 9h Ks Ah Qs",
                        "actions": ["bring-in", "call", "call"] + ["check"] * 12})
    # fifth street shows 9c 9d Ah, 5h 7h Qs, 9s 9h ... seat 1's pair of nines with an ace opens
    assert q.answer == 1 and q.rule == "8.11.4(b)"
    assert q.hint == "On the fifth street the betting opens with the best hand showing (8.11.4(b))."
    # The table shown is the table before the round: nobody has acted on it yet.
    hold = build_question({"ask": "first_to_act", "street": "flop", "seats": seats,
                           "actions": ["call", "call", "check", "fold", "check", "check"] + ["check"] * 6})
    assert hold.answer == 3 and len(hold.display["table"]["log"]) == 3


# Razz, a tie with an odd chip and no button (8.1.5(b)). Both hands are 7-5-4-3-A; seat 2
# holds Kc Qd As, seat 4 Kd Jh Ah. Antes 3 + bring-in 1 + call 1 = 7: one chip left over.
RAZZ_TIE = "Kc Kd 9s Qd Jh 9h 7c 7d 6c 2s 5s 5h 2h 4d 4s 2d 3h 3c 2c As Ah"


def _razz_tie(house: str = "main") -> Hand:
    return Hand(Scenario.from_dict({
        "game": "razz", "seats": {2: ["Ann", 100], 4: ["Ben", 100], 6: ["Cal", 100]}, "button_was": 6,
        "actions": ["bring-in", "fold", "call"] + ["check", "check"] * 4, "seed": 9, "stack": RAZZ_TIE,
        "house": house})).autoplay()


@pytest.mark.parametrize("setting, odd_seat, card", [
    (None, 4, "seat 4 Kd"),                   # default highest_ace_low: Kd beats Kc by suit
    ("highest_ace_high", 2, "seat 2 As"),     # the ace highest: As beats Ah
    ("lowest", 4, "seat 4 Ah"),               # the lowest card, aces low: Ah is below As by suit
])
def test_razz_odd_chip_follows_the_house_reading_of_8_1_5_b(tmp_path, setting, odd_seat, card):
    house = "main"
    if setting:
        path = tmp_path / "razz.toml"
        path.write_text(f'razz_odd_chip = "{setting}"\n', encoding="utf-8")
        house = str(path)
    [pot] = _razz_tie(house).awards
    assert pot.amount == 7 and pot.winners == (2, 4)
    assert pot.shares[odd_seat] == 4 and sum(pot.shares.values()) == 7
    assert card in pot.explanation[-1] and "8.1.5(b)" in pot.explanation[-1]


def test_razz_odd_chip_unknown_value_is_refused(tmp_path):
    from engine.house import HouseFileError, load_house_file
    path = tmp_path / "bad.toml"
    path.write_text('razz_odd_chip = "ace_in_the_middle"\n', encoding="utf-8")
    with pytest.raises(HouseFileError, match="razz_odd_chip"):
        load_house_file(path)


def test_razz_odd_chip_earlier_default_replays_stored_hands():
    from engine.house import MAIN, earlier_house
    old = earlier_house(MAIN)
    assert old is not None and old.razz_odd_chip == "highest_ace_high" and earlier_house(old) is None
