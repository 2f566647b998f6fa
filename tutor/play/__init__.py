"""A game against the computer: the session (pure, immutable, saved as its moves), its wording,
the reader of old saves, and the page's parts (this tab's game and clicks, the table, the controls).
"""
