"""Betting (section 6): `structures` (the table sign 6.3 and the words of a round),
`actions` (acting in one round, 6.7-6.9, 6.15), `rulings` (the dealer's rulings:
`BettingRound`, time to act, table stakes)."""
