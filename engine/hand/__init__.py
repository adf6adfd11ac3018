"""One hand of any game as the dealer steps a trainee performs (8.1 and each game's 8.x):
`machine` (Hand: the agenda), `scenario` (what a lesson cell gives), `state` (the table
as the hand leaves it), `players` and `decisions` (who decides what), and one module per
part of the procedure: `forced_bets`, `dealing`, `betting_rounds`, `calling` (the
action, 6), `draws`, `kitty` (8.5), `awarding`, `rake` (7 applied to the hand's pots)."""
