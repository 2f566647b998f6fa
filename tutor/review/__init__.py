"""Reviewing a game of the Play page: the saved game read back and analysed (``game``, pure), each
hand's analysis kept with the game as it is played and read back (``keep``), each decision in
plain words (``reasons``, pure), and the review page's parts (``view``: the figures, the rail of
hands, the decisions; ``band_view``: the game's performance band; ``mistakes``: learn from your
mistakes), and the learner's past games on the progress page (``past_games``: by level, the
skill figure over time, links to reviews).
"""
