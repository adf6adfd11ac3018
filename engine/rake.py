"""The rake a hand takes: section 7 applied to the hand's own pots.

engine.commission holds the settings and the arithmetic and imports no pot;
this module builds the pots (engine.pots) and takes the commission from
them, so both a finished hand's figures and the dealer's step agree.
"""
from __future__ import annotations

from engine.commission import Commission, Rake, only_blinds, take_commission, tied_contest
from engine.pots import build_pots, return_uncalled


def commission_for_hand(contributions: dict, folded, commission: Commission, *,
                        blinds: dict | None = None, tied_winners=(), players: int | None = None,
                        lowest_chip: int = 1) -> tuple[Rake, dict]:
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
