"""The games, declared as data (4.1 Table 1; section 8: 8.4-8.24; the second rulebook's
sections 11-13): `parts` (the elements of a declaration), `declarations` (every game),
`registry` (GAMES, get_game, register)."""
