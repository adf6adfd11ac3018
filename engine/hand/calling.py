"""Calling the action: the dealer rules on a player's irregular action (section 6).

A scenario's `actions` may hold, besides the ordinary decisions, actions a
dealer must rule on before the hand goes on (chips are those put out in
that one motion, not a total):

- `chips N`: N chips put out in one movement without a word (6.11: an
  under-raise, a raise, a call; less than the call is a short bet, 6.16);
  `chips N saying call` / `chips N saying raise`: with a word (6.17);
- `oversize chip N`: one chip of N put out without a word (6.12, 6.13.1);
  `oversize chip N saying raise` (6.13.2);
- `string bet N`: N chips put out facing a bet in more than one movement
  (back to the stack for more) without saying raise (standard practice: the
  first movement, a call; 6.11 wants an indication of intent);
- `short all-in`: all in for more than a call but less than a full raise
  (6.15.2, 6.15.3): does it reopen the betting?
- `out of turn S: ACTION`: seat S checks, calls, bets, raises or folds
  before the player whose turn it is (6.17.1-6.17.3). A binding action is
  made when the turn reaches S; if a player before S has bet more by then,
  the dealer rules again (6.17.2) and S then decides anew.
- `out of time`: the player in turn has not acted when the time to act runs
  out (6.14): a dead hand facing a bet, a check with none.

The step due is then `rule_on_action`: the trainee chooses among a few
rulings (engine.steps.RulingDue), worked out by engine.betting.rulings's section-6
logic; a wrong one is explained with the rule and changes nothing, the
right one is applied and the betting goes on.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from engine.betting.rulings import BettingRound
from engine.betting.structures import LIMIT_KINDS, Action, Ruling
from engine.hand.decisions import read_bet
from engine.hand.state import HandState, Marker
from engine.steps import HINTS, Done, Expected, RulingDue, ScenarioError, Step, Verdict

KEYWORDS = ("chips", "oversize", "string", "short", "out")
SYNTAX = ("'chips N', 'chips N saying call', 'chips N saying raise', 'oversize chip N', "
          "'oversize chip N saying raise', 'string bet N', 'short all-in', 'out of turn S: ACTION' "
          "or 'out of time'")
_CHIPS = re.compile(r"^(chips|oversize chip|string bet) (\d+)(?: saying (call|raise))?$")
_OUT_OF_TURN = re.compile(r"^out of turn (?:seat )?(\d+) ?: ?(.+)$")

# Rulings on an action out of turn, one set whatever the action (the list gives nothing away).
OUT_OF_TURN_CHOICES = (
    ("stands", "It stands: the action is made when the turn reaches the player"),
    ("forfeits", "The player loses the right to bet or raise this round: check, call or fold in turn"),
    ("not-binding", "Not binding: the player acts in turn with every option"),
    ("changed", "The action has changed: the player may call the difference, take the chips back "
                "and fold, or re-raise"),
)
# Rulings when the time to act runs out (6.14), the same list whether or not a bet is due.
OUT_OF_TIME_CHOICES = (
    ("dead", "The hand is dead: it is folded"),
    ("check", "It is taken as a check"),
    ("call", "It is taken as a call of the bet"),
)
ALL_IN_CHOICES = (
    ("reopens", "It counts as a full raise: every player may raise again, those who already acted too"),
    ("later-only", "Not a full raise for those who already acted: they may only call it; players "
                   "after it may call or raise"),
    ("call", "Only a call: the chips over the call go back"),
)

# The rule, paraphrased, for a trainee who chose the wrong ruling.
PRINCIPLES = {
    "6.11": "Chips over the call put out without a word make a raise only when the extra is at least "
            "half of the previous bet or raise, and then the raise is made up to the minimum; less "
            "than half is a call and the extra goes back (6.11)",
    "6.12": "In a limit game one oversize chip put out without saying raise is a call (6.12)",
    "6.12 (standard practice)": "In a limit game one chip put out with no bet to meet is a bet of "
                                "the limit's amount (6.12, standard practice)",
    "6.13.1(a)": "In no-limit and pot-ratio games a single oversize chip without a word is a call in "
                 "the first betting round (6.13.1(a))",
    "6.13.1(b)": "After the first round a single oversize chip without a word is a bet of its value "
                 "(or the most the limit allows) when it is the round's first wager, and a call "
                 "otherwise (6.13.1(b))",
    "6.13.2": "Saying raise and putting out one oversize chip raises by the most the limits allow "
              "up to the chip's value (6.13.2)",
    "6.13.2, 6.5": "Saying raise with one oversize chip makes a raise, at least a full one and at "
                   "most the chip's value (6.13.2, 6.5)",
    "6.16": "A player who puts out less than the call must make up the difference or fold, and the "
            "chips put out stay in the pot (6.16)",
    "6.17": "What a player says in turn binds him: a call said is a call whatever chips go out (6.17)",
    "6.17, 6.5": "What a player says in turn binds him: a raise said is a raise of at least the "
                 "previous bet or raise (6.17, 6.5)",
    "string": "A raise must be said, or put out in one movement: a player who goes back to his stack "
              "for more without saying raise is held to his first movement, the call (standard "
              "practice; 6.11 asks for an indication of intent)",
    "6.15.3": "In no-limit and pot-ratio games an all-in of more than a call but less than a full "
              "raise is not a raise: players who already acted may only call it (6.15.3)",
    "6.15.2(a)": "In a limit game an all-in of less than half a bet or raise does not reopen the "
                 "betting: players who already acted may only call it (6.15.2(a))",
    "6.15.2(b)": "In a limit game an all-in of at least half a bet or raise counts as a full one: "
                 "players who already acted may raise as well (6.15.2(b))",
    "10.2 of the second rulebook, house rule": "Under this house (the second rulebook's 10.2) a "
                 "half-bet all-in lets later players raise, but players who already acted may only "
                 "call it",
    "6.14": "A player who has not acted when the time to act runs out has a dead hand if there was "
            "a bet to him in the round, and is taken to check if there was none (6.14)",
    "6.17.1": "A bet, raise or call out of turn stands: it is made when the turn reaches the player "
              "(6.17.1)",
    "6.17.2": "When a player who should have acted first bets more than an action out of turn, that "
              "action no longer binds: the player may call the difference, take the chips back and "
              "fold, or re-raise (6.17.2)",
    "6.17.3": "A check out of turn costs the right to bet or raise in that round (6.17.3)",
    "6.17 (standard practice)": "A fold out of turn is binding under this house: the hand is dead "
                                "(6.17; the rulebook is silent on folds)",
    "6.17 (house rule)": "A fold out of turn does not bind under this house: the player acts again "
                         "in turn (6.17, house rule)",
}


@dataclass(frozen=True)
class Irregular:
    """An irregular action as written in a scenario."""
    kind: str    # "chips" | "oversize" | "string" | "short-all-in" | "out-of-turn" | "out-of-time"
    chips: int = 0               # chips put out in this motion
    saying: str | None = None    # "call" | "raise": what the player said
    seat: int | None = None      # out of turn: the seat that acted
    action: Action | None = None   # out of turn: what it did


@lru_cache(maxsize=4096)
def read_irregular(text: str) -> Irregular | None:
    """An irregular action, None for an ordinary decision; a text that starts
    like one but is not is a ScenarioError naming the syntax. Every decision
    is read here first, so readings are kept (an Irregular is frozen)."""
    words = " ".join(text.lower().replace("-", " ").split())
    if not words or words.split()[0] not in KEYWORDS:
        return None
    if words == "short all in":
        return Irregular("short-all-in")
    if words == "out of time":
        return Irregular("out-of-time")
    match = _CHIPS.match(words)
    if match:
        kind = {"chips": "chips", "oversize chip": "oversize", "string bet": "string"}[match.group(1)]
        if kind == "string" and match.group(3):
            raise ScenarioError(f"{text!r}: a string bet is one made without a word")
        if kind == "oversize" and match.group(3) == "call":
            raise ScenarioError(f"{text!r}: an oversize chip said to be a call is simply a call")
        if int(match.group(2)) <= 0:
            raise ScenarioError(f"{text!r}: put out at least one chip")
        return Irregular(kind, int(match.group(2)), match.group(3))
    match = _OUT_OF_TURN.match(" ".join(text.lower().split()))
    if match:
        bet = read_bet(match.group(2))
        if bet.kind not in ("check", "call", "bet", "raise", "fold") or bet.not_amount or (
                (bet.amount is None) != (bet.kind not in ("bet", "raise"))):
            raise ScenarioError(f"{text!r}: out of turn a player may check, call, bet N, raise N or fold")
        return Irregular("out-of-turn", seat=int(match.group(1)), action=Action(bet.kind, bet.amount))
    if words.split()[0] in ("out", "short", "string", "chips", "oversize"):
        raise ScenarioError(f"{text!r} is not an action the dealer rules on: write {SYNTAX}")
    return None


def _said(action: Action) -> str:
    return {"check": "checks", "call": "calls", "fold": "folds"}.get(
        action.kind, f"{action.kind}s {'to ' if action.kind == 'raise' else ''}{action.amount}")


# --- in the betting round (engine.hand.betting_rounds calls these) -------------------
def before_turn(st: HandState, seat: int) -> str:
    """An action made out of turn by `seat`, now that the turn is there:
    "done" when it was made (6.17.1), "ruling" when the dealer must rule
    because the action changed (6.17.2), "" when the player decides."""
    if not st._binding:           # the usual case: nothing was done out of turn
        return ""
    rnd, street, _ = st._betting_now()
    held = st._binding.pop(seat, None)
    if held is None or held[2] is not rnd:
        return ""
    action, level, _ = held
    name = st.players[seat].name
    if action.kind == "fold" or rnd.level == level:
        st.log.append(f"Seat {seat} ({name})'s {action} out of turn is made now")
        st._apply_bet(seat, str(action))
        return "done"
    situation = (f"Seat {seat} ({name}) {_said(action)} out of turn with {level} to call; a player "
                 f"who was to act first has since made it {rnd.level} to call, and the action is now "
                 f"on seat {seat}.")
    ruling_due(st, seat, situation, OUT_OF_TURN_CHOICES, "changed", "6.17.2",
              f"The action changed: seat {seat} may call the difference, take the chips back and "
              "fold, or re-raise", None)
    return "ruling"


def rule_irregular(st: HandState, seat: int, text: str) -> str:
    """"ruling" when `text` is an action the dealer must rule on (the
    round waits for the ruling), "done" when it was the decision after a
    short bet (6.16), "" for an ordinary decision."""
    if st._short_bets:            # a short bet (6.16) is rare: no round looked up otherwise
        short = st._short_bets.pop(seat, None)
        if short is st._betting_now()[0]:
            return after_short_bet(st, seat, text)
    said = read_irregular(text)
    if said is None:
        return ""
    where = f"action {text!r} for seat {seat} on the {st._betting_now()[1].name}"
    _RULERS.get(said.kind, chips_put_out)(st, seat, said, where)
    return "ruling"


def after_short_bet(st: HandState, seat: int, text: str) -> str:
    kind = read_bet(text).kind
    rnd = st._betting_now()[0]
    if kind not in ("call", "fold"):
        raise ScenarioError(f"action {text!r} for seat {seat}: after a short bet the player must make "
                            "up the difference (call) or fold (6.16)")
    put_out = rnd.in_front[seat]
    st._apply_bet(seat, kind)
    if kind == "fold":
        st.log[-1] += f"; the {put_out} put out stay in the pot (6.16)"
    return "done"


def ruling_due(st: HandState, seat: int, situation: str, choices: tuple[tuple[str, str], ...], right: str,
               rule: str, said: str, effect: Callable[[], None] | None, principle: str = "") -> None:
    """Put the ruling first on the agenda, the betting to go on after it."""
    if right not in {key for key, _ in choices}:
        raise AssertionError(f"the ruling {right!r} is not among the choices")
    street = st._betting_now()[1].name
    st.log.append(situation)
    st._ruling_effect = effect
    detail = RulingDue(seat, situation, choices, right, said[:1].upper() + said[1:] + ".",
                       (principle or PRINCIPLES.get(rule) or said) + ".")
    st._front(Expected("rule_on_action", rule,
                         f"The dealer must call the action first: {situation.rstrip('.')} ({rule})",
                         street=street, detail=detail),
                Marker("_resume", street))


# --- the kinds of irregular action --------------------------------------------------
def out_of_turn(st: HandState, turn: int, said: Irregular, where: str) -> None:
    rnd = st._betting_now()[0]
    assert said.seat is not None and said.action is not None
    seat, action = said.seat, said.action
    if seat not in rnd.order or seat in rnd.folded or seat in rnd.all_in:
        raise ScenarioError(f"{where} is not legal: seat {seat} is not a player who can act in this round")
    try:
        ruling = rnd.out_of_turn(seat, action.kind, action.amount)
    except ValueError as exc:
        raise ScenarioError(f"{where} is not legal: {exc}") from None
    name = st.players[seat].name
    situation = (f"Seat {seat} ({name}) {_said(action)} out of turn; the action is on seat {turn} "
                 f"({st.players[turn].name}).")
    effect: Callable[[], None] | None
    if action.kind == "check":
        right = "forfeits"

        def effect() -> None:
            rnd.forfeit_raise(seat)
    elif ruling.action is None:
        right, effect = "not-binding", None
    else:
        right = "stands"

        def effect() -> None:
            st._binding[seat] = (action, rnd.level, rnd)
    ruling_due(st, turn, situation, OUT_OF_TURN_CHOICES, right, ruling.rule, ruling.text, effect)


def out_of_time(st: HandState, seat: int, irregular: Irregular, where: str) -> None:
    """6.14: the clock ran out on the player in turn: a dead hand when
    there was a bet to him this round, a check when there was none."""
    rnd = st._betting_now()[0]
    owe = rnd.level - rnd.in_front[seat]
    name = st.players[seat].name
    facing = f"{owe} to call" if owe > 0 else "no bet to call"
    right, text = ("dead", "fold") if owe > 0 else ("check", "check")
    said_words = (f"time: seat {seat}'s hand is dead, there was a bet of {rnd.level} to him"
                  if owe > 0 else f"time: seat {seat} checks, there was no bet to him")
    situation = f"Seat {seat} ({name}) has not acted when the time to act runs out ({facing})."
    ruling_due(st, seat, situation, OUT_OF_TIME_CHOICES, right, "6.14", said_words,
                     lambda: apply_quietly(st, seat, text))


def short_all_in(st: HandState, seat: int, irregular: Irregular, where: str) -> None:
    rnd = st._betting_now()[0]
    all_in_to = rnd.in_front[seat] + rnd.stacks[seat]
    reason = rnd._raise_refusal(seat)[0]
    low, _ = rnd._bounds(seat)
    if reason or not rnd.level < all_in_to < low:
        raise ScenarioError(f"{where} is not legal: an all-in for less is more than the "
                            f"{rnd.level} to call and less than a full raise to {low}; seat {seat} "
                            f"would be all in to {all_in_to}" + (f" ({reason})" if reason else ""))
    verb = "bet" if rnd.level == 0 else "raise"
    if rnd.structure.kind in LIMIT_KINDS:
        base = rnd.full_level if rnd.opened else 0
        if 2 * (all_in_to - base) < low - base:
            right, rule = "later-only", "6.15.2(a)"
        elif st.house.half_bet_allin_reopens:
            right, rule = "reopens", "6.15.2(b)"
        else:
            right, rule = "later-only", "10.2 of the second rulebook, house rule"
    else:
        right, rule = "later-only", "6.15.3"
    said = {"reopens": f"all in to {all_in_to}, at least half of a {verb}: it counts as a full "
                       f"{verb}, and every player may raise again",
            "later-only": f"all in to {all_in_to}, less than a full {verb} to {low}: players who "
                          "already acted may only call it; those after may call or raise"}[right]
    situation = (f"Seat {seat} ({st.players[seat].name}) goes all in to {all_in_to}; the bet to "
                 f"call is {rnd.level} and a full {verb} would be to {low}.")
    ruling_due(st, seat, situation, ALL_IN_CHOICES, right, rule, said,
              lambda: apply_quietly(st, seat, "all-in"))


def chips_put_out(st: HandState, seat: int, said: Irregular, where: str) -> None:
    rnd = st._betting_now()[0]
    chips, owe = said.chips, rnd.level - rnd.in_front[seat]
    if chips > rnd.stacks[seat]:
        raise ScenarioError(f"{where} is not legal: seat {seat} has only {rnd.stacks[seat]} chips (6.10)")
    name = st.players[seat].name
    facing = f"{owe} to call" if owe else "no bet to call"
    if said.kind == "string":
        if owe <= 0 or chips <= owe:
            raise ScenarioError(f"{where} is not legal: a string bet is a call and more, put out in "
                                f"two movements, facing a bet ({facing})")
        ruling = Ruling("6.11 (standard practice: a string bet)",
                        f"a string bet is held to the first movement: seat {seat} calls {owe} and "
                        f"{chips - owe} go back", Action("call"), returned=chips - owe)
        situation = (f"Seat {seat} ({name}) puts out {owe} and then, without having said raise, goes "
                     f"back to the stack for {chips - owe} more ({facing}).")
    else:
        try:
            ruling = rnd.interpret_chips(chips, single_chip=said.kind == "oversize",
                                         announced=said.saying)
        except ValueError as exc:
            raise ScenarioError(f"{where} is not legal: {exc}") from None
        what = f"a single {chips} chip" if said.kind == "oversize" else f"{chips} in chips"
        words = f", saying “{said.saying}”" if said.saying else " without a word"
        situation = f"Seat {seat} ({name}) puts out {what}{words} ({facing})."
    choices, right = chip_choices(st, seat, chips, ruling)
    action = ruling.action
    if action is None:
        def effect() -> None:
            rnd.stacks[seat] -= chips
            rnd.in_front[seat] += chips
            st._sync(seat)
            st._short_bets[seat] = rnd
    else:
        text = action.kind if action.amount is None else f"{action.kind} {action.amount}"

        def effect() -> None:
            apply_quietly(st, seat, text)
    principle = PRINCIPLES["string"] if said.kind == "string" else ""
    ruling_due(st, seat, situation, choices, right, ruling.rule, ruling.text, effect, principle)


def chip_choices(st: HandState, seat: int, chips: int,
                 ruling: Ruling) -> tuple[tuple[tuple[str, str], ...], str]:
    """The rulings offered for chips put out, and the key of the right one."""
    rnd = st._betting_now()[0]
    owe, to = rnd.level - rnd.in_front[seat], rnd.in_front[seat] + chips
    all_in_to = rnd.in_front[seat] + rnd.stacks[seat]
    opts = rnd.options()
    low = opts.min_to if opts is not None else None
    high = opts.max_to if opts is not None else None
    verb = "bet" if rnd.level == 0 else "raise"
    fixed = rnd.structure.kind == "fixed"
    choices: list[tuple[str, str]]
    if to < rnd.level:
        choices = [("call", f"A call: {owe - chips} more must go in"),
                   ("short", "Short of a call: make up the difference, or fold and leave the "
                             "chips in the pot"),
                   ("fold-back", "A fold: the chips go back to the player")]
    else:
        choices = [("check", f"A check: the {chips} go back") if owe == 0 else
                   ("call", f"A call of {owe}" + (f": {chips - owe} go back" if chips > owe else ""))]
        if to > rnd.level:
            choices.append(("as-put", f"A {verb} to {to}, as put out"))
        if low is not None and low != to:
            choices.append(("minimum", f"A {verb} to {low}, " +
                            ("the fixed amount" if fixed else "the minimum") +
                            (f": {low - to} more must go in" if low > to else f": {to - low} go back")))
        if high is not None and low is not None and high < to and high != low:
            choices.append(("limit", f"A {verb} to {high}, the most the limit allows: "
                                     f"{to - high} go back"))
    action = ruling.action
    if action is None:
        right = "short"
    elif action.kind in ("check", "call"):
        right = action.kind
    else:
        target = all_in_to if action.kind == "all-in" else action.amount
        right = ("as-put" if target == to else "minimum" if target == low else
                 "limit" if target == high else f"to-{target}")
        if right not in {k for k, _ in choices}:
            choices.append((right, f"A {verb} to {target}"))
    return tuple(choices), right


def apply_quietly(st: HandState, seat: int, text: str) -> None:
    """Apply the action a ruling gives as the player's decision."""
    try:
        st._apply_bet(seat, text)
    except ScenarioError as exc:
        raise ScenarioError(f"the ruling's action {text!r} for seat {seat} cannot be made: {exc}") from None


