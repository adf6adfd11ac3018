"""The table across hands (8.1-8.2): `seating` (who sits where), `button` (the button and
the blinds hand after hand, 8.2), `plan` (what the dealer sets up before a hand),
`events` (players arriving and leaving, scripted or random)."""
