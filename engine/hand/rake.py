"""The rake a hand takes: section 7 applied to the hand's own pots.

engine.money.commission holds the settings and the arithmetic and imports no pot;
this module builds the pots (engine.money.pots) and takes the commission from
them: `commission_for_hand` on a finished hand's figures, and `step_take_rake`
as the dealer's step before any pot is awarded (7.2.1, 7.2.3) or the fee
per person before the deal (7.2.4).
"""
from __future__ import annotations

from typing import Iterable

from engine.hand.scenario import RAKE_RULES
from engine.hand.state import HandState
from engine.money.award import AwardedPot
from engine.money.commission import Commission, Rake, only_blinds, person_fees, take_commission, tied_contest
from engine.money.pots import Pot, Uncalled, build_pots, return_uncalled
from engine.steps import Done, Expected, RakeDue


def commission_for_hand(contributions: dict[int, int], folded: Iterable[int], commission: Commission, *,
                        blinds: dict[int, int] | None = None, tied_winners: Iterable[int] = (),
                        players: int | None = None, lowest_chip: int = 1) -> tuple[Rake[Pot], dict[int, int]]:
    """The rake on a finished hand, from what each seat put in.

    Returns the uncalled wager first (7.5), builds the main and side pots,
    then applies 7.6 (when `blinds`, {seat: blind posted}, is given) and 7.8
    (when `tied_winners` is given) before taking the commission. Returns the
    `Rake` and the chips handed back as uncalled ({seat: chips}).
    """
    back = return_uncalled(contributions, folded)
    pots = build_pots(back.contributions, folded)
    rake = take_commission(
        pots, commission, lowest_chip=lowest_chip,
        blinds_only=only_blinds(back.contributions, blinds or {}) if blinds is not None else False,
        tied_contest=tied_contest(back.contributions, tied_winners),
        players=players if players is not None else len(contributions),
        uncalled=sum(back.returned.values()))
    return rake, dict(back.returned)


def pot_rake(st: HandState, pots: list[Pot], parts: list[tuple[AwardedPot, str]], uncalled: Uncalled,
             dead: int, live: list[int]) -> Rake[Pot]:
    """The commission on the pots as the hand awards them. This is
    commission_for_hand (above) applied to the hand's own pots
    (which also hold dead antes): the uncalled wager is already out of
    them (7.5: handed back by the dealer's step, or at the showdown for
    a hand replayed from steps stored before that step); no rake when the only wagers were blinds (7.6; an ante is
    a wager too) or when tied hands contested the pot alone (7.8)."""
    winner_sets = {part.winners for part, _ in parts}
    tied = next(iter(winner_sets)) if len(live) > 1 and len(winner_sets) == 1 else ()
    paid = {s: p.committed for s, p in st.players.items() if p.committed}
    blinds_only = (bool(st._posted_blinds) and not dead
                   and only_blinds(uncalled.contributions, st._posted_blinds))
    assert st.commission is not None
    return take_commission(pots, st.commission, lowest_chip=st.house.lowest_chip,
                           blinds_only=blinds_only, tied_contest=tied_contest(paid, tied),
                           players=len(st.players),
                           uncalled=sum(st.returned.values()) + sum(uncalled.returned.values()))


def rake_step(st: HandState, rake: Rake[Pot]) -> Expected:
    c = st.commission
    assert c is not None
    rule = RAKE_RULES[c.method]
    if c.method == "percentage":
        what = f"{c.percent}% of each pot" + (f", no more than {c.cap} in all (7.7)" if c.cap is not None else "")
    else:
        what = f"the fee for a hand of {len(st.players)} players (7.2.3(b))"
    return Expected("take_rake", rule,
                    f"The betting is over: before any pot is awarded, take the commission, {what}, from "
                    f"the pot and any side pots to the drop slide ({rule})", detail=RakeDue(rake))


def step_take_rake(st: HandState, exp: Expected) -> Done:
    c = st.commission
    assert c is not None
    if c.method == "fixed-person":
        fees, lines = person_fees(c, sorted(st.players))
        for seat, fee in fees.items():
            st.players[seat].stack -= fee
        st._fees = fees
        total = sum(fees.values())
    else:
        assert isinstance(exp.detail, RakeDue)
        rake = exp.detail.rake
        total, lines = rake.total, list(rake.lines)
        st.pot -= total
    st.rake += total
    st.rake_lines.extend(lines)
    st.explanations.extend(lines)
    where = "" if c.method == "fixed-person" else f"; the pot is {st.pot}"
    return Done(f"Commission of {total} taken{where}. " + " ".join(lines))