# --- the dealer step ------------------------------------------------------------------
def ruling_refusal(st: HandState, step: Step, exp: Expected) -> Verdict | None:
    """A wrong ruling is explained with its rule; the right one is None."""
    detail = exp.detail
    assert isinstance(detail, RulingDue)
    keys = {key for key, _ in detail.choices}
    if step.choice not in keys:
        return Verdict(False, "Choose one of the rulings offered.", exp.rule)
    if step.choice != detail.right:
        # The principle teaches without naming the right ruling, so it is
        # the first hint; the third names the ruling due.
        message = f"Not that ruling. {detail.principle}"
        words = dict(detail.choices)[detail.right]
        return Verdict(False, message, exp.rule, hints=(
            message, f"{HINTS[exp.kind][1]} See {exp.rule}.", f"{message} The ruling: {words}."))
    return None


def step_rule_on_action(st: HandState, exp: Expected) -> Done:
    detail = exp.detail
    assert isinstance(detail, RulingDue)
    effect, st._ruling_effect = st._ruling_effect, None
    if effect is not None:
        effect()
    return Done(detail.said)


def ruling_prompt(st: HandState) -> dict[str, object] | None:
    exp = st.expected()
    if exp is None or not isinstance(exp.detail, RulingDue):
        return None
    return {"situation": exp.detail.situation, "choices": list(exp.detail.choices),
            "seat": exp.detail.seat}


# Each kind of irregular action -> the ruling it calls for (chips put out: any other kind).
_RULERS: dict[str, Callable[[HandState, int, Irregular, str], None]] = {
    "out-of-turn": out_of_turn, "short-all-in": short_all_in, "out-of-time": out_of_time}
