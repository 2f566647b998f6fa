"""The engine's tables, built or read once per process: :func:`build_tables` does it at once.

Some of the engine's tables are built on first use (the points of every ordered five ranks,
:func:`cribbage_core.totals.rank_points_table`; the chance-to-win tables for each target) and
some read from ``data/`` on first use (the crib, keep and pegging tables, the chances to win,
the bots' typical skill figures, the Pegging trainer's bank of positions). Whoever uses one
first pays for it: a server calls :func:`build_tables` once, when it is idle, so that no
learner's page does.

>>> build_tables() >= 8
True
"""

from __future__ import annotations

from cribbage_core import totals
from cribbage_core.tables import bot_skill, crib, keeps, peg, peg_bank, winprob

__all__ = ["build_tables"]


def build_tables() -> int:
    """Build or read every table the engine keeps for the process; returns how many."""
    builders = (
        totals.rank_points_table,
        crib.load_table,
        keeps.load_table,
        lambda: keeps.keep_weights(True),
        lambda: keeps.keep_weights(False),
        peg.load_table,
        lambda: peg.role_mean(True),
        lambda: peg.role_mean(False),
        winprob.typical_deal,
        lambda: winprob.dealer_table(121),
        lambda: winprob.dealer_table(61),
        bot_skill.bot_skill,
        peg_bank.load_bank,
    )
    for build in builders:
        build()
    return len(builders)
