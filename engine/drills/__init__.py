"""Drills: a fresh hand dealt to order for every attempt: `poker` (any poker game, its
wants), `casino` (a banked round)."""
