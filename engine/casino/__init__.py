"""Casino Hold'em, the house-banked game (casino-holdem-banked-game.txt, cited CH ¶n):
`game` (its declaration), `scenario`, `boxes` (a player's wagers and settlement),
`round` (CasinoRound: the dealer steps), `paytable` (CH ¶14, a house setting)."""
