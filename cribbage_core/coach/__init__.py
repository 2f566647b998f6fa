"""What a decision is worth: the discard advisor, the values of a keep and of a card laid,
the grades, the game review and a game's performance band, and the coach at the table (coach
mode's warnings).

Stands on the rules and :mod:`cribbage_core.tables`; the bots' expert plays by these values.
"""
