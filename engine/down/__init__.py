"""A down (issue 32): hand after hand at one table, as a dealer is hired and
judged on one. `spec` (what the down is: DownSpec, DownError), `table` (the
table across hands: one engine.table.Table per game of a rotation, chips
carried over), `events` (the players' events between hands), `irregular`
(irregular actions and deal errors to rule on), `down` (Down, DownHand: each
hand worked out from the spec, the seed and its number alone)."""
