"""A game against the computer: the session (pure, immutable, saved), its wording and the page's widgets.
"""
