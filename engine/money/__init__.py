"""The chips once bet: `pots` (main and side pots, uncalled bets, 1.1 and 6), `award`
(who wins each pot, ties and the odd chip, 8.1.5), `commission` (section 7's settings
and arithmetic), `chips` (the fewest chips of the house's denominations, 6.2)."""
