"""Irregularities (section 9): `registry` (every situation and `rule_on`),
`vocabulary` (outcomes, facts, rulings), `misdeals` (9.1.1), `dealing_errors`
(boxed and exposed cards, burns, draws: standard rules where the rulebook is
silent)."""
