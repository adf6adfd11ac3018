"""The house rules of poker as a pure-Python model: no web, no database.

Every check the trainer makes is answered here and cites the rule it
applies (numbers refer to the main rulebook unless a message says otherwise).
"""
