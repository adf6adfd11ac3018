"""Cards, decks and hand rankings (sections 3 and 5): `deck` (cards, decks, 3.2.1-3.2.3),
`rankings` (every order of hands, 3.2), `evaluator` (its lookup tables), `showdown`
(which five cards a player may use, each game's 8.x showdown rule)."""
